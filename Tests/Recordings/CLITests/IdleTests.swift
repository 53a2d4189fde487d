import Foundation
import TestSupport
import Testing

/// Both apps run in TerminalKit's `TerminalRunLoop`, which sleeps in poll(2) until a key, a signal or a
/// watched change arrives, and asks for frames only while a clock shows: the real binaries, left alone
/// in tmux, use next to no processor time. It is read from /proc per thread, in nanoseconds, so a
/// loaded machine (which delays the process but does not make it run more) does not change the
/// verdict; of up to three windows after the screen settles, one must stay within the budget, so
/// start-up work that a slow machine pushes late is not taken for a clock, while a clock fails all
/// three.
@Suite(.serialized)
struct IdleTests {
    let home = TemporaryDirectory("idle")

    /// The most processor time an idle app may use in ``window`` seconds: a few milliseconds (a screen
    /// redrawn ten times a second takes several times that).
    static let budget = 5.0
    static let window = 2.0

    @Test(.timeLimit(.minutes(2))) func recordingsUsesNoProcessorTimeUntilSomethingPlaysOrRecords()
        async throws
    {
        let tmux = TmuxSession(name: "idle", scratch: home)
        let binary = BinaryRunner.productsDirectory + "/recordings"
        try await tmux.start(
            "exec env LANG=C.UTF-8 TERM=xterm-256color \(binary) --store \(home.file("data")) --device null")
        let process = try await AppProcess(in: tmux, named: "recordings")
        try await tmux.waitFor("No recording selected")
        try await tmux.keys("n")
        try await tmux.waitFor("Create Folder")
        try await tmux.keys("Work", "Enter")
        try await tmux.waitFor("▸ Work")
        let idle = await process.quietestWindow()
        #expect(idle <= Self.budget, "the folder list used \(idle) ms in \(Self.window) s")

        // The meter sees a running clock: recording on the null device ticks ten times a second.
        try await tmux.keys("r")
        try await tmux.waitFor("[ Stop ]")
        let recording = await process.milliseconds(during: Self.window)
        #expect(recording > Self.budget, "recording used only \(recording) ms in \(Self.window) s")
        try await tmux.keys("Escape")
        #expect(await tmux.waitUntil { !$0.contains("[ Stop ]") }, "Esc discards the recording")
        let idleAgain = await process.quietestWindow()
        #expect(idleAgain <= Self.budget, "after recording, \(idleAgain) ms in \(Self.window) s")
        await tmux.kill()
    }

    @Test(.timeLimit(.minutes(2))) func bluelibraryTUIUsesNoProcessorTimeWhenIdle() async throws {
        let tmux = TmuxSession(name: "idlebl", scratch: home)
        let binary = BinaryRunner.productsDirectory + "/bluelibrary"
        try await tmux.start(
            "exec env BLUELIBRARY_HOME=\(home.file("library")) HOME=\(home.path) BLUELIBRARY_OFFLINE=1"
                + " LANG=C.UTF-8 TERM=xterm-256color \(binary) tui")
        let process = try await AppProcess(in: tmux, named: "bluelibrary")
        try await tmux.waitFor("album 1 of 5")
        let idle = await process.quietestWindow()
        #expect(idle <= Self.budget, "the album screen used \(idle) ms in \(Self.window) s")
        try await tmux.keys("Right")
        try await tmux.waitFor("album 2 of 5")
        let idleAgain = await process.quietestWindow()
        #expect(idleAgain <= Self.budget, "after a key, \(idleAgain) ms in \(Self.window) s")
        await tmux.kill()
    }
}

/// The program running in a tmux pane (started with `exec`, so the pane's process is the program),
/// and the processor time its threads have used.
private struct AppProcess {
    let pid: String

    init(in tmux: TmuxSession, named name: String) async throws {
        pid = try await tmux("display-message", "-p", "-t", tmux.name, "#{pane_pid}")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        // The pane starts `env`, which becomes the program when it execs: wait for that, for as long as
        // a loaded machine may take (the test's time limit is the bound that matters).
        var command = ""
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            command = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
            if command == name + "\n" { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        try #require(command == name + "\n", "the pane runs \(command), not \(name)")
    }

    /// The processor time of every thread now, in nanoseconds (the first field of each
    /// `/proc/PID/task/TID/schedstat`); `nil` once the process is gone, so a program that exited never
    /// passes for an idle one.
    private var nanoseconds: Int? {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task"),
            !tasks.isEmpty
        else { return nil }
        var total = 0
        for task in tasks {
            guard
                let text = try? String(
                    contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8),
                let used = text.split(separator: " ").first.flatMap({ Int($0) })
            else { return nil }
            total += used
        }
        return total
    }

    /// The processor time used in the next `seconds`, in milliseconds; infinite when the process is
    /// gone (or its threads cannot be read), which no budget allows.
    func milliseconds(during seconds: Double) async -> Double {
        guard let before = nanoseconds else { return .infinity }
        await TestThreads.pause(seconds)
        guard let after = nanoseconds else { return .infinity }
        return Double(after - before) / 1_000_000
    }

    /// The least processor time used in up to three windows of ``IdleTests/window`` seconds, a second
    /// after the screen settled; stops at the first within the budget.
    func quietestWindow() async -> Double {
        await TestThreads.pause(1)
        var least = Double.infinity
        for _ in 0..<3 {
            least = min(least, await milliseconds(during: IdleTests.window))
            if least <= IdleTests.budget { break }
        }
        return least
    }
}
