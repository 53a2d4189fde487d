import BlueLibraryPostgres
import Foundation

/// A standby of a cluster made with `start(replicated: true)`, and what a failover test does to the two:
/// make the standby synchronous, kill the primary as a machine that dies would, promote the standby.
extension PostgresCluster {
    /// Starts a streaming standby of this cluster on a port of its own (about a second); it follows the
    /// primary until promoted.
    ///
    /// pg_basebackup connects over TCP with the user's password (scram, as initdb's rules ask of a
    /// replication connection from 127.0.0.1), never prompts for one (`-w`: a prompt would wait on the
    /// terminal for ever), takes a fast checkpoint (without it, it waits for a scheduled one: a minute and
    /// more), and is stopped after a minute at the latest. `-R` writes that connection — host, port, user,
    /// password — into the standby's `primary_conninfo`, so the standby streams from this cluster.
    package func startStandby() async throws -> PostgresCluster {
        let standby = TemporaryDirectory("postgres-standby")
        try Self.giveToServerUser(standby.path)
        let connection =
            "host=127.0.0.1 port=\(port) user=\(Self.user) password=\(password) connect_timeout=5"
        try await Self.run(
            tools + "/pg_basebackup",
            ["-d", connection, "-D", standby.file("data"), "-R", "-X", "stream", "--checkpoint=fast", "-w"],
            timeout: 60)
        let cluster = try await Self.launch(
            directory: standby, password: password, tools: tools, settings: "")
        do {
            try await cluster.waitUntilStreaming(from: self)
        } catch {
            await cluster.stop()
            throw error
        }
        return cluster
    }

    /// Waits until `primary` says this standby streams from it (a few tens of milliseconds).
    private func waitUntilStreaming(from primary: PostgresCluster) async throws {
        let streaming = try await primary.poll(
            "SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'")
        guard streaming else {
            throw FixtureError(
                description: "the standby on port \(port) did not stream from port \(primary.port)")
        }
    }

    /// Makes every commit wait until a standby has it (`synchronous_standby_names`). Called once the
    /// standbys stream (``startStandby()`` waits for that): set before they attach, even CREATE DATABASE
    /// would wait for ever.
    package func makeStandbysSynchronous() async throws {
        let synchronous = try await poll(
            "SELECT count(*) FROM pg_stat_replication WHERE sync_state = 'sync'",
            first: [
                "ALTER SYSTEM SET synchronous_standby_names = '*'", "SELECT pg_reload_conf()",
            ])
        guard synchronous else {
            throw FixtureError(description: "no standby of the cluster on port \(port) became synchronous")
        }
    }

    /// Runs the statements `first`, then `count` every 10 ms until it is 1 or more (true) or a minute has
    /// passed (false), on a connection of its own that it closes. (What it waits for takes tens of
    /// milliseconds on a quiet machine; the minute is for a loaded one.)
    private func poll(_ count: String, first: [String] = []) async throws -> Bool {
        let connection = try await PostgresConnection.connect(
            to: url() + "?connect_timeout=60", timeout: .seconds(60))
        do {
            for statement in first { _ = try await connection.query(statement) }
            let deadline = ContinuousClock.now + .seconds(60)
            var found = false
            while !found && ContinuousClock.now < deadline {
                found = try await connection.query(count).first?.int(0) ?? 0 >= 1
                if !found { try await Task.sleep(for: .milliseconds(10)) }
            }
            await connection.close()
            return found
        } catch {
            await connection.close()
            throw error
        }
    }

    /// Kills the server and every process it started at once (SIGKILL), as a machine that dies would stop
    /// them: nothing is flushed or said to the clients or the standby.
    package func killNine() throws {
        let pidFile =
            (try? String(contentsOfFile: directory.file("data/postmaster.pid"), encoding: .utf8)) ?? ""
        guard let postmaster = pidFile.split(separator: "\n").first.flatMap({ Int32($0) }) else {
            throw FixtureError(description: "the cluster on port \(port) is not running")
        }
        var processes = [postmaster]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let process = Int32(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After the command's name in parentheses: the state, then the parent's id.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, Int32(fields[1]) == postmaster { processes.append(process) }
        }
        for process in processes { kill(process, SIGKILL) }
    }

    /// Promotes a standby to a primary that takes writes (pg_ctl promote, waiting until it does, for as
    /// long as a loaded machine may take: the test's time limit is the bound that matters).
    package func promote() async throws {
        try await Self.run(
            tools + "/pg_ctl", ["-D", directory.file("data"), "-w", "-t", "300", "promote"], timeout: 360)
    }
}
