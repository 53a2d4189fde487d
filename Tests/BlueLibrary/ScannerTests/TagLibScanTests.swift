import BlueLibraryCore
import BlueLibraryScanner
import Foundation
import TestSupport
import Testing

/// Whole scans of folders of real audio files, read with TagLib.
struct TagLibScanTests {
    let directory = TemporaryDirectory("taglib-scan")
    let reads = CountingTagReader(TagLibReader())

    private var root: String { URL(fileURLWithPath: directory.path).resolvingSymlinksInPath().path }

    private func track(_ title: String, album: String, number: Int, disc: Int? = nil) -> FixtureTags {
        FixtureTags(
            title: title, artist: "Band", albumArtist: "Band", album: album, date: "2003", genre: "Jazz",
            track: "\(number)", disc: disc.map(String.init))
    }

    /// Two albums in every format mix, a stray text file, a file without tags.
    private func makeLibrary() async throws {
        try await AudioFixtures.write(
            .flac, to: directory.file("Band/One/CD1/01.flac"), tags: track("A", album: "One", number: 1),
            picture: true)
        try await AudioFixtures.write(
            .mp3, to: directory.file("Band/One/CD2/01.mp3"), tags: track("B", album: "One", number: 1))
        try await AudioFixtures.write(
            .opus, to: directory.file("Band/One/CD2/02.opus"), tags: track("C", album: "One", number: 2))
        _ = directory.write("Band/One/Cover.JPG", "a JPEG the scanner does not decode")
        try await AudioFixtures.write(
            .m4a, to: directory.file("Band/Two/02.m4a"), tags: track("E", album: "Two", number: 2),
            picture: true)
        try await AudioFixtures.write(
            .ogg, to: directory.file("Band/Two/01.ogg"), tags: track("D", album: "Two", number: 1),
            picture: true)
        _ = directory.write("Band/Two/broken.mp3", "not audio at all")
        try await AudioFixtures.write(.wav, to: directory.file("Loose Ends/untitled take.wav"))
    }

    @Test func aFileCutShortIsListedAmongTheUnreadableNotMadeASecondAlbum() async throws {
        try await AudioFixtures.write(
            .ogg, to: directory.file("Band/Two/01.ogg"), tags: track("D", album: "Two", number: 1))
        try await AudioFixtures.write(
            .ogg, to: directory.file("Band/Two/02.ogg"), tags: track("E", album: "Two", number: 2))
        // A copy cut to its first 3 KB, in another folder: its tags alone would make a second "Two".
        let cut = directory.file("Band/Copies/02.ogg")
        try await AudioFixtures.write(.ogg, to: cut, tags: track("E", album: "Two", number: 2))
        #expect(truncate(cut, 3 * 1024) == 0)
        let result = try await MusicScanner(reader: reads).scan(directory.path)
        #expect(result.albums.map(\.title) == ["Two"])
        #expect(result.albums.first?.tracks.map(\.title) == ["D", "E"])
        #expect(result.unreadable.map(\.path) == [root + "/Band/Copies/02.ogg"])
        #expect(
            result.unreadable.first?.error.message
                == "cannot read '\(root)/Band/Copies/02.ogg': no audio after its headers (the file is cut short or damaged)"
        )
    }

    @Test func aFolderOfRealFilesBecomesAlbums() async throws {
        try await makeLibrary()
        let result = try await MusicScanner(reader: reads).scan(directory.path)
        #expect(result.root == root)
        #expect(result.albums.map(\.title) == ["One", "Two", "Loose Ends"])
        #expect(result.counts == ScanCounts(seen: 7, read: 7, added: 7, unreadable: 1, picturesRead: 1))

        let one = try #require(result.album("One"))
        #expect(one.artist == "Band" && one.year == 2003 && one.genre == "Jazz")
        #expect(one.tracks.map(\.title) == ["A", "B", "C"])
        #expect(one.tracks.map(\.disc) == [1, 2, 2])
        #expect(one.tracks.allSatisfy { abs($0.duration - AudioFixtures.duration) <= 0.1 })
        #expect(one.art == .file(path: root + "/Band/One/Cover.JPG", size: 34, modified: one.artModified))

        let two = try #require(result.album("Two"))
        #expect(two.tracks.map(\.title) == ["D", "E"])
        let cover = EmbeddedPicture(bytes: try await AudioFixtures.coverBytes(), taggedMIMEType: "image/png")
        #expect(two.art == .embedded(trackPath: root + "/Band/Two/01.ogg", picture: cover))

        let loose = try #require(result.album("Loose Ends"))
        #expect(loose.artist == ScannedAlbum.unknownArtist)
        #expect(loose.tracks.map(\.title) == ["untitled take"])
        #expect(loose.art == nil)

        #expect(result.unreadable.map(\.path) == [root + "/Band/Two/broken.mp3"])
        #expect(result.unreadable.first?.error.message.contains("not an audio file") == true)
    }

    @Test func anUnchangedRescanOpensNoFileWithTagLib() async throws {
        try await makeLibrary()
        let scanner = MusicScanner(reader: reads)
        let first = try await scanner.scan(directory.path)
        #expect(reads.tagReads == 7)
        reads.reset()
        let again = try await scanner.scan(directory.path, previous: first.files)
        // The unreadable file is tried again (only readable files are remembered); nothing else is read.
        #expect(reads.pathsRead == [root + "/Band/Two/broken.mp3"])
        #expect(reads.pictureReads == 0)
        #expect(again.counts.unchanged == 6)
        #expect(again.albums.map(\.tracks) == first.albums.map(\.tracks))
    }
}

extension ScannedAlbum {
    /// The modification time of the album's folder art, for comparing art values.
    fileprivate var artModified: Int64 {
        if case .file(_, _, let modified) = art { return modified }
        return -1
    }
}
