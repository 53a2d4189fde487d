/// Random numbers for making many ids at once (an import's 100,000): xoshiro256** (Blackman and Vigna,
/// 2018), its 256 bits of state drawn from the system's generator once. The system's generator asks the
/// kernel for every number; this one asks once, and its numbers are as unpredictable as an id needs
/// (ids are names, not secrets: passwords, keys and sessions keep the system's).
package struct SeededRandom: RandomNumberGenerator {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// A generator seeded from the system's.
    package init() {
        var system = SystemRandomNumberGenerator()
        // All zeros is the one state that stays zero; the system never gives it, but it costs nothing to
        // be sure.
        repeat {
            state = (system.next(), system.next(), system.next(), system.next())
        } while state == (0, 0, 0, 0)
    }

    package mutating func next() -> UInt64 {
        let result = Self.rotated(state.1 &* 5, by: 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = Self.rotated(state.3, by: 45)
        return result
    }

    private static func rotated(_ value: UInt64, by count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }
}
