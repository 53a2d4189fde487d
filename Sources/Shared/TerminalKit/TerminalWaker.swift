#if canImport(Glibc)
    import Glibc
#endif

/// Wakes a sleeping ``TerminalRunLoop`` from any thread, task or signal handler: work that finished
/// elsewhere (a download, another process's change) calls ``wake()`` and the loop draws a new frame.
///
/// It writes one byte into a non-blocking pipe that the loop polls beside standard input. A full pipe
/// already holds a wake-up, so a write that would block is simply dropped.
package struct TerminalWaker: Sendable {
    let descriptor: Int32

    /// Wakes the loop (safe in a signal handler: one `write`, `errno` kept).
    package func wake() {
        let saved = errno
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
        errno = saved
    }
}

/// The pipe behind a ``TerminalWaker``: the loop polls the read end, wakers write to the other.
final class WakePipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            // Without a pipe the loop cannot sleep at all; this happens only when the process is out of
            // descriptors, where a terminal app cannot run anyway.
            fatalError("cannot create the terminal loop's wake-up pipe: \(String(cString: strerror(errno)))")
        }
        (readEnd, writeEnd) = (ends[0], ends[1])
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Reads every pending wake-up byte, so the next poll sleeps again.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }
}
