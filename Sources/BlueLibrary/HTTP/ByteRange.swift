/// What a request's `Range` header asks of a representation of `size` bytes (RFC 9110 §14), as far as
/// this server answers it: one range of bytes, or the whole.
///
/// A header that is absent, not about `bytes`, malformed, or asks for several ranges is answered
/// with the whole representation (RFC 9110 lets a server ignore `Range`, and a player asks for one
/// range at a time). One well-formed range that starts past the end is unsatisfiable (416).
package enum ByteRange: Equatable {
    /// The whole representation (200).
    case whole
    /// `length` bytes from `offset` (206), never past the end and never empty.
    case part(offset: Int64, length: Int64)
    /// No byte of the representation is asked for (416).
    case unsatisfiable

    /// Reads `header` (`bytes=a-b`, `bytes=a-`, `bytes=-n`) against a representation of `size` bytes.
    package init(header: String?, size: Int64) {
        self = Self.parse(header, size: size) ?? .whole
    }

    /// The range, or `nil` when the header is to be ignored.
    private static func parse(_ header: String?, size: Int64) -> ByteRange? {
        guard let header else { return nil }
        let text = header.trimmed
        // The unit is compared without regard to case (RFC 9110 §14.1).
        guard text.utf8.count > 6, text.prefix(6).lowercased() == "bytes=" else { return nil }
        // A list may have empty elements ("0-1, ,"); exactly one real one is answered.
        let specs = text.dropFirst(6).split(separator: ",").map { String($0).trimmed }.filter { !$0.isEmpty }
        guard specs.count == 1, let spec = specs.first, let dash = spec.firstIndex(of: "-") else {
            return nil
        }
        let (firstText, lastText) = (spec[..<dash], spec[spec.index(after: dash)...])
        if firstText.isEmpty {
            // bytes=-n: the last n bytes (all of them when the file is shorter).
            guard let suffix = number(lastText) else { return nil }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            let length = min(suffix, size)
            return .part(offset: size - length, length: length)
        }
        guard let first = number(firstText) else { return nil }
        var last = size - 1
        if !lastText.isEmpty {
            guard let asked = number(lastText), asked >= first else { return nil }
            last = min(asked, size - 1)
        }
        guard first < size else { return .unsatisfiable }
        return .part(offset: first, length: last - first + 1)
    }

    /// A run of ASCII digits as a number (saturating: more bytes than any file has is still "past
    /// the end"), else `nil`.
    private static func number(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int64(text) ?? Int64.max
    }
}
