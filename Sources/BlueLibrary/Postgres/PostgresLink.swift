import BlueLibraryCore

/// One of a store's connections to its server: opened on first use (and its library checked, created or
/// migrated then: ``PostgresSchema/prepare(_:location:)``), dropped when it breaks, opened
/// again by the next use — so a server outlives a restart or a failover of the database behind it. Callers
/// that ask while it opens wait for the same connection.
actor PostgresLink {
    private let url: String
    private let location: String
    private var connection: PostgresConnection?
    private var opening: Task<PostgresConnection, any Error>?

    init(url: String, location: String) {
        self.url = url
        self.location = location
    }

    /// The open connection, opened now when there is none.
    /// - Throws: ``PostgresError`` (unreachable, a wrong password…); ``LibraryError`` (not a library, newer).
    func connection() async throws -> PostgresConnection {
        if let connection { return connection }
        if let opening { return try await opening.value }
        let (url, location) = (url, location)
        // Not cancelled with the caller that started it: another caller may be waiting for it too, and it
        // gives up by itself (libpq's connect timeout).
        let task = Task {
            let connection = try await PostgresConnection.connect(to: url)
            do {
                try await PostgresSchema.prepare(connection, location: location)
            } catch {
                await connection.close()
                throw error
            }
            return connection
        }
        opening = task
        defer { opening = nil }
        let opened = try await task.value
        connection = opened
        return opened
    }

    /// The connection if it is open (nothing is opened for asking).
    var openConnection: PostgresConnection? { connection }

    /// Forgets `broken` (a connection that was lost), so the next use opens a new one.
    func drop(_ broken: PostgresConnection) async {
        guard connection === broken else { return }
        connection = nil
        await broken.close()
    }

    /// Closes the connection; the next use opens a new one.
    func close() async {
        let open = connection
        connection = nil
        await open?.close()
    }
}
