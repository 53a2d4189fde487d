import CThreads

#if canImport(Glibc)
    import Glibc
#endif

/// A detached POSIX thread with a name (shown by `top -H`, `ps -L` and debuggers).
///
/// Foundation's `Thread` did this before; it is the only Foundation type the blocking threads needed, and
/// linking Foundation (with CoreFoundation's start-up work and ICU's data) cost every command about a
/// millisecond before it did anything.
package enum NamedThread {
    /// Starts a thread named `name` (at most 15 bytes are kept, as Linux allows) that runs `body` and ends.
    package static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let start = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let status = pthread_create(
            &thread, &attributes,
            { raw in
                guard let raw else { return nil }
                let start = Unmanaged<Start>.fromOpaque(raw).takeRetainedValue()
                _ = bl_thread_set_name(String(decoding: start.name.utf8.prefix(15), as: UTF8.self))
                start.body()
                return nil
            }, start)
        guard status == 0 else {
            // Without its thread a pool's jobs would wait for ever; failing loudly is the only honest end.
            fatalError("cannot start thread \(name): \(String(cString: strerror(status)))")
        }
    }
}

extension NamedThread {
    /// How many processors this process may run on: its CPU affinity (`taskset`, a container's cpuset),
    /// else the processors online — what Foundation's `activeProcessorCount` answered.
    package static var usableProcessorCount: Int { Int(bl_usable_processor_count()) }
}

/// What a new thread runs, handed over through pthread_create's one pointer.
private final class Start {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}
