import BlueLibraryCore
import BlueLibraryStore

/// The outbox of an online library (the tutorial's `isOnline`): every change waits there, committed with
/// the change itself, until ``SyncService`` has sent it to the remote server.
extension LibraryAPI {
    /// The oldest changes waiting for the remote server, oldest first.
    package func pendingChanges(limit: Int) async throws -> [PendingSync] {
        try await store.read { try $0.pendingSync(limit: limit) }
    }

    /// How many changes wait for the remote server.
    package func pendingChangeCount() async throws -> Int {
        try await store.read { try $0.pendingSyncCount() }
    }

    /// Takes a change out of the outbox once the remote server has it (or refused it for good).
    package func removePendingChange(_ sequence: Int) async throws {
        try await store.write { try $0.removeSync(sequence) }
    }
}
