import BlueLibraryCore
import BlueLibraryFolderImport
import BlueLibraryScanner
import BlueLibraryServices
import Glibc
import TestSupport
import Testing

/// A scanned album stays whole through every change and its undo and redo: its id, fields, tracks (ids,
/// order, durations), cover and link to its files come back exactly, and an unchanged rescan afterwards
/// finds nothing to add, update or remove — on SQLite and on PostgreSQL.
struct WholeAlbumTests {
    /// The stores each test runs on.
    static let stores: [StoreKind] = [.sqlite, .postgres]

    /// A change a person makes to the scanned album "M" (or, for `importFolder`, the scan that adds it).
    enum Change: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case delete, remove, edit, modify, importFolder
        var testDescription: String { rawValue }
    }

    /// What follows the change.
    enum Steps: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case undo, undoRedo, undoRedoUndo
        var testDescription: String { rawValue }
    }

    /// Everything a face shows of the library: each album with its index and tracks, and the state.
    struct Shown: Equatable {
        var albums: [String]
        var canUndo: Bool
        var canRedo: Bool
    }

    private func shown(_ library: LibraryAPI) async throws -> Shown {
        var lines: [String] = []
        for (album, index) in try await library.page().albums {
            let tracks = try await library.album(.id(album.id)).tracks
            let listed = "\(album.trackCount) \(Track.clock(album.length))"
            lines.append(
                "\(index) \(album.id) \(album.title) | \(album.artist) | \(album.genre) | \(album.coverURL) | \(listed) | "
                    + tracks.map { "\($0.id) \($0.title) \($0.duration)" }.joined(separator: ", "))
        }
        let state = try await library.state()
        return Shown(albums: lines, canUndo: state.canUndo, canRedo: state.canRedo)
    }

    private func makeFolder() throws -> ScriptedLibrary {
        let folder = ScriptedLibrary()
        try folder.add(
            "m/1.mp3", tags("One", artist: "Band", album: "M", number: 1, genre: "Indie Folk", duration: 100))
        try folder.add(
            "m/2.mp3", tags("Two", artist: "Band", album: "M", number: 2, genre: "Indie Folk", duration: 200))
        folder.write("m/cover.jpg", "art")
        return folder
    }

    /// Every change with every sequence of steps after it.
    static let changesAndSteps = Change.allCases.flatMap { change in Steps.allCases.map { (change, $0) } }

    /// A facade over a new library of `kind`, and the directory that keeps its file alive.
    private func library(_ kind: StoreKind) async throws -> (LibraryAPI, TemporaryDirectory) {
        let (store, directory) = try await kind.make()
        return (LibraryAPI(store: store), directory)
    }

    /// The folder of album "M" (``makeFolder()``) imported into a new library of `kind`, with its importer
    /// (the directory holds the library: keep it alive).
    private func imported(_ kind: StoreKind) async throws
        -> (ScriptedLibrary, LibraryAPI, TemporaryDirectory, FolderImporter)
    {
        let folder = try makeFolder()
        let (library, directory) = try await library(kind)
        let importer = FolderImporter(library: library, scanner: folder.scanner)
        try await importer.importFolder(folder.root)
        return (folder, library, directory, importer)
    }

    @Test(arguments: stores, changesAndSteps)
    func aScannedAlbumStaysWholeThroughAChangeAndItsUndoAndRedo(kind: StoreKind, run: (Change, Steps))
        async throws
    {
        let (change, steps) = run
        let folder = try makeFolder()
        let (library, directory) = try await library(kind)
        defer { withExtendedLifetime(directory) {} }
        try await library.add(try Album(title: "Typed", artist: "Person"))
        if change != .importFolder {
            try await FolderImporter(library: library, scanner: folder.scanner).importFolder(folder.root)
        }
        let before = try await shown(library)
        let m = try? await library.album(try AlbumReference(parsing: "album:=M")).album
        switch change {
        case .delete: try await library.delete(.id(try #require(m).id))
        case .remove: try await library.remove(matching: try Query(parsing: "band"))
        case .edit: try await library.update(.id(try #require(m).id), with: AlbumPatch(artist: "The Band"))
        case .modify:
            try await library.modify(matching: try Query(parsing: "band"), with: AlbumPatch(genre: "Rock"))
        case .importFolder:
            try await FolderImporter(library: library, scanner: folder.scanner).importFolder(folder.root)
        }
        let after = try await shown(library)
        #expect(after.albums != before.albums)
        try await library.undo()
        if steps != .undo { try await library.redo() }
        if steps == .undoRedoUndo { try await library.undo() }
        let expected = steps == .undoRedo ? after : before
        #expect(try await shown(library).albums == expected.albums)

        let (rescan, _) = try await FolderImporter(library: library, scanner: folder.scanner).importFolder(
            folder.root)
        #expect((rescan.added, rescan.updated, rescan.removed) == (0, 0, 0))
        #expect(try await shown(library).albums == expected.albums, "the rescan changed nothing")
        #expect(folder.reads.tagReads == 2, "the files were read once, by the first scan")
    }

    @Test(arguments: stores)
    func anEditUndoneAndRedoneWritesBackOnlyItsOwnField(kind: StoreKind) async throws {
        let folder = try makeFolder()
        let (library, directory) = try await library(kind)
        defer { withExtendedLifetime(directory) {} }
        try await FolderImporter(library: library, scanner: folder.scanner).importFolder(folder.root)
        let m = try await library.album(try AlbumReference(parsing: "album:=M")).album
        try await library.update(.id(m.id), with: AlbumPatch(artist: "The Band"))
        // The files are retagged: the genre becomes Folk, and a rescan takes it (artist stays, by hand).
        try folder.add(
            "m/1.mp3", tags("One", artist: "Band", album: "M", number: 1, genre: "Folk", duration: 100),
            content: "audio, retagged")
        try folder.add(
            "m/2.mp3", tags("Two", artist: "Band", album: "M", number: 2, genre: "Folk", duration: 200),
            content: "audio, retagged")
        let (rescan, _) = try await FolderImporter(library: library, scanner: folder.scanner).importFolder(
            folder.root)
        #expect(rescan.updated == 1)
        func fields() async throws -> (String, String) {
            let album = try await library.album(.id(m.id)).album
            return (album.artist, album.genre)
        }
        #expect(try await fields() == ("The Band", "Folk"))
        try await library.undo()  // the rescan's step: the genre goes back
        #expect(try await fields() == ("The Band", "Indie Folk"))
        try await library.redo()
        #expect(try await fields() == ("The Band", "Folk"))
        try await library.undo()
        try await library.undo()  // the edit: only the artist goes back
        #expect(try await fields() == ("Band", "Indie Folk"))
        try await library.redo()
        try await library.redo()
        #expect(try await fields() == ("The Band", "Folk"))
    }

    @Test(arguments: stores)
    func anEditUndoneAfterItsFieldChangedAgainLeavesTheNewerValue(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let library = LibraryAPI(store: store)
        let sting = Album.seeds[2]
        try await library.update(.id(sting.id), with: AlbumPatch(genre: "Rock", year: .some(1987)))
        // The year changes again outside this step (as a program writing the database directly would);
        // undoing the step puts its genre back and keeps the newer year.
        let changed = try await library.album(.id(sting.id)).album
        _ = try await store.write { writer in
            try writer.applyEdit(
                AlbumEdit(
                    from: changed, to: try changed.updating(AlbumPatch(year: .some(1993))), byHand: true))
        }
        try await library.undo()
        var album = try await library.album(.id(sting.id)).album
        #expect((album.genre, album.year) == ("Pop", 1993))
        try await library.redo()
        album = try await library.album(.id(sting.id)).album
        #expect((album.genre, album.year) == ("Rock", 1993), "redo writes back only what undo put back")
    }

    @Test(arguments: stores)
    func theTutorialsAlbumsMakeWayForARealCollectionAndOneUndoBringsThemBack(kind: StoreKind) async throws {
        let folder = try makeFolder()
        let (library, directory) = try await library(kind)
        defer { withExtendedLifetime(directory) {} }
        let (report, _) = try await FolderImporter(library: library, scanner: folder.scanner).importFolder(
            folder.root)
        #expect(report.removedSeeds)
        #expect(try await library.albums().map(\.title) == ["M"])
        let undo = try await library.undo()
        #expect(undo?.effect?.inverse.summary == "import of a music folder (1 added, 5 removed)")
        #expect(try await library.albums() == Album.seeds)
    }

    @Test(arguments: stores)
    func editedOrExtraAlbumsAreNeverReplaced(kind: StoreKind) async throws {
        for prepare in ["edit", "add"] {
            let folder = try makeFolder()
            let (library, directory) = try await library(kind)
            defer { withExtendedLifetime(directory) {} }
            if prepare == "edit" {
                try await library.update(.index(0), with: AlbumPatch(genre: "Glam"))
            } else {
                try await library.add(try Album(title: "Mine", artist: "Me"))
            }
            let (report, _) = try await FolderImporter(library: library, scanner: folder.scanner)
                .importFolder(folder.root)
            #expect(!report.removedSeeds, "\(prepare)")
            #expect(try await library.count() == 7 - (prepare == "edit" ? 1 : 0), "\(prepare)")
        }
    }

    @Test(arguments: stores)
    func aFolderThatCannotBeReadNowKeepsItsAlbums(kind: StoreKind) async throws {
        let folder = try makeFolder()
        let (library, directory) = try await library(kind)
        defer { withExtendedLifetime(directory) {} }
        try await FolderImporter(library: library, scanner: folder.scanner).importFolder(folder.root)
        let before = try await shown(library)
        // The files change, but cannot be read: the album keeps what was read before.
        folder.scripted.forget(folder.path("m/1.mp3"))
        folder.write("m/1.mp3", "audio, changed, unreadable")
        let (rescan, result) = try await FolderImporter(library: library, scanner: folder.scanner)
            .importFolder(folder.root)
        #expect(result.unreadable.map(\.path) == [folder.path("m/1.mp3")])
        #expect((rescan.added, rescan.updated, rescan.removed) == (0, 0, 0))
        #expect(try await shown(library).albums == before.albums)
    }

    /// The titles of album "M"'s tracks.
    private func trackTitles(_ library: LibraryAPI) async throws -> [String] {
        try await library.album(try AlbumReference(parsing: "album:=M")).tracks.map(\.title)
    }

    @Test(arguments: stores)
    func aRescanThatChangesOnlyATrackIsItsOwnUndoStepAndUndoNeverReachesPastIt(kind: StoreKind) async throws {
        let (folder, library, directory, importer) = try await imported(kind)
        defer { withExtendedLifetime(directory) {} }
        let typed = try await library.add(try Album(title: "Post", artist: "Björk"))
        try await library.update(.id(try #require(typed.album).id), with: AlbumPatch(genre: "Art Pop"))
        // A track's title changes in its file: the album's fields stay the same.
        try folder.add(
            "m/2.mp3",
            tags("Two (Live)", artist: "Band", album: "M", number: 2, genre: "Indie Folk", duration: 200),
            content: "audio, retitled")
        let (rescan, _) = try await importer.importFolder(folder.root)
        #expect((rescan.added, rescan.updated, rescan.removed) == (0, 1, 0))
        #expect(try await trackTitles(library) == ["One", "Two (Live)"])

        let undo = try #require(try await library.undo())
        #expect(undo.effect?.inverse.summary == "import of a music folder (1 track changed)")
        #expect(try await trackTitles(library) == ["One", "Two"], "the scan's own change is undone")
        #expect(
            try await library.album(.id(try #require(typed.album).id)).album.genre == "Art Pop",
            "the older edit is untouched")
        try await library.redo()
        #expect(try await trackTitles(library) == ["One", "Two (Live)"])
        try await library.undo()
        // The file still says "Two (Live)": the next scan reads it again and takes it again.
        let (again, _) = try await importer.importFolder(folder.root)
        #expect(again.updated == 1)
        #expect(try await trackTitles(library) == ["One", "Two (Live)"])
    }

    @Test(arguments: stores)
    func aFileDeletedAndRescannedComesBackWithUndo(kind: StoreKind) async throws {
        let (folder, library, directory, importer) = try await imported(kind)
        defer { withExtendedLifetime(directory) {} }
        try await library.update(.index(0), with: AlbumPatch(genre: "Folk Rock"))
        let before = try await shown(library)
        #expect(unlink(folder.path("m/2.mp3")) == 0)
        let (rescan, _) = try await importer.importFolder(folder.root)
        #expect(rescan.updated == 1)
        #expect(try await trackTitles(library) == ["One"])
        let undo = try #require(try await library.undo())
        #expect(undo.effect?.inverse.summary.contains("1 track removed") == true)
        #expect(try await shown(library).albums == before.albums, "the track is back, the edit kept")
        #expect(try await library.album(.index(0)).album.genre == "Folk Rock")
        try await library.redo()
        #expect(try await trackTitles(library) == ["One"])
    }

    @Test(arguments: stores)
    func aMovedFileKeepsItsTrackIDStarsRatingsPlaysAndPlaylistPlaces(kind: StoreKind) async throws {
        let (folder, library, directory, importer) = try await imported(kind)
        defer { withExtendedLifetime(directory) {} }
        let old = TrackID(path: folder.path("m/2.mp3")).rawValue
        try await library.store.write { writer in
            try writer.setStar(1_700_000_000_000, user: "ann", kind: .song, id: old)
            try writer.setRating(4, user: "ann", kind: .song, id: old)
            try writer.recordPlay(user: "ann", track: old, at: 1_700_000_000_000)
            try writer.savePlaylist(
                StoredPlaylist(id: "p", owner: "ann", name: "Mix", created: 1, changed: 1, trackIDs: [old]))
        }
        // Renamed into another folder: the same bytes and tags at a new path.
        let moved = folder.path("elsewhere/two.mp3")
        #expect(mkdir(folder.path("elsewhere"), 0o755) == 0)
        #expect(rename(folder.path("m/2.mp3"), moved) == 0)
        folder.scripted.set(
            tags("Two", artist: "Band", album: "M", number: 2, genre: "Indie Folk", duration: 200), for: moved
        )
        let (rescan, _) = try await importer.importFolder(folder.root)
        #expect(rescan.moved == 1)
        func id(at path: String) async throws -> String? {
            try await library.store.read { try $0.storedTracks(under: folder.root) }
                .first { $0.track.path == path }?.track.id
        }
        #expect(try await id(at: moved) == old, "the moved file's track keeps its id")
        #expect(try await library.store.read { try $0.track(old) }?.track.path == moved)
        let new = old
        func kept(_ id: String) async throws -> String {
            let contents = try await library.store.read { try $0.contents() }
            let star = contents.stars.contains { $0.item == id }
            let rating = contents.ratings.first { $0.item == id }?.value
            let plays = contents.plays.first { $0.track == id }?.count
            let listed = contents.playlists.first?.trackIDs == [id]
            return "star \(star) rating \(rating ?? 0) plays \(plays ?? 0) listed \(listed)"
        }
        #expect(try await kept(new) == "star true rating 4 plays 1 listed true")
        // Undo gives them back to the track at its old path; redo to the new one.
        let undo = try #require(try await library.undo())
        #expect(
            undo.effect?.inverse.summary.contains("1 track moved") == true,
            "\(undo.effect?.inverse.summary ?? "")")
        #expect(try await kept(old) == "star true rating 4 plays 1 listed true")
        #expect(try await id(at: folder.path("m/2.mp3")) == old, "undo: back at its old path, the same id")
        try await library.redo()
        #expect(try await kept(new) == "star true rating 4 plays 1 listed true")
        #expect(try await id(at: moved) == old)
        // A new file where the moved one was gets an id of its own; the moved track keeps its id and all
        // that hangs on it, through a retagging of its file too.
        try folder.add(
            "m/2.mp3", tags("Deux", artist: "Band", album: "M", number: 2, genre: "Indie Folk", duration: 150)
        )
        folder.scripted.set(
            tags("Two (Live)", artist: "Band", album: "M", number: 2, genre: "Indie Folk", duration: 200),
            for: moved)
        folder.write("elsewhere/two.mp3", "audio, retagged")
        let (again, _) = try await importer.importFolder(folder.root)
        #expect(again.moved == 0)
        let newcomer = try #require(try await id(at: folder.path("m/2.mp3")))
        #expect(newcomer != old && TrackID(newcomer) != nil)
        #expect(try await id(at: moved) == old)
        #expect(try await kept(old) == "star true rating 4 plays 1 listed true")
        #expect(try await library.store.read { try $0.track(old) }?.track.title == "Two (Live)")
        // Undone, the newcomer goes and the moved track is as it was; redone, both are back as they were.
        try await library.undo()
        #expect(try await id(at: folder.path("m/2.mp3")) == nil)
        #expect(try await library.store.read { try $0.track(old) }?.track.title == "Two")
        try await library.redo()
        #expect(try await id(at: folder.path("m/2.mp3")) == newcomer)
        #expect(try await id(at: moved) == old)
    }

    @Test(arguments: stores)
    func anAlbumWhoseFilesWentAndCameBackComesBackWhole(kind: StoreKind) async throws {
        let (folder, library, directory, importer) = try await imported(kind)
        defer { withExtendedLifetime(directory) {} }
        try await library.add(try Album(title: "Typed", artist: "Person"))
        let before = try await shown(library)
        // The album's folder goes away (a disk unmounted under it, a folder moved out), then comes back.
        #expect(rename(folder.path("m"), folder.root + "-m-away") == 0)
        let (gone, _) = try await importer.importFolder(folder.root)
        #expect(gone.removed == 1)
        #expect(rename(folder.root + "-m-away", folder.path("m")) == 0)
        let (back, _) = try await importer.importFolder(folder.root)
        #expect((back.added, back.leftOut) == (1, 0))
        let album = try await library.album(try AlbumReference(parsing: "album:=M"))
        #expect(album.tracks.map(\.title) == ["One", "Two"])
        #expect(
            Set(try await shown(library).albums.map { $0.dropFirst(2) })
                == Set(before.albums.map { $0.dropFirst(2) }),
            "the same album, id, fields and tracks (at the end of the library now)")
        // A person's deletion is another matter: the album stays out however often its folder is scanned.
        try await library.delete(.id(album.album.id))
        let (again, _) = try await importer.importFolder(folder.root)
        #expect((again.added, again.leftOut) == (0, 1))
    }

    /// A rescan that finds every file as it was is not news: nothing is announced, so no page reads the
    /// library again for it (the watcher scans each folder when a server starts).
    @Test(arguments: stores)
    func aRescanThatChangesNothingAnnouncesNothing(kind: StoreKind) async throws {
        let (folder, library, directory, importer) = try await imported(kind)
        defer { withExtendedLifetime(directory) {} }
        let changes = library.changes.stream()
        try await importer.importFolder(folder.root)
        try await library.add(try Album(title: "Typed", artist: "Person"))
        for await change in changes {
            #expect(change.kind == .add, "the first news is the album added, not the rescan")
            break
        }
    }

    /// A scan's removal undone and redone is still the scan's: the album comes back whole when its
    /// files do, as it would had the step never been undone.
    @Test(arguments: stores)
    func aScansRemovalUndoneAndRedoneStillComesBackWithItsFiles(kind: StoreKind) async throws {
        let (folder, library, directory, importer) = try await imported(kind)
        defer { withExtendedLifetime(directory) {} }
        #expect(rename(folder.path("m"), folder.root + "-m-away") == 0)
        let (gone, _) = try await importer.importFolder(folder.root)
        #expect(gone.removed == 1)
        #expect(try await library.undo() != nil)
        #expect(try await library.albums().contains { $0.title == "M" }, "undo brought it back")
        #expect(try await library.redo() != nil)
        #expect(!(try await library.albums().contains { $0.title == "M" }), "redo removed it again")
        #expect(rename(folder.root + "-m-away", folder.path("m")) == 0)
        let (back, _) = try await importer.importFolder(folder.root)
        #expect((back.added, back.leftOut) == (1, 0), "removed by the scan, not by a person")
        let album = try await library.album(try AlbumReference(parsing: "album:=M"))
        #expect(album.tracks.map(\.title) == ["One", "Two"])
    }

    @Test(arguments: stores)
    func anAlbumFolderRenamedIsTheSameAlbum(kind: StoreKind) async throws {
        let (folder, library, directory, importer) = try await imported(kind)
        defer { withExtendedLifetime(directory) {} }
        let m = try await library.album(try AlbumReference(parsing: "album:=M")).album
        try await library.update(.id(m.id), with: AlbumPatch(genre: "Chamber Folk"))
        #expect(rename(folder.path("m"), folder.path("M (2004)")) == 0)
        for (name, number) in [("1.mp3", 1), ("2.mp3", 2)] {
            folder.scripted.set(
                tags(
                    number == 1 ? "One" : "Two", artist: "Band", album: "M", number: number,
                    genre: "Indie Folk",
                    duration: Double(100 * number)),
                for: folder.path("M (2004)/\(name)"))
        }
        let (rescan, _) = try await importer.importFolder(folder.root)
        #expect((rescan.added, rescan.removed, rescan.moved) == (0, 0, 2))
        let after = try await library.album(.id(m.id))
        #expect(after.album.genre == "Chamber Folk", "the same album, its hand edit kept")
        #expect(after.tracks.map(\.path) == [folder.path("M (2004)/1.mp3"), folder.path("M (2004)/2.mp3")])
        #expect(try await library.albums().filter { $0.title == "M" }.count == 1)
    }

    /// "Bjork" corrected to "Björk": the tracks credited to the album's artist follow, a guest's track
    /// keeps its guest; one undo takes back both, and a rescan of the retagged files keeps the correction.
    @Test(arguments: stores)
    func correctingTheAlbumArtistCorrectsItsTracksButNotItsGuests(kind: StoreKind) async throws {
        let folder = ScriptedLibrary()
        func write(genre: String, content: String) throws {
            try folder.add(
                "b/1.mp3", tags("One", artist: "Bjork", album: "Post", number: 1, genre: genre),
                content: content)
            try folder.add(
                "b/2.mp3", tags("Two", artist: "Bjork", album: "Post", number: 2, genre: genre),
                content: content)
            try folder.add(
                "b/3.mp3", tags("Three", artist: "Thom", album: "Post", number: 3, genre: genre),
                content: content)
        }
        try write(genre: "Pop", content: "audio")
        let (library, directory) = try await library(kind)
        defer { withExtendedLifetime(directory) {} }
        let importer = FolderImporter(library: library, scanner: folder.scanner)
        try await importer.importFolder(folder.root)
        let post = try await library.album(try AlbumReference(parsing: "album:=Post")).album
        func artists() async throws -> [String] {
            let details = try await library.album(.id(post.id))
            return [details.album.artist] + details.tracks.map(\.artist)
        }
        let change = try await library.update(.id(post.id), with: AlbumPatch(artist: "Björk"))
        #expect(change.album?.artist == "Björk")
        #expect(try await artists() == ["Björk", "Björk", "Björk", "Thom"])
        #expect(try await library.undo()?.effect?.inverse.summary == "edit \"Post\"")
        #expect(try await artists() == ["Bjork", "Bjork", "Bjork", "Thom"])
        try await library.redo()
        #expect(try await artists() == ["Björk", "Björk", "Björk", "Thom"])
        try write(genre: "Art Pop", content: "audio, retagged")
        try await importer.importFolder(folder.root)
        #expect(
            try await artists() == ["Björk", "Björk", "Björk", "Thom"], "the rescan keeps the correction")
        // A bulk modify does the same.
        try await library.modify(
            matching: try Query(parsing: "album:=Post"), with: AlbumPatch(artist: "Bjørk"))
        #expect(try await artists() == ["Bjørk", "Bjørk", "Bjørk", "Thom"])
        #expect(try await library.undo()?.effect?.inverse.summary == "change of 1 album")
        #expect(try await artists() == ["Björk", "Björk", "Björk", "Thom"])
    }
}
