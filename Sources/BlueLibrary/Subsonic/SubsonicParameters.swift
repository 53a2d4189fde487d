import BlueLibraryCore
import BlueLibraryHTTP

/// A Subsonic call's parameters: the query string's and, for a form POST, the body's, in order (several
/// parameters may share a name: `id=…&id=…`).
struct SubsonicParameters: Sendable {
    private(set) var pairs: [(name: String, value: String)]

    /// The parameters of `request`: its query, then an `application/x-www-form-urlencoded` body's.
    init(_ request: WebRequest) {
        pairs = request.queryItems
        let type = request.headers["content-type"]?.split(separator: ";").first.map {
            String($0).trimmed.lowercased()
        }
        if request.method == "POST", type == "application/x-www-form-urlencoded" {
            pairs += Self.formPairs(request.body)
        }
    }

    /// Parameters given as pairs (tests).
    init(pairs: [(String, String)]) {
        self.pairs = pairs.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of `name`, if given.
    subscript(_ name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value of `name`, in order.
    func all(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    /// Whether `name` is given.
    func has(_ name: String) -> Bool { self[name] != nil }

    /// The value of a required parameter.
    /// - Throws: error 10 when it is missing.
    func required(_ name: String) throws(SubsonicError) -> String {
        guard let value = self[name] else { throw .missing(name) }
        return value
    }

    /// A whole-number parameter within `range`, or `fallback` when absent.
    /// - Throws: error 0 naming it when it is not a whole number; a number outside the range is clamped.
    func integer(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws(SubsonicError)
        -> Int
    {
        guard let text = self[name] else { return fallback }
        guard let number = Int(text.trimmed) else {
            throw .generic("\(name)=\(text.prefix(40)) is not a whole number")
        }
        return min(max(number, range.lowerBound), range.upperBound)
    }

    /// A whole-number parameter, when given.
    /// - Throws: error 0 naming it when it is not a whole number.
    func optionalInteger(_ name: String) throws(SubsonicError) -> Int? {
        guard let text = self[name] else { return nil }
        guard let number = Int(text.trimmed) else {
            throw .generic("\(name)=\(text.prefix(40)) is not a whole number")
        }
        return number
    }

    /// A true-or-false parameter (`true`/`false`, any case; `1`/`0`), or `fallback` when absent.
    func flag(_ name: String, default fallback: Bool) -> Bool {
        guard let text = self[name]?.lowercased() else { return fallback }
        return text == "true" || text == "1"
    }

    /// The pairs of a form body: `&`-separated `name=value`, `+` for a space, percent-encoded bytes.
    static func formPairs(_ body: [UInt8]) -> [(name: String, value: String)] {
        body.split(separator: UInt8(ascii: "&")).compactMap { part in
            guard !part.isEmpty else { return nil }
            let plus = part.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }
            let text = String(decoding: plus, as: UTF8.self)
            guard let equals = text.firstIndex(of: "=") else {
                return (PercentEncoding.decoded(text[...]), "")
            }
            return (
                PercentEncoding.decoded(text[..<equals]),
                PercentEncoding.decoded(text[text.index(after: equals)...])
            )
        }
    }
}
