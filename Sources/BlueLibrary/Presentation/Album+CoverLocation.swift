import BlueLibraryCore
import BlueLibraryServices

/// Where an album's cover is, as a person reads it: a `file://` URL is percent-encoded
/// (`Bj%C3%B6rk/Homogenic/cover%20art.jpg`), its path is not.
package enum CoverLocation: Sendable, Hashable {
    /// No cover: generated artwork stands in.
    case none
    /// An image file, by its decoded path.
    case file(String)
    /// The picture embedded in an audio file, by the file's decoded path.
    case embedded(inFile: String)
    /// An address on the web, as the album keeps it.
    case web(String)
}

/// Decorator by extension, like ``Album/tableRepresentation``: the cover's location is display.
extension Album {
    /// Where the cover is: a local file (an image, or an audio file whose picture it is), a web address,
    /// or nothing.
    package var coverLocation: CoverLocation {
        guard !coverURL.isEmpty else { return .none }
        guard let path = CoverLoader.localPath(coverURL) else { return .web(coverURL) }
        return CoverLoader.isAudio(path) ? .embedded(inFile: path) : .file(path)
    }
}
