/// Percent-encoding of URL parts (RFC 3986): the one encoder and decoder for cover URLs of local files
/// and MusicBrainz's search URL.
package enum PercentEncoding {
    /// `text` with every UTF-8 byte that `keep` refuses written as `%XX` (upper-case digits, as
    /// Foundation's `addingPercentEncoding` wrote them). `keep` sees the bytes in order.
    package static func encoded(_ text: String, keeping keep: (UInt8) -> Bool) -> String {
        var encoded: [UInt8] = []
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if keep(byte) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), upperDigits[Int(byte >> 4)], upperDigits[Int(byte & 0xF)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Whether `byte` is an unreserved character (letters, digits, `-._~`), which no URL part encodes.
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// `text` with each `%XX` replaced by its byte, read as UTF-8; a `%` not followed by two hex digits
    /// stays as it is.
    package static func decoded(_ text: Substring) -> String {
        func value(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = value(bytes[index + 1]), let low = value(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static let upperDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
