import BlueLibraryCore
import BlueLibraryTerminal
import TerminalKit
import TestSupport
import Testing

/// `e` edits the current album in a form like add's: Enter saves through the controller, a mistake is
/// shown in the form (which stays open), Esc cancels, and `u` undoes the edit like any change.
@MainActor
struct TerminalEditTests {
    /// Ctrl+U: clears the focused field.
    private let clear = "\u{15}"

    @Test func anEditIsSavedAndUndoneThroughTheLibrary() async throws {
        let harness = try await TerminalHarness()
        await harness.type("le")
        let form = harness.app.render().text
        #expect(form.contains("Edit the album — Tab moves, Enter saves, Esc cancels"))
        #expect(form.contains("› Title   It's My Life▏"))
        #expect(form.contains("    Artist  No Doubt"))
        #expect(form.contains("    Year    2003"))
        await harness.type(clear + "Rock Steady\t\t\t" + clear + "2001\r")
        let edited = try #require(try await harness.library.currentAlbum())
        #expect(edited.index == 1)
        #expect(edited.album.title == "Rock Steady")
        #expect(edited.album.artist == "No Doubt")
        #expect(edited.album.year == 2001)
        #expect(edited.album.id == Album.seeds[1].id)
        let frame = harness.app.render().text
        #expect(frame.contains("Album   │ Rock Steady") && frame.contains("Edited \"Rock Steady\""))
        #expect(!frame.contains("Edit the album"), "the form closed")
        await harness.type("u")
        #expect(try await harness.library.albums() == Album.seeds)
        #expect(harness.app.render().text.contains("Undid edit \"Rock Steady\""))
        await harness.type("r")
        #expect(try await harness.library.currentAlbum()?.album.title == "Rock Steady")
    }

    /// In the track list (Tab), `e` edits the track under the cursor — its title, artist, number and
    /// disc — in the same form: a number that is none is shown in the form, Enter saves one undo step.
    @Test func aTrackIsEditedFromTheTrackListAndUndone() async throws {
        let (album, tracks) = try TerminalTrackListTests.album(tracks: 3)
        let harness = try await TerminalHarness(
            width: 80, height: 30, albums: [album], tracks: [album.id: tracks])
        await harness.type("\tje")
        let form = harness.app.render().text
        #expect(form.contains("Edit the track — Tab moves, Enter saves, Esc cancels"), "\(form)")
        #expect(form.contains("› Title   Song number 2▏"))
        #expect(form.contains("    Number  2"))
        #expect(form.contains("    Disc    1"))
        await harness.type(clear + "Second Song\t\t" + clear + "x\r")
        #expect(
            harness.app.render().text.contains("invalid number 'x': must be a whole number from 1 to 9999"),
            "the mistake in the form, which stays open")
        #expect(try await harness.library.album(.id(album.id)).tracks == tracks, "nothing changed")
        await harness.type(clear + "7\r")
        let edited = try await harness.library.album(.id(album.id)).tracks
        let second = try #require(edited.first { $0.title == "Second Song" })
        #expect(second.number == 7 && second.artist == "The Band" && second.id == tracks[1].id)
        #expect(harness.app.render().text.contains("Edited track \"Second Song\""))
        #expect(!harness.app.render().text.contains("Edit the track"), "the form closed")
        await harness.type("\u{1B}u")
        #expect(try await harness.library.album(.id(album.id)).tracks == tracks, "one undo step")
    }

    /// The form's last field is the track's own genres: names separated by ";", empty for the album's.
    @Test func aTracksGenresAreEditedInTheForm() async throws {
        let (album, tracks) = try TerminalTrackListTests.album(tracks: 3)
        let harness = try await TerminalHarness(
            width: 80, height: 30, albums: [album], tracks: [album.id: tracks])
        await harness.type("\tje")
        #expect(harness.app.render().text.contains("    Genres  "), "\(harness.app.render().text)")
        await harness.type("\t\t\t\tAmbient; Drone\r")
        let edited = try #require(
            try await harness.library.album(.id(album.id)).tracks.first { $0.id == tracks[1].id })
        #expect(edited.details.editedGenres == ["Ambient", "Drone"])
        await harness.type("e")
        #expect(
            harness.app.render().text.contains("    Genres  Ambient; Drone"), "\(harness.app.render().text)")
        await harness.type("\t\t\t\t" + clear + "\r")
        let cleared = try #require(
            try await harness.library.album(.id(album.id)).tracks.first { $0.id == tracks[1].id })
        #expect(cleared.details.editedGenres == [], "none of its own: the album's apply")
        await harness.type("\u{1B}u\u{1B}u")
        #expect(try await harness.library.album(.id(album.id)).tracks == tracks, "one undo step each")
    }

    /// A guest searched for by artist (`/artist:"a guest"`) is found on the albums they appear on, after
    /// their own (none here); a query of more than the artist finds albums by their own fields only.
    @Test func aGuestSearchedAsAnArtistFindsTheAlbumsTheyAppearOn() async throws {
        let (album, tracks) = try TerminalTrackListTests.album(tracks: 3)
        let harness = try await TerminalHarness(
            width: 80, height: 30, albums: Album.seeds + [album], tracks: [album.id: tracks])
        await harness.type("/artist:\"a guest\"\r")
        #expect(harness.app.controller.screen.albums.map(\.id) == [album.id])
        #expect(harness.app.controller.screen.message == "1 album matches artist:\"a guest\"")
        await harness.type("/artist:\"the band\"\r")
        #expect(harness.app.controller.screen.albums.map(\.id) == [album.id], "their own, once")
        await harness.type("/artist:\"a guest\" year:1999\r")
        #expect(harness.app.controller.screen.albums.isEmpty)
    }

    @Test func aMistakeIsShownInTheFormWhichStaysOpen() async throws {
        let harness = try await TerminalHarness()
        await harness.type("lle\u{1B}[A" + clear + "12\r")
        let frame = try await harness.settledFrame()
        harness.snapshot(frame, "tui-edit-form-error")
        #expect(frame.text.contains("    invalid year '12': must be between 1000 and 9999"))
        #expect(frame.text.contains("› Year    12▏"), "the form is still open on the year")
        #expect(
            frame.text.split(separator: "\n").last?.contains("invalid") == false, "not on the status line")
        #expect(try await harness.library.albums() == Album.seeds)
        #expect(try await harness.library.state().canUndo == false)
        // Putting it right saves.
        await harness.type(clear + "1987\r")
        #expect(try await harness.library.currentAlbum()?.album.year == 1987)
        #expect(!harness.app.render().text.contains("invalid year"))
    }

    @Test func inASmallTerminalTheMistakeTakesTwoLines() async throws {
        let harness = try await TerminalHarness(width: 40, height: 12)
        await harness.type("e\u{1B}[A" + clear + "12\r")
        let rows = harness.app.render().text.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        let year = try #require(rows.firstIndex { $0.contains("› Year    12▏") })
        #expect(rows[year + 1] == "│    invalid year '12': must be        │")
        #expect(rows[year + 2] == "│    between 1000 and 9999             │")
        #expect(rows[10].hasSuffix("[Trash]"))
    }

    @Test func anEmptyTitleIsRefusedInTheForm() async throws {
        let harness = try await TerminalHarness()
        await harness.type("e" + clear + "\r")
        let text = harness.app.render().text
        #expect(text.contains("invalid title '': must not be empty"))
        #expect(text.contains("› Title   ▏"))
        #expect(try await harness.library.albums() == Album.seeds)
    }

    @Test func escapeCancelsAndNothingChanges() async throws {
        let harness = try await TerminalHarness()
        await harness.type("eSomething else\u{1B}")
        #expect(!harness.app.render().text.contains("Edit the album"))
        #expect(try await harness.library.albums() == Album.seeds)
        #expect(try await harness.library.state().canUndo == false)
    }

    @Test func anUnchangedFormMakesNoUndoStep() async throws {
        let harness = try await TerminalHarness()
        await harness.type("e \t\t\t\r")
        #expect(harness.app.controller.screen.message == "Nothing changed in \"Best of Bowie\"")
        #expect(try await harness.library.state().canUndo == false)
    }

    @Test func editingAnAlbumDeletedMeanwhileSaysSoInTheForm() async throws {
        let harness = try await TerminalHarness()
        await harness.type("eHeroes")
        // Another face deletes it while the form is open.
        let deleted = try await harness.library.delete(.index(0))
        await harness.app.controller.waitUntilShowing(deleted)
        await harness.type("\r")
        let text = harness.app.render().text
        #expect(text.contains("no album with id \(Album.seeds[0].id)"))
        #expect(text.contains("› Title   Best of BowieHeroes▏"))
        #expect(try await harness.library.count() == 4)
    }

    @Test func anEditThatLeavesTheSearchSaysSoAndEscShowsItAgain() async throws {
        let harness = try await TerminalHarness()
        await harness.type("/sun\re" + clear + "Ten Summoner's Tales\r")
        #expect(
            try await harness.library.locate(.id(Album.seeds[2].id)).album.title == "Ten Summoner's Tales")
        #expect(
            harness.app.render().text.contains(
                "The current album does not match the search. Press Esc to clear it."))
        await harness.press(.escape)
        #expect(harness.app.render().text.contains("Album   │ Ten Summoner's Tales"))
    }

    @Test func eOnAnEmptyLibrarySaysSo() async throws {
        let harness = try await TerminalHarness(albums: [])
        await harness.type("e")
        #expect(harness.app.render().text.contains("The library is empty: nothing to edit."))
        await harness.type("x")
        #expect(try await harness.library.count() == 0)
    }
}
