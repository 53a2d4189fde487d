/// The art a scan chose for an album. Neither kind is decoded.
package enum AlbumArt: Sendable, Hashable {
    /// An image file beside the album's files, or in the album's folder above a disc folder, with its size
    /// and modification time (nanoseconds since 1970) so a caller can tell when it changes. Not read.
    case file(path: String, size: Int64, modified: Int64)
    /// The picture embedded in the album's first track that has one. `picture` holds its bytes when the
    /// album changed in this scan (``ScannedAlbum/isChanged``); for an unchanged album it is `nil`, and
    /// ``MusicScanner/picture(embeddedIn:)`` reads it on demand.
    case embedded(trackPath: String, picture: EmbeddedPicture?)
}
