import BlueLibraryCore
import BlueLibraryScanner
import Foundation
import TestSupport
import Testing

/// TagLib through the C shim, on files ffmpeg wrote a moment ago.
struct TagLibReaderTests {
    let directory = TemporaryDirectory("taglib")
    let reader = TagLibReader()
    static let mbid = "6f6b6a3c-1d2e-4f5a-8b9c-0d1e2f3a4b5c"

    private var fullTags: FixtureTags {
        FixtureTags(
            title: "Song Ä", artist: "Art X", albumArtist: "Band", album: "The Album", date: "1999-05-01",
            genre: "Rock", track: "3/12", disc: "2/2", musicBrainzAlbumID: TagLibReaderTests.mbid,
            compilation: true)
    }

    @Test(arguments: AudioFixtures.Format.allCases)
    func readsTagsAndDuration(format: AudioFixtures.Format) async throws {
        let path = directory.file("song.\(format.rawValue)")
        try await AudioFixtures.write(format, to: path, tags: fullTags)
        let tags = try reader.tags(at: path)
        #expect(tags.title == "Song Ä")
        #expect(tags.artist == "Art X")
        #expect(tags.album == "The Album")
        #expect(tags.year == 1999)
        #expect(tags.genre == "Rock")
        #expect(tags.number == 3)
        #expect(abs(tags.duration - AudioFixtures.duration) <= 0.1, "duration \(tags.duration)")
        #expect(!tags.hasPicture)
        if format.hasFullTags {
            #expect(tags.albumArtist == "Band")
            #expect(tags.disc == 2)
            #expect(tags.isCompilation)
        }
        if format.canTagMusicBrainzID {
            #expect(tags.musicBrainzAlbumID == TagLibReaderTests.mbid)
        }
    }

    @Test(arguments: AudioFixtures.Format.allCases.filter(\.canEmbedPicture))
    func readsTheEmbeddedPicture(format: AudioFixtures.Format) async throws {
        let path = directory.file("pictured.\(format.rawValue)")
        try await AudioFixtures.write(format, to: path, tags: FixtureTags(title: "P"), picture: true)
        #expect(try reader.tags(at: path).hasPicture)
        let picture = try #require(try reader.picture(at: path))
        #expect(picture.bytes == (try await AudioFixtures.coverBytes()))
        #expect(picture.mimeType == "image/png")
    }

    @Test(arguments: AudioFixtures.Format.allCases)
    func aFileWithoutPictureHasNone(format: AudioFixtures.Format) async throws {
        let path = directory.file("plain.\(format.rawValue)")
        try await AudioFixtures.write(format, to: path)
        #expect(try reader.picture(at: path) == nil)
        let tags = try reader.tags(at: path)
        #expect(tags.title == nil && tags.album == nil && tags.artist == nil)
    }

    @Test func readsAnMP3WithOnlyAnID3v1Tag() async throws {
        let path = directory.file("both.mp3")
        var v1 = FixtureTags(title: "Old", artist: "Tagger", album: "V1", date: "1984", track: "5")
        v1.id3v1 = true
        try await AudioFixtures.write(.mp3, to: path, tags: v1)
        // ffmpeg writes ID3v1 only beside ID3v2; drop the ID3v2 header and frames.
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        try #require(bytes.starts(with: Array("ID3".utf8)))
        let size = bytes[6..<10].reduce(0) { $0 << 7 | Int($1) }
        bytes.removeFirst(10 + size)
        let stripped = directory.file("v1.mp3")
        try Data(bytes).write(to: URL(fileURLWithPath: stripped))
        let tags = try reader.tags(at: stripped)
        #expect(tags.title == "Old" && tags.artist == "Tagger" && tags.album == "V1")
        #expect(tags.year == 1984 && tags.number == 5)
        #expect(abs(tags.duration - AudioFixtures.duration) <= 0.1)
    }

    @Test(arguments: [
        ("notes.mp3", "hello, this is not audio", LibraryErrorCode.malformedInput, "not an audio file"),
        ("empty.flac", "", .noInput, "empty"),
        ("picture.ogg", "\u{89}PNG....", .malformedInput, "not an audio file"),
    ])
    func anUnreadableFileSaysWhichAndWhy(
        name: String, content: String, code: LibraryErrorCode, reason: String
    ) {
        let path = directory.write(name, content)
        #expect {
            _ = try reader.tags(at: path)
        } throws: { error in
            guard let error = error as? LibraryError else { return false }
            return error.code == code && error.message.contains(path) && error.message.contains(reason)
        }
    }

    @Test func aRawAACStreamIsNamedAsSuch() throws {
        // An ADTS frame header (MPEG-4 AAC LC, 44.1 kHz, stereo) and some payload.
        let path = directory.file("raw.aac")
        let bytes: [UInt8] = [0xFF, 0xF1, 0x50, 0x80, 0x02, 0x1F, 0xFC] + Array(repeating: 0x21, count: 64)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try reader.tags(at: path)
        } throws: { error in
            (error as? LibraryError)?.message
                == "cannot read '\(path)': a raw AAC (ADTS) stream, which TagLib 1.x cannot read"
        }
    }

    @Test func aMissingFileCannotBeOpened() {
        let path = directory.file("gone.mp3")
        #expect {
            _ = try reader.picture(at: path)
        } throws: { error in
            (error as? LibraryError)?.code == .noInput
                && (error as? LibraryError)?.message
                    == "cannot read '\(path)': cannot open the file: No such file or directory"
        }
    }
}
