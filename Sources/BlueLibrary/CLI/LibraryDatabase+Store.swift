import BlueLibraryPostgres
import BlueLibraryServices
import BlueLibraryStorage

extension LibraryDatabase {
    /// The store of this library: a SQLite file, or a PostgreSQL database (libpq is loaded only then).
    /// - Parameter busyTimeout: how long SQLite waits for another process's lock, in milliseconds.
    /// - Throws: ``LibraryError`` `usage` for a URL that is not one, `unavailable` when libpq is missing.
    func store(busyTimeout: Int32) throws -> any LibraryStore {
        switch self {
        case .file(let path): SQLiteLibraryStore(path: path, busyTimeout: busyTimeout)
        case .postgres(let url): try PostgresLibraryStore(url: url)
        }
    }
}
