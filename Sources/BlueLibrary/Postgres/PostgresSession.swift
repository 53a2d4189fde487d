/// The connection as the body of ``PostgresConnection/withSession(_:)`` or
/// ``PostgresConnection/transaction(_:_:)`` sees it: statements run synchronously, on the connection's own
/// thread, one after another — all in the transaction when there is one. It is valid only during the body
/// (it is not `Sendable`, so it cannot leave it for another task).
package struct PostgresSession {
    let wire: PostgresWire

    /// Runs one statement with `parameters` (`$1`, `$2`, … in `sql`) and returns its rows.
    /// - Throws: ``PostgresError``.
    package func query(_ sql: String, _ parameters: [PostgresValue] = []) throws -> PostgresResult {
        try wire.query(sql, parameters)
    }
}

/// How much of other transactions a transaction sees (PostgreSQL's isolation levels).
package enum PostgresIsolation: Sendable {
    /// Each statement sees what was committed before it began (PostgreSQL's default).
    case readCommitted
    /// The whole transaction sees what was committed before its first statement; a row changed by another
    /// transaction since then cannot be changed (``PostgresErrorCode/serializationFailure``).
    case repeatableRead
    /// As if the transactions ran one after another; any that could not be are refused
    /// (``PostgresErrorCode/serializationFailure``).
    case serializable
    /// One snapshot for the whole transaction, as ``repeatableRead``, and no writes: a consistent read that
    /// never waits for a writer and never holds one up (and runs on a standby too).
    case readOnly

    var sql: String {
        switch self {
        case .readCommitted: "READ COMMITTED"
        case .repeatableRead: "REPEATABLE READ"
        case .serializable: "SERIALIZABLE"
        case .readOnly: "REPEATABLE READ READ ONLY"
        }
    }
}
