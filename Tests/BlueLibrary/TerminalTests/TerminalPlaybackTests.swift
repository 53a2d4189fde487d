import AudioKit
import BlueLibraryCore
import BlueLibraryPresentation
import BlueLibraryServices
import BlueLibraryTerminal
import Foundation
import TerminalKit
import TestSupport
import Testing

/// Playing an album in the terminal, on the audio twin and a clock the test moves: Enter on a track or
/// `p` plays from it, Space pauses, `n`/`b` skip, `,`/`.` seek, `s` stops; the player's line shows the
/// track, its time and the state while other albums are browsed; a track that cannot play and a missing
/// device are one line in the status bar.
@MainActor
struct TerminalPlaybackTests {
    /// "Double Album": 14 tracks of 151…164 s on two discs, its third by a guest.
    static let (album, tracks) = try! TerminalTrackListTests.album(tracks: 14)

    private func harness(width: Int = 80, height: Int = 24, undecodable: Set<String> = []) async throws
        -> TerminalHarness
    {
        let plain = Fixtures.album("Typed By Hand", by: "Someone")
        return try await TerminalHarness(
            width: width, height: height, albums: [Self.album, plain], tracks: [Self.album.id: Self.tracks],
            undecodable: undecodable)
    }

    /// Each track plays at its ReplayGain loudness (track mode by default), never past its peak; off plays
    /// the files as they are.
    @Test func tracksPlayAtTheirReplayGainLoudness() async throws {
        var tracks = Self.tracks
        tracks[0].details.replayGain = ReplayGain(trackGain: -6.0206, trackPeak: 0.5)
        tracks[1].details.replayGain = ReplayGain(trackGain: 6, trackPeak: 0.8, albumGain: -3)
        let harness = try await TerminalHarness(albums: [Self.album], tracks: [Self.album.id: tracks])
        await harness.press(.enter)
        let gains = harness.player.gains
        #expect(abs(gains[0] - 0.5) < 0.001)
        #expect(abs(gains[1] - 1.25) < 0.001, "+6 dB limited by the peak: 1 / 0.8")
        #expect(gains.dropFirst(2).allSatisfy { $0 == 1 })
        harness.app.replayGain = .album
        await harness.press(.enter)
        #expect(abs(harness.player.gains[1] - 0.708) < 0.001, "the album's -3 dB")
        harness.app.replayGain = .off
        await harness.press(.enter)
        #expect(harness.player.gains.allSatisfy { $0 == 1 })
    }

    /// Lyrics from a table: the lyrics source's twin.
    struct LyricsTwin: LyricsSource {
        let table: [String: [Lyrics]]
        func lyrics(of path: String) async throws -> [Lyrics] { table[path] ?? [] }
    }

    /// `y` shows the lyrics of the track that plays, the line being sung in bold as it plays; any
    /// other key closes them; a track without lyrics says so.
    @Test func theLyricsOfTheTrackThatPlaysFollowTheMusic() async throws {
        let harness = try await harness()
        let synced = try #require(
            Lyrics(text: "[00:00.00]First line\n[00:10.00]Second line\n[00:20.00]Third line", origin: "1.lrc")
        )
        harness.app.lyrics = LyricsTwin(table: [Self.tracks[0].path: [synced]])
        await harness.press(.enter, .character("y"))
        func bold(_ text: String) -> Bool? {
            let rows = harness.rows()
            guard let row = rows.firstIndex(where: { $0.contains(text) }),
                let column = rows[row].firstRange(of: text).map({
                    rows[row].distance(from: rows[row].startIndex, to: $0.lowerBound)
                })
            else { return nil }
            return harness.app.render().cells[row][column].style.bold
        }
        #expect(harness.rows().contains { $0.contains("Lyrics · Song number 1") })
        #expect(bold("First line") == true)
        #expect(bold("Second line") == false)
        harness.clock.advance(by: 11)
        #expect(bold("Second line") == true, "the line being sung")
        #expect(bold("First line") == false)
        await harness.press(.character("x"))
        #expect(!harness.rows().contains { $0.contains("Second line") }, "any other key closes them")
        await harness.press(.character("n"), .character("y"))
        #expect(harness.rows().contains { $0.contains("\"Song number 2\" has no lyrics") })
    }

    @Test func enterOnATrackPlaysTheAlbumFromItAndSpacePauses() async throws {
        let harness = try await harness()
        #expect(harness.playerLine() == nil)
        await harness.press(.tab, .down, .down, .enter)
        let line = try #require(harness.playerLine())
        #expect(line.hasPrefix(" ▶ Playing  1-03  Song number 3 — A Guest · Double Album"))
        #expect(line.hasSuffix(" 0:00 / 2:33"))
        // The track that plays is marked in the list, under the cursor.
        #expect(harness.rows().contains { $0.hasPrefix("  ▶ 03  Song number 3 — A Guest") })
        harness.clock.advance(by: 61.4)
        #expect(harness.playerLine()?.hasSuffix(" 1:01 / 2:33") == true)
        await harness.press(.character(" "))
        #expect(harness.playerLine()?.hasPrefix(" ‖ Paused  1-03  Song number 3") == true)
        harness.clock.advance(by: 100)
        #expect(harness.playerLine()?.hasSuffix(" 1:01 / 2:33") == true, "paused, the time stands still")
        #expect(harness.app.playbackFrameInterval == nil, "and no frame is needed")
        await harness.press(.character(" "))
        #expect(harness.playerLine()?.hasPrefix(" ▶ Playing") == true)
        // While it plays, the next frame is due when the time reaches the next second.
        let interval = try #require(harness.app.playbackFrameInterval)
        #expect(interval > .milliseconds(600) && interval < .milliseconds(700))
    }

    @Test func seekAndTheNextTrackAtTheEndOfOne() async throws {
        let harness = try await harness()
        await harness.type("p")
        #expect(harness.playerLine()?.contains("1-01  Song number 1 · Double Album") == true)
        await harness.type(".")
        #expect(harness.playerLine()?.hasSuffix(" 0:10 / 2:31") == true)
        await harness.type(",,")
        #expect(harness.playerLine()?.hasSuffix(" 0:00 / 2:31") == true, "not before the start")
        // At the end of the first track (151 s) the second follows at once.
        harness.clock.advance(by: 152)
        let second = try #require(harness.playerLine())
        #expect(second.contains("1-02  Song number 2 · Double Album"))
        #expect(second.hasSuffix(" 0:01 / 2:32"))
        await harness.type("n")
        #expect(harness.playerLine()?.contains("1-03  Song number 3") == true)
        await harness.type("bb")
        #expect(harness.playerLine()?.contains("1-01  Song number 1") == true)
        // Seeking past the end of a track plays the next.
        await harness.type(String(repeating: ".", count: 16))
        #expect(harness.playerLine()?.contains("1-02  Song number 2") == true)
        await harness.type("s")
        #expect(harness.playerLine() == nil)
        await harness.type(" ")
        #expect(
            harness.app.controller.screen.message == "Nothing is playing: Enter or p plays the album's tracks"
        )
    }

    @Test func aDigitJumpsToThatTenthOfTheTrack() async throws {
        let harness = try await harness()
        await harness.type("5")
        #expect(
            harness.app.controller.screen.message == "Nothing is playing: Enter or p plays the album's tracks"
        )
        await harness.type("p")
        await harness.type("5")
        #expect(harness.playerLine()?.hasSuffix(" 1:16 / 2:31") == true, "the middle of 151 s")
        await harness.type("9")
        #expect(harness.playerLine()?.hasSuffix(" 2:16 / 2:31") == true)
        await harness.type("0")
        #expect(harness.playerLine()?.hasSuffix(" 0:00 / 2:31") == true)
        #expect(harness.playerLine()?.contains("1-01  Song number 1") == true, "still the same track")
    }

    @Test func playbackGoesOnWhileOtherAlbumsAreBrowsed() async throws {
        let harness = try await harness()
        await harness.type("p")
        await harness.press(.right)
        #expect(harness.rows().contains("  Album   │ Typed By Hand"))
        harness.clock.advance(by: 3)
        #expect(harness.playerLine()?.contains("1-01  Song number 1 · Double Album") == true)
        #expect(harness.playerLine()?.hasSuffix(" 0:03 / 2:31") == true)
        await harness.type("p")
        #expect(
            harness.app.controller.screen.message
                == "\"Typed By Hand\" has no tracks to play: albums typed by hand have none (import a music folder)"
        )
        #expect(harness.playerLine()?.contains("Song number 1") == true, "what played goes on")
        // The last track ends the album: the player's line goes.
        await harness.press(.left)
        await harness.press(.tab, .end, .enter)
        harness.clock.advance(by: 165)
        #expect(harness.playerLine() == nil)
    }

    @Test func aTrackThatCannotBeDecodedIsPassedOverWithOneLine() async throws {
        let harness = try await harness(undecodable: ["/music/2.flac"])
        await harness.type("p")
        harness.clock.advance(by: 152)
        #expect(
            harness.playerLine()?.contains("1-03  Song number 3") == true, "the second track is passed over")
        #expect(harness.playerLine()?.hasSuffix(" 0:01 / 2:33") == true)
        let rows = harness.rows()
        #expect(rows[23] == " cannot play 2.flac: no decoder reads it")
    }

    @Test func withoutADeviceItIsOneLineAndTheScreenGoesOn() async throws {
        let harness = try await harness()
        harness.player.failNext(
            with: AudioError(.noDevice, "no audio device 'default' for playback (ALSA: Unknown PCM default)"))
        await harness.press(.enter)
        #expect(harness.playerLine() == nil)
        let rows = harness.rows()
        #expect(rows[23] == " no audio device 'default' for playback (ALSA: Unknown PCM default)")
        await harness.press(.right)
        #expect(harness.rows()[0].hasSuffix("album 2 of 2"))
    }

    @Test func theTrackListScrollsWithTheKeys() async throws {
        let harness = try await harness()
        // Three rows at 80×24: without the keyboard, the first disc's heading, a track and how many more.
        var rows = harness.rows()
        #expect(rows.contains { $0.hasPrefix("  Tracks  │ 14 tracks, 36:45 · 1–1 of 14") })
        #expect(rows.contains { $0.hasPrefix("    Disc 1") && $0.dropFirst(10).allSatisfy { $0 == " " } })
        #expect(rows.contains { $0.contains("… 13 more tracks — Tab to scroll") })
        await harness.press(.tab)
        rows = harness.rows()
        #expect(rows.contains { $0.hasPrefix("  Tracks  │ 14 tracks, 36:45 · 1–2 of 14") })
        #expect(rows.contains { $0.contains("Enter plays · Tab: covers") })
        let frame = harness.app.render()
        let cursorRow = try #require(rows.firstIndex { $0.hasPrefix("    01  Song number 1") })
        #expect(frame.cells[cursorRow][8].style.inverse, "the cursor's track is inverted")
        for _ in 0..<5 { await harness.press(.down) }
        rows = harness.rows()
        #expect(rows.contains { $0.hasPrefix("  Tracks  │ 14 tracks, 36:45 · 4–6 of 14") })
        #expect(rows.contains { $0.hasPrefix("    06  Song number 6") })
        await harness.press(.pageDown)
        #expect(harness.rows().contains { $0.hasPrefix("  Tracks  │ 14 tracks, 36:45 · 6–8 of 14") })
        await harness.press(.end)
        rows = harness.rows()
        #expect(rows.contains { $0.hasPrefix("    02  Song number 14") })
        await harness.press(.pageUp)
        #expect(harness.rows().contains { $0.hasPrefix("  Tracks  │ 14 tracks, 36:45 · 11–12 of 14") })
        await harness.press(.pageUp, .pageUp)
        #expect(harness.rows().contains { $0.hasPrefix("  Tracks  │ 14 tracks, 36:45 · 7–9 of 14") })
        await harness.press(.home)
        #expect(harness.rows().contains { $0.hasPrefix("  Tracks  │ 14 tracks, 36:45 · 1–2 of 14") })
        await harness.press(.end, .up, .enter)
        #expect(harness.playerLine()?.contains("2-01  Song number 13") == true)
        // Esc gives the keys back to the covers: ↓ no longer moves in the list, → browses.
        await harness.press(.escape, .right)
        #expect(harness.rows()[0].hasSuffix("album 2 of 2"))
        #expect(harness.playerLine()?.contains("2-01  Song number 13") == true)
    }

    @Test func aPlayingFrame() async throws {
        let harness = try await harness()
        await harness.press(.tab, .down, .enter)
        harness.clock.advance(by: 75)
        let frame = try await harness.settledFrame()
        harness.snapshot(frame, "tui-playing")
        #expect(harness.playerLine()?.hasSuffix(" 1:15 / 2:32") == true)
    }

    @Test func theEditFormIsAModalThatNothingShowsThrough() async throws {
        let harness = try await harness()
        await harness.type("p")
        await harness.type("e")
        let frame = try await harness.settledFrame()
        harness.snapshot(frame, "tui-edit-form-modal")
        let rows = frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let top = try #require(rows.firstIndex { $0.hasPrefix("┌─ Edit the album") })
        let bottom = try #require(rows.indices.last { rows[$0].hasPrefix("└") })
        // Inside the box: the form's fields and blanks, nothing of the track list or the player's line.
        for row in rows[(top + 1)..<bottom] {
            #expect(row.hasPrefix("│") && row.hasSuffix("│"), "\(row)")
            #expect(!row.contains("Song number") && !row.contains("Playing"), "\(row)")
        }
        #expect(
            rows[(top + 1)..<bottom].map { $0.dropFirst(3).prefix(9) } == [
                "› Title  ", "  Artist ", "  Genre  ", "  Year   ",
            ])
        // What is under the box is drawn dim; the box and the form are not.
        #expect(frame.cells[0][1].style.dim, "the title bar")
        #expect(!frame.cells[top + 1][3].style.dim, "the form")
        await harness.type("\u{1B}")
        #expect(!harness.app.render().cells[0][1].style.dim, "Esc closes it and the screen is itself again")
    }

    @Test func theCoverRowShowsAPathAPersonCanRead() async throws {
        let directory = TemporaryDirectory("tui-covers")
        let image = directory.file("Music/Björk/Homogenic/cover art.png")
        try await AudioFixtures.writeImage("blue", to: image)
        let picture = try [UInt8](Data(contentsOf: URL(fileURLWithPath: image)))
        let fromFile = try Album(
            title: "Homogenic", artist: "Björk", coverURL: "file://" + percentEncoded(image))
        let track = directory.file("Music/Björk/Post/01 Army of Me.m4a")
        let embedded = try Album(title: "Post", artist: "Björk", coverURL: "file://" + percentEncoded(track))
        let harness = try await TerminalHarness(
            width: 60, height: 30, albums: [fromFile, embedded], embeddedPicture: picture)
        var text = try await harness.settledFrame().text
        #expect(text.contains("Cover   │ …/Music/Björk/Homogenic/cover art.png"), "\(text)")
        #expect(!text.contains("%"))
        await harness.press(.right)
        text = try await harness.settledFrame().text
        #expect(text.contains("Cover   │ embedded in 01 Army of Me.m4a"))
    }

    /// A path as a `file://` URL keeps it: every byte but letters, digits and `/-._~` percent-encoded.
    private func percentEncoded(_ path: String) -> String {
        path.utf8.map { byte in
            let keep =
                (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || "/-._~".utf8.contains(byte)
            return keep ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }.joined()
    }
}
