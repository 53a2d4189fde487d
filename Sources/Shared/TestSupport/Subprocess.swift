#if canImport(Glibc)
    import Glibc
#endif

/// A program a test runs, spawned directly with `posix_spawn`: it gets the standard descriptors it is
/// given and no other (every descriptor of the test process above 2 is closed in the child, so a server
/// it leaves running holds none of the test's pipes or locks). Foundation's `Process` is not used: it
/// reads `/proc/self/fd` in a way that crashes now and then in this toolchain, and it learns that a
/// child ended through a descriptor the child inherits.
///
/// Blocking calls (``wait()``, ``readLine()``, ``run(_:_:environment:stdin:)``) belong on a test thread
/// (``TestThreads``), never on the cooperative pool.
package final class Subprocess: @unchecked Sendable {
    // @unchecked Sendable: `pid` is immutable; the descriptors, `exitStatus` and `buffer` are touched
    // only by the one test thread that waits on or reads from the process at a time.

    /// Where a standard descriptor of the child comes from or goes to.
    package enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A pipe the test reads (standard output and error) or writes (standard input).
        case pipe
        /// A file, made or truncated.
        case file(String)
        /// Standard error only: wherever standard output goes.
        case standardOutput
        /// A descriptor of the test's own (the write end of a pipe whose reader is gone, say).
        case descriptor(Int32)
    }

    /// The child's process id.
    package let pid: pid_t
    /// The test's end of the child's standard input, output and error pipes (-1 when not a pipe, or once
    /// closed: a descriptor number is closed once, never again after another file got it).
    private var input: Int32
    private var output: Int32
    private var errors: Int32
    private var exitStatus: Int32?
    private var buffer: [UInt8] = []

    /// Starts `program` (an absolute path) with `arguments` and exactly `environment`.
    /// - Throws: ``FixtureError`` when it cannot be started.
    package init(
        _ program: String, _ arguments: [String], environment: [String: String],
        stdin: Stream = .null, stdout: Stream = .pipe, stderr: Stream = .pipe
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var ours: [Int32] = [-1, -1, -1]
        var theirs: [Int32] = []
        for (descriptor, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(
                    &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let path):
                let flags = descriptor == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
                posix_spawn_file_actions_addopen(&actions, descriptor, path, flags, 0o644)
            case .standardOutput:
                posix_spawn_file_actions_adddup2(&actions, 1, descriptor)
            case .descriptor(let given):
                posix_spawn_file_actions_adddup2(&actions, given, descriptor)
            case .pipe:
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else {
                    throw FixtureError(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
                }
                // Other children (tmux through the shell, say) must not inherit the test's ends.
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                let (child, parent) = descriptor == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
                posix_spawn_file_actions_adddup2(&actions, child, descriptor)
                ours[Int(descriptor)] = parent
                theirs.append(child)
            }
        }
        Self.closeFrom(3, &actions)
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] =
            environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for text in argv + envp { free(text) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, envp)
        for descriptor in theirs { close(descriptor) }
        guard spawned == 0 else {
            for descriptor in ours where descriptor >= 0 { close(descriptor) }
            throw FixtureError(description: "cannot run \(program): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
        (input, output, errors) = (ours[0], ours[1], ours[2])
    }

    deinit {
        if exitStatus == nil, waitpid(pid, nil, WNOHANG) == 0 {
            Glibc.kill(pid, SIGKILL)
            waitpid(pid, nil, 0)
        }
        for descriptor in [input, output, errors] where descriptor >= 0 { close(descriptor) }
    }

    /// Sends `signal` to the child.
    package func kill(_ signal: Int32 = SIGTERM) {
        Glibc.kill(pid, signal)
    }

    /// Whether the child still runs (a child that ended is reaped, and its status kept).
    package var isRunning: Bool {
        guard exitStatus == nil else { return false }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return true }
        exitStatus = status
        return false
    }

    /// Waits for the child to end.
    /// - Returns: its exit code, or 128 + the signal that ended it (as a shell says).
    @discardableResult
    package func wait() -> Int32 {
        if exitStatus == nil {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            exitStatus = status
        }
        return Self.code(of: exitStatus ?? 0)
    }

    /// Whether the child was ended by a signal (after ``wait()``).
    package var wasKilledBySignal: Bool {
        guard let status = exitStatus else { return false }
        return status & 0x7F != 0
    }

    /// Reads standard output up to and including the next newline (or the end).
    package func readLine() -> String {
        while !buffer.contains(0x0A) {
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            buffer += chunk[0..<count]
        }
        let end = buffer.firstIndex(of: 0x0A).map { $0 + 1 } ?? buffer.count
        defer { buffer.removeFirst(end) }
        return String(decoding: buffer[0..<end], as: UTF8.self)
    }

    /// Writes `bytes` to standard input, closes it, reads standard output and error to their ends (all
    /// at once, so a full pipe never stalls the child) and waits for the child.
    package func communicate(_ bytes: [UInt8] = []) -> (stdout: [UInt8], stderr: [UInt8], status: Int32) {
        var pending = bytes[...]
        var outputs: [Int32: [UInt8]] = [output: buffer, errors: []]
        buffer = []
        var open = [output, errors].filter { $0 >= 0 }
        var writer = input
        input = -1
        if writer >= 0 && pending.isEmpty {
            close(writer)
            writer = -1
        }
        while !open.isEmpty || writer >= 0 {
            var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if writer >= 0 { descriptors.append(pollfd(fd: writer, events: Int16(POLLOUT), revents: 0)) }
            guard poll(&descriptors, nfds_t(descriptors.count), -1) >= 0 || errno == EINTR else { break }
            for entry in descriptors where entry.revents != 0 {
                if entry.fd == writer {
                    let written = pending.withUnsafeBytes {
                        write(writer, $0.baseAddress, min($0.count, 65536))
                    }
                    if written > 0 { pending = pending.dropFirst(written) }
                    if written < 0 && errno != EINTR && errno != EAGAIN || pending.isEmpty {
                        close(writer)
                        writer = -1
                    }
                    continue
                }
                var chunk = [UInt8](repeating: 0, count: 65536)
                let count = chunk.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    outputs[entry.fd, default: []] += chunk[0..<count]
                } else if count == 0 || errno != EINTR {
                    open.removeAll { $0 == entry.fd }
                }
            }
        }
        let result = (outputs[output] ?? [], outputs[errors] ?? [])
        for descriptor in [output, errors] where descriptor >= 0 { close(descriptor) }
        (output, errors) = (-1, -1)
        return (result.0, result.1, wait())
    }

    /// Runs `program` to its end with `stdin` as its input, and returns what it printed and its status.
    package static func run(
        _ program: String, _ arguments: [String], environment: [String: String], stdin: [UInt8]? = nil
    ) throws -> ProcessResult {
        let process = try Subprocess(
            program, arguments, environment: environment, stdin: stdin == nil ? .null : .pipe)
        let (output, errors, status) = process.communicate(stdin ?? [])
        return ProcessResult(
            stdout: String(decoding: output, as: UTF8.self), stderr: String(decoding: errors, as: UTF8.self),
            status: status)
    }

    private static func code(of status: Int32) -> Int32 {
        status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + status & 0x7F
    }

    /// Adds glibc's close-from action (2.34 and later; the Glibc module does not declare it).
    private static func closeFrom(_ first: Int32, _ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, first)
    }
}
