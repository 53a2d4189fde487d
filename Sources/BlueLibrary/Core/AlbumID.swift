/// A stable identity for an album: a lowercase UUID string.
///
/// Indexes shift when albums are inserted or removed; the id never changes, so undo, saved state and
/// sync between servers refer to albums by id.
package struct AlbumID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The lowercase UUID text.
    package let rawValue: String

    /// Parses an id, accepting any UUID spelling and normalising it to lowercase.
    /// - Returns: `nil` when `text` is not a UUID.
    package init?(_ text: String) {
        guard let normalized = UUIDText.normalized(text) else { return nil }
        rawValue = normalized
    }

    /// Wraps text already known to be a normalised id (read back from our own database).
    package init(trusted rawValue: String) {
        self.rawValue = rawValue
    }

    /// A new random id.
    package static func random() -> AlbumID {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// A new random id drawn from `generator` (a ``SeededRandom`` where many are made at once).
    package static func random(using generator: inout some RandomNumberGenerator) -> AlbumID {
        // A version-4 UUID, formatted by hand: Foundation's `uuidString` goes through `snprintf`,
        // which shows up when an import makes 100,000 ids.
        var high: UInt64 = generator.next()
        var low: UInt64 = generator.next()
        high = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000  // version 4
        low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000  // RFC 4122 variant
        let text = String(unsafeUninitializedCapacity: 36) { buffer in
            var position = 0
            for nibble in 0..<32 {
                if nibble == 8 || nibble == 12 || nibble == 16 || nibble == 20 {
                    buffer[position] = UInt8(ascii: "-")
                    position += 1
                }
                let word = nibble < 16 ? high : low
                buffer[position] = Hex.digits[Int((word >> UInt64(60 - 4 * (nibble % 16))) & 0xF)]
                position += 1
            }
            return position
        }
        return AlbumID(trusted: text)
    }

    package var description: String { rawValue }

    package static func < (lhs: AlbumID, rhs: AlbumID) -> Bool { lhs.rawValue < rhs.rawValue }
}
