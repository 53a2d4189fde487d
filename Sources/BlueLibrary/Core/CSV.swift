/// RFC 4180 CSV: records of fields, double quotes around fields that hold commas, quotes or line
/// breaks, `""` for a quote inside. Used by import and export.
package enum CSV {
    /// A parsed record and the line on which it starts.
    package struct Record: Sendable, Equatable {
        /// The fields in order.
        package var fields: [String]
        /// The 1-based line on which the record starts.
        package var line: Int
    }

    /// Parses CSV text into records, skipping blank lines.
    /// - Throws: ``LibraryError`` `malformedInput` naming the line of an unclosed or misplaced quote.
    package static func parse(_ bytes: [UInt8]) throws -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var quotedField: [UInt8] = []  // the unescaped text of a quoted field
        var line = 1
        var recordLine = 1
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var fieldStart = index
        var fieldWasQuoted = false
        let quote = UInt8(ascii: "\"")
        let comma = UInt8(ascii: ",")

        func text<Bytes: Collection<UInt8>>(_ raw: Bytes) throws -> String {
            guard let value = String(validating: raw, as: UTF8.self) else {
                throw LibraryError(.malformedInput, "line \(line): text is not valid UTF-8")
            }
            return value
        }
        // Unquoted fields are sliced straight out of the input; only quoted ones are copied byte by byte.
        func endField(at end: Int) throws {
            fields.append(fieldWasQuoted ? try text(quotedField) : try text(bytes[fieldStart..<end]))
            quotedField.removeAll(keepingCapacity: true)
            fieldWasQuoted = false
        }
        func endRecord(at end: Int) throws {
            try endField(at: end)
            if !(fields.count == 1 && fields[0].isEmpty) {
                records.append(Record(fields: fields, line: recordLine))
            }
            fields = []
        }

        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case quote:
                guard index == fieldStart else {
                    throw LibraryError(.malformedInput, "line \(line): a quote inside an unquoted field")
                }
                fieldWasQuoted = true
                index += 1
                while true {
                    guard index < bytes.count else {
                        throw LibraryError(.malformedInput, "line \(recordLine): unclosed quote")
                    }
                    let inner = bytes[index]
                    if inner == quote {
                        if index + 1 < bytes.count && bytes[index + 1] == quote {
                            quotedField.append(quote)
                            index += 2
                            continue
                        }
                        break
                    }
                    if inner == 0x0A { line += 1 }
                    quotedField.append(inner)
                    index += 1
                }
                let next = index + 1 < bytes.count ? bytes[index + 1] : 0x0A
                guard next == comma || next == 0x0A || next == 0x0D else {
                    throw LibraryError(.malformedInput, "line \(line): text after a closing quote")
                }
            case comma:
                try endField(at: index)
                fieldStart = index + 1
            case 0x0A, 0x0D:
                try endRecord(at: index)
                if byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
                line += 1
                recordLine = line
                fieldStart = index + 1
            default:
                break
            }
            index += 1
        }
        if fieldStart < bytes.count || !fields.isEmpty || fieldWasQuoted { try endRecord(at: bytes.count) }
        return records
    }

    /// Appends one record, quoting fields that need it, and a line break.
    package static func appendRecord(_ fields: [String], to output: inout [UInt8]) {
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
