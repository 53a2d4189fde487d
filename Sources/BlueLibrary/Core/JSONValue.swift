/// A JSON document, parsed strictly: the import files and the web API's bodies.
///
/// Foundation's decoders neither report a column nor refuse duplicate keys; import errors must name
/// the line and column, so the project parses JSON itself (RFC 8259, no extensions).
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number, kept as written so integers are exact.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in document order; keys are unique.
    case object([(key: String, value: JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let l), .bool(let r)): l == r
        case (.number(let l), .number(let r)): l == r
        case (.string(let l), .string(let r)): l == r
        case (.array(let l), .array(let r)): l == r
        case (.object(let l), .object(let r)):
            l.map(\.key) == r.map(\.key) && l.map(\.value) == r.map(\.value)
        default: false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let values): hasher.combine(values)
        case .object(let members):
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        }
    }

    /// The value of an object's member, if this is an object that has it.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The items of an array whose every item is a string (a list of genres, say); `nil` for anything
    /// else, an array holding another kind of value too.
    package var strings: [String]? {
        guard case .array(let items) = self else { return nil }
        var texts: [String] = []
        texts.reserveCapacity(items.count)
        for item in items {
            guard case .string(let text) = item else { return nil }
            texts.append(text)
        }
        return texts
    }

    /// A short name of the value's type for error messages.
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// Writes JSON text: string escaping shared by every JSON the project emits.
package enum JSONWriter {
    /// Appends `text` as a JSON string literal (with quotes) to `output`.
    package static func appendString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most text needs no escape: it is copied whole (an import's undo step writes 100,000 albums).
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !bytes.contains(where: needsEscape) else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if plain == true {
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                // `<`, `>` and `&` are escaped too, so JSON embedded in a page can never close a tag.
                output.append(contentsOf: [
                    0x5C, UInt8(ascii: "u"), 0x30, 0x30, Hex.digits[Int(byte >> 4)],
                    Hex.digits[Int(byte & 0xF)],
                ])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Whether a byte of a string is written escaped.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "<")
            || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&")
    }

    /// Appends a JSON value to `output`, compactly.
    package static func append(_ value: JSONValue, to output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): appendString(text, to: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (offset, element) in values.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                append(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (offset, member) in members.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                appendString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                append(member.value, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// The compact JSON text of `value`.
    package static func string(_ value: JSONValue) -> String {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
