/// The text form of a UUID, `8-4-4-4-12` hexadecimal digits: the one parser for album, track and
/// MusicBrainz ids (Foundation's `UUID(uuidString:)` did this; the command line no longer links it).
package enum UUIDText {
    /// `text` in lowercase when it is a UUID in either case (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`),
    /// else `nil`.
    package static func normalized(_ text: String) -> String? {
        var lowered: [UInt8] = []
        lowered.reserveCapacity(36)
        for (offset, byte) in text.utf8.enumerated() {
            guard offset < 36 else { return nil }
            switch byte {
            case UInt8(ascii: "-") where offset == 8 || offset == 13 || offset == 18 || offset == 23:
                lowered.append(byte)
            case _ where offset == 8 || offset == 13 || offset == 18 || offset == 23: return nil
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"):
                lowered.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): lowered.append(byte + 0x20)
            default: return nil
            }
        }
        return lowered.count == 36 ? String(decoding: lowered, as: UTF8.self) : nil
    }
}
