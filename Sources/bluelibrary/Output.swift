import Foundation

/// Buffered output to a file descriptor: listing 100,000 albums must not pay for a write per line.
final class Output {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private let capacity = 1 << 16
    /// The `errno` of the first failed write, if any (a full disk while exporting must not pass silently).
    private(set) var failure: Int32?

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(capacity + 4096)
    }

    /// Appends bytes; flushes when the buffer is full.
    func write(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { flush() }
    }

    /// Appends a line of text.
    func line(_ text: String = "") {
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if buffer.count >= capacity { flush() }
    }

    /// Lets `body` append bytes straight into the buffer (the listing fast path).
    func append(_ body: (inout [UInt8]) -> Void) {
        body(&buffer)
        if buffer.count >= capacity { flush() }
    }

    /// Writes everything buffered.
    func flush() {
        var offset = 0
        buffer.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            while offset < bytes.count {
                let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = failure ?? errno
                    return  // e.g. the reader went away (a closed pipe): nothing more to write
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
