#if canImport(Glibc)
    import Glibc
#endif

/// Tells when anything in the data directory changed — another instance saved `store.json`, a WAV file
/// was added or deleted — through one inotify descriptor that a run loop polls, so the app notices
/// within moments without looking at the disk while nothing happens. What changed is then found by
/// ``RecordingsStore/reloadIfChangedOnDisk()``.
package final class StoreWatcher {
    /// The descriptor to poll: readable when something changed.
    package let descriptor: Int32

    /// Watches `directory`; `nil` when inotify is not available (its limits are reached, say), in which
    /// case the caller looks now and then instead.
    package init?(directory: String) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let events = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_ATTRIB)
        guard inotify_add_watch(descriptor, directory, events) >= 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Reads the pending events (their details do not matter: the store compares stamps).
    package func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(descriptor, &buffer, buffer.count) > 0 {}
    }
}
