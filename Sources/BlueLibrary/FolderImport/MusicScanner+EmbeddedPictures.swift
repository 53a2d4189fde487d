import BlueLibraryScanner
import BlueLibraryServices

/// The scanner reads the pictures embedded in tracks for the cover service.
extension MusicScanner: EmbeddedPictureReader {
    package func picture(embeddedIn path: String) async throws -> [UInt8]? {
        try await picture(embeddedIn: path).map(\.bytes)
    }
}
