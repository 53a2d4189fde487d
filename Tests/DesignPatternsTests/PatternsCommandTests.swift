import DesignPatterns
import Foundation
import Testing

/// End-to-end tests: run the built `patterns` binary and check stdout, stderr and the exit code.
///
/// Finding the binary: `swift test` builds every product, and SwiftPM puts executables and the test
/// bundle in the same products directory (`.build/<triple>/debug`). On Linux the test process's
/// `Bundle.main.bundleURL` *is* that directory; on macOS it is the `.xctest` bundle inside it, so its
/// parent is tried too. `PATTERNS_BINARY` overrides both (e.g. to test a release build).
struct PatternsCommandTests {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static func binary() throws -> URL {
        if let override = ProcessInfo.processInfo.environment["PATTERNS_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        let bundle = Bundle.main.bundleURL
        let candidates = [
            bundle.appendingPathComponent("patterns"),
            bundle.deletingLastPathComponent().appendingPathComponent("patterns"),
        ]
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(
            found, "no built patterns binary in \(candidates.map(\.path)); run `swift build` first")
    }

    /// Runs the binary with `arguments`, capturing its output through temporary files (pipes could
    /// fill up and block on long output such as `run --all`).
    static func run(_ arguments: [String]) throws -> Result {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("patterns-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout")
        let errURL = directory.appendingPathComponent("stderr")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(
            status: process.terminationStatus,
            stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8)
        )
    }

    @Test func listPrintsTheCatalog() throws {
        let result = try Self.run(["list"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == PatternCatalog.listing().joined(separator: "\n") + "\n")
        #expect(result.stdout.hasPrefix("Object creation:\n  prototype "))
    }

    @Test func runChainPrintsExactlyTheSixLines() throws {
        let result = try Self.run(["run", "chain-of-responsibility"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdout == """
                I don't know this attack: CrystalShield
                No damage from a sword attack
                No damage from a magic fire attack
                I don't know this attack: CrystalShield
                I don't know this attack: MetalArmor
                Oh! I'm hit with a LightningAttack

                """)
    }

    @Test func unknownPatternIsAUsageErrorWithSuggestions() throws {
        let result = try Self.run(["run", "chain"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(
            result.stderr == "patterns: unknown pattern 'chain' (did you mean: chain-of-responsibility?)\n")
    }

    @Test func oneUnknownNameRunsNothing() throws {
        let result = try Self.run(["run", "facade", "singelton!"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("patterns: unknown pattern 'singelton!'"))
    }

    @Test(arguments: ["--help", "-h", "help"])
    func helpGoesToStdout(flag: String) throws {
        let result = try Self.run([flag])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("USAGE: patterns <command>"))
        #expect(result.stdout.contains("run --all"))
    }

    @Test(arguments: [["help", "run"], ["run", "--help"]])
    func runHasItsOwnHelp(arguments: [String]) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("USAGE: patterns run NAME..."))
    }

    @Test(arguments: [[], ["frobnicate"], ["--verbose"], ["run"], ["run", "--fast"], ["list", "extra"]])
    func badCommandLinesExitWithUsageError(arguments: [String]) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("patterns: "))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line on stderr")
    }

    @Test func runAllRunsEveryPatternUnderItsHeading() throws {
        let result = try Self.run(["run", "--all"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let headings = result.stdout.split(separator: "\n").filter { $0.hasPrefix("== ") }.map(String.init)
        #expect(headings == PatternCatalog.entries.map { "== \($0.name) ==" })
    }
}
