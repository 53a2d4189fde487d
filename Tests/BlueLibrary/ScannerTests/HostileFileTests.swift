import BlueLibraryCore
import BlueLibraryScanner
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Files that are not what they seem: a FIFO or a link where a track was after the walk, pictures far
/// larger than a cover, a tag that would cost hundreds of megabytes.
@Suite(.timeLimit(.minutes(2)))
struct HostileFileTests {
    let directory = TemporaryDirectory("hostile-files")
    let reader = TagLibReader()

    // TagLib reads on a test thread: a read that waits (on a FIFO) or goes through a large file holds
    // that thread, never one of the cooperative pool's two.

    /// The tags TagLib reads at `path`.
    private func readTags(at path: String) async throws -> TrackTags {
        try await TestThreads.run { [reader] in try reader.tags(at: path) }
    }

    /// The picture TagLib reads at `path`.
    private func readPicture(at path: String) async throws -> EmbeddedPicture? {
        try await TestThreads.run { [reader] in try reader.picture(at: path) }
    }

    @Test func aFIFOOrALinkWhereATrackWasIsRefusedWithoutWaiting() async throws {
        let fifo = directory.file("swapped.mp3")
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opening a FIFO for reading waits for a writer: the time limit fails a read that does.
        await #expect(throws: LibraryError(.noInput, "cannot read '\(fifo)': not a regular file")) {
            try await readTags(at: fifo)
        }
        await #expect(throws: LibraryError.self) { try await readPicture(at: fifo) }
        let real = directory.file("real.mp3")
        try await AudioFixtures.write(.mp3, to: real)
        let link = directory.file("link.mp3")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        await #expect(throws: LibraryError(.noInput, "cannot read '\(link)': a symbolic link, not a file")) {
            try await readTags(at: link)
        }
        #expect(try await readTags(at: real).duration > 0)
    }

    /// An Ogg Vorbis file cut to its first 3 KB (its headers, no audio page) is refused with the reason,
    /// never taken for a track of 0:00.
    @Test func aFileCutShortIsNotATrackOfNoLength() async throws {
        let path = directory.file("cut.ogg")
        try await AudioFixtures.write(.ogg, to: path, tags: FixtureTags(title: "Cut", album: "Whole"))
        #expect(try await readTags(at: path).duration > 0)
        #expect(truncate(path, 3 * 1024) == 0)
        await #expect(
            throws: LibraryError(
                .malformedInput,
                "cannot read '\(path)': no audio after its headers (the file is cut short or damaged)")
        ) { try await readTags(at: path) }
    }

    @Test func aPictureLargerThanACoverMayBeIsPassedOver() async throws {
        let path = directory.file("stuffed.mp3")
        let big = Self.jpeg(size: 11 << 20)
        let small = try await AudioFixtures.coverBytes()
        try await Self.writeMP3(to: path, pictures: [big, big])
        let stuffed = try await readTags(at: path)
        #expect(!stuffed.hasPicture, "a picture over 10 MB is no cover")
        #expect(try await readPicture(at: path) == nil)
        // Beside a usable one, the usable one is the cover.
        try await Self.writeMP3(to: path, pictures: [big, small])
        #expect(try await readTags(at: path).hasPicture)
        #expect(try await readPicture(at: path)?.bytes == small)
    }

    @Test func aTagOfHundredsOfMegabytesIsReportedNotRead() async throws {
        let path = directory.file("huge.mp3")
        try await Self.writeMP3(to: path, pictures: [])
        // A header announcing a 100 MB tag: TagLib would read all of it before anything else.
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes.replaceSubrange(6..<10, with: Self.syncsafe(100 << 20))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        await #expect(
            throws: LibraryError(
                .noInput, "cannot read '\(path)': its ID3v2 tag is 100 MB, more than the 64 MB read")
        ) { try await readTags(at: path) }
    }

    /// An MP3 from ffmpeg whose ID3v2 tag is replaced by one with a title and `pictures` (APIC frames).
    static func writeMP3(to path: String, pictures: [[UInt8]]) async throws {
        let plain = path + ".plain.mp3"
        try await AudioFixtures.write(.mp3, to: plain, tags: FixtureTags(title: "Stuffed", artist: "Packer"))
        // Tens of megabytes copied and written: on a test thread.
        try await TestThreads.run { try Self.replaceTag(of: plain, writingTo: path, pictures: pictures) }
    }

    /// Writes the audio of the MP3 at `plain` to `path` behind a new ID3v2 tag, then removes `plain`.
    private static func replaceTag(of plain: String, writingTo path: String, pictures: [[UInt8]]) throws {
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: plain)))
        try FileManager.default.removeItem(atPath: plain)
        var audio = original[...]
        if original.starts(with: Array("ID3".utf8)) {
            let size = original[6..<10].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
            audio = original[(10 + size)...]
        }
        func frame(_ id: String, _ body: [UInt8]) -> [UInt8] {
            Array(id.utf8) + withUnsafeBytes(of: UInt32(body.count).bigEndian, Array.init) + [0, 0] + body
        }
        var frames = frame("TIT2", [0] + Array("Stuffed".utf8))
        for (index, picture) in pictures.enumerated() {
            // Latin-1 text, the MIME type, the picture type (3: front cover), an empty description.
            let type: UInt8 = index == 0 ? 3 : 0
            frames += frame("APIC", [0] + Array("image/jpeg".utf8) + [0, type, 0] + picture)
        }
        let tag = Array("ID3".utf8) + [3, 0, 0] + syncsafe(frames.count) + frames
        try Data(tag + audio).write(to: URL(fileURLWithPath: path))
    }

    /// A JPEG start of image followed by `size` bytes in all (not decodable; only its size matters).
    static func jpeg(size: Int) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: size - 4)
    }

    static func syncsafe(_ value: Int) -> [UInt8] {
        [21, 14, 7, 0].map { UInt8((value >> $0) & 0x7F) }
    }
}
