import Foundation

/// A stable identity for an album: a lowercase UUID string.
///
/// Indexes shift when albums are inserted or removed; the id never changes, so undo, saved state and
/// sync between servers refer to albums by id.
public struct AlbumID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The lowercase UUID text.
    public let rawValue: String

    /// Parses an id, accepting any UUID spelling and normalising it to lowercase.
    /// - Returns: `nil` when `text` is not a UUID.
    public init?(_ text: String) {
        guard text.utf8.count == 36, let uuid = UUID(uuidString: text) else { return nil }
        rawValue = uuid.uuidString.lowercased()
    }

    /// Wraps text already known to be a normalised id (read back from our own database).
    package init(trusted rawValue: String) {
        self.rawValue = rawValue
    }

    /// A new random id.
    public static func random() -> AlbumID {
        // A version-4 UUID, formatted by hand: Foundation's `uuidString` goes through `snprintf`,
        // which shows up when an import makes 100,000 ids.
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<2).flatMap { _ in withUnsafeBytes(of: generator.next() as UInt64) { Array($0) } }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (offset, byte) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(offset) { text.append(UInt8(ascii: "-")) }
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0F)])
        }
        return AlbumID(trusted: String(decoding: text, as: UTF8.self))
    }

    public var description: String { rawValue }

    public static func < (lhs: AlbumID, rhs: AlbumID) -> Bool { lhs.rawValue < rhs.rawValue }
}
