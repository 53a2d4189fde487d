import BlueLibraryConcurrency
import SystemFiles

#if canImport(Glibc)
    import Glibc
#endif

/// The one run loop of both terminal apps: it sleeps in `poll(2)` until something happens — a key or
/// click on standard input, a signal (quit, resize), a ``TerminalWaker`` wake-up, a watched descriptor
/// becoming readable, or the app's own ``TerminalLoopApp/frameInterval`` — then hands the keys to the
/// app and writes only the cells of the new frame that changed. Idle, it uses no processor time at all.
///
/// The sleeping happens on a thread of its own, so the main actor (which owns the app) keeps running
/// other work — a controller refreshing, a download finishing — while the loop waits.
///
/// A lone Esc is held for ``escapeDelay`` before it is reported: terminals send arrows and other keys
/// as sequences that start with Esc, and a sequence split across two reads must not turn into an Esc
/// followed by stray characters.
@MainActor
package final class TerminalRunLoop {
    /// How long a lone Esc waits for the rest of a sequence by default (as Vim's `ttimeoutlen`).
    package static let escapeDelay = Duration.milliseconds(100)

    /// How long this loop holds a lone Esc.
    package let escapeDelay: Duration

    private let renderer: FrameRenderer
    private let input: Int32
    private let output: Int32
    private let pipe = WakePipe()
    private let waiter = BlockingPool(threads: 1, name: "terminal-wait")
    private var watched: [(descriptor: Int32, onReadable: @MainActor () -> Void)] = []

    /// A loop that reads keys from `input` and draws on `output` with `colors` (the process's terminal
    /// unless a test hands it pipes), holding a lone Esc for `escapeDelay`.
    package init(
        colors: any ColorStrategy, input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO,
        escapeDelay: Duration = TerminalRunLoop.escapeDelay
    ) {
        self.escapeDelay = escapeDelay
        renderer = FrameRenderer(mode: colors)
        self.input = input
        self.output = output
    }

    /// Wakes the loop from anywhere (see ``TerminalWaker``).
    package var waker: TerminalWaker { TerminalWaker(descriptor: pipe.writeEnd) }

    /// Also wakes the loop when `descriptor` becomes readable (an inotify watch on another process's
    /// files, say), and calls `onReadable` — which must read what is there — before the next frame.
    package func watch(_ descriptor: Int32, onReadable: @escaping @MainActor () -> Void) {
        watched.append((descriptor, onReadable))
    }

    /// Runs `app` until it wants to quit, SIGINT, SIGTERM or SIGHUP arrives, the terminal goes away or
    /// the task is cancelled. Call it between ``TerminalSession/enter()`` and ``TerminalSession/leave()``.
    package func run(_ app: some TerminalLoopApp) async {
        TerminalSession.Signals.waker.store(pipe.writeEnd, ordering: .relaxed)
        defer { TerminalSession.Signals.waker.store(-1, ordering: .relaxed) }
        var parser = KeyParser()
        var previous: TerminalScreen?
        var escapeDeadline: ContinuousClock.Instant?
        let clock = ContinuousClock()
        while !app.wantsToQuit && !TerminalSession.Signals.terminate.load(ordering: .relaxed)
            && !Task.isCancelled
        {
            if TerminalSession.Signals.resized.exchange(false, ordering: .relaxed) {
                let size = TerminalSession.size(of: output)
                app.resize(width: size.width, height: size.height)
                previous = nil
            }
            let frame = app.render()
            let update = renderer.update(from: previous, to: frame)
            if !update.isEmpty { _ = FileDescriptor.writeAll(output, Array(update.utf8)) }
            previous = frame

            let escapeWait = escapeDeadline.map { max($0 - clock.now, .zero) }
            let timeout = [app.frameInterval, escapeWait].compactMap { $0 }.min()
            let ready = await wait(timeout: timeout)
            pipe.drain()
            if ready.inputClosed { return }
            var keys: [Key] = []
            if ready.input {
                keys = parser.feed(readAvailable(), flushEscape: false)
            }
            if parser.isHoldingEscape {
                if escapeDeadline == nil || ready.input { escapeDeadline = clock.now + escapeDelay }
                if let deadline = escapeDeadline, clock.now >= deadline {
                    keys += parser.flush()
                    escapeDeadline = nil
                }
            } else {
                escapeDeadline = nil
            }
            for key in keys {
                await app.handle(key)
                if app.wantsToQuit { return }
            }
            for (index, entry) in watched.enumerated() where ready.watched.contains(index) {
                entry.onReadable()
            }
        }
    }

    /// Whatever bytes the keyboard and mouse sent (the loop reads only after poll said there are some).
    private func readAvailable() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = read(input, &buffer, buffer.count)
        return count > 0 ? Array(buffer[0..<count]) : []
    }

    /// What one poll saw.
    private struct Readiness: Sendable {
        var input = false
        var inputClosed = false
        var watched: Set<Int> = []
    }

    /// Sleeps on the waiting thread until input, a wake-up, a watched descriptor or the timeout; a
    /// cancelled task wakes it at once.
    private func wait(timeout: Duration?) async -> Readiness {
        let descriptors = [input, pipe.readEnd] + watched.map(\.descriptor)
        let milliseconds = timeout.map { Int32(min(($0 / .milliseconds(1)).rounded(.up), 86_400_000)) } ?? -1
        let waker = waker
        return await withTaskCancellationHandler {
            await waiter.run { Self.poll(descriptors, milliseconds: milliseconds) }
        } onCancel: {
            waker.wake()
        }
    }

    /// One `poll(2)` over `descriptors` (standard input first, the wake-up pipe second).
    private nonisolated static func poll(_ descriptors: [Int32], milliseconds: Int32) -> Readiness {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var readiness = Readiness()
        // EINTR (a signal arrived) is a wake-up like any other: the loop looks at the signal flags.
        guard Glibc.poll(&entries, nfds_t(entries.count), milliseconds) > 0 else { return readiness }
        let closed = Int16(POLLHUP | POLLERR | POLLNVAL)
        readiness.input = entries[0].revents & Int16(POLLIN) != 0
        readiness.inputClosed = !readiness.input && entries[0].revents & closed != 0
        for index in entries.indices.dropFirst(2) where entries[index].revents != 0 {
            readiness.watched.insert(index - 2)
        }
        return readiness
    }
}
