import BlueLibraryCore
import BlueLibraryStore

/// The history stacks, the outbox and the saved state of a PostgreSQL library.
extension PostgresAlbums {
    func historyCount(_ side: HistorySide) throws -> Int {
        try integer("SELECT count(*) FROM history WHERE side = $1", [.integer(side.rawValue)]) ?? 0
    }

    func savedCurrent() throws -> CurrentAlbum? {
        guard let row = try rows("SELECT current_id, current_index FROM saved_state").first,
            let index = try row.int(1), let id = row.string(0).flatMap(AlbumID.init)
        else { return nil }
        return CurrentAlbum(id: id, index: index)
    }

    func push(_ command: HistoryCommand, on side: HistorySide, limit: Int) throws {
        try run(
            "INSERT INTO history (side, command) VALUES ($1, $2)",
            [.integer(side.rawValue), .text(JSONWriter.string(command.json))])
        try run(
            """
            DELETE FROM history WHERE side = $1 AND seq NOT IN
                (SELECT seq FROM history WHERE side = $1 ORDER BY seq DESC LIMIT $2)
            """, [.integer(side.rawValue), .integer(limit)])
    }

    func pop(_ side: HistorySide) throws -> HistoryCommand? {
        guard
            let row = try rows(
                """
                DELETE FROM history WHERE seq = (SELECT max(seq) FROM history WHERE side = $1)
                RETURNING seq, command
                """, [.integer(side.rawValue)]
            ).first
        else { return nil }
        do {
            return try HistoryCommand(json: JSONParser.parse(Array((row.string(1) ?? "").utf8)))
        } catch let error as LibraryError {
            // Thrown, the transaction rolls back: the entry stays where it was.
            throw LibraryError(
                .corruptLibrary,
                "library \(location) has a damaged history entry \(try row.int(0) ?? 0): \(error.message)")
        }
    }

    func clearHistory(_ side: HistorySide) throws {
        try run("DELETE FROM history WHERE side = $1", [.integer(side.rawValue)])
    }

    func pendingSync(limit: Int) throws -> [PendingSync] {
        try rows("SELECT seq, key, command FROM outbox ORDER BY seq LIMIT $1", [.integer(limit)]).map { row in
            PendingSync(
                sequence: try row.int(0) ?? 0, key: row.string(1) ?? "",
                command: try HistoryCommand(json: JSONParser.parse(Array((row.string(2) ?? "").utf8))))
        }
    }

    func pendingSyncCount() throws -> Int {
        try integer("SELECT count(*) FROM outbox") ?? 0
    }

    func enqueueSync(_ command: HistoryCommand, key: String) throws {
        try run(
            "INSERT INTO outbox (key, command) VALUES ($1, $2)",
            [.text(key), .text(JSONWriter.string(command.json))])
    }

    func removeSync(_ sequence: Int) throws {
        try run("DELETE FROM outbox WHERE seq = $1", [.integer(sequence)])
    }

    func saveCurrent(_ current: CurrentAlbum?) throws {
        try run(
            """
            INSERT INTO saved_state (singleton, current_id, current_index) VALUES (true, $1, $2)
            ON CONFLICT (singleton) DO UPDATE SET current_id = excluded.current_id,
                current_index = excluded.current_index
            """,
            [current.map { .text($0.id.rawValue) } ?? .null, current.map { .integer($0.index) } ?? .null])
    }
}
