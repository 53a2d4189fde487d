import BlueLibraryCore
import Testing

/// How one tagged string is cut into names, how lyrics are read, how ReplayGain scales a track.
struct TrackDetailsTests {
    @Test(arguments: [
        ("AC/DC", ["AC/DC"]),
        ("Simon & Garfunkel", ["Simon & Garfunkel"]),
        ("Alternative; Art Rock", ["Alternative", "Art Rock"]),
        ("Jay-Z feat. Alicia Keys", ["Jay-Z", "Alicia Keys"]),
        ("Jay-Z FT. Alicia Keys", ["Jay-Z", "Alicia Keys"]),
        ("Ann featuring Bob; Cy", ["Ann", "Bob", "Cy"]),
        ("Rock / Pop", ["Rock", "Pop"]),
        ("Rock/Pop", ["Rock/Pop"]),
        ("Ann; ann ;", ["Ann"]),
        ("", []),
    ])
    func aStringIsCutOnlyAtTheSeparators(text: String, names: [String]) {
        #expect(CreditSeparators.standard.split(text) == names)
    }

    @Test func aTrackTakesItsTaggedCreditsOnlyWhileItsArtistIsTheTaggedOne() {
        let tags = TrackTags(artist: "Ann & Bob", artists: ["Ann", "Bob"])
        let stored = StoredTrack(
            track: Track(disc: 1, number: 1, title: "T", artist: "Ann & Bob", duration: 1, path: "/m/t.flac"),
            albumID: .random(), size: 1, modified: 1, tags: tags.stored)
        #expect(stored.track.artists == ["Ann", "Bob"])
        let edited = StoredTrack(
            track: Track(
                disc: 1, number: 1, title: "T", artist: "Cy feat. Di", duration: 1, path: "/m/t.flac"),
            albumID: .random(), size: 1, modified: 1, tags: tags.stored)
        #expect(edited.track.artists == ["Cy", "Di"])
    }

    @Test func lrcLinesKeepTheirTimesInOrderWithTheOffsetApplied() throws {
        let text = "[ar:Ann]\n[la:eng]\n[offset:+500]\n[00:10.00]Second\n[00:02.5][00:20.123]Twice\n\n"
        let lyrics = try #require(Lyrics(text: text, origin: "song.lrc"))
        #expect(lyrics.isSynced)
        #expect(lyrics.language == "eng")
        #expect(lyrics.offset == 500)
        #expect(
            lyrics.lines == [
                .init(start: 2000, text: "Twice"), .init(start: 9500, text: "Second"),
                .init(start: 19_623, text: "Twice"),
            ])
        #expect(lyrics.plainText == "Twice\nSecond\nTwice")
    }

    @Test func aByteOrderMarkAndManyTimesOnOneLineAreHandled() throws {
        let marked = try #require(Lyrics(text: "\u{FEFF}[00:01.00]First\n[00:02.00]Second", origin: "a.lrc"))
        #expect(marked.lines.map(\.text) == ["First", "Second"])
        let tags = String(repeating: "[00:01.00]", count: Lyrics.maximumLines + 500)
        let repeated = try #require(Lyrics(text: tags + "La", origin: "b.lrc"))
        #expect(repeated.lines.count == Lyrics.maximumLines)
    }

    @Test func plainLyricsAreLinesWithoutTimes() throws {
        let lyrics = try #require(Lyrics(text: "\n[Chorus]\nLa la\u{1B}\r\nLa\n\n", origin: "embedded"))
        #expect(!lyrics.isSynced)
        #expect(lyrics.lines.map(\.text) == ["[Chorus]", "La la", "La"])
        #expect(lyrics.lines.allSatisfy { $0.start == nil })
        #expect(Lyrics(text: "[ti:Nothing]\n\n", origin: "empty.lrc") == nil)
    }

    @Test func replayGainScalesWithoutClipping() {
        let gain = ReplayGain(trackGain: -6, trackPeak: 0.5, albumGain: 6, albumPeak: 0.9)
        #expect(abs(gain.factor(.track) - 0.501_187) < 1e-5)
        // +6 dB would be ×1.995, but the album's peak at 0.9 allows ×1.111 at most.
        #expect(abs(gain.factor(.album) - 1 / 0.9) < 1e-9)
        #expect(gain.factor(.off) == 1)
        #expect(ReplayGain(albumGain: -6).factor(.track) < 1, "track mode falls back to the album's gain")
        #expect(ReplayGain().factor(.album) == 1)
        #expect(ReplayGain(trackGain: 6).factor(.track) == 1, "without a peak, never louder than recorded")
        #expect(ReplayGain.decibels("-6.54 dB") == -6.54)
        #expect(ReplayGain.decibels("+1.2") == 1.2)
        #expect(ReplayGain.decibels("loud") == nil)
        #expect(ReplayGain.peak("0") == nil)
    }
}
