import BlueLibraryCore

/// Finds a track's lyrics: in a file beside it (`.lrc`, `.txt`) and in its tags. The scanner is one
/// (see the folder import module); the faces take any, as the cover service takes any
/// ``EmbeddedPictureReader``.
package protocol LyricsSource: Sendable {
    /// The lyrics of the audio file at `path`, each source that holds words once (a file beside it
    /// first); none when it has none.
    /// - Throws: ``LibraryError`` naming the file when it cannot be read.
    func lyrics(of path: String) async throws -> [Lyrics]
}
