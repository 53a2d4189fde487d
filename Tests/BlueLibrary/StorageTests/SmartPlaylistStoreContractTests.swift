import BlueLibraryCore
import BlueLibraryStore
import TestSupport
import Testing

/// A smart playlist's tracks (``PlaylistRule``, ``CatalogReader/tracks(of:now:)``), against every store:
/// the query language's person's terms read the owner's plays, ratings, stars and latest plays, times
/// count back from the moment of reading, and each order sorts the same in both engines.
struct SmartPlaylistStoreContractTests {
    /// A day in milliseconds.
    static let day: Int64 = 86_400_000

    /// The standard scanned library with joe's listening: Human Behaviour played twice (last two days
    /// ago), rated 5; Venus as a Boy played once three days ago and starred; Low Tone played once forty
    /// days ago, rated 3. Ann has played, rated and starred only Echo.
    func prepared(_ kind: StoreKind) async throws -> (
        store: any LibraryStore, directory: TemporaryDirectory, joe: StoredUser, ann: StoredUser, now: Int64
    ) {
        let (store, directory) = try await kind.make()
        let library = ScannedLibrary.standard
        try await library.write(to: store)
        let now = StoreClock.milliseconds()
        let (joe, ann) = (UserDataStoreContractTests.user("joe"), UserDataStoreContractTests.user("ann"))
        let id: @Sendable (String, Int) -> String = { album, index in library[album].tracks[index].track.id }
        try await store.write { writer in
            try writer.insertUser(joe)
            try writer.insertUser(ann)
            try writer.recordPlay(user: joe.id, track: id("Début", 0), at: now - 5 * Self.day)
            try writer.recordPlay(user: joe.id, track: id("Début", 0), at: now - 2 * Self.day)
            try writer.recordPlay(user: joe.id, track: id("Début", 1), at: now - 3 * Self.day)
            try writer.recordPlay(user: joe.id, track: id("Sines", 0), at: now - 40 * Self.day)
            try writer.setRating(5, user: joe.id, kind: .song, id: id("Début", 0))
            try writer.setRating(3, user: joe.id, kind: .song, id: id("Sines", 0))
            try writer.setStar(1, user: joe.id, kind: .song, id: id("Début", 1))
            // Joe's rating of an album is not a rating of its tracks.
            try writer.setRating(1, user: joe.id, kind: .album, id: library["Post"].album.id.rawValue)
            try writer.recordPlay(user: ann.id, track: id("Sines", 2), at: now)
            try writer.setRating(4, user: ann.id, kind: .song, id: id("Sines", 2))
            try writer.setStar(1, user: ann.id, kind: .song, id: id("Sines", 2))
        }
        return (store, directory, joe, ann, now)
    }

    /// The titles a rule picks for `owner` at `now`.
    func titles(
        _ store: any LibraryStore, _ query: String, order: TrackOrder = .album, limit: Int = 100,
        for owner: StoredUser, now: Int64
    ) async throws -> [String] {
        let playlist = StoredPlaylist(
            id: "p", owner: owner.id, name: "smart", created: 0, changed: 0,
            rule: try PlaylistRule(query: query, order: order, limit: limit))
        return try await store.read { try $0.tracks(of: playlist, now: now) }.map(\.stored.track.title)
    }

    static let every = [
        "Human Behaviour", "Venus as a Boy", "Army of Me", "Low Tone", "High Tone", "Echo", "Nothing",
    ]

    @Test(arguments: StoreKind.allCases)
    func aPersonsTermsReadTheirOwnPlaysRatingsStarsAndLatestPlays(kind: StoreKind) async throws {
        let (store, directory, joe, ann, now) = try await prepared(kind)
        defer { withExtendedLifetime(directory) {} }
        let table: [(String, StoredUser, [String])] = [
            ("plays:0", joe, ["Army of Me", "High Tone", "Echo", "Nothing"]),
            ("plays:0", ann, Self.every.filter { $0 != "Echo" }),
            ("plays:>=2", joe, ["Human Behaviour"]),
            ("plays:1..", joe, ["Human Behaviour", "Venus as a Boy", "Low Tone"]),
            ("plays:<2", joe, Self.every.filter { $0 != "Human Behaviour" }),
            ("plays:..1 genre:pop", joe, ["Venus as a Boy", "Army of Me"]),
            ("rating:>=4", joe, ["Human Behaviour"]),
            ("stars:3", joe, ["Low Tone"]),
            ("rating:0", joe, ["Venus as a Boy", "Army of Me", "High Tone", "Echo", "Nothing"]),
            ("rating:4..5", ann, ["Echo"]),
            ("starred:true", joe, ["Venus as a Boy"]),
            ("starred:false", joe, Self.every.filter { $0 != "Venus as a Boy" }),
            ("^starred:true year:..1999", joe, ["Human Behaviour", "Army of Me"]),
            ("played:-7d", joe, ["Human Behaviour", "Venus as a Boy"]),
            ("played:..-30d", joe, ["Low Tone"]),
            ("played:-1w..-3d", joe, ["Venus as a Boy"]),
            ("^played:-7d", joe, Self.every.filter { $0 != "Human Behaviour" && $0 != "Venus as a Boy" }),
            ("played:-1h", ann, ["Echo"]),
            ("added:-1d", joe, Self.every),
            ("added:..-1d", joe, []),
            ("added:2001..2002", joe, []),
            (
                "plays:0 , starred:true", joe,
                ["Venus as a Boy", "Army of Me", "High Tone", "Echo", "Nothing"]
            ),
            ("tone rating:1..", joe, ["Low Tone"]),
        ]
        for (query, owner, expected) in table {
            let found = try await titles(store, query, for: owner, now: now)
            #expect(found == expected, "\(query) for \(owner.name)")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func eachOrderSortsTheSameInBothEnginesAndTheLimitCuts(kind: StoreKind) async throws {
        let (store, directory, joe, _, now) = try await prepared(kind)
        defer { withExtendedLifetime(directory) {} }
        let table: [(TrackOrder, [String])] = [
            (.album, Self.every),
            (
                .plays,
                [
                    "Human Behaviour", "Venus as a Boy", "Low Tone", "Army of Me", "High Tone", "Echo",
                    "Nothing",
                ]
            ),
            (
                .played,
                [
                    "Human Behaviour", "Venus as a Boy", "Low Tone", "Army of Me", "High Tone", "Echo",
                    "Nothing",
                ]
            ),
            (
                .rating,
                [
                    "Human Behaviour", "Low Tone", "Venus as a Boy", "Army of Me", "High Tone", "Echo",
                    "Nothing",
                ]
            ),
            (
                .title,
                [
                    "Army of Me", "Echo", "High Tone", "Human Behaviour", "Low Tone", "Nothing",
                    "Venus as a Boy",
                ]
            ),
            (
                .year,
                [
                    "Low Tone", "High Tone", "Echo", "Army of Me", "Human Behaviour", "Venus as a Boy",
                    "Nothing",
                ]
            ),
        ]
        for (order, expected) in table {
            #expect(try await titles(store, "", order: order, for: joe, now: now) == expected, "\(order)")
        }
        #expect(
            try await titles(store, "", order: .plays, limit: 2, for: joe, now: now)
                == Array(Self.every.prefix(2)))
        let shuffled = try await titles(store, "", order: .random, for: joe, now: now)
        #expect(shuffled.sorted() == Self.every.sorted())
    }

    @Test(arguments: StoreKind.allCases)
    func aSmartPlaylistKeepsItsRuleAndNoChosenTracks(kind: StoreKind) async throws {
        let (store, directory, joe, _, now) = try await prepared(kind)
        defer { withExtendedLifetime(directory) {} }
        let rule = try PlaylistRule(query: "genre:pop plays:0", order: .title, limit: 7)
        let smart = StoredPlaylist(
            id: "s1", owner: joe.id, name: "Pop unplayed", created: 1, changed: 1, rule: rule)
        try await store.write { try $0.savePlaylist(smart) }
        let read = try await store.read { try $0.playlist(id: "s1") }
        #expect(read == smart)
        #expect(
            try await store.read { try $0.tracks(of: read!, now: now) }.map(\.stored.track.title) == [
                "Army of Me"
            ])
    }

    @Test(arguments: StoreKind.allCases)
    func anAlbumKeepsWhenItJoinedThroughDeleteAndUndo(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let library = ScannedLibrary.standard
        try await library.write(to: store)
        let owner = UserDataStoreContractTests.user("joe")
        try await store.write { try $0.insertUser(owner) }
        let now = StoreClock.milliseconds()
        let sines = library["Sines"].album.id
        // Deleted and brought back, it is the album it was: still added within the last day.
        let removed = try await store.write { try $0.removeAll([sines]) }
        #expect(removed.count == 1)
        #expect(try await titles(store, "added:-1d track:tone", for: owner, now: now).isEmpty)
        let restored = try await store.write { try $0.restore(sines, at: 0) }
        #expect(restored?.id == sines)
        #expect(
            try await titles(store, "added:-1d track:tone", for: owner, now: now) == [
                "Low Tone", "High Tone",
            ])
        // A day later it is no longer within the last day.
        #expect(try await titles(store, "added:-1d", for: owner, now: now + 2 * Self.day).isEmpty)
    }
}
