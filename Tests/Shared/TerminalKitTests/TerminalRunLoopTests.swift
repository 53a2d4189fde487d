import Synchronization
import Testing

@testable import TerminalKit

#if canImport(Glibc)
    import Glibc
#endif

/// The shared run loop over pipes instead of a terminal: keys written into one pipe, frames read from
/// another.
@MainActor
struct TerminalRunLoopTests {
    /// An app that records what the loop did to it.
    final class Probe: TerminalLoopApp {
        var keys: [(key: Key, at: ContinuousClock.Instant)] = []
        var renders = 0
        var wantsToQuit = false
        var frameInterval: Duration?

        func handle(_ key: Key) async {
            keys.append((key, .now))
            if key == .character("q") { wantsToQuit = true }
        }
        func resize(width: Int, height: Int) {}
        func render() -> TerminalScreen {
            renders += 1
            var screen = TerminalScreen(width: 20, height: 2)
            screen.write("frame \(renders % 2)", x: 0, y: 0)
            return screen
        }
    }

    /// A loop reading from a pipe and drawing into another, running `app` until it quits.
    @MainActor
    struct Rig {
        let keys: (read: Int32, write: Int32)
        let frames: (read: Int32, write: Int32)
        let loop: TerminalRunLoop

        init(escapeDelay: Duration = TerminalRunLoop.escapeDelay) {
            var input: [Int32] = [-1, -1]
            var output: [Int32] = [-1, -1]
            _ = pipe(&input)
            _ = pipe(&output)
            _ = fcntl(output[0], F_SETFL, fcntl(output[0], F_GETFL) | O_NONBLOCK)
            keys = (input[0], input[1])
            frames = (output[0], output[1])
            loop = TerminalRunLoop(
                colors: .noColor, input: input[0], output: output[1], escapeDelay: escapeDelay)
        }

        func type(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { write(keys.write, $0.baseAddress, $0.count) }
        }

        func close() {
            for descriptor in [keys.read, keys.write, frames.read, frames.write] { Glibc.close(descriptor) }
        }
    }

    /// Waits (without blocking the main actor) until `condition` holds, at most `seconds`. Every condition
    /// waited for here comes true only by what the test did (a key, a wake-up, the app's timer), so the
    /// deadline is long: a busy machine may run the loop's thread and the main actor late.
    func eventually(_ seconds: Double = 60, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while !condition() && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
        return condition()
    }

    @Test func idleItDrawsOnceAndSleepsUntilAKey() async throws {
        let rig = Rig()
        defer { rig.close() }
        let app = Probe()
        let running = Task { await rig.loop.run(app) }
        #expect(await eventually { app.renders == 1 })
        try await Task.sleep(for: .seconds(1))
        #expect(app.renders == 1, "nothing happened, so nothing was drawn again")
        rig.type("x")
        #expect(await eventually { app.keys.map(\.key) == [.character("x")] && app.renders == 2 })
        rig.type("q")
        await running.value
        #expect(app.keys.map(\.key) == [.character("x"), .character("q")])
    }

    @Test func aLoneEscIsReportedOnlyAfterTheEscapeDelay() async throws {
        let rig = Rig()
        defer { rig.close() }
        let app = Probe()
        let running = Task { await rig.loop.run(app) }
        #expect(await eventually { app.renders == 1 })
        let typed = ContinuousClock.now
        rig.type("\u{1B}")
        #expect(await eventually { !app.keys.isEmpty })
        let key = try #require(app.keys.first)
        #expect(key.key == .escape)
        #expect(key.at - typed >= rig.loop.escapeDelay, "held until no more bytes came")
        rig.type("q")
        await running.value
    }

    @Test func aSequenceSplitAcrossReadsIsOneKey() async throws {
        // A delay that never runs out here, so a loaded machine that wakes the test late still splits the
        // sequence within it (once the sequence is whole, nothing waits for the delay).
        let rig = Rig(escapeDelay: .seconds(600))
        defer { rig.close() }
        let app = Probe()
        let running = Task { await rig.loop.run(app) }
        #expect(await eventually { app.renders == 1 })
        rig.type("\u{1B}")
        try await Task.sleep(for: .milliseconds(30))
        rig.type("[")
        try await Task.sleep(for: .milliseconds(30))
        rig.type("A")
        rig.type("\u{1B}[<0;5;3M")
        rig.type("q")
        await running.value
        #expect(app.keys.map(\.key) == [.up, .click(column: 4, row: 2), .character("q")])
    }

    @Test func aWakeUpDrawsAFrameAndATimerDrawsMore() async throws {
        let rig = Rig()
        defer { rig.close() }
        let app = Probe()
        let running = Task { await rig.loop.run(app) }
        #expect(await eventually { app.renders == 1 })
        let waker = rig.loop.waker
        Task.detached { waker.wake() }
        #expect(await eventually { app.renders == 2 })
        app.frameInterval = .milliseconds(20)
        waker.wake()
        // Nothing but the app's frame interval wakes the loop now: ten frames prove the timer draws, however
        // late a busy machine runs it (the loop sleeps in poll(2) on the system clock: no clock to inject).
        #expect(await eventually { app.renders >= 10 }, "a frame every 20 ms while the app asks for them")
        app.frameInterval = nil
        rig.type("q")
        await running.value
    }

    @Test func aWatchedDescriptorWakesTheLoopAndIsReadBeforeTheFrame() async throws {
        let rig = Rig()
        defer { rig.close() }
        var other: [Int32] = [-1, -1]
        _ = pipe(&other)
        defer { for descriptor in other { close(descriptor) } }
        let app = Probe()
        var heard = 0
        rig.loop.watch(other[0]) {
            var byte: UInt8 = 0
            _ = read(other[0], &byte, 1)
            heard += 1
        }
        let running = Task { await rig.loop.run(app) }
        #expect(await eventually { app.renders == 1 })
        var byte: UInt8 = 7
        _ = write(other[1], &byte, 1)
        #expect(await eventually { heard == 1 && app.renders == 2 })
        rig.type("q")
        await running.value
    }

    @Test func cancellingTheTaskEndsTheLoop() async throws {
        let rig = Rig()
        defer { rig.close() }
        let app = Probe()
        let running = Task { await rig.loop.run(app) }
        #expect(await eventually { app.renders == 1 })
        running.cancel()
        await running.value
        #expect(!app.wantsToQuit)
    }

    @Test func itWritesOnlyTheCellsThatChanged() async throws {
        let rig = Rig()
        defer { rig.close() }
        let app = Probe()
        let running = Task { await rig.loop.run(app) }
        #expect(await eventually { app.renders == 1 })
        rig.type("x")
        #expect(await eventually { app.renders == 2 })
        rig.type("q")
        await running.value
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = read(rig.frames.read, &buffer, buffer.count)
        let written = String(decoding: buffer[0..<max(count, 0)], as: UTF8.self)
        #expect(written.hasPrefix("\u{1B}[0m\u{1B}[2J"), "the first frame is drawn whole")
        #expect(written.hasSuffix("\u{1B}[1;7H\u{1B}[0m0\u{1B}[0m"), "the next only where it differs")
    }
}

struct KeyParserFlushTests {
    @Test func flushingAHeldEscReportsItAndReadsWhatFollowedAsKeys() {
        var parser = KeyParser()
        #expect(parser.feed([0x1B], flushEscape: false).isEmpty)
        #expect(parser.isHoldingEscape)
        #expect(parser.flush() == [.escape])
        #expect(!parser.isHoldingEscape)
        #expect(parser.feed(Array("\u{1B}[".utf8), flushEscape: false).isEmpty)
        #expect(parser.flush() == [.escape, .character("[")])
        #expect(parser.feed(Array("\u{1B}[B".utf8), flushEscape: false) == [.down])
    }
}

struct SanitizerTests {
    @Test(
        arguments: [
            ("plain name", "plain name"),
            ("\u{1B}]0;pwned\u{07}Work", "Work"),
            ("\u{1B}]2;title\u{1B}\\Work", "Work"),
            ("\u{1B}[2JWork\u{1B}[31m", "Work"),
            ("a\u{9B}31mb", "ab"),
            ("a\u{9D}8;;http://x\u{9C}b", "ab"),
            ("line\rover\nnext\tend", "line?over?next?end"),
            ("bidi \u{202E}evil", "bidi ?evil"),
            ("trailing \u{1B}", "trailing "),
            ("東京 🎵", "東京 🎵"),
        ])
    func escapeSequencesGoWholeAndOtherControlsBecomeQuestionMarks(text: String, shown: String) {
        #expect(TerminalText.sanitized(text) == shown)
    }
}
