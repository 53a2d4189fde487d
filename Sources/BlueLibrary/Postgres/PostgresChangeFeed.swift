import BlueLibraryCore

/// The notices of changes other processes commit to a library in PostgreSQL: a connection of its own that
/// LISTENs on the channel every write notifies (``PostgresLibraryStore/channel``), skipping the notices
/// the store's own writes send (their payload is its origin).
///
/// It runs in the task that iterates its stream (``stream()``), not in a task of its own: the face's
/// watcher of external changes, a service of the process's group, drives it and cancels it at shutdown. A
/// lost connection is opened again — with a pause that grows to two seconds while the server stays away —
/// and the first notice after it says "something may have changed" (the changes made meanwhile went
/// unheard).
final class PostgresChangeFeed: @unchecked Sendable {
    // @unchecked Sendable: used only by the one task that iterates its stream; AsyncStream(unfolding:)
    // calls `next()` once at a time.
    private let url: String
    private let origin: String
    private var connection: PostgresConnection?
    private var notifications: AsyncStream<PostgresNotification>.AsyncIterator?
    /// Whether the feed was connected before (so a new connection may have missed changes).
    private var wasConnected = false
    private var pause: Duration = .zero

    init(url: String, origin: String) {
        self.url = url
        self.origin = origin
    }

    /// The notices: one per commit of another process (and one after each reconnection), until the
    /// iterating task is cancelled.
    func stream() -> AsyncStream<Void> {
        AsyncStream(unfolding: { await self.next() })
    }

    private func next() async -> Void? {
        while !Task.isCancelled {
            if notifications == nil {
                do {
                    try await Task.sleep(for: pause)
                    try await listen()
                } catch {
                    pause = min(max(pause * 2, .milliseconds(50)), .seconds(2))
                    continue
                }
                pause = .zero
                if wasConnected { return () }
                wasConnected = true
            }
            if let notice = await notifications?.next() {
                if notice.payload != origin { return () }
                continue
            }
            // The stream ended: the connection was lost (or the task cancelled, which the loop checks).
            await hangUp()
        }
        await hangUp()
        return nil
    }

    private func listen() async throws {
        let opened = try await PostgresConnection.connect(to: url)
        do {
            notifications = try await opened.notifications(on: PostgresLibraryStore.channel)
                .makeAsyncIterator()
            connection = opened
        } catch {
            await opened.close()
            throw error
        }
    }

    private func hangUp() async {
        notifications = nil
        await connection?.close()
        connection = nil
    }
}
