import Foundation

/// A throwaway PostgreSQL server for tests: a cluster made with initdb in a temporary folder, listening on
/// 127.0.0.1 at a free port, with fsync off (nothing in it needs to survive a crash), and one database,
/// `library`, for the user `bl`. Connections over TCP need the cluster's password; the tools connect over
/// the cluster's own Unix socket, which trusts them.
///
/// The server refuses to run as root, so when the tests do (as on the CI machine) the cluster belongs to the
/// `postgres` user that Debian's package creates, and its tools run as that user. Without PostgreSQL's
/// server (`scripts/setup.sh postgresql`, which `make test` runs) ``start()`` throws: the tests fail,
/// they are not skipped.
package final class PostgresCluster: Sendable {
    /// The user every test connects as.
    package static let user = "bl"
    /// The database made with the cluster.
    package static let database = "library"

    /// The port the server listens on, on 127.0.0.1.
    package let port: Int
    /// The user's password.
    package let password: String
    /// The folder of the cluster: its data, its log and its socket.
    let directory: TemporaryDirectory
    /// The directory of the server's tools (initdb, pg_ctl…).
    let tools: String

    private init(port: Int, password: String, directory: TemporaryDirectory, tools: String) {
        self.port = port
        self.password = password
        self.directory = directory
        self.tools = tools
    }

    /// The URL of `database` on this cluster (`library` unless named), with the user's password unless
    /// another is given.
    package func url(database: String = PostgresCluster.database, password: String? = nil) -> String {
        "postgresql://\(Self.user):\(password ?? self.password)@127.0.0.1:\(port)/\(database)"
    }

    /// Makes another, empty database and returns its URL (a test that wants a database of its own).
    package func makeDatabase(_ name: String) async throws -> String {
        try await tool("createdb", ["-h", directory.path, "-p", String(port), "-U", Self.user, name])
        return url(database: name)
    }

    /// Runs `body` with a cluster started for it, and stops and deletes the cluster after, also when `body`
    /// throws.
    package static func withCluster<T: Sendable>(_ body: (PostgresCluster) async throws -> T) async throws
        -> T
    {
        let cluster = try await start()
        do {
            let result = try await body(cluster)
            await cluster.stop()
            return result
        } catch {
            await cluster.stop()
            throw error
        }
    }

    /// Makes and starts a cluster (about a second).
    /// - Parameter replicated: a primary for a standby (``startStandby()``): durable, with fsync on, as a
    ///   failover test needs. (initdb's rules already let its user replicate over 127.0.0.1 with the
    ///   password.)
    /// - Throws: ``FixtureError`` when PostgreSQL's server is not installed or will not start.
    package static func start(replicated: Bool = false) async throws -> PostgresCluster {
        let tools = try serverTools()
        let directory = TemporaryDirectory("postgres")
        let password = UUID().uuidString
        let passwordFile = directory.write("password", password + "\n")
        try giveToServerUser(directory.path)
        try giveToServerUser(passwordFile)
        try await run(
            tools + "/initdb",
            [
                "-D", directory.file("data"), "-U", user, "--pwfile", passwordFile, "--auth-local=trust",
                "--auth-host=scram-sha-256", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8",
            ])
        let cluster = try await launch(
            directory: directory, password: password, tools: tools,
            settings: replicated ? "" : "fsync = off\nfull_page_writes = off\n")
        do {
            _ = try await cluster.makeDatabase(database)
        } catch {
            await cluster.stop()
            throw error
        }
        return cluster
    }

    /// Starts the cluster in `directory` on a free port, with `settings` added to its configuration.
    static func launch(directory: TemporaryDirectory, password: String, tools: String, settings: String)
        async throws -> PostgresCluster
    {
        // Another process may take the free port before the server does: then try another.
        for _ in 0..<3 {
            let port = try freePort()
            // Appended: a later line wins, so a retry's port replaces the one before.
            try append(
                """
                listen_addresses = '127.0.0.1'
                port = \(port)
                unix_socket_directories = '\(directory.path)'
                shared_buffers = 16MB
                max_connections = 300
                \(settings)
                """, to: directory.file("data/postgresql.conf"))
            // pg_ctl waits as long as a loaded machine may take to start the server: giving up early
            // would leave it starting while the loop tries again on another port. (A server that cannot
            // start, its port taken, ends at once, and pg_ctl says so.)
            let started = try await runStatus(
                tools + "/pg_ctl",
                ["-D", directory.file("data"), "-l", directory.file("log"), "-w", "-t", "300", "start"],
                timeout: 360)
            if started.status == 0 {
                return PostgresCluster(port: port, password: password, directory: directory, tools: tools)
            }
        }
        let log = (try? String(contentsOfFile: directory.file("log"), encoding: .utf8)) ?? ""
        throw FixtureError(description: "PostgreSQL did not start: \(log)")
    }

    /// Appends `text` to the file at `path`.
    static func append(_ text: String, to path: String) throws {
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try file.seekToEnd()
        try file.write(contentsOf: Data(text.utf8))
        try file.close()
    }

    /// Stops the server at once and deletes the cluster, from any thread, without waiting on a task (what
    /// an exit handler can do).
    package func stopNow() {
        _ = try? Self.runStatusNow(
            tools + "/pg_ctl", ["-D", directory.file("data"), "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: directory.path)
    }

    /// Starts a shell that stops the server and deletes the cluster once the process `owner` has ended, so
    /// a test run that crashes leaves no server behind.
    package func stopWhenProcessEnds(_ owner: pid_t) throws {
        let stop = (Self.isRoot ? "/usr/sbin/runuser -u postgres -- " : "") + tools + "/pg_ctl"
        let script = """
            while kill -0 \(owner) 2>/dev/null; do sleep 1; done
            \(stop) -D '\(directory.file("data"))' -m immediate -w stop >/dev/null 2>&1
            rm -rf '\(directory.path)'
            """
        // In a session of its own, forked off (setsid -f, which returns at once): a terminal's Ctrl+C stops
        // the test run, not the watcher, and the watcher outlives the process that started it.
        let status = try Subprocess(
            "/usr/bin/setsid", ["-f", "/bin/sh", "-c", script], environment: ["PATH": "/usr/bin:/bin"],
            stdout: .null, stderr: .null
        ).wait()
        guard status == 0 else {
            throw FixtureError(
                description: "cannot start the cluster's watcher (setsid exited with \(status))")
        }
    }

    /// Stops the server at once and deletes the cluster.
    package func stop() async {
        _ = try? await Self.runStatus(
            tools + "/pg_ctl", ["-D", directory.file("data"), "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: directory.path)
    }

    /// A port on 127.0.0.1 nothing is bound to now, below the kernel's ephemeral range.
    ///
    /// Below it, because a port the kernel hands out for `bind(0)` is one it also hands out as the local
    /// port of an outgoing connection: between this check and the server's own bind, a connection (to
    /// PostgreSQL, to a server, or a readiness probe to this very port, which then connects to itself)
    /// could take it, and the server would fail to listen there — or a probe would seem answered.
    /// Ports below the range are only ever taken by an explicit bind.
    package static func freePort() throws -> Int {
        let range = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8))?
            .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        let first = range?.first ?? 32768
        let candidates = first > 20000 ? 20000..<first : 10000..<min(max(first, 10001), 20000)
        for _ in 0..<200 {
            let port = Int.random(in: candidates)
            if try canBind(port) { return port }
        }
        throw FixtureError(description: "cannot find a free port in \(candidates)")
    }

    /// Whether a listening socket could be bound to `port` on 127.0.0.1 now.
    private static func canBind(_ port: Int) throws -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw FixtureError(description: "cannot make a socket") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private func tool(_ name: String, _ arguments: [String]) async throws {
        try await Self.run(tools + "/" + name, arguments)
    }

    /// The directory of the newest PostgreSQL server installed (Debian keeps each major version apart).
    static func serverTools() throws -> String {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
            .compactMap(Int.init).sorted()
        guard
            let version = versions.last(where: {
                FileManager.default.isExecutableFile(atPath: "\(root)/\($0)/bin/initdb")
            })
        else {
            throw FixtureError(
                description:
                    "PostgreSQL's server is not installed (no \(root)/*/bin/initdb): run scripts/setup.sh postgresql"
            )
        }
        return "\(root)/\(version)/bin"
    }

    /// Whether the tests run as root, and the server's tools must run as `postgres`.
    private static var isRoot: Bool { geteuid() == 0 }

    static func giveToServerUser(_ path: String) throws {
        guard isRoot else { return }
        guard let account = getpwnam("postgres"),
            chown(path, account.pointee.pw_uid, account.pointee.pw_gid) == 0
        else {
            throw FixtureError(description: "cannot give \(path) to the postgres user")
        }
    }

    /// Runs a server tool (as the `postgres` user when the tests run as root) and returns its status and
    /// what it wrote. A ``Subprocess`` gives it no descriptor of the test's: `pg_ctl start` leaves a
    /// server running, which must hold nothing a test waits on.
    /// A tool still running after `timeout` seconds is stopped (coreutils' `timeout`: SIGTERM, then SIGKILL
    /// five seconds later) and reported as status 124. The default, five minutes, is for a tool that
    /// hangs: initdb or createdb on a loaded machine can take many seconds, and must not be stopped for it.
    static func runStatus(_ program: String, _ arguments: [String], timeout: Int = 300) async throws
        -> (status: Int32, output: String)
    {
        try await TestThreads.run { try runStatusNow(program, arguments, timeout: timeout) }
    }

    /// Runs a server tool as ``runStatus(_:_:timeout:)`` does, blocking the calling thread.
    private static func runStatusNow(_ program: String, _ arguments: [String], timeout: Int = 300) throws
        -> (status: Int32, output: String)
    {
        let folder = TemporaryDirectory("postgres-tool")
        let output = folder.file("output")
        let command =
            (isRoot ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : [])
            + ["/usr/bin/timeout", "-k", "5", String(timeout), program] + arguments
        let process = try Subprocess(
            command[0], Array(command.dropFirst()),
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"],
            stdout: .file(output), stderr: .standardOutput)
        let status = process.wait()
        return (status, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
    }

    static func run(_ program: String, _ arguments: [String], timeout: Int = 300) async throws {
        let result = try await runStatus(program, arguments, timeout: timeout)
        let name = (program as NSString).lastPathComponent
        guard result.status != 124 else {
            throw FixtureError(
                description: "\(name) took longer than \(timeout) s and was stopped: \(result.output)")
        }
        guard result.status == 0 else {
            throw FixtureError(description: "\(name) failed (\(result.status)): \(result.output)")
        }
    }
}
