import CPostgres

/// Pipeline mode, which read-only transactions use: a statement goes out with what it needs in one flight —
/// the transaction's BEGIN, its own preparation the first time — and the connection waits once, for the
/// flight's answers. A read of one statement is one round trip.
extension PostgresWire {
    /// A statement as prepared: the same text with other parameter types is another statement.
    struct PreparedKey: Hashable {
        let sql: String
        let types: [UInt32]
    }

    /// How many statements a connection prepares at most; others run unprepared (the library's statements
    /// are a fixed set, but a query's shape comes from the user).
    static let preparedLimit = 256

    /// Puts the connection in pipeline mode, once.
    func enterPipelineMode() throws {
        guard !pipelining else { return }
        let connection = try usableConnection()
        guard bl_pq_enter_pipeline_mode(connection) == 1 else {
            throw PostgresError(.statement, "cannot pipeline statements: \(firstLine(of: connection))")
        }
        pipelining = true
    }

    /// Runs one statement in pipeline mode: a flight of the deferred BEGIN if there is one, the statement's
    /// preparation if it is new, the statement and a sync; then reads what earlier flights left unread and
    /// this flight's answers. Returns the statement's rows.
    func pipelinedQuery(_ sql: String, _ parameters: [PostgresValue], on connection: OpaquePointer) throws
        -> PostgresResult
    {
        let key = PreparedKey(sql: sql, types: parameters.map(\.typeOID))
        var statements = 0
        var preparing: (name: String, index: Int)?
        try queueingWhole {
            if let begin = deferredBegin {
                deferredBegin = nil
                try send(begin, [], on: connection)
                statements += 1
            }
            var name = prepared[key]
            if name == nil, prepared.count < Self.preparedLimit {
                preparedCount += 1
                let newName = "bl_\(preparedCount)"
                try check(
                    bl_pq_send_prepare(connection, newName, sql, Int32(key.types.count), key.types),
                    on: connection)
                preparing = (newName, statements)
                statements += 1
                name = newName
            }
            try send(sql, parameters, preparedAs: name, on: connection)
            statements += 1
            try check(bl_pq_pipeline_sync(connection), on: connection)
        }
        try flush(connection)
        roundTrips += 1
        cancelRequested = false

        try readUnreadFlights(of: connection)
        var outcomes: [Result<PostgresResult, PostgresError>?] = []
        for _ in 0..<statements { outcomes.append(try readResults(of: connection)) }
        try readSync(of: connection)
        deliverNotifications()
        if bl_pq_status(connection) == CONNECTION_BAD { throw lost() }

        if let preparing, case .success = outcomes[preparing.index] { prepared[key] = preparing.name }
        for outcome in outcomes {
            guard case .failure(let error) = outcome else { continue }
            // The server no longer has the statement as prepared (a pooler discarded the session's
            // statements, or a table changed under it): the connection is given up, so the read runs
            // again on a new one, where everything is prepared anew.
            if error.sqlState == "26000"
                || (error.sqlState == "0A000" && error.message.hasPrefix("cached plan must not change"))
            {
                markLost("the server no longer has a prepared statement (\(error.message))")
                throw lost()
            }
            throw error
        }
        let outcome = outcomes.last.flatMap { $0 }
        return try (outcome ?? .failure(PostgresError(.statement, "the server sent no result"))).get()
    }

    /// Sends `sql` (a statement without parameters) in a flight of its own, and does not wait for its
    /// answer: the next flight reads it first.
    func sendWithoutWaiting(_ sql: String) throws {
        let connection = try usableConnection()
        try queueingWhole {
            try send(sql, [], on: connection)
            try check(bl_pq_pipeline_sync(connection), on: connection)
        }
        try flush(connection)
        unreadFlights.append(1)
    }

    /// Queues a flight's messages with `queue`; when libpq refuses one, the part already queued would be
    /// read as another flight's answers, so the connection is given up (the next use opens a new one).
    private func queueingWhole(_ queue: () throws -> Void) throws {
        do {
            try queue()
        } catch {
            markLost("a statement could not be queued: \(error)")
            throw error
        }
    }

    /// Reads the answers of the flights sent without waiting; their failures change nothing (a read-only
    /// transaction's COMMIT), except a lost connection.
    func readUnreadFlights(of connection: OpaquePointer) throws {
        while !unreadFlights.isEmpty {
            let statements = unreadFlights.removeFirst()
            for _ in 0..<statements { _ = try readResults(of: connection) }
            try readSync(of: connection)
        }
    }

    /// Reads the sync that ends a flight.
    private func readSync(of connection: OpaquePointer) throws {
        try waitUntilAnswered(connection)
        guard let result = bl_pq_get_result(connection) else {
            if bl_pq_status(connection) == CONNECTION_BAD { throw lost() }
            markLost("the server's answers are out of step with the statements sent")
            throw lost()
        }
        let status = bl_pq_result_status(result)
        bl_pq_clear(result)
        guard status == PGRES_PIPELINE_SYNC else {
            markLost("the server answered a sync with another result")
            throw lost()
        }
    }
}
