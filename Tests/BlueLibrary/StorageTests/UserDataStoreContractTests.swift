import BlueLibraryCore
import BlueLibraryStore
import TestSupport
import Testing

/// What a music server keeps for its users (``UserDataReader``, ``UserDataWriter``), against every store:
/// accounts and keys, each user's own stars, ratings, plays and playlists, and a removed user's data gone.
struct UserDataStoreContractTests {
    static func user(_ name: String, admin: Bool = false, created: Int64 = 1) -> StoredUser {
        StoredUser(
            id: AlbumID.random().rawValue, name: name, sealedPassword: "sealed-\(name)", isAdmin: admin,
            created: created)
    }

    @Test(arguments: StoreKind.allCases)
    func usersAreFoundIgnoringCaseAndNamesAreUnique(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let joe = Self.user("Joe", admin: true, created: 1)
        let ann = Self.user("ann", created: 2)
        try await store.write { writer in
            try writer.insertUser(ann)
            try writer.insertUser(joe)
        }
        #expect(try await store.read { try $0.users() }.map(\.name) == ["Joe", "ann"])
        #expect(try await store.read { try $0.user(named: "JOE") } == joe)
        #expect(try await store.read { try $0.user(named: "nobody") } == nil)
        await #expect(throws: LibraryError.self) {
            try await store.write { try $0.insertUser(Self.user("joe")) }
        }
        var edited = ann
        edited.sealedPassword = "sealed-again"
        edited.isAdmin = true
        let changed = edited
        try await store.write { try $0.updateUser(changed) }
        #expect(try await store.read { try $0.user(named: "ann") } == changed)
    }

    @Test(arguments: StoreKind.allCases)
    func apiKeysAreFoundByDigestAndRevokedTogether(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let joe = Self.user("joe")
        let keys = [
            StoredAPIKey(digest: "d1", prefix: "p1", user: joe.id, created: 1),
            StoredAPIKey(digest: "d2", prefix: "p2", user: joe.id, created: 2),
        ]
        try await store.write { writer in
            try writer.insertUser(joe)
            for key in keys { try writer.insertAPIKey(key) }
        }
        #expect(try await store.read { try $0.user(apiKeyDigest: "d2") } == joe)
        #expect(try await store.read { try $0.user(apiKeyDigest: "d3") } == nil)
        #expect(try await store.read { try $0.apiKeys(of: joe.id) } == keys)
        try await store.write { try $0.deleteAPIKeys(of: joe.id) }
        #expect(try await store.read { try $0.user(apiKeyDigest: "d1") } == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func starsRatingsAndPlaysAreEachUsersOwn(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let library = ScannedLibrary.standard
        try await library.write(to: store)
        let (joe, ann) = (Self.user("joe"), Self.user("ann"))
        let debut = library["Début"]
        let sines = library["Sines"]
        let human = debut.tracks[0].track.id
        let venus = debut.tracks[1].track.id
        let low = sines.tracks[0].track.id
        try await store.write { writer in
            try writer.insertUser(joe)
            try writer.insertUser(ann)
            try writer.setStar(10, user: joe.id, kind: .song, id: human)
            try writer.setStar(20, user: joe.id, kind: .song, id: low)
            try writer.setStar(30, user: ann.id, kind: .album, id: debut.album.id.rawValue)
            try writer.setRating(4, user: joe.id, kind: .album, id: sines.album.id.rawValue)
            try writer.setRating(2, user: joe.id, kind: .album, id: debut.album.id.rawValue)
            try writer.setRating(5, user: joe.id, kind: .song, id: human)
            try writer.recordPlay(user: joe.id, track: human, at: 100)
            try writer.recordPlay(user: joe.id, track: human, at: 50)
            try writer.recordPlay(user: joe.id, track: venus, at: 70)
            try writer.recordPlay(user: joe.id, track: low, at: 200)
        }
        let songs = try await store.read {
            try $0.annotations(of: joe.id, kind: .song, ids: [human, venus, "x"])
        }
        #expect(songs[human] == ItemAnnotation(starred: 10, rating: 5, playCount: 2, lastPlayed: 100))
        #expect(songs[venus] == ItemAnnotation(playCount: 1, lastPlayed: 70))
        #expect(songs["x"] == nil)
        // An album's plays are its tracks' plays.
        let albums = try await store.read {
            try $0.annotations(of: joe.id, kind: .album, ids: [debut.album.id.rawValue])
        }
        #expect(albums[debut.album.id.rawValue] == ItemAnnotation(rating: 2, playCount: 3, lastPlayed: 100))
        #expect(try await store.read { try $0.annotations(of: ann.id, kind: .song, ids: [human]) }.isEmpty)
        #expect(try await store.read { try $0.starred(by: joe.id, kind: .song) } == [low, human])
        #expect(
            try await store.read { try $0.starred(by: ann.id, kind: .album) } == [debut.album.id.rawValue])
        #expect(try await store.read { try $0.starred(by: ann.id, kind: .song) } == [])
        let frequent = try await store.read {
            try $0.albumIDs(of: joe.id, by: .frequent, offset: 0, limit: 10)
        }
        #expect(frequent == [debut.album.id, sines.album.id])
        let recent = try await store.read { try $0.albumIDs(of: joe.id, by: .recent, offset: 0, limit: 10) }
        #expect(recent == [sines.album.id, debut.album.id])
        let highest = try await store.read { try $0.albumIDs(of: joe.id, by: .highest, offset: 0, limit: 1) }
        #expect(highest == [sines.album.id])
        #expect(
            try await store.read { try $0.albumIDs(of: joe.id, by: .frequent, offset: 1, limit: 10) } == [
                sines.album.id
            ])
        try await store.write { writer in
            try writer.setStar(nil, user: joe.id, kind: .song, id: human)
            try writer.setRating(nil, user: joe.id, kind: .song, id: human)
        }
        #expect(
            try await store.read { try $0.annotations(of: joe.id, kind: .song, ids: [human]) }[human]
                == ItemAnnotation(playCount: 2, lastPlayed: 100))
    }

    @Test(arguments: StoreKind.allCases)
    func playlistsKeepTheirTracksInOrderAndAreReplacedWhole(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let joe = Self.user("joe")
        let first = StoredPlaylist(
            id: "p1", owner: joe.id, name: "Evening", comment: "calm", isPublic: true, created: 5, changed: 5,
            trackIDs: ["b", "a", "b"])
        let second = StoredPlaylist(id: "p2", owner: joe.id, name: "Morning", created: 6, changed: 6)
        try await store.write { writer in
            try writer.insertUser(joe)
            try writer.savePlaylist(second)
            try writer.savePlaylist(first)
        }
        #expect(try await store.read { try $0.playlists() } == [first, second])
        var edited = first
        edited.name = "Night"
        edited.trackIDs = ["c"]
        edited.changed = 9
        let changed = edited
        try await store.write { try $0.savePlaylist(changed) }
        #expect(try await store.read { try $0.playlist(id: "p1") } == changed)
        try await store.write { try $0.deletePlaylist(id: "p1") }
        #expect(try await store.read { try $0.playlist(id: "p1") } == nil)
        #expect(try await store.read { try $0.playlists() } == [second])
    }

    @Test(arguments: StoreKind.allCases)
    func aPlayQueueIsEachUsersOneAndTheLastSavedWins(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let (joe, ann) = (Self.user("joe"), Self.user("ann"))
        let phone = StoredPlayQueue(
            user: joe.id, trackIDs: ["b", "a", "b"], current: 2, position: 61_000, changed: 5,
            changedBy: "phone")
        let desk = StoredPlayQueue(
            user: joe.id, trackIDs: ["c"], current: nil, position: 0, changed: 6, changedBy: "desk")
        let hers = StoredPlayQueue(
            user: ann.id, trackIDs: ["a"], current: 0, position: 5, changed: 7, changedBy: "web")
        try await store.write { writer in
            try writer.insertUser(joe)
            try writer.insertUser(ann)
            try writer.savePlayQueue(phone)
            try writer.savePlayQueue(hers)
        }
        #expect(try await store.read { try $0.playQueue(of: joe.id) } == phone)
        try await store.write { try $0.savePlayQueue(desk) }
        #expect(try await store.read { try $0.playQueue(of: joe.id) } == desk)
        #expect(try await store.read { try $0.playQueue(of: ann.id) } == hers)
        try await store.write { try $0.deletePlayQueue(of: joe.id) }
        #expect(try await store.read { try $0.playQueue(of: joe.id) } == nil)
        // A moved file's queue places follow it.
        try await store.write { try $0.moveTrackData(from: "a", to: "z") }
        #expect(try await store.read { try $0.playQueue(of: ann.id) }?.trackIDs == ["z"])
    }

    @Test(arguments: StoreKind.allCases)
    func aBookmarkIsOnePerUserAndTrackAndMovesWhenSavedAgain(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let (joe, ann) = (Self.user("joe"), Self.user("ann"))
        let first = StoredBookmark(
            user: joe.id, track: "a", position: 1_000, comment: "intro", created: 1, changed: 1)
        let second = StoredBookmark(
            user: joe.id, track: "b", position: 2_000, comment: "", created: 2, changed: 2)
        let hers = StoredBookmark(
            user: ann.id, track: "a", position: 3_000, comment: "", created: 3, changed: 3)
        try await store.write { writer in
            try writer.insertUser(joe)
            try writer.insertUser(ann)
            for bookmark in [first, second, hers] { try writer.saveBookmark(bookmark) }
        }
        #expect(try await store.read { try $0.bookmarks(of: joe.id) } == [second, first])
        var moved = first
        moved.position = 9_000
        moved.changed = 9
        let later = moved
        try await store.write { try $0.saveBookmark(later) }
        #expect(try await store.read { try $0.bookmarks(of: joe.id) } == [later, second])
        try await store.write { try $0.deleteBookmark(user: joe.id, track: "b") }
        #expect(try await store.read { try $0.bookmarks(of: joe.id) } == [later])
        #expect(try await store.read { try $0.bookmarks(of: ann.id) } == [hers])
    }

    @Test(arguments: StoreKind.allCases)
    func playersDefaultsAndUsersLimitsAreKept(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let joe = StoredUser(id: "u1", name: "joe", sealedPassword: "s", isAdmin: true, created: 1)
        let phone = StoredPlayer(name: "Phone", format: "opus", maxBitRate: 96)
        try await store.write { writer in
            try writer.insertUser(joe)
            try writer.savePlayer(phone)
            try writer.savePlayer(StoredPlayer(name: "desk", format: "raw", maxBitRate: 0))
        }
        #expect(try await store.read { try $0.players() }.map(\.name) == ["desk", "Phone"])
        #expect(try await store.read { try $0.player(named: "PHONE") } == phone)
        let louder = StoredPlayer(name: "phone", format: "mp3", maxBitRate: 320)
        try await store.write { writer in
            try writer.savePlayer(louder)
            try writer.deletePlayer(named: "DESK")
            var limited = joe
            limited.maxBitRate = 128
            try writer.updateUser(limited)
        }
        #expect(try await store.read { try $0.players() } == [louder])
        #expect(try await store.read { try $0.user(named: "joe")?.maxBitRate } == 128)
    }

    @Test(arguments: StoreKind.allCases)
    func sessionsAreFoundByDigestListedPerUserAndEndedAndListenersKept(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let joe = StoredUser(id: "u1", name: "joe", sealedPassword: "s", isAdmin: true, created: 1)
        let ann = StoredUser(
            id: "u2", name: "ann", sealedPassword: "s", isAdmin: false, created: 2, isListener: true)
        let phone = StoredSession(digest: "bb01", user: "u1", created: 20, client: "Phone from 10.0.0.2")
        let desk = StoredSession(digest: "aa02", user: "u1", created: 10, client: "Desk")
        let anns = StoredSession(digest: "cc03", user: "u2", created: 5, client: "Tablet")
        try await store.write { writer in
            try writer.insertUser(joe)
            try writer.insertUser(ann)
            for session in [phone, desk, anns] { try writer.insertSession(session) }
        }
        #expect(try await store.read { try $0.user(named: "ann") } == ann)
        #expect(try await store.read { try $0.user(named: "joe")?.isListener } == false)
        #expect(try await store.read { try $0.session(digest: "bb01") } == phone)
        #expect(try await store.read { try $0.session(digest: "zz") } == nil)
        #expect(try await store.read { try $0.sessions(of: "u1") } == [desk, phone])
        try await store.write { try $0.deleteSessions(digests: ["aa02", "none"]) }
        #expect(try await store.read { try $0.sessions(of: "u1") } == [phone])
        // Removing a user ends their sessions.
        try await store.write { try $0.deleteUser(id: "u1") }
        #expect(try await store.read { try $0.session(digest: "bb01") } == nil)
        #expect(try await store.read { try $0.sessions(of: "u2") } == [anns])
    }

    @Test(arguments: StoreKind.allCases)
    func radioStationsAreKeptInTheOrderTheyCameAndReplacedByID(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let jazz = StoredRadioStation(
            id: "r1", name: "Jazz", streamURL: "https://j.example", homepageURL: "", created: 2)
        let talk = StoredRadioStation(
            id: "r2", name: "Talk", streamURL: "http://t.example", homepageURL: "https://t", created: 1)
        try await store.write { writer in
            try writer.saveRadioStation(jazz)
            try writer.saveRadioStation(talk)
        }
        #expect(try await store.read { try $0.radioStations() } == [talk, jazz])
        var renamed = jazz
        renamed.name = "Jazz FM"
        let changed = renamed
        try await store.write { try $0.saveRadioStation(changed) }
        #expect(try await store.read { try $0.radioStations() } == [talk, changed])
        try await store.write { try $0.deleteRadioStation(id: "r2") }
        #expect(try await store.read { try $0.radioStations() } == [changed])
    }

    @Test(arguments: StoreKind.allCases)
    func aShareIsFoundByItsIDWithItsTracksAndCountsItsVisits(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let first = StoredShare(
            id: "s1", owner: "u", description: "a", created: 1, expires: 50, trackIDs: ["b", "a"])
        let second = StoredShare(id: "s2", owner: "u", description: "", created: 2, trackIDs: ["c"])
        try await store.write { writer in
            try writer.saveShare(first)
            try writer.saveShare(second)
        }
        #expect(try await store.read { try $0.share(id: "s1") } == first)
        #expect(try await store.read { try $0.share(id: "nothing") } == nil)
        try await store.write { try $0.recordShareVisit(id: "s2", at: 7) }
        try await store.write { try $0.recordShareVisit(id: "s2", at: 9) }
        var visited = second
        visited.visitCount = 2
        visited.lastVisited = 9
        #expect(try await store.read { try $0.shares() } == [first, visited])
        let others = StoredShare(id: "s3", owner: "v", description: "", created: 3, trackIDs: ["a"])
        try await store.write { try $0.saveShare(others) }
        #expect(try await store.read { try $0.shares(of: "u") } == [first, visited])
        #expect(try await store.read { try $0.shares(of: "v") } == [others])
        #expect(try await store.read { try $0.shareCount(of: "u") } == 2)
        #expect(try await store.read { try $0.shareCount(of: "w") } == 0)
    }

    @Test(arguments: StoreKind.allCases)
    func removingAUserRemovesEverythingKeptForThem(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let (joe, ann) = (Self.user("joe"), Self.user("ann"))
        try await store.write { writer in
            for user in [joe, ann] {
                try writer.insertUser(user)
                try writer.insertAPIKey(
                    StoredAPIKey(digest: "key-\(user.name)", prefix: "k", user: user.id, created: 1))
                try writer.setStar(1, user: user.id, kind: .song, id: "t")
                try writer.setRating(3, user: user.id, kind: .song, id: "t")
                try writer.recordPlay(user: user.id, track: "t", at: 1)
                try writer.savePlaylist(
                    StoredPlaylist(
                        id: "list-\(user.name)", owner: user.id, name: "L", created: 1, changed: 1,
                        trackIDs: ["t"]))
                try writer.savePlayQueue(
                    StoredPlayQueue(
                        user: user.id, trackIDs: ["t"], current: 0, position: 1, changed: 1, changedBy: "c"))
                try writer.saveBookmark(
                    StoredBookmark(
                        user: user.id, track: "t", position: 1, comment: "", created: 1, changed: 1))
                try writer.saveShare(
                    StoredShare(
                        id: "share-\(user.name)", owner: user.id, description: "", created: 1, trackIDs: ["t"]
                    ))
            }
            try writer.deleteUser(id: joe.id)
        }
        #expect(try await store.read { try $0.users() } == [ann])
        #expect(try await store.read { try $0.user(apiKeyDigest: "key-joe") } == nil)
        #expect(try await store.read { try $0.annotations(of: joe.id, kind: .song, ids: ["t"]) }.isEmpty)
        #expect(try await store.read { try $0.playlists() }.map(\.id) == ["list-ann"])
        #expect(try await store.read { try $0.playQueue(of: joe.id) } == nil)
        #expect(try await store.read { try $0.bookmarks(of: joe.id) }.isEmpty)
        #expect(try await store.read { try $0.playQueue(of: ann.id) }?.trackIDs == ["t"])
        #expect(try await store.read { try $0.bookmarks(of: ann.id) }.map(\.track) == ["t"])
        #expect(try await store.read { try $0.shares() }.map(\.id) == ["share-ann"])
        #expect(
            try await store.read { try $0.annotations(of: ann.id, kind: .song, ids: ["t"]) }["t"]?.playCount
                == 1)
    }
}
