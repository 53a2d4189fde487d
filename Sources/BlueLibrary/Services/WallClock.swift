#if canImport(Glibc)
    import Glibc
#endif

/// The time of day, for what is kept with a date (when a user was added, a track played, an item
/// starred): milliseconds since 1970, as the Subsonic protocol counts them. Services that keep dates take
/// a clock as a closure, so tests can give their own.
package enum WallClock {
    /// Now, in milliseconds since 1970.
    package static func milliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
