import Foundation

/// A terminal for end-to-end tests: tmux on a private server socket runs a command in a session of a
/// given size; the test types with `send-keys` and reads the screen with `capture-pane`. Every tmux
/// call runs on a test thread, and waiting polls with `Task.sleep`, so a test never blocks a cooperative
/// thread. The private server is stopped when the session is released, so a test that fails half-way
/// leaves no program running behind it.
///
/// The server's socket is a file in the test's scratch folder (`tmux -S`), removed with it: with a socket
/// name (`-L`), tmux makes a `tmux-UID` folder in `$TMUX_TMPDIR` or `/tmp` that nothing removes.
package final class TmuxSession: Sendable {
    /// The session's name on the private server.
    package let name: String
    private let socket: String
    private let scratch: TemporaryDirectory

    /// A session named `name` on a fresh private server; nothing runs until ``start(_:width:height:)``.
    package init(name: String, scratch: TemporaryDirectory) {
        self.name = name
        self.scratch = scratch
        // Short, whatever the session's name: a socket's path has at most 107 bytes.
        socket = scratch.file("tmux-\(UUID().uuidString.prefix(8)).sock")
    }

    /// Starts `command` in the session. Tries again when the tmux server dies while starting, which
    /// happens now and then when several servers start at once on a loaded machine.
    /// - Throws: ``TmuxFailure`` when tmux still fails after five tries.
    package func start(_ command: String, width: Int = 100, height: Int = 30) async throws {
        let arguments = ["new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), command]
        for _ in 0..<4 {
            if await run(arguments).status == 0 { return }
            await TestThreads.pause(0.3)
        }
        try await call(arguments)
    }

    /// Runs a tmux command on the private server and returns what it printed.
    /// - Throws: ``TmuxFailure`` when tmux fails.
    @discardableResult
    package func callAsFunction(_ arguments: String...) async throws -> String {
        try await call(arguments)
    }

    /// Types keys (tmux key names or text).
    package func keys(_ keys: String...) async throws {
        for key in keys { try await call(["send-keys", "-t", name, key]) }
    }

    /// The screen's text now.
    package var screen: String {
        get async { await run(["capture-pane", "-t", name, "-p"]).output }
    }

    /// Waits up to `seconds` until the screen shows `text`. The default is long: it only bounds a wait
    /// for something that must come, and a loaded machine (another suite beside this one) can take many
    /// seconds to start a program in tmux.
    /// - Throws: ``TmuxFailure`` with the screen when it never does, so the test stops there.
    package func waitFor(_ text: String, seconds: Double = 60) async throws {
        if await waitUntil(seconds: seconds, { $0.contains(text) }) { return }
        throw TmuxFailure(description: "the screen never showed \(text):\n\(await screen)")
    }

    /// Waits up to `seconds` (long by default, as for ``waitFor(_:seconds:)``) until `condition` holds
    /// for the screen.
    /// - Returns: whether it did.
    package func waitUntil(seconds: Double = 60, _ condition: (String) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition(await screen) { return true }
            await TestThreads.pause(0.1)
        }
        return condition(await screen)
    }

    /// Whether the terminal is as a program found it: the main screen, the cursor shown.
    package var isRestored: Bool {
        get async {
            await run(["display-message", "-p", "-t", name, "#{alternate_on} #{cursor_flag}"]).output
                == "0 1\n"
        }
    }

    /// Stops the private server and everything in it, and waits until the programs that ran in it have
    /// ended: a program that writes its files as it quits must be done before the test's folder goes,
    /// or it makes the folder again behind the test's back.
    package func kill() async {
        let sessions = await paneSessions()
        await run(["kill-server"])
        let deadline = ContinuousClock.now + .seconds(60)
        while Self.anyRunning(in: sessions) && ContinuousClock.now < deadline {
            await TestThreads.pause(0.02)
        }
    }

    /// The sessions of the server's panes: each pane's program leads a session of its own, which every
    /// program it starts joins.
    private func paneSessions() async -> Set<Int> {
        let output = await run(["list-panes", "-a", "-F", "#{pane_pid}"]).output
        return Set(output.split(separator: "\n").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) })
    }

    /// Whether a process of one of `sessions` still runs (a zombie has ended: only its parent has not
    /// looked yet).
    private static func anyRunning(in sessions: Set<Int>) -> Bool {
        guard !sessions.isEmpty, let processes = try? FileManager.default.contentsOfDirectory(atPath: "/proc")
        else { return false }
        for process in processes where process.first?.isNumber == true {
            guard let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After the command's closing parenthesis: state, parent, process group, session.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 3, let session = Int(fields[3]) else { continue }
            if sessions.contains(session) && fields[0] != "Z" { return true }
        }
        return false
    }

    deinit {
        _ = try? Subprocess.run("/usr/bin/tmux", ["-S", socket, "kill-server"], environment: [:])
    }

    @discardableResult
    private func call(_ arguments: [String]) async throws -> String {
        let (output, status, errors) = await run(arguments)
        guard status == 0 else {
            throw TmuxFailure(
                description: "tmux \(arguments.first ?? "") failed with status \(status): \(errors)")
        }
        return output
    }

    /// Runs tmux through the shell into files: Foundation's `Process` never sees the tmux client exit
    /// once it has forked the server.
    @discardableResult
    private func run(_ arguments: [String]) async -> (output: String, status: Int32, errors: String) {
        let file = scratch.file("tmux-\(UUID().uuidString.prefix(6)).out")
        let quoted = (["/usr/bin/tmux", "-S", socket] + arguments).map {
            "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        let command = quoted.joined(separator: " ") + " >" + file + " 2>" + file + ".err </dev/null"
        let status = await TestThreads.run { system(command) }
        let output = String(decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self)
        let errors = String(
            decoding: FileManager.default.contents(atPath: file + ".err") ?? Data(), as: UTF8.self)
        try? FileManager.default.removeItem(atPath: file)
        try? FileManager.default.removeItem(atPath: file + ".err")
        return (output, status, errors)
    }
}

/// A tmux call that failed, or a screen that never showed what a test waited for (with the screen).
package struct TmuxFailure: Error, CustomStringConvertible {
    package var description: String
}
