import BlueLibraryCore
import Foundation

/// The stable identity of a track: a lowercase UUID derived from the file's path.
///
/// The same path always gives the same id, in every scan and on every machine, so a rescan needs no
/// memory of earlier ids and a stored id keeps pointing at the same file. A file that is moved or
/// renamed becomes a new track (and its old id disappears with the old path). The UUID is the first 16
/// bytes of SHA-256 over `bluelibrary-track:` and the path, marked as an RFC 9562 version-8 UUID.
public struct TrackID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The lowercase UUID text.
    public let rawValue: String

    /// Parses an id, accepting any UUID spelling and normalising it to lowercase.
    /// - Returns: `nil` when `text` is not a UUID.
    public init?(_ text: String) {
        guard text.utf8.count == 36, let uuid = UUID(uuidString: text) else { return nil }
        rawValue = uuid.uuidString.lowercased()
    }

    /// The id of the track in the file at `path`.
    public init(path: String) {
        var bytes = Array(SHA256.hash(Array("bluelibrary-track:\(path)".utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80  // version 8: a custom, name-derived UUID
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // the RFC 9562 variant
        let hex: [Character] = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append("-") }
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0F)])
        }
        rawValue = text
    }

    public var description: String { rawValue }

    public static func < (lhs: TrackID, rhs: TrackID) -> Bool { lhs.rawValue < rhs.rawValue }
}
