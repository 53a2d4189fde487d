/// A parameter of a statement (`$1`, `$2`, …), sent as text with its type so the server never has to guess
/// it: `text`, `int8`, `float8` or `bool`. A `null` has no type of its own; where the statement does not
/// give one (`$1 IS NULL`), cast it (`$1::text IS NULL`).
package enum PostgresValue: Sendable, Equatable {
    case null
    case text(String)
    case integer(Int)
    case double(Double)
    case bool(Bool)

    /// The type's object id in PostgreSQL's catalog (0: let the server infer it).
    var typeOID: UInt32 {
        switch self {
        case .null: 0
        case .text: 25
        case .integer: 20
        case .double: 701
        case .bool: 16
        }
    }

    /// The text PostgreSQL reads the value from; nil for SQL NULL.
    var text: String? {
        switch self {
        case .null: nil
        case .text(let text): text
        case .integer(let number): String(number)
        case .double(let number):
            number.isNaN
                ? "NaN" : number.isInfinite ? (number < 0 ? "-Infinity" : "Infinity") : String(number)
        case .bool(let flag): flag ? "true" : "false"
        }
    }
}

extension PostgresValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
    package init(stringLiteral value: String) { self = .text(value) }
    package init(integerLiteral value: Int) { self = .integer(value) }
    package init(floatLiteral value: Double) { self = .double(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(nilLiteral: ()) { self = .null }
}
