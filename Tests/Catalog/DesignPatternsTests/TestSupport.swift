import Foundation
import TestSupport
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

/// Runs `executable` with `arguments` on a test thread and waits for it, capturing its output (a
/// ``Subprocess`` reads both pipes at once, so long output such as `patterns run --all` never stalls it).
/// - Parameter environment: variables added to `PATH` and `LANG` (`TMPDIR`, say: a folder of the test's
///   own for the temporary files of a tool that leaves some behind).
func runProcess(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) async throws
    -> ProcessResult
{
    let environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(environment) { $1 }
    return try await TestThreads.run {
        try Subprocess.run(executable.path, arguments, environment: environment)
    }
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
