import Foundation

/// A running `bluelibrary serve` for end-to-end tests: started on a test thread, its first line (the
/// URL it serves) read, stopped with SIGTERM.
package final class ServerProcess: Sendable {
    private let process: Subprocess
    /// The base URL it printed, without the trailing slash (`http://127.0.0.1:PORT`).
    package let url: String

    /// Starts `bluelibrary serve` with `arguments` (after `serve`) and an environment, and waits for
    /// the line that says where it serves.
    /// - Throws: when it does not start or says something else.
    package init(arguments: [String] = ["--port", "0"], environment: [String: String], stderr: String? = nil)
        async throws
    {
        let process = try Subprocess(
            BinaryRunner.productsDirectory + "/bluelibrary", ["serve"] + arguments,
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(environment) { $1 },
            stderr: stderr.map { .file($0) } ?? .null)
        let line = await TestThreads.run { process.readLine() }
        guard let start = line.range(of: "http://"), let end = line.range(of: "/ (") else {
            process.kill()
            throw FixtureError(description: "serve said: \(line)")
        }
        self.process = process
        self.url = String(line[start.lowerBound..<end.lowerBound])
    }

    /// The port it listens on.
    package var port: Int { Int(url.split(separator: ":").last ?? "") ?? 0 }

    /// Whether it still runs.
    package var isRunning: Bool { process.isRunning }

    /// Sends SIGTERM and waits for it to exit.
    /// - Returns: its exit status and everything it printed after its first line.
    @discardableResult
    package func stop() async -> (status: Int32, rest: String) {
        let process = process
        return await TestThreads.run {
            if process.isRunning { process.kill(SIGTERM) }
            let (rest, _, status) = process.communicate()
            return (status, String(decoding: rest, as: UTF8.self))
        }
    }

    /// The server's process id.
    package var pid: Int32 { process.pid }
}
