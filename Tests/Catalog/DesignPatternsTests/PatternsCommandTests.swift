import DesignPatterns
import Foundation
import TestSupport
import Testing

/// End-to-end tests: run the built `patterns` binary and check stdout, stderr and the exit code.
///
/// The binary is found in the products directory (see `productsDirectory()`); `PATTERNS_BINARY`
/// overrides it (e.g. to test a release build).
struct PatternsCommandTests {
    static func binary() throws -> URL {
        if let override = ProcessInfo.processInfo.environment["PATTERNS_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        let binary = try productsDirectory().appendingPathComponent("patterns")
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path),
            "no built patterns binary at \(binary.path); run `swift build` first")
        return binary
    }

    /// Runs the binary with `arguments`.
    static func run(_ arguments: [String]) async throws -> ProcessResult {
        try await runProcess(try binary(), arguments)
    }

    @Test func listPrintsTheCatalog() async throws {
        let result = try await Self.run(["list"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == PatternCatalog.listing().joined(separator: "\n") + "\n")
        #expect(result.stdout.hasPrefix("Object creation:\n  prototype "))
    }

    /// Line 3 follows the book's code, not its printed output (see ChainOfResponsibilityTests).
    @Test func runChainPrintsExactlyTheSixLines() async throws {
        let result = try await Self.run(["run", "chain-of-responsibility"])
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

    @Test func runDelegationPrintsTheNotesLine() async throws {
        let result = try await Self.run(["run", "delegation"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("userName: ltp, password: 123456\n"))
    }

    @Test func runFacadeShowsTheBooksDriveTo100By100() async throws {
        let result = try await Self.run(["run", "facade"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == FacadeTests.booksDrive.joined(separator: "\n") + "\n")
        #expect(result.stdout.hasPrefix("CabDriver: drive to location (100.0, 100.0)\n"))
    }

    /// A fresh process has never touched the singleton: the demo sees no instance before first use,
    /// then one shared instance however many threads reach for it at once.
    @Test func runSingletonCreatesOneInstanceLazilyEvenUnderConcurrentFirstUse() async throws {
        let result = try await Self.run(["run", "singleton"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdout == """
                Issuers before first use: 0
                200 threads reached for SerialNumberIssuer.shared at once; 200 got the same one
                Issuers created: 1
                1000 concurrent calls got 1000 distinct serial numbers

                """)
    }

    @Test func unknownPatternIsAUsageErrorWithSuggestions() async throws {
        let result = try await Self.run(["run", "chain"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(
            result.stderr == "patterns: unknown pattern 'chain' (did you mean: chain-of-responsibility?)\n")
    }

    @Test func oneUnknownNameRunsNothing() async throws {
        let result = try await Self.run(["run", "facade", "singelton!"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("patterns: unknown pattern 'singelton!'"))
    }

    @Test(arguments: ["--help", "-h", "help"])
    func helpGoesToStdout(flag: String) async throws {
        let result = try await Self.run([flag])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("USAGE: patterns <command>"))
        #expect(result.stdout.contains("run --all"))
    }

    @Test(arguments: [["help", "run"], ["run", "--help"]])
    func runHasItsOwnHelp(arguments: [String]) async throws {
        let result = try await Self.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("USAGE: patterns run NAME..."))
    }

    @Test(arguments: [[], ["frobnicate"], ["--verbose"], ["run"], ["run", "--fast"], ["list", "extra"]])
    func badCommandLinesExitWithUsageError(arguments: [String]) async throws {
        let result = try await Self.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("patterns: "))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line on stderr")
    }

    @Test func runAllRunsEveryPatternUnderItsHeading() async throws {
        let result = try await Self.run(["run", "--all"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let headings = result.stdout.split(separator: "\n").filter { $0.hasPrefix("== ") }.map(String.init)
        #expect(headings == PatternCatalog.entries.map { "== \($0.name) ==" })
    }
}
