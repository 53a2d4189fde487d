import BlueLibraryCore
import BlueLibraryCovers

/// Covers, behind the facade: views either post a ``CoverRequest`` on ``LibraryAPI/coverCenter`` and
/// observe the results, or (the command line, the web server) ask directly.
extension LibraryAPI {
    /// The cover of `album`: cached, downloaded, read from a local file, or generated when none can be
    /// had. Never fails.
    public func cover(for album: Album) async -> CoverResult {
        await covers.cover(for: album)
    }

    /// The disk cache of covers, if this facade has one.
    public var coverCache: CoverCache? { covers.cache }
}
