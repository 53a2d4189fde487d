import Foundation
import TestSupport
import Testing

/// The package graph is honest: every target lists exactly the modules of this package its Swift files
/// import — nothing it does not use, nothing it uses without saying so — as `swift package dump-package`
/// reads `Package.swift`.
struct PackageGraphTests {
    /// A target as the manifest declares it.
    struct Target: Decodable, Sendable {
        struct Dependency: Decodable, Sendable {
            let byName: [String?]?
            let target: [String?]?

            var name: String? { (byName ?? target)?.first ?? nil }
        }

        let name: String
        let path: String?
        let type: String
        let dependencies: [Dependency]
        let exclude: [String]
    }

    struct Manifest: Decodable, Sendable {
        let targets: [Target]
    }

    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The manifest as `swift package dump-package` reads it. The child runs on a test thread (waiting for
    /// it would hold a cooperative one), and everything it writes stays in a temporary folder: its scratch
    /// path (`swift test` holds the lock of the package's `.build` while it runs), its TMPDIR (where
    /// swift's driver makes `TemporaryDirectory.*` folders and SwiftPM its lock files) and its HOME (SwiftPM's
    /// manifest cache, clang's module cache), so nothing is left behind and nothing is shared with another
    /// run beside this one.
    static func manifest() async throws -> Manifest {
        let swift = ProcessInfo.processInfo.environment["SWIFT_EXEC_PATH"] ?? "/opt/swift/usr/bin/swift"
        let program = FileManager.default.isExecutableFile(atPath: swift) ? swift : "/usr/bin/swift"
        let scratch = TemporaryDirectory("package-graph")
        // The driver falls back to /tmp when TMPDIR names no folder: both must exist before it starts.
        for folder in ["tmp", "home"] {
            try FileManager.default.createDirectory(
                atPath: scratch.file(folder), withIntermediateDirectories: true)
        }
        // The closure uses `scratch`, which keeps the folder until the child has ended.
        let result = try await TestThreads.run {
            try Subprocess.run(
                program,
                ["package", "--package-path", root, "--scratch-path", scratch.file("build"), "dump-package"],
                environment: [
                    "PATH": "/opt/swift/usr/bin:/usr/bin:/bin", "HOME": scratch.file("home"),
                    "TMPDIR": scratch.file("tmp"),
                ])
        }
        guard result.status == 0 else { throw FixtureError(description: "dump-package: \(result.stderr)") }
        return try JSONDecoder().decode(Manifest.self, from: Data(result.stdout.utf8))
    }

    /// The modules of `names` that the Swift files under `path` import (`import X`, `@testable import X`).
    static func imports(under path: String, among names: Set<String>, excluding excluded: [String]) throws
        -> Set<String>
    {
        var found = Set<String>()
        let folder = root + "/" + path
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        for case let file as String in walker where file.hasSuffix(".swift") {
            if excluded.contains(where: { file.hasPrefix($0) }) { continue }
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for match in text.matches(of: /(?m)^\s*(?:@testable\s+|@_spi\(\w+\)\s+)?import\s+(\w+)/) {
                let module = String(match.output.1)
                if names.contains(module) { found.insert(module) }
            }
        }
        return found
    }

    /// What the Swift files of a target import of the package's modules, beside what it declares.
    struct Uses: Sendable {
        let target: String
        let imported: Set<String>
        let declared: Set<String>
    }

    /// The uses of every target of `manifest` that has Swift files (a C target has none: nothing to
    /// compare).
    static func uses(in manifest: Manifest) throws -> [Uses] {
        let names = Set(manifest.targets.map(\.name))
        var uses: [Uses] = []
        for target in manifest.targets where target.type != "system" {
            guard let path = target.path else { continue }
            let hasSwift =
                (FileManager.default.enumerator(atPath: Self.root + "/" + path)?.allObjects as? [String])?
                .contains { $0.hasSuffix(".swift") } ?? false
            guard hasSwift else { continue }
            let imported = try imports(under: path, among: names, excluding: target.exclude)
            uses.append(
                Uses(
                    target: target.name, imported: imported,
                    declared: Set(target.dependencies.compactMap(\.name))))
        }
        return uses
    }

    @Test(.timeLimit(.minutes(2))) func everyTargetDeclaresExactlyWhatItImports() async throws {
        let manifest = try await Self.manifest()
        // Reading and matching every Swift file of the package takes a while: on a test thread.
        let uses = try await TestThreads.run { try Self.uses(in: manifest) }
        for use in uses {
            #expect(
                use.imported.subtracting(use.declared).isEmpty,
                "\(use.target) imports undeclared \(use.imported.subtracting(use.declared).sorted())")
            #expect(
                use.declared.subtracting(use.imported).isEmpty,
                "\(use.target) declares unused \(use.declared.subtracting(use.imported).sorted())")
        }
        #expect(uses.count > 40)
    }

    /// Views know nothing of storage: the faces, their controller and the command line reach the library
    /// through the facade (BlueLibraryServices) only.
    @Test(.timeLimit(.minutes(2))) func noFaceDependsOnTheStore() async throws {
        let faces: Set = [
            "bluelibrary", "BlueLibraryWeb", "BlueLibrarySubsonic", "BlueLibraryHTTP", "BlueLibraryTerminal",
            "BlueLibraryPresentation",
        ]
        let targets = try await Self.manifest().targets.filter { faces.contains($0.name) }
        #expect(targets.count == faces.count)
        for target in targets {
            let names = target.dependencies.compactMap(\.name)
            for store in ["BlueLibraryStore", "BlueLibrarySQLite", "BlueLibraryPostgres"] {
                #expect(!names.contains(store), "\(target.name) depends on the store (\(store))")
            }
        }
    }

    /// The store is three siblings: its interface, and the two engines that implement it, each depending
    /// on the interface and neither on the other, so either can change (or go) alone.
    @Test(.timeLimit(.minutes(2))) func theStoreInterfaceAndItsEnginesAreSiblings() async throws {
        let targets = try await Self.manifest().targets
        let dependencies = { (name: String) throws -> Set<String> in
            try Self.dependencies(of: name, in: targets)
        }
        let interface = try dependencies("BlueLibraryStore")
        #expect(interface.isDisjoint(with: ["BlueLibrarySQLite", "BlueLibraryPostgres"]))
        let (sqlite, postgres) = (
            try dependencies("BlueLibrarySQLite"), try dependencies("BlueLibraryPostgres")
        )
        #expect(sqlite.contains("BlueLibraryStore") && postgres.contains("BlueLibraryStore"))
        #expect(!sqlite.contains("BlueLibraryPostgres"), "the SQLite engine depends on PostgreSQL's")
        #expect(!postgres.contains("BlueLibrarySQLite"), "the PostgreSQL engine depends on SQLite's")
        let paths = ["BlueLibraryStore", "BlueLibrarySQLite", "BlueLibraryPostgres"].compactMap { name in
            targets.first { $0.name == name }?.path
        }
        #expect(
            paths == [
                "Sources/BlueLibrary/Store", "Sources/BlueLibrary/SQLite", "Sources/BlueLibrary/Postgres",
            ])
    }

    /// The HTTP server, the Subsonic API and the page's face are three modules: the server knows nothing
    /// of the library (a face hands it a handler), the Subsonic API knows nothing of the page, and the
    /// page's face mounts the Subsonic API.
    @Test(.timeLimit(.minutes(2))) func theHTTPServerTheSubsonicAPIAndThePageAreModulesOfTheirOwn()
        async throws
    {
        let targets = try await Self.manifest().targets
        let dependencies = { (name: String) throws -> Set<String> in
            try Self.dependencies(of: name, in: targets)
        }
        let server = try dependencies("BlueLibraryHTTP")
        #expect(server.isDisjoint(with: ["BlueLibraryServices", "BlueLibrarySubsonic", "BlueLibraryWeb"]))
        let subsonic = try dependencies("BlueLibrarySubsonic")
        #expect(subsonic.contains("BlueLibraryHTTP") && !subsonic.contains("BlueLibraryWeb"))
        let web = try dependencies("BlueLibraryWeb")
        #expect(web.isSuperset(of: ["BlueLibraryHTTP", "BlueLibrarySubsonic"]))
    }

    /// The names of the targets `name` depends on.
    static func dependencies(of name: String, in targets: [Target]) throws -> Set<String> {
        Set(
            try #require(targets.first { $0.name == name }, "no target \(name)").dependencies.compactMap(
                \.name))
    }

    /// Test support is an ordinary target, built with the products by `swift build -c release`: it may
    /// not import a test framework, which only test targets can see.
    @Test func testSupportImportsNoTestFramework() async throws {
        let names: Set = ["Testing", "XCTest"]
        let imported = try await TestThreads.run {
            try Self.imports(under: "Sources/Shared/TestSupport", among: names, excluding: [])
        }
        #expect(imported.isEmpty, "TestSupport imports \(imported.sorted())")
    }
}
