import BlueLibraryCore
import BlueLibraryStore
import TestSupport
import Testing

/// What every store does alike (StoreKind: SQLite, and PostgreSQL on a cluster the run starts): the same
/// order and indexes, the same history, outbox, tracks and deleted albums, the same answers to queries.
struct LibraryStoreContractTests {
    private func titles(_ store: any LibraryStore, _ query: Query = .all) async throws -> [String] {
        try await store.read { try $0.albums(matching: query).map(\.title) }
    }

    @Test(arguments: StoreKind.allCases)
    func aNewLibraryHoldsTheFiveSeedsInOrder(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        #expect(try await titles(store) == Fixtures.seedTitles)
        #expect(try await store.read { try $0.count() } == 5)
        #expect(try await store.read { try $0.album(at: 2) }?.title == "Nothing Like The Sun")
        #expect(try await store.read { try $0.album(at: 5) } == nil)
        #expect(try await store.read { try $0.album(at: -1) } == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func insertAtAnIndexIsExactAndRemoveShiftsBack(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let new = Fixtures.album("New")
        try await store.write { try $0.insert(new, at: 1) }
        #expect(
            try await titles(store) == [
                "Best of Bowie", "New", "It's My Life", "Nothing Like The Sun", "Staring at the Sun",
                "American Pie",
            ])
        #expect(try await store.read { try $0.locate(new.id) }?.index == 1)
        try await store.write { try $0.insert(Fixtures.album("End"), at: 6) }
        #expect(try await titles(store).last == "End")
        let removed = try await store.write { try $0.remove(at: 0) }
        #expect(removed?.title == "Best of Bowie")
        #expect(try await store.read { try $0.locate(new.id) }?.index == 0)
        #expect(try await store.write { try $0.remove(at: 99) } == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func anEditKeepsPositionAndIdentityAndChangesOnlyItsFields(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let sting = Album.seeds[2]
        let changed = try sting.updating(AlbumPatch(title: "Ten Summoner's Tales", year: .some(1993)))
        let edit = AlbumEdit(from: sting, to: changed, byHand: true)
        let applied = try await store.write { try $0.applyEdit(edit) }
        #expect(applied == edit)
        #expect(try await store.read { try $0.album(at: 2) } == changed)
        // Undoing the edit after the title changed again leaves the newer title and reverts the year.
        let retitled = try changed.updating(AlbumPatch(title: "Soul Cages"))
        _ = try await store.write { try $0.applyEdit(AlbumEdit(from: changed, to: retitled, byHand: false)) }
        let undone = try await store.write { try $0.applyEdit(edit.inverse) }
        #expect(undone?.changes.map(\.field) == [.year])
        #expect(
            try await store.read { try $0.album(at: 2) }
                == (try retitled.updating(AlbumPatch(year: .some(1999)))))
        let ghost = Fixtures.album("Ghost")
        #expect(
            try await store.write { try $0.applyEdit(AlbumEdit(from: ghost, to: ghost, byHand: true)) } == nil
        )
    }

    @Test(arguments: StoreKind.allCases)
    func aDeletedAlbumComesBackWholeAndItsTracksAreNotServedMeanwhile(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let album = Album.seeds[1]
        let track = StoredTrack(
            track: Track(
                disc: 1, number: 1, title: "Echo", artist: "No Doubt", duration: 180, path: "/m/t1.mp3"),
            albumID: album.id, size: 10, modified: 20, tags: "stored")
        try await store.write { writer in
            try writer.replaceTracks(of: album.id, with: [track])
            try writer.saveScanned(album.withTracks(count: 1, length: 180), source: "key")
        }
        #expect(try await store.write { try $0.remove(at: 1) }?.id == album.id)
        #expect(try await store.read { try $0.track(track.track.id) } == nil)
        #expect(try await store.read { try $0.scanOrigins(under: "/m") }.map(\.isDeleted) == [true])
        #expect(try await store.read { try $0.storedTracks(under: "/m") }.count == 1)
        let restored = try await store.write { try $0.restore(album.id, at: 1) }
        #expect(restored?.trackCount == 1)
        #expect(try await store.read { try $0.locate(album.id) }?.index == 1)
        #expect(try await store.read { try $0.tracks(of: album.id) } == [track.track])
        #expect(try await store.read { try $0.track(track.track.id) }?.tags == "stored")
        #expect(
            try await store.read { try $0.scanOrigins(under: "/m") } == [
                ScanOrigin(id: album.id, source: "key", edited: [], isDeleted: false)
            ])
        #expect(try await store.write { try $0.restore(album.id, at: 0) } == nil, "nothing is kept once back")
    }

    @Test(arguments: StoreKind.allCases)
    func tracksUnderAFolderAreFoundAndCounted(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let album = Album.seeds[0].id
        let paths = ["/music/a.mp3", "/music/sub/b.flac", "/music0/c.mp3", "/musical/d.mp3", "/m/e.mp3"]
        let tracks = paths.enumerated().map { index, path in
            StoredTrack(
                track: Track(
                    disc: 1, number: index + 1, title: "T\(index)", artist: "A", duration: 1,
                    path: path),
                albumID: album, size: 10, modified: 20, tags: "")
        }
        try await store.write { try $0.replaceTracks(of: album, with: tracks) }
        for root in ["/music", "/music/"] {
            let under = try await store.read { try $0.storedTracks(under: root) }
            #expect(under.map(\.track.path).sorted() == ["/music/a.mp3", "/music/sub/b.flac"])
            #expect(try await store.read { try $0.trackCount(under: root) } == 2)
        }
        #expect(try await store.read { try $0.trackCount(under: "/") } == 5)
        #expect(try await store.read { try $0.trackCount(under: "/elsewhere") } == 0)
    }

    /// A track's genres set by hand — several, none of its own, or none set (its tags') — read back the
    /// same from every read of tracks: an album's, a query's, the catalog's and a copy's.
    @Test(arguments: StoreKind.allCases)
    func aTracksGenresSetByHandAreKeptAsSet(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let album = Album.seeds[0].id
        let edits: [[String]?] = [["Trip Hop", "Electronic"], [], nil]
        let tracks = edits.enumerated().map { index, genres in
            var track = Track(
                disc: 1, number: index + 1, title: "T\(index)", artist: "A", duration: 1,
                path: "/music/\(index).flac")
            track.details.editedGenres = genres
            return StoredTrack(track: track, albumID: album, size: 10, modified: 20, tags: "")
        }
        try await store.write { try $0.replaceTracks(of: album, with: tracks) }
        let stored = try await store.read { try $0.storedTracks(of: album) }
        #expect(stored.map(\.track.details.editedGenres) == edits)
        let queried = try await store.read { reader in
            var found: [[String]?] = []
            try reader.forEachTrack(matching: try Query(terms: ["track:T"]), offset: 0, limit: 10) {
                track, _ in
                found.append(track.details.editedGenres)
            }
            return found
        }
        #expect(queried == edits)
        let catalog = try await store.read {
            try $0.catalogTracks(TrackSelection(album: album), offset: 0, limit: 10)
        }
        #expect(catalog.map(\.stored.track.details.editedGenres) == edits)
        let contents = try await store.read { try $0.contents() }
        let copied = contents.tracks.filter { $0.albumID == album }.map(\.track.details.editedGenres)
        #expect(copied == edits)
        let (copy, copyDirectory) = try await kind.make()
        defer { withExtendedLifetime(copyDirectory) {} }
        try await copy.create(from: contents)
        #expect(
            try await copy.read { try $0.storedTracks(of: album) }.map(\.track.details.editedGenres) == edits)
    }

    @Test(arguments: StoreKind.allCases)
    func aFailedWriteChangesNothing(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        struct Boom: Error {}
        await #expect(throws: Boom.self) {
            try await store.write { writer in
                _ = try writer.remove(at: 0)
                try writer.push(.delete(Album.seeds[0], index: 0), on: .undo, limit: 10)
                try writer.saveCurrent(CurrentAlbum(id: Album.seeds[1].id, index: 0))
                throw Boom()
            }
        }
        #expect(try await titles(store) == Fixtures.seedTitles)
        #expect(try await store.read { try $0.historyCount(.undo) } == 0)
        #expect(try await store.read { try $0.savedCurrent() } == nil)
    }

    /// A history entry that is not a command (damaged outside the program) is an error naming it, and
    /// the failed pop keeps it where it was.
    @Test(arguments: StoreKind.allCases)
    func aDamagedHistoryEntryIsNamedAndKept(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        try await store.write { writer in
            guard let library = writer as? any SQLLibrary else { throw LibraryError(.internal, "not SQL") }
            try library.execute("INSERT INTO history (side, command) VALUES (0, 'not a command')", [])
        }
        do {
            _ = try await store.write { try $0.pop(.undo) }
            Issue.record("a damaged entry was popped")
        } catch let error as LibraryError {
            #expect(error.code == .corruptLibrary)
            #expect(error.message.contains("has a damaged history entry"), "\(error.message)")
        }
        #expect(try await store.read { try $0.historyCount(.undo) } == 1)
    }

    @Test(arguments: StoreKind.allCases)
    func appendingAnIdPresentWithOtherFieldsConflictsAndKeepsNothing(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let fresh = Fixtures.album("Fresh")
        let changed = try Album.seeds[3].updating(AlbumPatch(genre: "Rock"))
        await #expect(
            throws: LibraryError(
                .conflict,
                "album \(changed.id) (\"Staring at the Sun\") is already in the library with other fields")
        ) {
            try await store.write { try $0.append([fresh, changed]) }
        }
        #expect(try await titles(store) == Fixtures.seedTitles)
        await #expect(throws: LibraryError.self) {
            try await store.write { try $0.insert(Album.seeds[0], at: 0) }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func appendingIdenticalAlbumsSkipsThem(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let fresh = Fixtures.album("Fresh")
        #expect(try await store.write { try $0.append([Album.seeds[1], fresh, fresh]) } == [fresh])
        #expect(try await titles(store) == Fixtures.seedTitles + ["Fresh"])
    }

    @Test(arguments: StoreKind.allCases)
    func historyIsTwoBoundedStacks(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let commands = (0..<5).map { HistoryCommand.delete(Fixtures.album("A\($0)"), index: $0) }
        try await store.write { writer in
            for command in commands { try writer.push(command, on: .undo, limit: 3) }
            try writer.push(commands[0], on: .redo, limit: 3)
        }
        #expect(try await store.read { try $0.historyCount(.undo) } == 3)
        #expect(try await store.write { try $0.pop(.undo) } == commands[4])
        #expect(try await store.write { try $0.pop(.undo) } == commands[3])
        #expect(try await store.write { try $0.pop(.undo) } == commands[2])
        #expect(try await store.write { try $0.pop(.undo) } == nil)
        #expect(try await store.read { try $0.historyCount(.redo) } == 1)
        try await store.write { try $0.clearHistory(.redo) }
        #expect(try await store.read { try $0.historyCount(.redo) } == 0)
    }

    @Test(arguments: StoreKind.allCases)
    func savedCurrentAlbumRoundTrips(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let current = CurrentAlbum(id: Album.seeds[3].id, index: 3)
        try await store.write { try $0.saveCurrent(current) }
        #expect(try await store.read { try $0.savedCurrent() } == current)
        try await store.write { try $0.saveCurrent(nil) }
        #expect(try await store.read { try $0.savedCurrent() } == nil)
    }

    /// Every store answers every query alike: what the query language means, with stored sort and
    /// search keys.
    @Test(arguments: [
        (
            "",
            [
                "Best of Bowie", "It's My Life", "Nothing Like The Sun", "Staring at the Sun", "American Pie",
                "Homogenic", "Ünïcode", "Undated",
            ]
        ),
        ("sun", ["Nothing Like The Sun", "Staring at the Sun"]),
        ("SUN ^u2", ["Nothing Like The Sun"]),
        ("artist:=U2", ["Staring at the Sun"]),
        ("artist:=u2", []),
        ("year:1999..2000", ["Nothing Like The Sun", "Staring at the Sun", "American Pie"]),
        ("year:..1992", ["Best of Bowie"]),
        ("^year:1990..", ["Ünïcode", "Undated"]),
        ("björk", ["Homogenic"]),
        ("ünï", ["Ünïcode"]),
        ("sting , madonna", ["Nothing Like The Sun", "American Pie"]),
        (
            "genre:pop year-",
            ["It's My Life", "Staring at the Sun", "American Pie", "Nothing Like The Sun", "Best of Bowie"]
        ),
        (
            "year+ title-",
            [
                "Ünïcode", "Undated", "Best of Bowie", "Homogenic", "Nothing Like The Sun",
                "Staring at the Sun", "American Pie", "It's My Life",
            ]
        ),
        (
            "artist+",
            [
                "Homogenic", "Best of Bowie", "American Pie", "It's My Life", "Nothing Like The Sun",
                "Staring at the Sun", "Undated", "Ünïcode",
            ]
        ),
        ("cover_url:Bowie", []),
        ("cover_url:bowie", ["Best of Bowie"]),
        ("id:6b1e7c9e-0000-4000-8000-000000000004", ["American Pie"]),
        ("%", []),
        ("_", []),
    ])
    func queriesMeanTheSameInEveryStore(query: String, expected: [String]) async throws {
        for kind in StoreKind.allCases {
            let (store, directory) = try await kind.make()
            defer { withExtendedLifetime(directory) {} }
            try await store.write { writer in
                try writer.append([
                    Fixtures.album("Homogenic", by: "Björk", genre: "Electronic", year: 1997),
                    Fixtures.album("Ünïcode", by: "Zed"),
                    Fixtures.album("Undated", by: "Yann"),
                ])
            }
            #expect(try await titles(store, Query(parsing: query)) == expected, "\(kind)")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func forEachReportsLibraryIndexesEvenWhenSorted(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let indexes = try await store.read { reader in
            var indexes: [Int] = []
            try reader.forEachAlbum(matching: try Query(parsing: "year- ")) { _, index in
                indexes.append(index)
            }
            return indexes
        }
        #expect(indexes == [1, 3, 4, 2, 0])
    }
}
