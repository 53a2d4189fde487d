import BlueLibraryCore
import BlueLibraryTerminal
import TerminalKit
import TestSupport
import Testing

/// The screen at other sizes than the tutorial's 80×24: small terminals get smaller covers and shorter
/// hints, tall ones larger covers and more details, and text that does not fit ends with "…".
@MainActor
struct TerminalLayoutTests {
    @Test func aSmallTerminalShowsSmallerCoversAndShorterHints() async throws {
        let harness = try await TerminalHarness(width: 40, height: 12)
        let frame = try await harness.settledFrame()
        harness.snapshot(frame, "tui-40x12")
        #expect(harness.fitsItsWidth(frame))
        let rows = frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(rows[0].hasSuffix("album 1 of 5"))
        #expect(rows[10].hasPrefix(" [Undo]") && rows[10].hasSuffix("[Trash]"))
        #expect(
            rows[10].contains(" u undo  ? keys  q quit "), "the hints that fit, quitting and the keys first")
        #expect(frame.cells[10][1].style.dim, "nothing to undo yet")
        await harness.press(.right)
        #expect(harness.app.render().text.contains("Artist  │ No Doubt"))
    }

    @Test(arguments: [(40, 12), (40, 13), (41, 17), (52, 20), (60, 26), (100, 30), (120, 50), (200, 60)])
    func everySizeFromTheSmallestShowsEveryBand(width: Int, height: Int) async throws {
        let harness = try await TerminalHarness(width: width, height: height)
        let frame = try await harness.settledFrame()
        let rows = frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(rows.count == height)
        #expect(rows[0].hasPrefix(" BlueLibrary") && rows[0].hasSuffix("album 1 of 5"))
        #expect(rows[height - 2].hasPrefix(" [Undo]") && rows[height - 2].hasSuffix("[Trash]"))
        #expect(rows[height - 2].contains("? keys"))
        let details = try #require(rows.firstIndex { $0.contains("Artist  │ David Bowie") })
        // The highlighted tile's frame ends above the details, and it is twice as wide as tall.
        let tileRows = rows.indices.filter { rows[$0].contains("┃") }
        #expect(tileRows.allSatisfy { $0 < details })
        let top = try #require(rows.firstIndex { $0.contains("┏") })
        let tileWidth = rows[top].filter { $0 == "━" }.count + 2
        #expect(tileWidth == 2 * (tileRows.count + 2))
        #expect(harness.fitsItsWidth(frame))
        // The form and the keys fit too, and the toolbar stays.
        await harness.type("e")
        let form = harness.app.render().text
        #expect(form.contains("› Title   Best of Bowie▏") && form.contains("  Year    1992"))
        #expect(
            form.split(separator: "\n", omittingEmptySubsequences: false)[height - 2].hasSuffix("[Trash]"))
        // A list of keys taller than the terminal scrolls with ↓ (which does not close it): every key is
        // in view at some point, each on its row.
        await harness.type("\u{1B}?")
        let keys = harness.app.render()
        #expect(harness.fitsItsWidth(keys))
        var seen = [keys.text]
        if keys.text.contains("↑/↓ more, any key closes") {
            for _ in KeyHelp.entries {
                await harness.press(.down)
                let scrolled = harness.app.render()
                #expect(scrolled.text.contains("any key closes"))
                #expect(harness.fitsItsWidth(scrolled))
                seen.append(scrolled.text)
            }
        }
        let keyWidth = KeyHelp.entries.map(\.keys.terminalColumns).max() ?? 0
        for entry in KeyHelp.entries {
            let row =
                entry.keys + String(repeating: " ", count: keyWidth + 2 - entry.keys.terminalColumns)
                + entry.action
            #expect(seen.contains { $0.contains(row) }, "\(row)")
        }
    }

    @Test func belowTheSmallestItSaysSo() async throws {
        let harness = try await TerminalHarness(width: 39, height: 12)
        #expect(harness.app.render().text.contains("39×12, need at least"))
        harness.app.resize(width: 40, height: 11)
        #expect(harness.app.render().text.contains("40×11, need at least"))
        harness.app.resize(width: 40, height: 12)
        #expect(harness.app.render().text.contains("album 1 of 5"))
    }

    @Test func aTallTerminalShowsLargerCoversAndMoreDetails() async throws {
        let harness = try await TerminalHarness(width: 80, height: 40)
        let frame = try await harness.settledFrame()
        harness.snapshot(frame, "tui-tall")
        let text = frame.text
        #expect(text.contains("Cover   │ generated artwork: GET http://www.coversproject.com/"))
        #expect(text.contains("Id      │ 6b1e7c9e-0000-4000-8000-000000000000"))
        // The covers take the upper half and more: the details start below row 20.
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(try #require(rows.firstIndex { $0.contains("Artist  │") }) > 20)
        // The forms sit under the details, not over them.
        await harness.type("a")
        #expect(harness.app.render().text.contains("Id      │ 6b1e7c9e"))
    }

    @Test func longTitlesEndWithAnEllipsis() async throws {
        let albums = [
            Fixtures.album(
                "Sgt. Pepper's Lonely Hearts Club Band (Super Deluxe Edition, 2017 Stereo Mix and Outtakes)",
                by: "The Beatles", genre: "Rock", year: 1967),
            Fixtures.album(
                "教育 — 東京事変のデビュー・アルバム、二〇〇四年十一月二十五日発売の初回限定盤", by: "東京事変",
                genre: "J-Pop", year: 2004),
        ]
        let harness = try await TerminalHarness(albums: albums)
        #expect(
            harness.app.render().text.contains(
                "Album   │ Sgt. Pepper's Lonely Hearts Club Band (Super Deluxe Edition, 2017…"))
        // A long query in the title bar, a long wide title, a long status message.
        await harness.type("/artist:東京事変 year:2000..2009 genre:j-pop ^genre:jazz ^genre:classical\r")
        let frame = try await harness.settledFrame()
        harness.snapshot(frame, "tui-long-titles")
        #expect(harness.fitsItsWidth(frame))
        let rows = frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(rows[0].hasSuffix("genre:j-po… · album 1 of 1"), "the position is never shortened")
        #expect(rows[23].hasPrefix(" 1 album matches artist:東京事変") && rows[23].hasSuffix("…"))
        // Wide characters take two columns and are never cut in half, at any width.
        for width in [40, 41, 57, 80] {
            harness.app.resize(width: width, height: 12)
            let small = harness.app.render()
            #expect(harness.fitsItsWidth(small))
            let album = try #require(small.text.split(separator: "\n").first { $0.contains("Album   │") })
            #expect(album.hasSuffix("…"))
            #expect([width - 3, width - 2].contains(String(album).terminalColumns))
        }
    }

    @Test func theKeysOverlayListsEveryKeyAndAnyKeyClosesIt() async throws {
        let harness = try await TerminalHarness()
        await harness.type("?")
        harness.snapshot(try await harness.settledFrame(), "tui-keys")
        await harness.type("d")
        #expect(!harness.app.render().text.contains("any key closes"))
        #expect(try await harness.library.count() == 5, "the key that closes it does nothing else")
        await harness.type("d")
        #expect(try await harness.library.count() == 4)
    }
}

/// An album read from a music folder shows its tracks under the details.
@MainActor
struct TerminalTrackListTests {
    static func album(tracks count: Int) throws -> (Album, [Track]) {
        let id = AlbumID(trusted: "0d0b1e00-0000-4000-8000-000000000000")
        let tracks = (1...count).map { number in
            Track(
                disc: number <= 12 ? 1 : 2, number: number <= 12 ? number : number - 12,
                title: "Song number \(number)", artist: number == 3 ? "A Guest" : "The Band",
                duration: Double(150 + number), path: "/music/\(number).flac")
        }
        let length = tracks.reduce(0) { $0 + $1.duration }
        let album = try Album(
            id: id, title: "Double Album", artist: "The Band", genre: "Rock", year: 1999, trackCount: count,
            length: length)
        return (album, tracks)
    }

    @Test func aTallTerminalListsEveryTrack() async throws {
        let (album, tracks) = try Self.album(tracks: 14)
        let harness = try await TerminalHarness(
            width: 80, height: 40, albums: [album], tracks: [album.id: tracks])
        let frame = try await harness.settledFrame()
        harness.snapshot(frame, "tui-tracks")
        let text = frame.text
        #expect(text.contains("Tracks  │ 14 tracks, 36:45"))
        #expect(text.contains("    03  Song number 3 — A Guest"), "a guest artist is named")
        #expect(text.contains("    01  Song number 1 "), "the album's own artist is not repeated")
        #expect(text.contains("\n    Disc 2"), "each disc's tracks under its heading")
        #expect(text.contains("    02  Song number 14"))
        #expect(text.contains("2:31"))
    }

    @Test func aShortTerminalSaysHowManyMoreThereAre() async throws {
        let (album, tracks) = try Self.album(tracks: 14)
        let harness = try await TerminalHarness(albums: [album], tracks: [album.id: tracks])
        let text = try await harness.settledFrame().text
        #expect(text.contains("Tracks  │ 14 tracks, 36:45"))
        #expect(text.contains("\n    Disc 1"), "the first disc's heading: \(text)")
        #expect(text.contains("    01  Song number 1"))
        #expect(text.contains("… 13 more tracks"), "\(text)")
        // A prompt is drawn over the list.
        await harness.type("/")
        #expect(!harness.app.render().text.contains("\n    Disc 1"))
    }

    @Test func tracksFollowTheCurrentAlbum() async throws {
        let (album, tracks) = try Self.album(tracks: 2)
        let plain = Fixtures.album("Typed By Hand", by: "Someone")
        let harness = try await TerminalHarness(
            width: 80, height: 40, albums: [album, plain], tracks: [album.id: tracks])
        #expect(try await harness.settledFrame().text.contains("Tracks  │ 2 tracks"))
        await harness.press(.right)
        let text = try await harness.settledFrame().text
        #expect(text.contains("Typed By Hand"))
        #expect(!text.contains("Tracks"), "an album typed by hand has no track list")
        #expect(harness.app.controller.screen.tracks.isEmpty)
    }

    @Test func aDeletedAlbumUndoneComesBackWithItsTracks() async throws {
        let (album, tracks) = try Self.album(tracks: 2)
        let plain = Fixtures.album("Typed By Hand", by: "Someone")
        let harness = try await TerminalHarness(
            width: 80, height: 40, albums: [album, plain], tracks: [album.id: tracks])
        #expect(try await harness.settledFrame().text.contains("Tracks  │ 2 tracks"))
        await harness.type("d")
        #expect(try await harness.settledFrame().text.contains("Typed By Hand"))
        await harness.type("u")
        let text = try await harness.settledFrame().text
        #expect(text.contains("Double Album"))
        #expect(text.contains("Tracks  │ 2 tracks"), "\(text)")
        #expect(harness.app.controller.screen.tracks == tracks)
    }
}
