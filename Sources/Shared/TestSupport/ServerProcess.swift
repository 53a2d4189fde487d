import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A running `bluelibrary serve` for end-to-end tests: started on a test thread, its first line (the
/// URL it serves) read, stopped with SIGTERM.
package final class ServerProcess: Sendable {
    private let process: Process
    private let output: Pipe
    /// The base URL it printed, without the trailing slash (`http://127.0.0.1:PORT`).
    package let url: String

    /// Starts `bluelibrary serve` with `arguments` (after `serve`) and an environment, and waits for
    /// the line that says where it serves.
    /// - Throws: when it does not start or says something else.
    package init(arguments: [String] = ["--port", "0"], environment: [String: String], stderr: String? = nil)
        async throws
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BinaryRunner.productsDirectory + "/bluelibrary")
        process.arguments = ["serve"] + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        if let stderr {
            if !FileManager.default.fileExists(atPath: stderr) {
                _ = FileManager.default.createFile(atPath: stderr, contents: nil)
            }
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderr))
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        let line = try await TestThreads.run {
            var line = ""
            while !line.contains("\n"), let byte = try output.fileHandleForReading.read(upToCount: 1)?.first {
                line.append(Character(Unicode.Scalar(byte)))
            }
            return line
        }
        guard let start = line.range(of: "http://"), let end = line.range(of: "/ (") else {
            process.terminate()
            throw CocoaError(
                .fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "serve said: \(line)"])
        }
        self.process = process
        self.output = output
        self.url = String(line[start.lowerBound..<end.lowerBound])
    }

    /// The port it listens on.
    package var port: Int { Int(url.split(separator: ":").last ?? "") ?? 0 }

    /// Whether it still runs.
    package var isRunning: Bool { process.isRunning }

    /// Kills it at once (SIGKILL, as a machine that dies would stop it) and waits until it is gone.
    package func kill() async {
        let process = process
        await TestThreads.run {
            _ = Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Sends SIGTERM and waits for it to exit.
    /// - Returns: its exit status and everything it printed after its first line.
    @discardableResult
    package func stop() async -> (status: Int32, rest: String) {
        let (process, output) = (process, output)
        return await TestThreads.run {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return (process.terminationStatus, rest)
        }
    }

    deinit { if process.isRunning { process.terminate() } }
}
