import Synchronization
import SystemFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Buffered output to a file descriptor: listing 100,000 albums must not pay for a write per line.
///
/// Sendable, so that a listing can render straight into it on the store's thread while the command
/// waits; the mutex is only ever taken by one of them at a time, so it costs nothing but an
/// uncontended lock per line.
final class Output: Sendable {
    private struct State {
        var buffer: [UInt8] = []
        /// How many items ``item(_:)`` wrote (the separator goes between them).
        var items = 0
        /// The `errno` of the first failed write, if any.
        var failure: Int32?
    }

    private let descriptor: Int32
    private let state = Mutex(State())
    private static let capacity = 1 << 16

    init(descriptor: Int32) {
        self.descriptor = descriptor
        state.withLock { $0.buffer.reserveCapacity(Self.capacity + 4096) }
    }

    /// The `errno` of the first failed write, if any (a full disk while exporting must not pass silently).
    var failure: Int32? { state.withLock { $0.failure } }

    /// How many items ``item(separator:_:)`` wrote.
    var itemCount: Int { state.withLock { $0.items } }

    /// Appends a line of text.
    func line(_ text: String = "") {
        append { buffer in
            buffer.append(contentsOf: text.utf8)
            buffer.append(0x0A)
        }
    }

    /// Lets `body` append bytes straight into the buffer (the listing fast path).
    func append(_ body: (inout [UInt8]) -> Void) {
        state.withLock { state in
            body(&state.buffer)
            if state.buffer.count >= Self.capacity { flush(&state) }
        }
    }

    /// Appends one item of a list, with `separator` before every item but the first.
    func item(separator: String, _ body: (inout [UInt8]) -> Void) {
        state.withLock { state in
            if state.items > 0 { state.buffer.append(contentsOf: separator.utf8) }
            state.items += 1
            body(&state.buffer)
            if state.buffer.count >= Self.capacity { flush(&state) }
        }
    }

    /// Writes everything buffered.
    func flush() {
        state.withLock { flush(&$0) }
    }

    private func flush(_ state: inout State) {
        if state.failure == nil {
            // A failure is kept (a full disk, a reader that went away): the command exits 74.
            state.failure = state.buffer.withUnsafeBytes { FileDescriptor.writeAll(descriptor, $0) }
        }
        state.buffer.removeAll(keepingCapacity: true)
    }
}
