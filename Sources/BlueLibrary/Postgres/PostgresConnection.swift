import BlueLibraryCore
import CPostgres
import Synchronization

/// A connection to a PostgreSQL server, owned by a thread of its own, as each SQLite connection is.
///
/// libpq (PostgreSQL's client library, `CPostgres`) is loaded by the first connection, so a process that
/// never uses PostgreSQL never loads it. Each call hands its work to the connection's thread and suspends
/// until it is done; calls run one at a time, in the order they came. The thread never blocks inside
/// libpq: it sends a statement, waits in poll(2) on the connection's socket, and reads what arrived — so
/// cancelling the calling task stops the statement at once, and notifications reach their listeners while
/// the connection is otherwise idle. ``close()`` closes it; so does releasing it, once its work is done.
///
/// ```swift
/// let connection = try await PostgresConnection.connect(to: "postgresql://bl@127.0.0.1/library")
/// let rows = try await connection.query("SELECT title, year FROM albums WHERE artist = $1", ["Sting"])
/// for row in rows { print(row.string(0) ?? "", try row.int(1) ?? 0) }
/// try await connection.transaction(.repeatableRead) { session in
///     _ = try session.query("UPDATE albums SET year = $1 WHERE id = $2", [1999, "a1"])
///     _ = try session.query("SELECT pg_notify('albums', $1)", ["a1"])
/// }
/// for await change in try await connection.notifications(on: "albums") { print(change.payload) }
/// await connection.close()
/// ```
package final class PostgresConnection: Sendable {
    /// The server, as messages name it: `postgresql://user@host:port/database`, never with the password.
    package let target: String
    private let thread: PostgresThread
    private let listenerIDs = Atomic<UInt64>(0)

    private init(target: String, thread: PostgresThread) {
        self.target = target
        self.thread = thread
    }

    /// Opens a connection to `url`: a `postgresql://` URL or a libpq connection string (libpq's
    /// environment variables, PGPASSWORD and ~/.pgpass fill in what it leaves out).
    /// - Throws: ``PostgresError``, one line each: `unavailable` (libpq cannot be loaded), `invalidURL`,
    ///   `unreachable` (nothing answers there within `timeout`), `authentication` (wrong user or password),
    ///   `noDatabase`, `refused`.
    package static func connect(to url: String, timeout: Duration = .seconds(10)) async throws
        -> PostgresConnection
    {
        var reason = [CChar](repeating: 0, count: 512)
        guard bl_pq_load(&reason, reason.count) == 0 else {
            throw PostgresError(.unavailable, String(nulTerminated: reason))
        }
        let target = try PostgresTarget.display(of: url)
        let thread = try PostgresThread(name: "bluelib-pg")
        try await thread.run { wire in try wire.open(url, target: target, timeout: timeout) }
        return PostgresConnection(target: target, thread: thread)
    }

    /// `url` as messages name the server: `postgresql://user@host:port/database`, never with the password
    /// (libpq is loaded to read it, as by ``connect(to:timeout:)``).
    /// - Throws: ``PostgresError`` `unavailable` (libpq cannot be loaded) or `invalidURL`.
    package static func displayTarget(of url: String) throws(PostgresError) -> String {
        var reason = [CChar](repeating: 0, count: 512)
        guard bl_pq_load(&reason, reason.count) == 0 else {
            throw PostgresError(.unavailable, String(nulTerminated: reason))
        }
        return try PostgresTarget.display(of: url)
    }

    /// Runs one statement with `parameters` (`$1`, `$2`, … in `sql`) and returns its rows.
    /// - Throws: ``PostgresError``.
    package func query(_ sql: String, _ parameters: [PostgresValue] = []) async throws -> PostgresResult {
        try await thread.run { wire in try wire.query(sql, parameters) }
    }

    /// Runs `body` on the connection's thread, with no other work of the connection in between.
    /// - Throws: what `body` throws; ``PostgresError``.
    package func withSession<T: Sendable>(_ body: @escaping @Sendable (PostgresSession) throws -> T)
        async throws
        -> T
    {
        try await thread.run { wire in try body(PostgresSession(wire: wire)) }
    }

    /// Runs `body` in a transaction at `isolation`: it commits when the body returns, and rolls back when
    /// the body throws, when a statement of it failed, or when the task is cancelled.
    /// - Throws: what `body` throws; ``PostgresError`` `serializationFailure` when the transaction lost a
    ///   race with a concurrent one (nothing of it was written; running it again may succeed).
    package func transaction<T: Sendable>(
        _ isolation: PostgresIsolation = .readCommitted,
        _ body: @escaping @Sendable (PostgresSession) throws -> T
    ) async throws -> T {
        try await thread.run { wire in try wire.transaction(isolation, body) }
    }

    /// How many times the connection has waited for the server's answer: a round trip each (a read-only
    /// transaction of one statement costs one).
    /// - Throws: ``PostgresError`` `closed` once the connection is closed.
    package func roundTrips() async throws -> Int {
        try await thread.run { wire in wire.roundTrips }
    }

    /// Listens on `channel` (LISTEN) and returns the notifications sent there from now on, by any session,
    /// each as its sender's transaction commits. The stream ends when the connection is closed or lost;
    /// stopping the iteration stops listening (UNLISTEN once no stream of the channel is left).
    /// - Throws: ``PostgresError``.
    package func notifications(on channel: String) async throws -> AsyncStream<PostgresNotification> {
        let (stream, continuation) = AsyncStream.makeStream(of: PostgresNotification.self)
        let id = listenerIDs.add(1, ordering: .relaxed).newValue
        do {
            try await thread.run { wire in try wire.listen(channel, id: id, continuation: continuation) }
        } catch {
            continuation.finish()
            throw error
        }
        continuation.onTermination = { [weak thread] _ in
            thread?.submit { wire in wire.unlisten(channel, id: id) }
        }
        return stream
    }

    /// Sends `payload` on `channel` (`pg_notify`): every connection listening there receives it when this
    /// statement commits — at once outside a transaction.
    /// - Throws: ``PostgresError``.
    package func notify(_ channel: String, payload: String = "") async throws {
        _ = try await query("SELECT pg_notify($1, $2)", [.text(channel), .text(payload)])
    }

    /// Closes the connection once the work already handed to it is done; later calls throw
    /// ``PostgresError`` `closed`, and every notification stream ends.
    package func close() async {
        _ = try? await thread.run { wire in wire.close() }
        thread.shutDown()
    }
}
