/// RFC 4180 CSV: records of fields, double quotes around fields that hold commas, quotes or line
/// breaks, `""` for a quote inside. Used by import and export.
public enum CSV {
    /// A parsed record and the line on which it starts.
    public struct Record: Sendable, Equatable {
        /// The fields in order.
        public var fields: [String]
        /// The 1-based line on which the record starts.
        public var line: Int
    }

    /// Parses CSV text into records, skipping blank lines.
    /// - Throws: ``LibraryError`` `malformedInput` naming the line of an unclosed or misplaced quote.
    public static func parse(_ bytes: [UInt8]) throws -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var quoted = false
        var fieldWasQuoted = false

        func text(_ raw: [UInt8]) throws -> String {
            guard let value = String(validating: raw, as: UTF8.self) else {
                throw LibraryError(.malformedInput, "line \(line): text is not valid UTF-8")
            }
            return value
        }
        func endRecord() throws {
            fields.append(try text(field))
            if !(fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted) {
                records.append(Record(fields: fields, line: recordLine))
            }
            fields = []
            field = []
            fieldWasQuoted = false
        }

        while index < bytes.count {
            let byte = bytes[index]
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                    } else {
                        quoted = false
                        let next = index + 1 < bytes.count ? bytes[index + 1] : UInt8(ascii: "\n")
                        guard next == UInt8(ascii: ",") || next == 0x0A || next == 0x0D else {
                            throw LibraryError(.malformedInput, "line \(line): text after a closing quote")
                        }
                    }
                } else {
                    if byte == 0x0A { line += 1 }
                    field.append(byte)
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""):
                    guard field.isEmpty else {
                        throw LibraryError(.malformedInput, "line \(line): a quote inside an unquoted field")
                    }
                    quoted = true
                    fieldWasQuoted = true
                case UInt8(ascii: ","):
                    fields.append(try text(field))
                    field = []
                    fieldWasQuoted = false
                case 0x0D where index + 1 < bytes.count && bytes[index + 1] == 0x0A:
                    break
                case 0x0A, 0x0D:
                    try endRecord()
                    line += 1
                    recordLine = line
                default:
                    field.append(byte)
                }
            }
            index += 1
        }
        if quoted { throw LibraryError(.malformedInput, "line \(recordLine): unclosed quote") }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { try endRecord() }
        return records
    }

    /// Appends one record, quoting fields that need it, and a line break.
    public static func appendRecord(_ fields: [String], to output: inout [UInt8]) {
        for (offset, field) in fields.enumerated() {
            if offset > 0 { output.append(UInt8(ascii: ",")) }
            let needsQuotes = field.utf8.contains {
                $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
            }
            guard needsQuotes else {
                output.append(contentsOf: field.utf8)
                continue
            }
            output.append(UInt8(ascii: "\""))
            for byte in field.utf8 {
                if byte == UInt8(ascii: "\"") { output.append(byte) }
                output.append(byte)
            }
            output.append(UInt8(ascii: "\""))
        }
        output.append(0x0A)
    }
}
