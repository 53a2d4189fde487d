/// What `stats` reports: how many albums, distinct artists and genres (ignoring case), tracks and their
/// total length, the range of years, and the state.
public struct LibraryStatistics: Sendable, Equatable {
    /// How many albums.
    public var albums = 0
    /// How many distinct artists.
    public var artists = 0
    /// How many distinct genres (an empty genre is none).
    public var genres = 0
    /// How many tracks the albums have.
    public var tracks = 0
    /// The tracks' total length in seconds.
    public var length: Double = 0
    /// The earliest and latest year, when any album has one.
    public var years: ClosedRange<Int>?
    /// The library's state.
    public var state: LibraryState

    /// Statistics with a state and nothing counted yet.
    public init(state: LibraryState) {
        self.state = state
    }
}
