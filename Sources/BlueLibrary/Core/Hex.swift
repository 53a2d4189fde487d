/// Lowercase hexadecimal: the one helper for digests, ETags, UUIDs and JSON escapes.
package enum Hex {
    /// The sixteen digits, as ASCII bytes.
    package static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// `bytes` as two lowercase hex digits each.
    package static func string(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
