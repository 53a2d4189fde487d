import BlueLibraryCore
import BlueLibrarySQLite
import BlueLibraryStore

/// The facade of a process that makes only reads, all from its main actor, and then exits — the command
/// line's reading verbs (`list`, `show`, `current`, `stats`, `export`). The library's connections then
/// belong to the main actor, which runs the SQLite work itself: no thread to start and no hand-over, which
/// is how `bluelibrary list` starts about as fast as the sqlite3 shell.
///
/// It has the reads of ``LibraryReading`` and nothing else, so a change through it does not compile;
/// a read of a SQLite library from anywhere but the main actor stops the process (in release builds too).
/// A library in PostgreSQL is read through its connections' own threads. Faces that serve while they
/// wait use ``LibraryAPI``, whose connections have threads of their own.
package struct OneReadLibrary: LibraryReading {
    package let store: any LibraryStore
    /// A process that reads once keeps nothing.
    package var readCache: ReadCache? { nil }

    /// Opens the SQLite library at `path` (on first use) for reads from the main actor.
    /// - Parameter busyTimeout: how long to wait for another process's lock, in milliseconds.
    package init(path: String, busyTimeout: Int32 = 5000) {
        store = SQLiteLibraryStore(path: path, busyTimeout: busyTimeout, placement: .caller)
    }

    /// Reads a library kept elsewhere (PostgreSQL), through the store's own threads.
    package init(store: any LibraryStore) {
        self.store = store
    }

    /// Closes the library.
    nonisolated(nonsending)
        package func close() async
    {
        await store.close()
    }
}
