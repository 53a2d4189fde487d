import Foundation
import Testing

@testable import DesignPatterns

/// The lines a demo (or any code writing to a console) produces.
func lines(of body: (any Console) -> Void) -> [String] {
    let console = RecordingConsole()
    body(console)
    return console.lines
}

/// The package's root directory, found from this file's own path.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The text of `path`, relative to the package root.
func packageFile(_ path: String) throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
}

/// The opening comment of a Swift source: its leading `//` lines, without the slashes.
func headerComment(of source: String) -> [String] {
    source.split(separator: "\n", omittingEmptySubsequences: false)
        .prefix { $0.hasPrefix("//") }
        .map { String($0.dropFirst(2)).trimmingCharacters(in: .whitespaces) }
}

/// What a finished child process left behind.
struct ProcessResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs `executable` with `arguments` and waits for it, capturing its output through temporary files
/// (pipes could fill up and block on long output such as `patterns run --all`).
func runProcess(_ executable: URL, _ arguments: [String]) async throws -> ProcessResult {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("design-patterns-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let outURL = directory.appendingPathComponent("stdout")
    let errURL = directory.appendingPathComponent("stderr")
    try Data().write(to: outURL)
    try Data().write(to: errURL)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    // Wait for the exit without holding a thread: the test runs on Swift's cooperative pool, which
    // other tests' async work needs (a compile here can take seconds).
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        process.terminationHandler = { _ in continuation.resume() }
        do {
            try process.run()
        } catch {
            continuation.resume(throwing: error)
        }
    }
    try out.close()
    try err.close()
    return ProcessResult(
        status: process.terminationStatus,
        stdout: try String(contentsOf: outURL, encoding: .utf8),
        stderr: try String(contentsOf: errURL, encoding: .utf8)
    )
}

/// Where SwiftPM put the products of this build (the `patterns` binary, the `Modules` directory).
///
/// `swift test` builds every product, and SwiftPM puts executables and the test bundle in the same
/// products directory (`.build/<triple>/debug`). On Linux the test process's `Bundle.main.bundleURL`
/// *is* that directory; on macOS it is the `.xctest` bundle inside it, so its parent is tried too.
func productsDirectory() throws -> URL {
    let bundle = Bundle.main.bundleURL
    let candidates = [bundle, bundle.deletingLastPathComponent()]
    let found = candidates.first {
        FileManager.default.fileExists(atPath: $0.appendingPathComponent("Modules").path)
    }
    return try #require(found, "no SwiftPM products directory among \(candidates.map(\.path))")
}
