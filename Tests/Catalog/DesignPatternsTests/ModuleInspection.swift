import Foundation
import TestSupport
import Testing

/// Looks at the built DesignPatterns module from the outside, as another file or module would: what
/// the compiler accepts, and which declarations it can see.
///
/// Some of the catalog's structural points hold only at compile time — a memento nobody but its
/// originator can read or make, a method no subclass may override. A test that calls the code cannot
/// see them, so these checks ask the compiler itself: `typeCheck` compiles a snippet against the
/// built module, and `visibleSymbols` lists the declarations the module exposes beyond their own file
/// (its symbol graph at `internal` access, which leaves out `private` and `fileprivate` ones).
enum ModuleInspection {
    /// One error the compiler reported, at a line of the snippet.
    struct Diagnostic: CustomStringConvertible {
        let line: Int
        let message: String

        var description: String { "line \(line): \(message)" }
    }

    /// One declaration of the module, as its symbol graph describes it.
    struct Symbol: Decodable {
        struct Kind: Decodable {
            let identifier: String
        }

        struct Fragment: Decodable {
            let spelling: String
        }

        let kind: Kind
        let pathComponents: [String]
        let accessLevel: String
        let declarationFragments: [Fragment]?

        /// The declaration as written, e.g. `final func setCommand(_ command: ConsoleCommand)`.
        var declaration: String { (declarationFragments ?? []).map(\.spelling).joined() }
    }

    private struct SymbolGraph: Decodable {
        let symbols: [Symbol]
    }

    /// The errors the compiler reports for `source`, compiled as a module of its own that imports
    /// DesignPatterns with `@testable` — so it sees what any other file of DesignPatterns sees
    /// (`internal` declarations), but nothing `private` or `fileprivate` to another file.
    static func typeCheck(_ source: String) async throws -> [Diagnostic] {
        let directory = TemporaryDirectory("module-inspection")
        defer { withExtendedLifetime(directory) {} }
        let file = directory.write("Snippet.swift", source)
        let result = try await runProcess(
            try tool("swiftc"),
            ["-typecheck", "-I", try modulesDirectory().path, "-module-cache-path", moduleCache, file],
            environment: ["TMPDIR": directory.path])
        let prefix = file + ":"
        return result.stderr.split(separator: "\n").compactMap { line -> Diagnostic? in
            guard line.hasPrefix(prefix) else { return nil }
            let parts = line.dropFirst(prefix.count).split(separator: ":", maxSplits: 3)
            guard parts.count == 4, let number = Int(parts[0]), parts[2] == " error" else { return nil }
            return Diagnostic(line: number, message: parts[3].trimmingCharacters(in: .whitespaces))
        }
    }

    /// Every declaration of DesignPatterns that code outside its own file can see.
    static func visibleSymbols() async throws -> [Symbol] {
        let directory = TemporaryDirectory("module-inspection")
        let result = try await runProcess(
            try tool("swift-symbolgraph-extract"),
            [
                "-module-name", "DesignPatterns", "-I", try modulesDirectory().path,
                "-target", try await hostTriple(in: directory), "-minimum-access-level", "internal",
                "-module-cache-path", moduleCache, "-output-dir", directory.path,
            ],
            environment: ["TMPDIR": directory.path])
        try #require(result.status == 0, "swift-symbolgraph-extract failed: \(result.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: directory.file("DesignPatterns.symbols.json")))
        return try JSONDecoder().decode(SymbolGraph.self, from: data).symbols
    }

    /// The members of `type` that code outside its own file can see.
    static func visibleMembers(of type: String) async throws -> [Symbol] {
        try await visibleSymbols().filter { $0.pathComponents.count == 2 && $0.pathComponents[0] == type }
    }

    /// Shared by every check of this test process, so only the first one pays for building the system
    /// modules (the compiler's lock files let checks running at once share it). It is removed when the
    /// process exits: a static is never released, so a ``TemporaryDirectory`` here would stay behind, and
    /// a fixed name in the temporary folder would be shared with other runs and never removed.
    private static let moduleCache: String = {
        // Named as a TemporaryDirectory is, so scripts/test.sh would see it if it stayed.
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent(
            "design-patterns-module-cache-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: ModuleInspection.moduleCache) }
        return path
    }()

    /// The `.swiftmodule` files of this build.
    private static func modulesDirectory() throws -> URL {
        try productsDirectory().appendingPathComponent("Modules")
    }

    /// A toolchain program, from `PATH` (the toolchain that runs `swift test` is on it).
    private static func tool(_ name: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let found = path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(found, "\(name) is not on PATH")
    }

    /// The triple the toolchain builds for by default, which is what `swift test` built (the driver's own
    /// temporary files go to `scratch`).
    private static func hostTriple(in scratch: TemporaryDirectory) async throws -> String {
        struct TargetInfo: Decodable {
            struct Target: Decodable { let triple: String }
            let target: Target
        }
        let result = try await runProcess(
            try tool("swiftc"), ["-print-target-info"], environment: ["TMPDIR": scratch.path])
        return try JSONDecoder().decode(TargetInfo.self, from: Data(result.stdout.utf8)).target.triple
    }
}
