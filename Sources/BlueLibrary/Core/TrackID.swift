/// The stable identity of a track: a lowercase UUID derived from the file's path.
///
/// The same path always gives the same id, in every scan and on every machine, so a rescan needs no
/// memory of earlier ids and a stored id keeps pointing at the same file. A file that is moved or
/// renamed becomes a new track (and its old id disappears with the old path). The UUID is 128 bits of
/// ``StableHash`` over `bluelibrary-track:` and the path, marked as an RFC 9562 version-8 UUID (paths
/// are the user's own, not an adversary's, so a non-cryptographic hash is enough).
package struct TrackID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The lowercase UUID text.
    package let rawValue: String

    /// Parses an id, accepting any UUID spelling and normalising it to lowercase.
    /// - Returns: `nil` when `text` is not a UUID.
    package init?(_ text: String) {
        guard let normalized = UUIDText.normalized(text) else { return nil }
        rawValue = normalized
    }

    /// The id of the track in the file at `path`.
    package init(path: String) {
        var bytes = StableHash.bytes128("bluelibrary-track:\(path)")
        bytes[6] = (bytes[6] & 0x0F) | 0x80  // version 8: a custom, name-derived UUID
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // the RFC 9562 variant
        let hex = Hex.string(bytes)
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            hex.utf8.dropFirst(range.lowerBound).prefix(range.count)
        }
        rawValue = groups.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "-")
    }

    package var description: String { rawValue }

    package static func < (lhs: TrackID, rhs: TrackID) -> Bool { lhs.rawValue < rhs.rawValue }
}
