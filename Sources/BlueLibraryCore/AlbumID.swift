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
        AlbumID(trusted: UUID().uuidString.lowercased())
    }

    public var description: String { rawValue }

    public static func < (lhs: AlbumID, rhs: AlbumID) -> Bool { lhs.rawValue < rhs.rawValue }
}
