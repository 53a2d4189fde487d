import Foundation

/// HAProxy in front of `bluelibrary serve` processes on 127.0.0.1, as a deployment of several servers
/// has it: one address on a free port, requests spread round robin, each server checked every 100 ms
/// (`GET /api/state`) and taken out after two failed checks, and a request that cannot connect to one
/// server sent to another. Without HAProxy (`scripts/setup.sh haproxy`, which `make test` runs)
/// ``init(servers:)`` throws: the tests fail, they are not skipped.
///
/// A server that is gone is found at once: on 127.0.0.1 its port refuses a connection straight away.
/// So every timeout is long (a minute for a request to connect and for a check to be answered, ten
/// minutes for a request to be answered): they only ever fired for a server that was slow, on a loaded
/// machine, and a slow server is not a lost one.
package final class HAProxy: Sendable {
    /// The port it listens on, on 127.0.0.1.
    package let port: Int
    private let process: Subprocess
    private let directory: TemporaryDirectory

    /// Starts HAProxy in front of the servers listening on `servers` and waits until a request through it
    /// is answered by one of them (`GET /api/state` → 200). Should it fail to listen (another process took
    /// its port first), it is started again on another port.
    package init(servers: [Int]) async throws {
        let binary = "/usr/sbin/haproxy"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw FixtureError(
                description: "HAProxy is not installed (no \(binary)): run scripts/setup.sh haproxy")
        }
        let directory = TemporaryDirectory("haproxy")
        var log = ""
        for _ in 0..<3 {
            let port = try PostgresCluster.freePort()
            let process = try Subprocess(
                binary, ["-db", "-f", Self.configure(in: directory, port: port, servers: servers)],
                environment: ["PATH": "/usr/bin:/bin"], stdout: .null, stderr: .file(directory.file("log")))
            // As long as a loaded machine may take to start it; one that fails to start ends at once.
            let deadline = ContinuousClock.now + .seconds(60)
            while process.isRunning && ContinuousClock.now < deadline {
                let reply = try await LoopbackHTTP.request(port: port, "GET", "/api/state", seconds: 60)
                if reply?.status == 200 {
                    self.port = port
                    self.process = process
                    self.directory = directory
                    return
                }
                try await Task.sleep(for: .milliseconds(25))
            }
            await TestThreads.run {
                process.kill(SIGKILL)
                _ = process.wait()
            }
            log = (try? String(contentsOfFile: directory.file("log"), encoding: .utf8)) ?? ""
        }
        throw FixtureError(description: "HAProxy did not answer through its port: \(log)")
    }

    /// Writes its configuration, listening on `port` in front of `servers`, and gives the file's path.
    private static func configure(in directory: TemporaryDirectory, port: Int, servers: [Int]) -> String {
        let backends = servers.enumerated().map { "    server s\($0.offset) 127.0.0.1:\($0.element) check" }
        return directory.write(
            "haproxy.cfg",
            """
            global
                maxconn 512
            defaults
                mode http
                timeout connect 60s
                timeout client 600s
                timeout server 600s
                timeout check 60s
                retries 3
                option redispatch
            frontend library
                bind 127.0.0.1:\(port)
                default_backend servers
            backend servers
                balance roundrobin
                option httpchk
                http-check send meth GET uri /api/state ver HTTP/1.1 hdr Host 127.0.0.1
                http-check expect status 200
                default-server inter 100ms fall 2 rise 1
            \(backends.joined(separator: "\n"))

            """)
    }

    /// Whether it still runs (a test checks it after the load, to tell a proxy gone from servers gone).
    package var isRunning: Bool { process.isRunning }

    /// What it logged (its alerts, should it have stopped).
    package var log: String {
        (try? String(contentsOfFile: directory.file("log"), encoding: .utf8)) ?? ""
    }

    /// Stops it and waits until it has.
    package func stop() async {
        let process = process
        await TestThreads.run {
            process.kill(SIGTERM)
            process.wait()
        }
    }
}
