/// What `stats` reports: how many albums, distinct artists and genres (ignoring case), tracks and their
/// total length, the range of years, and the state.
package struct LibraryStatistics: Sendable, Equatable {
    /// How many albums.
    package var albums = 0
    /// How many distinct artists.
    package var artists = 0
    /// How many distinct genres (an empty genre is none).
    package var genres = 0
    /// How many tracks the albums have.
    package var tracks = 0
    /// The tracks' total length in seconds.
    package var length: Double = 0
    /// The earliest and latest year, when any album has one.
    package var years: ClosedRange<Int>?
    /// The library's state.
    package var state: LibraryState

    /// Statistics with a state and nothing counted yet.
    package init(state: LibraryState) {
        self.state = state
    }
}
