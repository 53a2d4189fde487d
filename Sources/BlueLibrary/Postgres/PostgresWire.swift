import BlueLibraryCore
import CPostgres

#if canImport(Glibc)
    import Glibc
#endif

/// One libpq connection, used only on its thread (``PostgresThread``): opening it, running statements
/// without ever blocking inside libpq (send, then wait in poll(2) for the socket and consume what it has),
/// and handing notifications to whoever listens.
final class PostgresWire {
    /// libpq's connection; nil before it opens and after it closes.
    private(set) var connection: OpaquePointer?
    /// The server as messages name it: the URL without its password.
    private(set) var target = "PostgreSQL"
    /// The cancellation of the task the running job is for; a statement waiting on the server asks it to
    /// stop when this is set.
    var cancellation: CancellationFlag?
    /// Whether the running statement was asked to stop.
    var cancelRequested = false
    /// Why the connection broke, once it has: every later statement fails with it.
    private(set) var lostReason: String?
    /// The streams of each channel listened to, by listener.
    var listeners: [String: [UInt64: AsyncStream<PostgresNotification>.Continuation]] = [:]
    /// What wakes the thread from poll(2): new work, or a cancelled task.
    let wakeUp: WakeUp
    /// Whether statements go out in pipeline mode (``PostgresWire/pipelinedQuery(_:_:on:)``): a connection
    /// enters it with its first read-only transaction, and stays in it.
    var pipelining = false
    /// The BEGIN of the read-only transaction under way, until its first statement takes it along.
    var deferredBegin: String?
    /// Flights sent whose answers are not read yet (a read-only transaction's COMMIT), each as the number
    /// of statements it holds: they are read before the answers of the next flight.
    var unreadFlights: [Int] = []
    /// The statements prepared on this connection, by their text and parameters' types.
    var prepared: [PreparedKey: String] = [:]
    /// How many statements this connection has prepared (each name is used once).
    var preparedCount = 0
    /// How many times the connection waited for the server's answer: a round trip each.
    var roundTrips = 0

    init(wakeUp: WakeUp) {
        self.wakeUp = wakeUp
    }

    /// Connects to `url`, giving up after `timeout`.
    /// - Throws: ``PostgresError`` `unreachable`, `authentication`, `noDatabase` or `refused`, naming
    ///   `target`; `cancelled` when the task is cancelled meanwhile.
    func open(_ url: String, target: String, timeout: Duration) throws {
        precondition(connection == nil, "a connection is opened once")
        self.target = target
        // Text is exchanged as UTF-8 whatever the URL or the database say; the name shows in pg_stat_activity
        // unless the URL gives one.
        let options = [
            ("dbname", url), ("client_encoding", "UTF8"), ("fallback_application_name", "bluelibrary"),
        ]
        let keywords = options.map { strdup($0.0) }
        let values = options.map { strdup($0.1) }
        defer {
            for text in keywords + values { free(text) }
        }
        let started = bl_pq_connect_start(
            keywords.map { $0.map { UnsafePointer($0) } } + [nil],
            values.map { $0.map { UnsafePointer($0) } } + [nil])
        guard let started else {
            throw PostgresError(.unavailable, "cannot connect to \(target): out of memory")
        }
        connection = started
        do {
            let deadline = ContinuousClock.now.advanced(by: timeout)
            var polling =
                bl_pq_status(started) == CONNECTION_BAD ? PGRES_POLLING_FAILED : PGRES_POLLING_WRITING
            while polling != PGRES_POLLING_OK {
                guard polling != PGRES_POLLING_FAILED else {
                    throw PostgresTarget.connectionFailure(
                        PostgresTarget.redacted(String(cString: bl_pq_error_message(started)), hiding: url),
                        target: target)
                }
                let events = Int16(polling == PGRES_POLLING_READING ? POLLIN : POLLOUT)
                guard try waitForSocket(events, until: deadline, connecting: true) else {
                    throw PostgresError(
                        .unreachable, "cannot connect to \(target): no answer within \(timeout)")
                }
                polling = bl_pq_connect_poll(started)
            }
            guard bl_pq_set_nonblocking(started, 1) == 0 else {
                throw PostgresError(.unavailable, "cannot connect to \(target): \(firstLine(of: started))")
            }
        } catch {
            bl_pq_finish(started)
            connection = nil
            throw error
        }
    }

    /// Runs one statement with `parameters` and returns its rows.
    /// - Throws: ``PostgresError``: the server's refusal (`statement`, `serializationFailure`,
    ///   `uniqueViolation`, `cancelled`), `connectionLost`, `closed`, or `invalidValue` for a parameter
    ///   that cannot be sent.
    func query(_ sql: String, _ parameters: [PostgresValue]) throws -> PostgresResult {
        let connection = try usableConnection()
        if cancellation?.isCancelled == true { throw PostgresError(.cancelled, "cancelled before it ran") }
        try checkText(of: parameters)
        if pipelining { return try pipelinedQuery(sql, parameters, on: connection) }
        try send(sql, parameters, on: connection)
        try flush(connection)
        roundTrips += 1
        cancelRequested = false
        let outcome = try readResults(of: connection)
        deliverNotifications()
        if bl_pq_status(connection) == CONNECTION_BAD { throw lost() }
        return try (outcome ?? .failure(PostgresError(.statement, "the server sent no result"))).get()
    }

    /// Reads the results of one statement, up to the end libpq marks with no result: the first result, or
    /// the first error (nil when there was none of either).
    func readResults(of connection: OpaquePointer) throws -> Result<PostgresResult, PostgresError>? {
        var outcome: Result<PostgresResult, PostgresError>?
        while true {
            try waitUntilAnswered(connection)
            guard let result = bl_pq_get_result(connection) else { return outcome }
            switch bl_pq_result_status(result) {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
                if outcome == nil { outcome = .success(PostgresResult(result)) } else { bl_pq_clear(result) }
            case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
                // The copy would never end: nothing here sends or reads COPY data.
                bl_pq_clear(result)
                markLost("COPY is not supported")
                throw PostgresError(
                    .statement, "COPY is not supported; the connection to \(target) is closed")
            default:
                if outcome == nil { outcome = .failure(statementError(result)) }
                bl_pq_clear(result)
            }
        }
    }

    /// Waits until libpq has read the next result (or the end of the current statement's).
    func waitUntilAnswered(_ connection: OpaquePointer) throws {
        while bl_pq_is_busy(connection) != 0 {
            _ = try waitForSocket(Int16(POLLIN), until: nil)
            guard bl_pq_consume_input(connection) != 0 else { throw lost() }
            deliverNotifications()
        }
    }

    /// Runs `body` between BEGIN and COMMIT; rolls back when it throws.
    /// - Throws: what `body` throws; ``PostgresError`` `serializationFailure` when the server could not
    ///   serialise the transaction with a concurrent one (nothing of it was written).
    ///
    /// A read-only transaction costs no round trip of its own: its BEGIN goes with its first statement, and
    /// its COMMIT is sent without waiting (its answer is read with the next statement's); one that runs no
    /// statement sends nothing.
    func transaction<T>(_ isolation: PostgresIsolation, _ body: (PostgresSession) throws -> T) throws -> T {
        let begin = "BEGIN ISOLATION LEVEL " + isolation.sql
        if isolation == .readOnly {
            try enterPipelineMode()
            deferredBegin = begin
        } else {
            _ = try query(begin, [])
        }
        defer { deferredBegin = nil }
        do {
            let value = try body(PostgresSession(wire: self))
            // No statement ran: nothing was begun.
            if deferredBegin != nil { return value }
            switch bl_pq_transaction_status(try usableConnection()) {
            case PQTRANS_INTRANS:
                if isolation == .readOnly {
                    try sendWithoutWaiting("COMMIT")
                } else {
                    _ = try query("COMMIT", [])
                }
                return value
            case PQTRANS_INERROR:
                throw PostgresError(
                    .statement,
                    "a statement of the transaction failed and the transaction went on; nothing was written")
            default:
                throw PostgresError(
                    .statement, "the transaction's body ended the transaction with its own statement")
            }
        } catch {
            if deferredBegin == nil { rollBack() }
            throw error
        }
    }

    /// Ends every listener's stream and closes the connection.
    func close() {
        finishListeners()
        if let connection { bl_pq_finish(connection) }
        connection = nil
    }

    // MARK: The pieces

    func usableConnection() throws -> OpaquePointer {
        if let lostReason {
            throw PostgresError(.connectionLost, "lost the connection to \(target): \(lostReason)")
        }
        guard let connection else { throw PostgresError(.closed, "the connection to \(target) is closed") }
        return connection
    }

    /// Refuses a text parameter PostgreSQL cannot hold.
    private func checkText(of parameters: [PostgresValue]) throws {
        if let index = parameters.firstIndex(where: { $0.text?.utf8.contains(0) == true }) {
            throw PostgresError(
                .invalidValue, "parameter $\(index + 1) holds a NUL character, which PostgreSQL text cannot")
        }
    }

    /// Hands the statement to libpq (prepared as `name` when there is one); ``flush(_:)`` sends it.
    func send(
        _ sql: String, _ parameters: [PostgresValue], preparedAs name: String? = nil,
        on connection: OpaquePointer
    ) throws {
        let values = parameters.map { $0.text.flatMap { strdup($0) } }
        defer {
            for value in values { free(value) }
        }
        let texts = values.map { $0.map { UnsafePointer($0) } }
        let sent =
            if let name {
                bl_pq_send_query_prepared(connection, name, Int32(parameters.count), texts)
            } else {
                bl_pq_send_query_params(
                    connection, sql, Int32(parameters.count), parameters.map(\.typeOID), texts)
            }
        try check(sent, on: connection)
    }

    /// Throws what libpq said when it refused to queue a message (`queued` is not 1).
    func check(_ queued: Int32, on connection: OpaquePointer) throws {
        guard queued == 1 else {
            if bl_pq_status(connection) == CONNECTION_BAD { throw lost() }
            throw PostgresError(.statement, firstLine(of: connection))
        }
    }

    /// Waits until libpq has written everything it holds.
    func flush(_ connection: OpaquePointer) throws {
        while true {
            let flushed = bl_pq_flush(connection)
            if flushed == 0 { return }
            guard flushed > 0 else { throw lost() }
            _ = try waitForSocket(Int16(POLLIN | POLLOUT), until: nil)
            guard bl_pq_consume_input(connection) != 0 else { throw lost() }
        }
    }

    /// Waits until the socket is ready for `events` (true) or `deadline` passes (false). When the task is
    /// cancelled meanwhile, a connection being opened gives up, and a running statement is asked to stop
    /// (its result then says it was cancelled).
    private func waitForSocket(
        _ events: Int16, until deadline: ContinuousClock.Instant?, connecting: Bool = false
    )
        throws -> Bool
    {
        guard let connection else { throw PostgresError(.closed, "the connection to \(target) is closed") }
        while true {
            var descriptors = [
                pollfd(fd: bl_pq_socket(connection), events: events, revents: 0),
                pollfd(fd: wakeUp.readable, events: Int16(POLLIN), revents: 0),
            ]
            var timeout: Int32 = -1
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { return false }
                let (seconds, attoseconds) = left.components
                timeout = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            }
            let ready = poll(&descriptors, 2, timeout)
            if ready < 0 && errno != EINTR {
                throw PostgresError(
                    .connectionLost, "cannot wait for \(target): \(String(cString: strerror(errno)))")
            }
            if descriptors[1].revents != 0 {
                wakeUp.drain()
                if cancellation?.isCancelled == true {
                    if connecting {
                        throw PostgresError(.cancelled, "cancelled while connecting to \(target)")
                    }
                    requestCancel(connection)
                }
            }
            if descriptors[0].revents != 0 { return true }
        }
    }

    /// Asks the server to stop the running statement, once; if the request cannot be sent the statement
    /// runs to its end.
    private func requestCancel(_ connection: OpaquePointer) {
        guard !cancelRequested else { return }
        cancelRequested = true
        var message = [CChar](repeating: 0, count: 256)
        _ = bl_pq_cancel(connection, &message, Int32(message.count))
    }

    private func rollBack() {
        guard lostReason == nil, let connection, bl_pq_transaction_status(connection) != PQTRANS_IDLE else {
            return
        }
        // Rolled back even when the task was cancelled: that is what the cancellation asks for.
        let cancellation = self.cancellation
        self.cancellation = nil
        defer { self.cancellation = cancellation }
        _ = try? query("ROLLBACK", [])
    }

    /// Records that the connection broke: later statements fail with `reason`, and every listener's stream
    /// ends, so a listener learns it will hear nothing more.
    func markLost(_ reason: String) {
        if lostReason == nil { lostReason = reason }
        finishListeners()
    }

    func lost() -> PostgresError {
        if lostReason == nil, let connection { markLost(firstLine(of: connection)) }
        return PostgresError(.connectionLost, "lost the connection to \(target): \(lostReason ?? "closed")")
    }

    func statementError(_ result: OpaquePointer) -> PostgresError {
        func field(_ code: Character) -> String? {
            bl_pq_result_error_field(result, Int32(code.asciiValue ?? 0)).map { String(cString: $0) }
        }
        let state = field("C")
        let message = Self.firstLine(field("M") ?? String(cString: bl_pq_result_error_message(result)))
        let code: PostgresErrorCode =
            switch state {
            case "40001", "40P01": .serializationFailure
            case "23505": .uniqueViolation
            case "57014": .cancelled
            default:
                connection.map { bl_pq_status($0) == CONNECTION_BAD } == true ? .connectionLost : .statement
            }
        return PostgresError(code, message, sqlState: state)
    }

    func firstLine(of connection: OpaquePointer) -> String {
        Self.firstLine(String(cString: bl_pq_error_message(connection)))
    }

    static func firstLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let trimmed = line.trimmed
        return trimmed.isEmpty ? "no reason given" : trimmed
    }
}
