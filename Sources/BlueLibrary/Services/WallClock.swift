import BlueLibraryStore

/// The time of day, for what is kept with a date (when a user was added, a track played, an item
/// starred): milliseconds since 1970, as the Subsonic protocol counts them. Services that keep dates take
/// a clock as a closure, so tests can give their own.
package enum WallClock {
    /// Now, in milliseconds since 1970 (the store's clock, which dates the albums it adds).
    package static func milliseconds() -> Int64 { StoreClock.milliseconds() }
}
