/// A rescan of every music folder the library was imported from, which a face starts and follows (the
/// Subsonic API's `startScan` and `getScanStatus`, every music app's rescan button). One runs at a time:
/// asking for another while one runs answers the running one.
package protocol LibraryScan: Sendable {
    /// Starts a rescan in the background unless one runs; what runs now, either way.
    func start() -> ScanState
    /// What runs now, or how the last rescan ended.
    func state() -> ScanState
}

/// Where a rescan is.
package struct ScanState: Sendable, Hashable {
    /// Whether a rescan runs.
    package var scanning: Bool
    /// The files it has accounted for so far (all of them, once it has ended).
    package var count: Int

    /// Creates a state.
    package init(scanning: Bool, count: Int) {
        self.scanning = scanning
        self.count = count
    }
}
