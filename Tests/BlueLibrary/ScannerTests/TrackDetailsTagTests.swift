import BlueLibraryCore
import BlueLibraryScanner
import Foundation
import TestSupport
import Testing

/// Credits, genres, disc subtitles, ReplayGain and lyrics read through TagLib from files ffmpeg wrote a
/// moment ago (and, for what ffmpeg cannot write, an ID3v2.4 tag made byte by byte).
struct TrackDetailsTagTests {
    let directory = TemporaryDirectory("details")
    let reader = TagLibReader()

    /// ffmpeg writes MP4's own keys as `mdta` atoms, which TagLib does not read as ReplayGain or a disc
    /// subtitle (iTunes' own `----` atoms it reads), and MP3's `lyrics` as a user-defined text frame, not USLT.
    @Test(arguments: [AudioFixtures.Format.flac, .ogg, .opus, .oga, .mp3])
    func readsReplayGainAndTheDiscSubtitle(format: AudioFixtures.Format) async throws {
        let path = directory.file("song.\(format.rawValue)")
        try await AudioFixtures.write(format, to: path, tags: FixtureTags.detailed)
        let tags = try reader.tags(at: path)
        #expect(tags.artist == "Ann feat. Bob")
        #expect(tags.artists.isEmpty, "one string: its names are cut from it when read")
        #expect(tags.genre == "Alternative; Art Rock")
        #expect(
            tags.replayGain
                == ReplayGain(trackGain: -6.54, trackPeak: 0.988553, albumGain: 1.2, albumPeak: 1.1))
        #expect(tags.discSubtitle == "The Live Set")
        #expect(TrackTags(stored: tags.stored) == tags, "the stored form keeps every field")
    }

    @Test(arguments: [AudioFixtures.Format.flac, .ogg, .opus, .m4a])
    func readsEmbeddedLyrics(format: AudioFixtures.Format) async throws {
        let path = directory.file("sung.\(format.rawValue)")
        try await AudioFixtures.write(format, to: path, tags: FixtureTags.detailed)
        #expect(try reader.lyrics(at: path) == [FixtureTags.detailedLyrics])
    }

    /// ID3v2.4 lists several artists and genres in one frame, NUL between them, and keeps lyrics in USLT.
    @Test func readsAnID3v24ListOfArtistsAndGenresAndUSLTLyrics() async throws {
        let path = directory.file("list.mp3")
        try await AudioFixtures.write(.mp3, to: path)
        var tag = ID3v24Tag()
        tag.text("TIT2", ["Together"])
        tag.text("TPE1", ["AC/DC", "Simon & Garfunkel"])
        tag.text("TCON", ["Rock", "Folk"])
        tag.lyrics("Line one\nLine two")
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        try Data(tag.replacingTag(of: original)).write(to: URL(fileURLWithPath: path))
        let tags = try reader.tags(at: path)
        #expect(tags.artists == ["AC/DC", "Simon & Garfunkel"])
        #expect(tags.artist == "AC/DC; Simon & Garfunkel")
        #expect(tags.genres == ["Rock", "Folk"])
        #expect(tags.genre == "Rock; Folk")
        #expect(try reader.lyrics(at: path) == ["Line one\nLine two"])
    }

    /// Synchronised lyrics (ID3v2 SYLT, timed in milliseconds) keep their times: read as LRC text, they are
    /// synced lines to the millisecond, beside the unsynchronised ones.
    @Test func readsSYLTLyricsWithTheirTimes() async throws {
        let path = directory.file("synced.mp3")
        try await AudioFixtures.write(.mp3, to: path)
        var tag = ID3v24Tag()
        tag.text("TIT2", ["Timed"])
        tag.syncedLyrics(
            [("First line", 1_500), ("Second line", 62_345), ("Late", 600_001)], language: "deu")
        tag.lyrics("Plain words")
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        try Data(tag.replacingTag(of: original)).write(to: URL(fileURLWithPath: path))
        let found = try reader.lyrics(at: path)
        #expect(found.count == 2, "\(found)")
        let synced = try #require(found.compactMap { Lyrics(text: $0, origin: "tag") }.first { $0.isSynced })
        #expect(synced.lines.map(\.start) == [1_500, 62_345, 600_001])
        #expect(synced.lines.map(\.text) == ["First line", "Second line", "Late"])
        #expect(synced.language == "deu")
        #expect(found.contains("Plain words"))
    }

    /// A file whose tag holds several values — repeated Vorbis comments in FLAC, Ogg Vorbis and Opus,
    /// several values of an MP4 atom, an ID3v2.4 list and an ID3v2.3 tag — names each artist and genre:
    /// files ffmpeg makes, given the values by TagLib (what other taggers write), read back as a scan
    /// reads them. "AC/DC" and "Simon & Garfunkel" stay whole.
    @Test(arguments: ["flac", "ogg", "opus", "m4a", "mp3 v2.4", "mp3 v2.3"])
    func readsSeveralArtistsAndGenresFromTagsThatHoldSeveralValues(kind: String) async throws {
        let format = try #require(AudioFixtures.Format(rawValue: String(kind.prefix { $0 != " " })))
        var path = directory.file("several.\(format.rawValue)")
        try await AudioFixtures.write(format, to: path, tags: FixtureTags(title: "Together"))
        if kind == "mp3 v2.3" {
            let older = directory.file("several-v23.mp3")
            try await FFmpeg.run([
                "-i", path, "-c", "copy", "-id3v2_version", "3", "-metadata", "title=Together", older,
            ])
            #expect(
                try [UInt8](Data(contentsOf: URL(fileURLWithPath: older))).prefix(4) == [0x49, 0x44, 0x33, 3])
            path = older
        }
        try TagFileWriter.write(
            [
                ("ARTIST", "AC/DC"), ("ARTIST", "Simon & Garfunkel"), ("GENRE", "Rock"), ("GENRE", "Folk"),
            ], to: path)
        if kind == "mp3 v2.3" {
            #expect(
                try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))).prefix(4) == [0x49, 0x44, 0x33, 3],
                "an ID3v2.3 tag stays one")
        }
        let tags = try reader.tags(at: path)
        #expect(tags.title == "Together")
        #expect(tags.artists == ["AC/DC", "Simon & Garfunkel"], "\(kind): \(tags.artist ?? "")")
        #expect(tags.genres == ["Rock", "Folk"], "\(kind): \(tags.genre ?? "")")
    }

    /// MusicBrainz artist ids, one per credit, as repeated values (Vorbis comments, ID3v2.4) or several in
    /// one value (`id1/id2`, as ID3v2.3 taggers write them), are read lowercase and kept in the stored
    /// tags; tags stored before they were read still read.
    @Test(arguments: [AudioFixtures.Format.flac, .mp3])
    func readsMusicBrainzArtistIDsPerCredit(format: AudioFixtures.Format) async throws {
        let (ann, bob) = ("0A1B2C3D-0000-4000-8000-00000000000A", "0a1b2c3d-0000-4000-8000-00000000000b")
        let path = directory.file("ids.\(format.rawValue)")
        try await AudioFixtures.write(
            format, to: path, tags: FixtureTags(title: "Duet", artist: "Ann feat. Bob"))
        try TagFileWriter.write([("MUSICBRAINZ_ARTISTID", ann), ("MUSICBRAINZ_ARTISTID", bob)], to: path)
        let tags = try reader.tags(at: path)
        #expect(tags.musicBrainzArtistIDs == [ann.lowercased(), bob])
        #expect(TrackTags(stored: tags.stored) == tags)
        let joined = TrackTags(
            properties: [("ARTIST", "Ann feat. Bob"), ("MUSICBRAINZ_ARTISTID", "\(ann)/\(bob)")], duration: 1,
            hasPicture: false)
        #expect(joined.musicBrainzArtistIDs == [ann.lowercased(), bob])
        // The stored form before: one field fewer.
        let before = tags.stored.split(separator: "\u{1F}", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "\u{1F}")
        #expect(TrackTags(stored: before)?.title == "Duet")
        #expect(TrackTags(stored: before)?.musicBrainzArtistIDs == [])
    }

    @Test func aFileWithoutLyricsHasNone() async throws {
        let path = directory.file("plain.flac")
        try await AudioFixtures.write(.flac, to: path, tags: FixtureTags(title: "Quiet"))
        #expect(try reader.lyrics(at: path).isEmpty)
    }
}
