import BlueLibraryCore
import BlueLibraryStore
import CSQLite
import SystemFiles

/// A thin, safe wrapper over one SQLite connection: prepared statements, bound parameters and
/// transactions. Nothing above this file and `Statement` sees a C pointer.
///
/// Not thread-safe by itself (opened with `SQLITE_OPEN_NOMUTEX`): each connection has one owner, the
/// single thread of ``SQLiteLibraryStore``'s connection owner, which runs every use of it in turn.
// @unchecked Sendable: created and used only on its owner's single thread (ConnectionSlot).
package final class SQLiteConnection: @unchecked Sendable {
    private let handle: OpaquePointer
    /// The database file, for error messages.
    package let path: String
    /// How long to wait for another process's lock, in milliseconds.
    package let busyTimeout: Int32
    /// Prepared statements by SQL text, the most recently used last. Bounded: query shapes come from
    /// users (`?q=`), so an unbounded cache would grow for as long as a server runs.
    private var statements: [String: (statement: Statement, lastUse: UInt64)] = [:]
    private var uses: UInt64 = 0
    /// The most prepared statements kept.
    package static let statementCacheSize = 64

    /// Opens (and creates when missing) the database at `path`. Neither the file nor its journal, WAL
    /// or shared-memory file is opened through a symbolic link (SQLite's `NOFOLLOW`, and its own
    /// `O_NOFOLLOW` on the files beside it): a link put there is refused, never written through.
    /// - Parameter busyTimeout: how long to wait for another process's lock, in milliseconds.
    package init(path: String, busyTimeout: Int32) throws {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        let status = sqlite3_open_v2(path, &db, flags, nil)
        guard let db else { throw LibraryError(.internal, "cannot open library \(path): out of memory") }
        guard status == SQLITE_OK else {
            let error = SQLiteConnection.error(status, db: db, path: path, action: "open")
            sqlite3_close_v2(db)
            throw error
        }
        handle = db
        self.path = path
        self.busyTimeout = busyTimeout
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, busyTimeout)
    }

    deinit {
        statements.removeAll()  // finalize before closing
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that take no parameters (schema, pragmas).
    package func execute(_ sql: String) throws {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw error(status, action: "run \(sql.prefix(40))") }
    }

    /// A prepared statement for `sql`, cached so repeated calls prepare once.
    package func prepare(_ sql: String) throws -> Statement {
        uses += 1
        // One lookup: hashing the text of a statement run per row (an import's INSERT) twice showed.
        if let index = statements.index(forKey: sql) {
            statements.values[index].lastUse = uses
            let statement = statements.values[index].statement
            statement.reset()
            return statement
        }
        var pointer: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
        guard status == SQLITE_OK, let pointer else { throw error(status, action: "prepare a query") }
        let statement = Statement(pointer, connection: self)
        if statements.count >= Self.statementCacheSize {
            // Drop the least recently used half; a statement still in use stays alive through its caller.
            let oldest = statements.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(
                statements.count / 2)
            for (key, _) in oldest { statements[key] = nil }
        }
        statements[sql] = (statement, uses)
        return statement
    }

    /// Runs `sql` with `values` bound and returns how many rows it changed.
    @discardableResult
    package func run(_ sql: String, _ values: [SQLValue] = []) throws -> Int {
        let statement = try prepare(sql)
        try statement.bind(values)
        while try statement.step() {}
        return Int(sqlite3_changes(handle))
    }

    /// The first column of the first row of `sql`, as an integer (or `nil` when there is no row or NULL).
    package func integer(_ sql: String, _ values: [SQLValue] = []) throws -> Int? {
        let statement = try prepare(sql)
        try statement.bind(values)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return statement.optionalInt(0)
    }

    /// The first column of the first row of `sql`, as text (or `nil` when there is no row or NULL).
    package func text(_ sql: String, _ values: [SQLValue] = []) throws -> String? {
        let statement = try prepare(sql)
        try statement.bind(values)
        defer { statement.reset() }
        guard try statement.step(), !statement.isNull(0) else { return nil }
        return statement.text(0)
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    /// `BEGIN IMMEDIATE` takes the write lock at once, so a locked database fails before any work.
    package func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Copies the whole database, consistently, into a new database file at `path` (SQLite's online
    /// backup: other connections may go on reading and writing meanwhile).
    /// - Throws: `io` naming `path` when it cannot be written.
    package func backup(to path: String) throws {
        var target: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        let opened = sqlite3_open_v2(path, &target, flags, nil)
        defer { sqlite3_close_v2(target) }
        guard opened == SQLITE_OK, let target else {
            throw LibraryError(.io, "cannot write the backup \(path): cannot create it")
        }
        guard let backup = sqlite3_backup_init(target, "main", handle, "main") else {
            throw LibraryError(
                .io, "cannot write the backup \(path): \(String(cString: sqlite3_errmsg(target)))")
        }
        // Another connection's lock is waited for, up to 30 s in all; then the backup gives up.
        var status: Int32
        var waited: Int32 = 0
        repeat {
            status = sqlite3_backup_step(backup, 256)
            if status == SQLITE_BUSY || status == SQLITE_LOCKED {
                guard waited < 30_000 else { break }
                sqlite3_sleep(20)
                waited += 20
            }
        } while status == SQLITE_OK || status == SQLITE_BUSY || status == SQLITE_LOCKED
        let finished = sqlite3_backup_finish(backup)
        if status == SQLITE_BUSY || status == SQLITE_LOCKED {
            throw LibraryError(.io, "cannot write the backup \(path): the library stayed locked for 30 s")
        }
        guard status == SQLITE_DONE, finished == SQLITE_OK else {
            throw LibraryError(
                .io, "cannot write the backup \(path): \(String(cString: sqlite3_errmsg(target)))")
        }
    }

    /// Runs `body` in one read transaction, so every statement in it sees the same snapshot.
    package func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        defer { try? execute("COMMIT") }
        return try body()
    }

    /// Maps an SQLite result code to our error, naming the file.
    package func error(_ status: Int32, action: String) -> LibraryError {
        SQLiteConnection.error(status, db: handle, path: path, action: action)
    }

    private static func error(_ status: Int32, db: OpaquePointer, path: String, action: String)
        -> LibraryError
    {
        let detail = String(cString: sqlite3_errmsg(db))
        switch status & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return LibraryError(.locked, "library \(path) is locked by another process (gave up waiting)")
        case SQLITE_NOTADB:
            return LibraryError(.notALibrary, "\(path) is not a BlueLibrary database (\(detail))")
        case SQLITE_CORRUPT:
            return LibraryError(
                .corruptLibrary, "library \(path) is damaged (\(detail)); it was left untouched")
        case SQLITE_CONSTRAINT:
            return LibraryError(.conflict, "cannot \(action) library \(path): \(detail)")
        case SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_READONLY, SQLITE_FULL, SQLITE_PERM:
            if status & 0xFF == SQLITE_CANTOPEN, let link = linkBeside(path) {
                return LibraryError(
                    .io,
                    "cannot \(action) library \(path): \(link) is a symbolic link, and the library's files "
                        + "are never opened through one")
            }
            return LibraryError(.io, "cannot \(action) library \(path): \(detail)")
        default:
            return LibraryError(
                .internal, "cannot \(action) library \(path): \(detail) (SQLite code \(status))")
        }
    }
}

/// The library's file or one SQLite keeps beside it (`-journal`, `-wal`, `-shm`) that is a symbolic link.
private func linkBeside(_ path: String) -> String? {
    ["", "-journal", "-wal", "-shm"].map { path + $0 }.first { RegularFile.entry(at: $0)?.isLink == true }
}

/// A prepared statement of a ``SQLiteConnection``: bind, step, read columns.
package final class Statement {
    private let handle: OpaquePointer
    private unowned let connection: SQLiteConnection

    fileprivate init(_ handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `values` to the parameters `?1`, `?2`, … in order.
    package func bind(_ values: [SQLValue]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null: status = sqlite3_bind_null(handle, index)
            case .integer(let number): status = sqlite3_bind_int64(handle, index, number)
            case .real(let number): status = sqlite3_bind_double(handle, index, number)
            case .text(var text):
                // Handed over as the string's own UTF-8 with its length: a C string would be a copy made
                // for the call (and measured again by SQLite), for every text of every row written.
                status = text.withUTF8 { bytes in
                    guard let start = bytes.baseAddress, !bytes.isEmpty else {
                        return sqlite3_bind_text(handle, index, "", 0, csqlite_transient())
                    }
                    return start.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                        sqlite3_bind_text(handle, index, $0, Int32(bytes.count), csqlite_transient())
                    }
                }
            }
            guard status == SQLITE_OK else { throw connection.error(status, action: "bind a value") }
        }
    }

    /// Advances to the next row; `false` when done.
    package func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let status:
            sqlite3_reset(handle)
            throw connection.error(status, action: "query")
        }
    }

    /// Resets the statement so it can run again (bindings stay until the next ``bind(_:)``).
    package func reset() { sqlite3_reset(handle) }

    /// The integer in column `column` of the current row.
    package func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

    /// The floating-point number in column `column`.
    package func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    /// The integer in column `column`, or `nil` when it is NULL.
    package func optionalInt(_ column: Int32) -> Int? {
        isNull(column) ? nil : int(column)
    }

    /// Appends the UTF-8 text of column `column` to `output` (nothing when NULL).
    package func appendText(_ column: Int32, to output: inout [UInt8]) {
        guard let pointer = sqlite3_column_text(handle, column) else { return }
        let count = Int(sqlite3_column_bytes(handle, column))
        output.append(contentsOf: UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// Whether column `column` is NULL.
    package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    /// The text in column `column` (empty when NULL).
    package func text(_ column: Int32) -> String {
        guard let pointer = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: count), as: UTF8.self)
    }
}

extension Statement: SQLRow {
    package func isNull(_ column: Int) -> Bool { isNull(Int32(column)) }
    package func integer(_ column: Int) -> Int? { isNull(column) ? nil : int(Int32(column)) }
    package func real(_ column: Int) -> Double? { isNull(column) ? nil : double(Int32(column)) }
    package func string(_ column: Int) -> String? { isNull(column) ? nil : text(Int32(column)) }
    package func appendText(_ column: Int, to output: inout [UInt8]) {
        appendText(Int32(column), to: &output)
    }
}
