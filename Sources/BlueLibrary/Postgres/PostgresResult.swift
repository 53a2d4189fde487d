import CPostgres

/// The rows a statement returned, read as text (libpq's text format) and converted on access: nothing is
/// copied out of libpq's result until a value is asked for.
///
/// A collection of ``PostgresRow``s; `affectedRows` says how many rows an INSERT, UPDATE or DELETE touched.
package final class PostgresResult: @unchecked Sendable {
    // @unchecked Sendable: libpq never changes a result after handing it over, and reading one from any
    // thread is safe; it is freed once, by deinit.
    private let result: OpaquePointer
    /// How many rows came back.
    package let rowCount: Int
    /// The columns' names, in order.
    package let columns: [String]
    /// How many rows the statement inserted, updated, deleted or returned (0 for other statements).
    package let affectedRows: Int

    /// Takes ownership of a successful result of libpq.
    init(_ result: OpaquePointer) {
        self.result = result
        rowCount = Int(bl_pq_ntuples(result))
        columns = (0..<bl_pq_nfields(result)).map { String(cString: bl_pq_fname(result, $0)) }
        affectedRows = Int(String(cString: bl_pq_cmd_tuples(result))) ?? 0
    }

    deinit { bl_pq_clear(result) }

    /// The position of the column named `name`, or nil.
    package func column(named name: String) -> Int? {
        columns.firstIndex(of: name)
    }

    /// The bytes of the value at `row`, `column`, or nil for NULL.
    fileprivate func bytes(_ row: Int, _ column: Int) -> UnsafeRawBufferPointer? {
        precondition(row >= 0 && row < rowCount, "row \(row) of a result of \(rowCount)")
        precondition(
            column >= 0 && column < columns.count, "column \(column) of a result of \(columns.count)")
        let (row, column) = (Int32(row), Int32(column))
        guard bl_pq_getisnull(result, row, column) == 0, let value = bl_pq_getvalue(result, row, column)
        else {
            return nil
        }
        return UnsafeRawBufferPointer(start: value, count: Int(bl_pq_getlength(result, row, column)))
    }
}

extension PostgresResult: RandomAccessCollection {
    package var startIndex: Int { 0 }
    package var endIndex: Int { rowCount }
    package subscript(position: Int) -> PostgresRow { PostgresRow(result: self, index: position) }
}

/// One row of a ``PostgresResult``. Each accessor returns nil for SQL NULL and throws ``PostgresError``
/// `invalidValue` when the text is not of the type asked for (a bug in the statement, not bad input).
package struct PostgresRow: Sendable {
    fileprivate let result: PostgresResult
    /// The row's position in its result.
    package let index: Int

    /// Whether the value in `column` is NULL.
    package func isNull(_ column: Int) -> Bool {
        result.bytes(index, column) == nil
    }

    /// The value in `column` as text.
    package func string(_ column: Int) -> String? {
        result.bytes(index, column).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the value in `column` as UTF-8 text to `output` (nothing for NULL), without making a String.
    package func appendText(_ column: Int, to output: inout [UInt8]) {
        if let bytes = result.bytes(index, column) { output.append(contentsOf: bytes) }
    }

    /// The value in `column` as an integer (of a `smallint`, `integer` or `bigint` column).
    package func int(_ column: Int) throws -> Int? {
        guard let bytes = result.bytes(index, column) else { return nil }
        guard let number = Self.integer(bytes) else { throw mismatch(column, bytes, "an integer") }
        return number
    }

    /// The value in `column` as a double (of a `real`, `double precision` or `numeric` column).
    package func double(_ column: Int) throws -> Double? {
        guard let bytes = result.bytes(index, column) else { return nil }
        guard let number = Double(String(decoding: bytes, as: UTF8.self)) else {
            throw mismatch(column, bytes, "a number")
        }
        return number
    }

    /// The value in `column` as a Boolean (of a `boolean` column: `t` or `f`).
    package func bool(_ column: Int) throws -> Bool? {
        guard let bytes = result.bytes(index, column) else { return nil }
        switch Array(bytes) {
        case [UInt8(ascii: "t")]: return true
        case [UInt8(ascii: "f")]: return false
        default: throw mismatch(column, bytes, "a Boolean")
        }
    }

    private func mismatch(_ column: Int, _ bytes: UnsafeRawBufferPointer, _ kind: String) -> PostgresError {
        let text = String(decoding: bytes.prefix(40), as: UTF8.self)
        return PostgresError(
            .invalidValue, "column '\(result.columns[column])' of row \(index) holds '\(text)', not \(kind)")
    }

    /// Decimal digits with an optional sign, without making a String (lists read many of them).
    private static func integer(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var digits = bytes[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowB) =
                negative
                ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflowA, !overflowB else { return nil }
            value = next
        }
        return value
    }
}
