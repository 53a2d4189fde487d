import BlueLibraryFolderImport
import Foundation
import Testing

/// What the folder import does by hand, without linking Foundation: each answer is the one Foundation
/// gives.
struct CoverURLTests {
    /// Cover URLs of imported art are percent-encoded exactly as Foundation's `urlPathAllowed` did, so
    /// albums imported before keep the same URL on a rescan.
    @Test(arguments: [
        "/music/Plain/cover.jpg", "/music/A B/Front (1).png", "/music/ß;x?#[]%:é/€.jpg",
        "/music/!$&'()*+,-.=@_~/a.png", "/music/tab\there/\u{1F3B5}.jpg", "relative:colon/a:b.png",
    ])
    func coverURLsAreEncodedAsFoundationEncodedThem(path: String) throws {
        let foundation = try #require(path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed))
        #expect(
            FolderImporter.coverURL(for: .file(path: path, size: 1, modified: 0)) == "file://" + foundation)
        #expect(
            FolderImporter.coverURL(for: .embedded(trackPath: path, picture: nil)) == "file://" + foundation)
    }

}
