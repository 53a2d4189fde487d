import BlueLibraryCore
import BlueLibraryStore

/// What a music server (the Subsonic API) reads and writes besides albums: the catalogue of artists,
/// genres and songs, and its users' accounts, stars, ratings, plays and playlists. A request's reads are
/// one consistent snapshot; its writes one transaction. Users' data is not the library's history: it has
/// no undo, goes into no outbox and posts no ``LibraryChange`` — a change to one person's own data is
/// announced to ``LibraryAPI/personalChanges`` instead.
extension LibraryReading {
    /// Runs `body` with the catalogue and the users' data, in one read transaction.
    nonisolated(nonsending)
        package func listening<T: Sendable>(
            _ body: @escaping @Sendable (any CatalogReader & UserDataReader) throws -> T
        ) async throws -> T
    {
        try await store.read { try body($0) }
    }

    /// Every artist a music app lists, by key: the albums' artists, then those only credited on tracks —
    /// kept until the library changes (finding the second reads every track: a third of a second on
    /// 100,000 tracks, for each app's start and refresh).
    nonisolated(nonsending)
        package func catalogArtistsWithGuests() async throws -> [CatalogArtist]
    {
        try await cached(.artists) {
            try await store.read { reader in
                try reader.catalogArtists(matching: [], offset: 0, limit: .max) + (try reader.guestArtists())
            }
        }
    }
}

extension LibraryAPI {
    /// Runs `body` with the users' data to change (and the catalogue to check what it names), in one
    /// write transaction: all of it is kept, or nothing when it throws. Once it is kept, a change of
    /// `person`'s own data (the id of the user whose stars, ratings, plays, playlists or queue it changes)
    /// is announced to ``personalChanges``.
    @discardableResult
    package func changeUserData<T: Sendable>(
        of person: String? = nil, _ body: @escaping @Sendable (any CatalogReader & UserDataWriter) throws -> T
    ) async throws -> T {
        let result = try await store.write { try body($0) }
        if let person { personalChanges.post(person) }
        return result
    }
}
