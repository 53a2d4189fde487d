import BlueLibraryCore
import BlueLibraryScanner
import Foundation
import TestSupport
import Testing

/// What the walk finds: audio by extension, no symbolic links followed, unreadable folders named.
struct FolderWalkTests {
    let library = ScriptedLibrary()

    @Test func audioFilesAreFoundByExtensionInAnyCase() async throws {
        let audio = ["a.MP3", "b.Flac", "c.ogg", "d.OGA", "e.opus", "f.m4a", "g.MP4", "h.aac", "i.wav"]
        for name in audio { try library.add("Mixed/\(name)", tags(name, artist: "X", album: "Mixed")) }
        for name in ["notes.txt", "cover.jpg", "x.mp3.bak", ".hidden.mp3", "noext", "playlist.m3u"] {
            library.write("Mixed/\(name)", "not audio")
        }
        library.write(".hidden folder/x.mp3", "hidden")
        let result = try await library.scan()
        #expect(result.files.map(\.path) == audio.map { library.path("Mixed/\($0)") }.sorted())
        #expect(result.unreadable.isEmpty)
        #expect(result.counts.seen == audio.count)
    }

    @Test func filesRecordTheirSizeAndModificationTime() async throws {
        let path = try library.add("A/1.mp3", tags("One", album: "A"), content: "twelve bytes")
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
        let file = try #require(try await library.scan().files.first)
        #expect(file.size == 12)
        #expect(abs(Double(file.modified) / 1e9 - date.timeIntervalSince1970) < 0.001)
    }

    @Test func symbolicLinksOutOfTheRootAreNotFollowed() async throws {
        let outside = TemporaryDirectory("outside")
        let outsideRoot = URL(fileURLWithPath: outside.path).resolvingSymlinksInPath().path
        let stray = outside.write("stray.mp3", "audio")
        library.scripted.set(tags("Stray", artist: "Y", album: "Elsewhere"), for: outsideRoot + "/stray.mp3")
        try FileManager.default.createDirectory(
            atPath: outside.file("Album"), withIntermediateDirectories: true)
        try library.add("Mine/1.mp3", tags("Mine", artist: "X", album: "Mine"))
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: library.path("Mine/link.mp3"), withDestinationPath: stray)
        try manager.createSymbolicLink(atPath: library.path("Outside"), withDestinationPath: outside.path)
        let result = try await library.scan()
        #expect(result.files.map(\.path) == [library.path("Mine/1.mp3")])
        #expect(result.albums.map(\.title) == ["Mine"])
        #expect(result.counts.skippedLinks == 2)
        #expect(library.reads.tagReads == 1)
    }

    @Test func linksInsideTheRootNeitherLoopNorDuplicateTracks() async throws {
        try library.add("Album/1.mp3", tags("One", artist: "X", album: "Album", number: 1))
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: library.path("Album/loop"), withDestinationPath: library.root)
        try manager.createSymbolicLink(
            atPath: library.path("Alias"), withDestinationPath: library.path("Album"))
        try manager.createSymbolicLink(
            atPath: library.path("Album/again.mp3"), withDestinationPath: library.path("Album/1.mp3"))
        let result = try await library.scan()
        #expect(result.files.map(\.path) == [library.path("Album/1.mp3")])
        #expect(result.albums.first?.tracks.count == 1)
    }

    @Test func aRootThatIsALinkIsResolved() async throws {
        try library.add("Album/1.mp3", tags("One", artist: "X", album: "Album"))
        let links = TemporaryDirectory("links")
        try FileManager.default.createSymbolicLink(
            atPath: links.file("music"), withDestinationPath: library.root)
        let result = try await library.scanner.scan(links.file("music"))
        #expect(result.root == library.root)
        #expect(result.files.map(\.path) == [library.path("Album/1.mp3")])
    }

    @Test func anUnreadableFileIsNamedWithItsReasonAndTheScanGoesOn() async throws {
        try library.add("A/1.mp3", tags("One", artist: "X", album: "A"))
        let bad = library.write("A/2.mp3", "not known to the scripted reader")
        let result = try await library.scan()
        #expect(result.files.count == 1)
        #expect(result.unreadable.map(\.path) == [bad])
        #expect(result.unreadable.first?.error.message.contains(bad) == true)
        #expect(result.counts.unreadable == 1)
        #expect(result.albums.first?.tracks.count == 1)
    }

    @Test(.enabled(if: getuid() != 0, "root can read a folder without permissions"))
    func anUnreadableFolderIsNamedAndTheScanGoesOn() async throws {
        try library.add("Open/1.mp3", tags("One", artist: "X", album: "Open"))
        try library.add("Closed/1.mp3", tags("Two", artist: "X", album: "Closed"))
        let closed = library.path("Closed")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: closed)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: closed) }
        let result = try await library.scan()
        #expect(result.albums.map(\.title) == ["Open"])
        #expect(result.unreadable.map(\.path) == [closed])
        #expect(result.unreadable.first?.error.code == .noInput)
    }

    @Test(arguments: ["missing", "file.mp3"])
    func scanningSomethingThatIsNotAFolderFails(name: String) async throws {
        let path = name == "missing" ? library.path("missing") : library.write(name, "x")
        await #expect {
            _ = try await library.scan(at: path)
        } throws: { error in
            guard let error = error as? LibraryError else { return false }
            return error.code == .noInput && error.message.contains(path)
        }
    }
}

extension ScriptedLibrary {
    /// Scans another path with this library's scanner.
    func scan(at path: String) async throws -> ScanResult {
        try await scanner.scan(path)
    }
}
