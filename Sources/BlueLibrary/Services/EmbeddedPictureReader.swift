/// Reads the picture embedded in an audio file (ID3 APIC, FLAC PICTURE, MP4 `covr`, Vorbis
/// METADATA_BLOCK_PICTURE): an album read from a music folder whose art is in its first track has that
/// track's file as its cover. The scanner is one (see the folder import module); the cover service takes
/// any.
package protocol EmbeddedPictureReader: Sendable {
    /// The picture's bytes, or `nil` when the file has none.
    func picture(embeddedIn path: String) async throws -> [UInt8]?
}
