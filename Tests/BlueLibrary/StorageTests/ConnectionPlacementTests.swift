import BlueLibraryCore
import BlueLibraryStore
import Foundation
import TestSupport
import Testing

@testable import BlueLibrarySQLite

#if canImport(Glibc)
    import Glibc
#endif

/// Where a store's SQLite work runs: on the connections' own threads (every face that serves while it
/// waits), or — for a process that runs one reading command on its main actor — on the caller itself,
/// with no thread and no hand-over.
@MainActor
struct ConnectionPlacementTests {
    let directory = TemporaryDirectory("placement")
    var path: String { directory.file("library.db") }

    /// The thread a store runs a read on, and the count it reads.
    private func readThread(_ store: SQLiteLibraryStore) async throws -> (thread: pthread_t, count: Int) {
        try await store.read { reader in (pthread_self(), try reader.count()) }
    }

    @Test func placedWithTheCallerTheWorkRunsOnTheCallersThread() async throws {
        let store = SQLiteLibraryStore(path: path, placement: .caller)
        let caller = pthread_self()
        // A new library: created and seeded by the writer, then read, all here.
        let (thread, count) = try await readThread(store)
        #expect(count == 5)
        #expect(pthread_equal(thread, caller) != 0)
        #expect(store.openConnections == (writer: true, reader: true))
        try await store.write { try $0.remove(at: 0) }
        #expect(try await readThread(store).count == 4)
        await store.close()
        #expect(store.openConnections == (writer: false, reader: false))
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func onTheirOwnThreadsTheWorkRunsElsewhere() async throws {
        let store = SQLiteLibraryStore(path: path)
        let (thread, count) = try await readThread(store)
        #expect(count == 5)
        #expect(pthread_equal(thread, pthread_self()) == 0)
        await store.close()
    }

    /// Both placements answer the same, including the errors a file earns.
    @Test(arguments: [ConnectionPlacement.caller, .ownThreads])
    func aForeignFileIsRefusedWherever(placement: ConnectionPlacement) async throws {
        let other = try SQLiteConnection(path: path, busyTimeout: 100)
        try other.execute("CREATE TABLE notes (text TEXT)")
        await #expect {
            try await SQLiteLibraryStore(path: path, placement: placement).read { try $0.count() }
        } throws: { error in
            (error as? LibraryError)?.code == .notALibrary
        }
    }

    /// A store that lives on keeps a large page cache for the reads that follow; a one-command process
    /// keeps SQLite's default, since it reads each page once (a larger cache only costs page faults).
    @Test(arguments: [ConnectionPlacement.caller, .ownThreads])
    func theCacheIsLargeOnlyWhereConnectionsLiveOn(placement: ConnectionPlacement) async throws {
        let store = SQLiteLibraryStore(path: path, placement: placement)
        let reading = try await store.read {
            try ($0 as! SQLiteAlbums).connection.integer("PRAGMA cache_size")
        }
        let writing = try await store.write {
            try ($0 as! SQLiteAlbums).connection.integer("PRAGMA cache_size")
        }
        await store.close()
        let standard = try SQLiteConnection(path: path, busyTimeout: 100).integer("PRAGMA cache_size")
        let expected = placement == .ownThreads ? -32768 : standard
        #expect(reading == expected)
        #expect(writing == expected)
        #expect(standard != -32768)
    }
}
