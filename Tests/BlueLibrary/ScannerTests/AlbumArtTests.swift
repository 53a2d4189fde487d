import BlueLibraryScanner
import Foundation
import TestSupport
import Testing

/// Which art an album gets: an image beside the files wins over a picture in the tracks.
struct AlbumArtTests {
    let library = ScriptedLibrary()
    let picture = EmbeddedPicture(bytes: [0x89, 0x50, 0x4E, 0x47, 1, 2, 3], taggedMIMEType: "")

    private func filePath(_ art: AlbumArt?) -> String? {
        if case .file(let path, _, _) = art { return path }
        return nil
    }

    @Test(arguments: [
        (["cover.jpg", "folder.jpg"], "cover.jpg"),
        (["Folder.JPG", "front.png", "album.jpeg"], "Folder.JPG"),
        (["front.png", "album.jpg"], "front.png"),
        (["ALBUM.JPEG", "notes.txt", "scan.jpg"], "ALBUM.JPEG"),
        (["cover.png", "cover.jpeg", "cover.jpg"], "cover.jpg"),
        (["cover.jpeg", "cover.png"], "cover.jpeg"),
    ])
    func folderArtIsChosenByNameThenExtension(images: [String], chosen: String) async throws {
        try library.add(
            "A/01.mp3", tags("One", artist: "X", album: "A", number: 1, picture: true), picture: picture)
        for image in images { library.write("A/\(image)", "image bytes") }
        let album = try #require(try await library.scan().album("A"))
        #expect(filePath(album.art) == library.path("A/\(chosen)"))
    }

    @Test func folderArtBesideTheFilesWinsOverEmbeddedArt() async throws {
        try library.add(
            "A/01.mp3", tags("One", artist: "X", album: "A", number: 1, picture: true), picture: picture)
        library.write("A/cover.jpg", "jpeg")
        let result = try await library.scan()
        let album = try #require(result.album("A"))
        guard case .file(let path, let size, let modified) = album.art else {
            Issue.record("expected folder art, got \(String(describing: album.art))")
            return
        }
        #expect(path == library.path("A/cover.jpg"))
        #expect(size == 4)
        #expect(modified > 0)
        #expect(library.reads.pictureReads == 0)
    }

    @Test func aDiscFoldersAlbumFindsArtInTheParentFolder() async throws {
        try library.add("Box/CD1/01.mp3", tags("One", artist: "X", album: "Box", number: 1))
        try library.add("Box/CD2/01.mp3", tags("Two", artist: "X", album: "Box", number: 1))
        library.write("Box/folder.png", "png")
        let album = try #require(try await library.scan().album("Box"))
        #expect(filePath(album.art) == library.path("Box/folder.png"))
    }

    @Test func artInADiscFolderCountsToo() async throws {
        try library.add("Box/CD1/01.mp3", tags("One", artist: "X", album: "Box", number: 1))
        try library.add("Box/CD2/01.mp3", tags("Two", artist: "X", album: "Box", number: 1))
        library.write("Box/CD2/cover.jpg", "jpeg")
        let album = try #require(try await library.scan().album("Box"))
        #expect(filePath(album.art) == library.path("Box/CD2/cover.jpg"))
    }

    @Test func withoutFolderArtTheFirstTracksPictureIsUsed() async throws {
        let second = EmbeddedPicture(bytes: [0xFF, 0xD8, 0xFF, 9], taggedMIMEType: "image/png")
        try library.add(
            "A/b.mp3", tags("Two", artist: "X", album: "A", number: 2, picture: true), picture: second)
        try library.add(
            "A/a.mp3", tags("One", artist: "X", album: "A", number: 1, picture: true), picture: picture)
        try library.add("A/c.mp3", tags("Zero", artist: "X", album: "A", number: 3))
        let result = try await library.scan()
        let album = try #require(result.album("A"))
        #expect(album.art == .embedded(trackPath: library.path("A/a.mp3"), picture: picture))
        #expect(picture.mimeType == "image/png")
        #expect(second.mimeType == "image/jpeg")
        #expect(library.reads.pictureReads == 1)
        #expect(result.counts.picturesRead == 1)
    }

    @Test func aFirstTrackWithoutAPictureLeavesItToTheNextOne() async throws {
        try library.add("A/1.mp3", tags("One", artist: "X", album: "A", number: 1))
        try library.add(
            "A/2.mp3", tags("Two", artist: "X", album: "A", number: 2, picture: true), picture: picture)
        let album = try #require(try await library.scan().album("A"))
        #expect(album.art == .embedded(trackPath: library.path("A/2.mp3"), picture: picture))
    }

    @Test func anAlbumWithoutAnyArtHasNone() async throws {
        try library.add("A/1.mp3", tags("One", artist: "X", album: "A", number: 1))
        library.write("A/back.jpg", "jpeg")
        let album = try #require(try await library.scan().album("A"))
        #expect(album.art == nil)
    }
}
