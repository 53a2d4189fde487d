import BlueLibraryCore
import BlueLibraryPostgres
import BlueLibraryStore
import Dispatch
import TestSupport
import Testing

@testable import BlueLibrarySQLite

/// What code inside a transaction may do: ask the reader or writer it was handed anything — and never
/// call back into the library, which would wait for the very transaction it runs in.
struct TransactionTests {
    @Test(arguments: StoreKind.allCases)
    func theTransactionsQueriesLiveOnTheWriter(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let state = try await store.write { writer in
            _ = try writer.remove(at: 0)
            try writer.saveCurrent(try writer.resolveCurrent())
            #expect(try writer.locate(.index(0)).album == Album.seeds[1])
            return try writer.state()
        }
        #expect(state.count == 4)
        #expect(state.current == CurrentAlbum(id: Album.seeds[1].id, index: 0))
    }

    @Test func nothingOutsideATransactionIsMarkedAsInsideOne() async throws {
        #expect(!LibraryTransaction.isActive)
        let inside = try await TestLibrary.store().read { _ in LibraryTransaction.isActive }
        #expect(inside)
        #expect(!LibraryTransaction.isActive)
    }

    /// A body that starts a task which uses the library and waits for it would deadlock on the in-memory
    /// store (its lock is held) and silently run outside the transaction on SQLite; in debug builds it
    /// traps instead, at the call.
    @Test(.timeLimit(.minutes(1)), arguments: StoreKind.allCases)
    func usingTheLibraryFromInsideItsOwnTransactionTraps(kind: StoreKind) async throws {
        // The child process uses a database made here, on this run's cluster (it could not stop one of
        // its own when it traps), or a file in a folder made here: a folder the child made would never be
        // removed, as it traps before it could.
        let url: String? = kind == .postgres ? try await TestPostgres.database() : nil
        let directory = TemporaryDirectory("transaction")
        let path = directory.file("library.db")
        await #expect(processExitsWith: .failure) { [path = path as String, url = url as String?] in
            let store: any LibraryStore =
                if let url { try PostgresLibraryStore(url: url) } else { SQLiteLibraryStore(path: path) }
            _ = try? await store.write { _ in
                let done = DispatchSemaphore(value: 0)
                Task {
                    _ = try? await store.read { try $0.count() }
                    done.signal()
                }
                done.wait()
            }
        }
        withExtendedLifetime(directory) {}
    }
}
