/// A fast, stable, non-cryptographic hash (64-bit FNV-1a) for identities derived from text: the same
/// text gives the same value in every run and on every machine (Swift's `Hasher` is seeded per
/// process). Generated artwork takes its colours from it, and a track's id is derived from its path.
/// Never use it where an adversary chooses the input and a collision matters: that is SHA-256's job.
package enum StableHash {
    /// The 64-bit FNV-1a hash of `text`'s UTF-8, continuing from `seed` (the FNV offset basis by default).
    package static func fnv1a(_ text: String, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var hash = seed
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// 128 bits: two FNV-1a hashes of `text` with different seeds, as 16 bytes.
    package static func bytes128(_ text: String) -> [UInt8] {
        let first = fnv1a(text)
        let second = fnv1a(text, seed: first ^ 0x9e37_79b9_7f4a_7c15)
        return (0..<16).map { index in
            let word = index < 8 ? first : second
            return UInt8(truncatingIfNeeded: word >> UInt64(56 - 8 * (index % 8)))
        }
    }
}
