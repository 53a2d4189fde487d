import BlueLibraryCore
import BlueLibraryStore

/// The history stacks, the outbox and the saved state of a SQLite library.
extension SQLiteAlbums {
    func historyCount(_ side: HistorySide) throws -> Int {
        try connection.integer(
            "SELECT count(*) FROM history WHERE side = ?", [.integer(Int64(side.rawValue))]) ?? 0
    }

    func savedCurrent() throws -> CurrentAlbum? {
        let row = try connection.prepare(
            "SELECT current_id, current_index FROM saved_state WHERE singleton = 1")
        try row.bind([])
        defer { row.reset() }
        guard try row.step(), let index = row.optionalInt(1), let id = AlbumID(row.text(0)) else {
            return nil
        }
        return CurrentAlbum(id: id, index: index)
    }

    func push(_ command: HistoryCommand, on side: HistorySide, limit: Int) throws {
        let sideValue = SQLValue.integer(Int64(side.rawValue))
        try connection.run(
            "INSERT INTO history (side, command) VALUES (?, ?)",
            [sideValue, .text(JSONWriter.string(command.json))])
        try connection.run(
            """
            DELETE FROM history WHERE side = ?1 AND seq NOT IN
                (SELECT seq FROM history WHERE side = ?1 ORDER BY seq DESC LIMIT ?2)
            """, [sideValue, .integer(Int64(limit))])
    }

    func pop(_ side: HistorySide) throws -> HistoryCommand? {
        let row = try connection.prepare(
            "SELECT seq, command FROM history WHERE side = ? ORDER BY seq DESC LIMIT 1")
        try row.bind([.integer(Int64(side.rawValue))])
        guard try row.step() else { return nil }
        let seq = row.int(0)
        let text = row.text(1)
        row.reset()
        let command: HistoryCommand
        do {
            command = try HistoryCommand(json: JSONParser.parse(Array(text.utf8)))
        } catch let error as LibraryError {
            throw LibraryError(
                .corruptLibrary,
                "library \(connection.path) has a damaged history entry \(seq): \(error.message)")
        }
        try connection.run("DELETE FROM history WHERE seq = ?", [.integer(Int64(seq))])
        return command
    }

    func clearHistory(_ side: HistorySide) throws {
        try connection.run("DELETE FROM history WHERE side = ?", [.integer(Int64(side.rawValue))])
    }

    func pendingSync(limit: Int) throws -> [PendingSync] {
        let rows = try connection.prepare("SELECT seq, key, command FROM outbox ORDER BY seq LIMIT ?")
        try rows.bind([.integer(Int64(limit))])
        defer { rows.reset() }
        var pending: [PendingSync] = []
        while try rows.step() {
            let command = try HistoryCommand(json: JSONParser.parse(Array(rows.text(2).utf8)))
            pending.append(PendingSync(sequence: rows.int(0), key: rows.text(1), command: command))
        }
        return pending
    }

    func pendingSyncCount() throws -> Int {
        try connection.integer("SELECT count(*) FROM outbox") ?? 0
    }

    func enqueueSync(_ command: HistoryCommand, key: String) throws {
        try connection.run(
            "INSERT INTO outbox (key, command) VALUES (?, ?)",
            [.text(key), .text(JSONWriter.string(command.json))])
    }

    func removeSync(_ sequence: Int) throws {
        try connection.run("DELETE FROM outbox WHERE seq = ?", [.integer(Int64(sequence))])
    }

    func saveCurrent(_ current: CurrentAlbum?) throws {
        try connection.run(
            "INSERT OR REPLACE INTO saved_state (singleton, current_id, current_index) VALUES (1, ?, ?)",
            [
                current.map { .text($0.id.rawValue) } ?? .null,
                current.map { .integer(Int64($0.index)) } ?? .null,
            ])
    }
}
