import BlueLibraryCore

/// The history stacks, the outbox and the saved state, as both stores keep them: the same statements,
/// written once (the engines differ in none of them).
extension SQLLibrary {
    package func historyCount(_ side: HistorySide) throws -> Int {
        try select("SELECT count(*) FROM history WHERE side = ?1", [.integer(Int64(side.rawValue))]) {
            try $0.integer(0) ?? 0
        }.first ?? 0
    }

    package func savedCurrent() throws -> CurrentAlbum? {
        // The table holds one row at most (its key is a singleton both schemas check).
        try select("SELECT current_id, current_index FROM saved_state", []) { row -> CurrentAlbum? in
            guard let index = try row.integer(1), let id = row.string(0).flatMap(AlbumID.init) else {
                return nil
            }
            return CurrentAlbum(id: id, index: index)
        }.first ?? nil
    }

    package func storedState() throws -> StoredState {
        let sql = """
            SELECT (SELECT current_id FROM saved_state), (SELECT current_index FROM saved_state),
                (SELECT coalesce(sum(count), 0) FROM buckets),
                (SELECT count(*) FROM (SELECT 1 FROM history WHERE side = ?1 LIMIT 1) AS undo),
                (SELECT count(*) FROM (SELECT 1 FROM history WHERE side = ?2 LIMIT 1) AS redo),
                (SELECT (SELECT coalesce(sum(count), 0) FROM buckets WHERE key < saved.position >> 32)
                    + (saved.position & 4294967295)
                FROM albums AS saved WHERE saved.id = (SELECT current_id FROM saved_state))
            """
        let sides = [HistorySide.undo, .redo].map { SQLValue.integer(Int64($0.rawValue)) }
        return try select(sql, sides) { row in
            let saved = try row.integer(1).flatMap { index in
                row.string(0).flatMap(AlbumID.init).map { CurrentAlbum(id: $0, index: index) }
            }
            return StoredState(
                saved: saved, savedIndex: try row.integer(5), count: try row.integer(2) ?? 0,
                canUndo: try row.integer(3) ?? 0 > 0, canRedo: try row.integer(4) ?? 0 > 0)
        }.first ?? StoredState(saved: nil, savedIndex: nil, count: 0, canUndo: false, canRedo: false)
    }

    package func push(_ command: HistoryCommand, on side: HistorySide, limit: Int) throws {
        let sideValue = SQLValue.integer(Int64(side.rawValue))
        try execute(
            "INSERT INTO history (side, command) VALUES (?1, ?2)",
            [sideValue, .text(JSONWriter.string(command.json))])
        try execute(
            """
            DELETE FROM history WHERE side = ?1 AND seq NOT IN
                (SELECT seq FROM history WHERE side = ?1 ORDER BY seq DESC LIMIT ?2)
            """, [sideValue, .integer(Int64(limit))])
    }

    package func pop(_ side: HistorySide) throws -> HistoryCommand? {
        let newest = try select(
            "SELECT seq, command FROM history WHERE side = ?1 ORDER BY seq DESC LIMIT 1",
            [.integer(Int64(side.rawValue))]
        ) { (seq: try $0.integer(0) ?? 0, text: $0.string(1) ?? "") }
        guard let (seq, text) = newest.first else { return nil }
        let command: HistoryCommand
        do {
            command = try HistoryCommand(json: JSONParser.parse(Array(text.utf8)))
        } catch let error as LibraryError {
            // Thrown, the transaction rolls back: the entry stays where it was.
            throw LibraryError(
                .corruptLibrary, "library \(location) has a damaged history entry \(seq): \(error.message)")
        }
        try execute("DELETE FROM history WHERE seq = ?1", [.integer(Int64(seq))])
        return command
    }

    package func clearHistory(_ side: HistorySide) throws {
        try execute("DELETE FROM history WHERE side = ?1", [.integer(Int64(side.rawValue))])
    }

    package func pendingSync(limit: Int) throws -> [PendingSync] {
        try select("SELECT seq, key, command FROM outbox ORDER BY seq LIMIT ?1", [.integer(Int64(limit))]) {
            PendingSync(
                sequence: try $0.integer(0) ?? 0, key: $0.string(1) ?? "",
                command: try HistoryCommand(json: JSONParser.parse(Array(($0.string(2) ?? "").utf8))))
        }
    }

    package func pendingSyncCount() throws -> Int {
        try select("SELECT count(*) FROM outbox", []) { try $0.integer(0) ?? 0 }.first ?? 0
    }

    package func enqueueSync(_ command: HistoryCommand, key: String) throws {
        try execute(
            "INSERT INTO outbox (key, command) VALUES (?1, ?2)",
            [.text(key), .text(JSONWriter.string(command.json))])
    }

    package func removeSync(_ sequence: Int) throws {
        try execute("DELETE FROM outbox WHERE seq = ?1", [.integer(Int64(sequence))])
    }

    package func saveCurrent(_ current: CurrentAlbum?) throws {
        try execute(
            """
            INSERT INTO saved_state (singleton, current_id, current_index) VALUES (TRUE, ?1, ?2)
            ON CONFLICT (singleton) DO UPDATE SET current_id = excluded.current_id,
                current_index = excluded.current_index
            """,
            [
                current.map { .text($0.id.rawValue) } ?? .null,
                current.map { .integer(Int64($0.index)) } ?? .null,
            ])
    }
}
