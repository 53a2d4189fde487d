import BlueLibraryCore
import BlueLibraryStore
import TestSupport
import Testing

/// A library copied row for row into another store (`bluelibrary migrate`), and back, is the library it
/// was: every table, and what it does next (undo, a deleted album brought back with its tracks).
struct LibraryCopyTests {
    /// Two users of a music server, the first its administrator.
    private static let users = [
        StoredUser(
            id: "user-1", name: "Ädmin", sealedPassword: "sealed:1", isAdmin: true, created: 1_700_000_000_000
        ),
        StoredUser(
            id: "user-2", name: "guest \"two\"", sealedPassword: "sealed:2", isAdmin: false,
            created: 1_700_000_000_001, maxBitRate: 192),
    ]

    /// A library with something in every table: albums added, edited by hand and scanned, a deleted
    /// album with its track, tracks, both history stacks, the outbox and the current album; users with
    /// API keys, stars, ratings and plays of each kind of item, and playlists (one naming a track twice
    /// and a track no longer in the library, one empty), play queues and a bookmark.
    /// The id track "b" kept when its file was moved to where it is.
    static let movedID = TrackID(path: "/music/moved-from.flac").rawValue

    private func fill(_ store: any LibraryStore) async throws {
        let scanned = Album.seeds[1]
        let deleted = Album.seeds[3]
        @Sendable func track(_ album: Album, _ name: String, _ number: Int) -> StoredTrack {
            StoredTrack(
                track: Track(
                    disc: 1, number: number, title: "\(name) ✓", artist: "Ärtist \"quoted\" \\ back",
                    duration: 180.25, path: "/music/\(name).flac",
                    id: name == "b" ? Self.movedID : nil),
                albumID: album.id, size: 1_234_567, modified: 1_700_000_000_123_456_789, tags: "{\"x\":1}")
        }
        try await store.write { writer in
            try writer.insert(
                try Album(title: "Ünïcode, \"quoted\"", artist: "Zed", genre: "", year: nil), at: 1)
            try writer.replaceTracks(of: scanned.id, with: [track(scanned, "a", 1), track(scanned, "b", 2)])
            try writer.saveScanned(scanned.withTracks(count: 2, length: 360.5), source: "scan-key")
            _ = try writer.applyEdit(
                AlbumEdit(
                    from: Album.seeds[2], to: try Album.seeds[2].updating(AlbumPatch(genre: "Rock")),
                    byHand: true))
            try writer.replaceTracks(of: deleted.id, with: [track(deleted, "gone", 1)])
            let removed = try writer.removeAll([deleted.id])
            try writer.markRemovedByScan(deleted.id)
            try writer.push(.delete(removed[0].album, index: removed[0].index), on: .undo, limit: 10)
            try writer.push(.add(Album.seeds[0], index: 0), on: .redo, limit: 10)
            try writer.enqueueSync(.add(Album.seeds[4], index: 4), key: "key-1")
            try writer.saveCurrent(CurrentAlbum(id: scanned.id, index: 2))
            for user in Self.users { try writer.insertUser(user) }
            try writer.insertAPIKey(StoredAPIKey(digest: "d-1", prefix: "p1", user: "user-1", created: 5))
            try writer.insertAPIKey(StoredAPIKey(digest: "d-2", prefix: "p2", user: "user-2", created: 6))
            let song = track(scanned, "a", 1).track.id
            try writer.setStar(10, user: "user-1", kind: .song, id: song)
            try writer.setStar(11, user: "user-2", kind: .album, id: scanned.id.rawValue)
            try writer.setStar(12, user: "user-1", kind: .artist, id: "artist-ä")
            try writer.setRating(5, user: "user-1", kind: .album, id: scanned.id.rawValue)
            try writer.setRating(2, user: "user-2", kind: .song, id: song)
            try writer.recordPlay(user: "user-1", track: song, at: 20)
            try writer.recordPlay(user: "user-1", track: song, at: 30)
            try writer.recordPlay(user: "user-2", track: track(scanned, "b", 2).track.id, at: 40)
            try writer.savePlaylist(
                StoredPlaylist(
                    id: "list-1", owner: "user-1", name: "Mix ✓", comment: "a \"comment\"", isPublic: true,
                    created: 50, changed: 60, trackIDs: [song, "track-gone", song]))
            try writer.savePlaylist(
                StoredPlaylist(id: "list-2", owner: "user-2", name: "Empty", created: 70, changed: 70))
            try writer.savePlayQueue(
                StoredPlayQueue(
                    user: "user-1", trackIDs: [song, "track-gone"], current: 1, position: 90_500, changed: 80,
                    changedBy: "phone \"1\""))
            try writer.savePlayQueue(
                StoredPlayQueue(
                    user: "user-2", trackIDs: [song], current: nil, position: 0, changed: 81, changedBy: ""))
            try writer.saveBookmark(
                StoredBookmark(
                    user: "user-2", track: song, position: 5, comment: "a ✓", created: 82, changed: 83))
            try writer.saveRadioStation(
                StoredRadioStation(
                    id: "radio-1", name: "Jazz \"FM\"", streamURL: "https://r.example/s", homepageURL: "",
                    created: 84))
            try writer.saveShare(
                StoredShare(
                    id: "share-1", owner: "user-1", description: "for ✓", created: 85, expires: 90_000,
                    lastVisited: 86, visitCount: 2, trackIDs: [song, "track-gone"]))
            try writer.savePlayer(StoredPlayer(name: "DSub ✓", format: "opus", maxBitRate: 128))
            try writer.savePlayer(StoredPlayer(name: "desk", format: "raw", maxBitRate: 0))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aLibraryCopiedIntoTheOtherStoreAndBackIsTheSame(kind: StoreKind) async throws {
        let (source, sourceDirectory) = try await kind.make()
        defer { withExtendedLifetime(sourceDirectory) {} }
        try await fill(source)
        let original = try await source.read { try $0.contents() }
        #expect(
            original.deletedAlbums.count == 1 && original.tracks.count == 3 && original.history.count == 2)
        #expect(original.users == Self.users && original.apiKeys.count == 2 && original.plays.count == 2)
        #expect(original.stars.count == 3 && original.ratings.count == 2)
        #expect(original.playlists.map(\.trackIDs.count) == [3, 0])
        #expect(original.playQueues.map(\.trackIDs.count) == [2, 1] && original.bookmarks.count == 1)
        #expect(original.radioStations.map(\.name) == ["Jazz \"FM\""])
        #expect(original.shares.map(\.trackIDs.count) == [2])
        #expect(original.players.map(\.name) == ["desk", "DSub ✓"] && original.users[1].maxBitRate == 192)
        #expect(original.removedByScan.count == 1, "a deleted album a scan removed keeps that mark")
        #expect(original.tracks.first { $0.track.path == "/music/b.flac" }?.track.id == Self.movedID)

        let other: StoreKind = kind == .postgres ? .sqlite : .postgres
        let (copy, copyDirectory) = try await other.make()
        defer { withExtendedLifetime(copyDirectory) {} }
        try await copy.create(from: original)
        #expect(try await copy.read { try $0.contents() } == original)
        let (back, backDirectory) = try await kind.make()
        defer { withExtendedLifetime(backDirectory) {} }
        try await back.create(from: try await copy.read { try $0.contents() })
        #expect(try await back.read { try $0.contents() } == original)

        // The copy goes on as the original would: its history pops the same command, the deleted album
        // comes back with its track, a new history entry and outbox entry come after the copied ones.
        for store in [source, copy] {
            let popped = try await store.write { try $0.pop(.undo) }
            #expect(popped == .delete(Album.seeds[3], index: 4))
            let restored = try await store.write { try $0.restore(Album.seeds[3].id, at: 4) }
            #expect(restored == Album.seeds[3])
            #expect(try await store.read { try $0.tracks(of: Album.seeds[3].id).map(\.title) } == ["gone ✓"])
            try await store.write { writer in
                try writer.push(.add(Album.seeds[0], index: 0), on: .undo, limit: 10)
                try writer.enqueueSync(.add(Album.seeds[0], index: 0), key: "key-2")
            }
            // Its users' data goes on too: a user's name stays taken, plays add up, playlists change.
            await #expect(throws: LibraryError.self) {
                try await store.write {
                    try $0.insertUser(
                        StoredUser(id: "x", name: "ÄDMIN", sealedPassword: "", isAdmin: false, created: 0))
                }
            }
            let song = try await store.read { try $0.playlist(id: "list-1")?.trackIDs.first ?? "" }
            try await store.write { writer in
                try writer.recordPlay(user: "user-1", track: song, at: 25)
                try writer.savePlaylist(
                    StoredPlaylist(
                        id: "list-2", owner: "user-2", name: "Full", created: 70, changed: 80,
                        trackIDs: [song]))
            }
            let played = try await store.read {
                try $0.annotations(of: "user-1", kind: .song, ids: [song])[song]
            }
            #expect(played == ItemAnnotation(starred: 10, playCount: 3, lastPlayed: 30))
        }
        let (after, copied) = (
            try await source.read { try $0.contents() }, try await copy.read { try $0.contents() }
        )
        #expect(copied == after)
        #expect(try await copy.read { try $0.pendingSync(limit: 10).map(\.key) } == ["key-1", "key-2"])
    }

    @Test(arguments: StoreKind.allCases)
    func aLibraryInUseIsNeverReplaced(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        try await store.write { try $0.insert(Fixtures.album("Mine"), at: 0) }
        let before = try await store.read { try $0.contents() }
        await #expect(throws: LibraryError.self) { try await store.create(from: LibraryContents()) }
        do {
            try await store.create(from: LibraryContents())
        } catch let error as LibraryError {
            #expect(error.code == .conflict)
            #expect(
                error.message.hasSuffix(
                    "already holds 6 albums, 0 deleted albums, 0 tracks, 0 history steps, 0 changes waiting for a remote, 0 users, 0 playlists; copy into a new library instead"
                ))
        }
        #expect(try await store.read { try $0.contents() } == before)
    }

    @Test(arguments: StoreKind.allCases)
    func aNewLibraryMakesWayForTheCopy(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        #expect(try await store.read { try $0.contents() }.isNewLibrary)
        var contents = LibraryContents()
        contents.albums = [
            StoredAlbum(
                album: Fixtures.album("Only"), source: "s", edited: [.title], added: 1_700_000_000_000)
        ]
        try await store.create(from: contents)
        #expect(try await store.read { try $0.contents() } == contents)
    }
}
