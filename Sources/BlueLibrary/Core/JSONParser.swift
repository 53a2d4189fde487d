/// A strict JSON parser (RFC 8259) that reports errors by line and column.
///
/// It refuses what lenient parsers accept — trailing commas, comments, duplicate keys, lone
/// surrogates, leading zeros — and bounds nesting so a hostile body cannot exhaust the stack.
package struct JSONParser {
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    private var lineStart = 0
    private let maximumDepth: Int
    /// Where each element of a top-level array starts, as (line, column): import errors name it.
    package private(set) var topLevelElementPositions: [(line: Int, column: Int)] = []

    /// Parses a whole document.
    /// - Parameters:
    ///   - bytes: UTF-8 JSON text.
    ///   - maximumDepth: how deeply arrays and objects may nest.
    /// - Throws: ``LibraryError`` `malformedInput` whose message starts `line L, column C:`.
    package static func parse(_ bytes: [UInt8], maximumDepth: Int = 64) throws -> JSONValue {
        var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
        return try parser.parseDocument()
    }

    /// Creates a parser over UTF-8 bytes.
    package init(bytes: [UInt8], maximumDepth: Int = 64) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Parses the document: one value, surrounded only by whitespace.
    package mutating func parseDocument() throws -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }  // a UTF-8 byte-order mark
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if position < bytes.count {
            throw error("unexpected \(describe(bytes[position])) after the document")
        }
        return value
    }

    private mutating func parseValue(depth: Int) throws -> JSONValue {
        guard position < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected \(describe(bytes[position])), expected a value")
        }
    }

    private mutating func parseObject(depth: Int) throws -> JSONValue {
        if depth > maximumDepth { throw error("nesting deeper than \(maximumDepth) levels") }
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        var keys = Set<String>()
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw error("expected a member name in double quotes") }
            let keyLine = line
            let keyColumn = position - lineStart + 1
            let key = try parseString()
            guard keys.insert(key).inserted else {
                throw LibraryError(
                    .malformedInput, "line \(keyLine), column \(keyColumn): duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after member name \"\(key)\"") }
            position += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth)))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                position += 1
                skipWhitespace()
                if peek(UInt8(ascii: "}")) { throw error("trailing comma before '}'") }
            } else if peek(UInt8(ascii: "}")) {
                position += 1
                return .object(members)
            } else {
                throw error(
                    position < bytes.count
                        ? "expected ',' or '}' in object" : "unexpected end of input in object")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws -> JSONValue {
        if depth > maximumDepth { throw error("nesting deeper than \(maximumDepth) levels") }
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if depth == 1 { topLevelElementPositions.append((line, position - lineStart + 1)) }
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                position += 1
                skipWhitespace()
                if peek(UInt8(ascii: "]")) { throw error("trailing comma before ']'") }
            } else if peek(UInt8(ascii: "]")) {
                position += 1
                return .array(elements)
            } else {
                throw error(
                    position < bytes.count
                        ? "expected ',' or ']' in array" : "unexpected end of input in array")
            }
        }
    }

    private mutating func parseString() throws -> String {
        position += 1  // the opening quote
        var output: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let text = String(validating: output, as: UTF8.self) else {
                    throw error("string is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                position += 1
                try parseEscape(into: &output)
            case 0..<0x20:
                throw error("control character in string (escape it)")
            default:
                output.append(byte)
                position += 1
            }
        }
        throw error("unexpected end of input in string")
    }

    private mutating func parseEscape(into output: inout [UInt8]) throws {
        guard position < bytes.count else { throw error("unexpected end of input in escape") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard bytes[position...].starts(with: Array("\\u".utf8)) else {
                    throw error("lone surrogate \\u escape")
                }
                position += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error("lone surrogate \\u escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
            output.append(contentsOf: String(Character(unicode)).utf8)
        default:
            position -= 2  // point at the backslash
            let shown = byte >= 0x21 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : "?"
            throw error("invalid escape '\\\(shown)'")
        }
    }

    private mutating func parseHex4() throws -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("unexpected end of input in \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value * 16 + UInt32(digit)
            position += 1
        }
        return value
    }

    private mutating func parseNumber() throws -> JSONValue {
        let start = position
        if peek(UInt8(ascii: "-")) { position += 1 }
        if peek(UInt8(ascii: "0")) {
            position += 1
            if let next = current, isDigit(next) { throw error("leading zero in number") }
        } else {
            guard try skipDigits() else { throw error("expected a digit") }
        }
        if peek(UInt8(ascii: ".")) {
            position += 1
            guard try skipDigits() else { throw error("expected a digit after '.'") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            position += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { position += 1 }
            guard try skipDigits() else { throw error("expected a digit in exponent") }
        }
        return .number(String(decoding: bytes[start..<position], as: UTF8.self))
    }

    private mutating func skipDigits() throws -> Bool {
        let start = position
        while let byte = current, isDigit(byte) { position += 1 }
        return position > start
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws -> JSONValue {
        guard bytes[position...].starts(with: Array(word.utf8)) else {
            throw error("unexpected \(describe(bytes[position])), expected a value")
        }
        position += word.utf8.count
        return value
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0D: position += 1
            case 0x0A:
                position += 1
                line += 1
                lineStart = position
            default: return
            }
        }
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }
    private func peek(_ byte: UInt8) -> Bool { current == byte }
    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F
            ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private func error(_ reason: String) -> LibraryError {
        LibraryError(.malformedInput, "line \(line), column \(position - lineStart + 1): \(reason)")
    }
}
