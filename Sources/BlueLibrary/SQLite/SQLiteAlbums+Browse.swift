import BlueLibraryCore
import BlueLibraryStore

/// The SQLite store's side of browsing (the reads are `SQLLibrary+Browse.swift`, both stores'): an append of
/// many albums builds the browsing indexes afresh instead of keeping them up row by row.
extension SQLiteAlbums {
    /// How many albums one append adds before the browsing indexes are built afresh rather than kept up
    /// row by row (keeping five indexes up to date made a 100,000-album import three times slower).
    static let bulkAppend = 5000

    /// Runs `body` — with `rebuild`, without the browsing indexes (schema 7's `albums_by_*`) and the
    /// artist's (whose keys come in no order either), which are dropped first and made again from their
    /// own definitions after, in the same transaction: SQLite sorts each once instead of inserting row by
    /// row.
    func withBrowseIndexesRebuilt<T>(if rebuild: Bool, _ body: () throws -> T) throws -> T {
        guard rebuild else { return try body() }
        let indexes = try select(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'albums' AND (name LIKE 'albums\\_by\\_%' ESCAPE '\\' OR name = 'albums_artist_key')",
            []
        ) { ($0.string(0) ?? "", $0.string(1) ?? "") }
        for (name, _) in indexes { try connection.execute("DROP INDEX \(name)") }
        let result = try body()
        for (_, sql) in indexes { try connection.execute(sql) }
        return result
    }
}
