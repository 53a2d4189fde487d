/// A value bound to or read from an SQL statement, in either store's SQL.
package enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
}
