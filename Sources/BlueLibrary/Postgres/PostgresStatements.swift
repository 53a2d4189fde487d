import BlueLibraryStore
import Synchronization

/// The statements both stores share, in PostgreSQL's spelling: their numbered placeholders `?1`, `?2` …
/// become `$1`, `$2` …, once per statement text.
enum PostgresStatements {
    private static let spelled = Mutex<[String: String]>([:])

    /// `sql` with `?N` placeholders written `$N` (none is inside a quoted string in our statements).
    static func numbered(_ sql: String) -> String {
        if let known = spelled.withLock({ $0[sql] }) { return known }
        var result = ""
        result.reserveCapacity(sql.utf8.count)
        var characters = sql[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            if character == "?", characters.first?.isNumber == true {
                result.append("$")
            } else {
                result.append(character)
            }
        }
        spelled.withLock { cache in
            // Statements are a fixed set; queries' shapes come from users, so the cache is bounded.
            if cache.count > 512 { cache = [:] }
            cache[sql] = result
        }
        return result
    }
}

extension PostgresRow: SQLRow {
    package func integer(_ column: Int) throws -> Int? { try int(column) }
    package func real(_ column: Int) throws -> Double? { try double(column) }
}
