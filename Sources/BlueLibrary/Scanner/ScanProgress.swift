/// How far a scan has got, for a progress bar: `done` of `total` audio files are accounted for (read,
/// or known to be unchanged).
package struct ScanProgress: Sendable, Hashable {
    /// The files accounted for so far.
    package let done: Int
    /// The audio files the walk found.
    package let total: Int

    /// Creates a progress report.
    package init(done: Int, total: Int) {
        self.done = done
        self.total = total
    }

    /// `done / total`, 1 when there is nothing to do.
    package var fraction: Double { total == 0 ? 1 : Double(done) / Double(total) }
}
