#if canImport(Glibc)
    import Glibc
#endif

/// The app's own monotonic clock, in seconds from an arbitrary origin. Recording lengths and playback
/// positions follow it rather than the sound device — ALSA's `null` device has no pacing at all — and
/// tests replace it with a ``ManualClock``.
package protocol MonotonicClock: Sendable {
    /// Seconds since the clock's origin; never goes back.
    func now() -> Double
}

/// `CLOCK_MONOTONIC`: unaffected by changes to the wall clock.
package struct SystemClock: MonotonicClock {
    /// Creates the clock.
    package init() {}

    package func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }
}
