import Foundation
import TestSupport
import Testing

/// The package graph is honest: every target lists exactly the modules of this package its Swift files
/// import — nothing it does not use, nothing it uses without saying so — as `swift package dump-package`
/// reads `Package.swift`.
struct PackageGraphTests {
    /// A target as the manifest declares it.
    struct Target: Decodable {
        struct Dependency: Decodable {
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

    struct Manifest: Decodable {
        let targets: [Target]
    }

    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static func manifest() throws -> Manifest {
        let swift = ProcessInfo.processInfo.environment["SWIFT_EXEC_PATH"] ?? "/opt/swift/usr/bin/swift"
        // A scratch folder of its own: `swift test` holds the lock of the package's `.build` while it runs.
        let scratch = TemporaryDirectory()
        let result = try Subprocess.run(
            FileManager.default.isExecutableFile(atPath: swift) ? swift : "/usr/bin/swift",
            ["package", "--package-path", root, "--scratch-path", scratch.path, "dump-package"],
            environment: ["PATH": "/opt/swift/usr/bin:/usr/bin:/bin", "HOME": NSHomeDirectory()])
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

    @Test(.timeLimit(.minutes(2))) func everyTargetDeclaresExactlyWhatItImports() throws {
        let manifest = try Self.manifest()
        let names = Set(manifest.targets.map(\.name))
        var checked = 0
        for target in manifest.targets where target.type != "system" {
            guard let path = target.path else { continue }
            let imported = try Self.imports(under: path, among: names, excluding: target.exclude)
            // A C target has no Swift files: nothing to compare.
            let hasSwift =
                (FileManager.default.enumerator(atPath: Self.root + "/" + path)?.allObjects as? [String])?
                .contains { $0.hasSuffix(".swift") } ?? false
            guard hasSwift else { continue }
            let declared = Set(target.dependencies.compactMap(\.name))
            #expect(
                imported.subtracting(declared).isEmpty,
                "\(target.name) imports undeclared \(imported.subtracting(declared).sorted())")
            #expect(
                declared.subtracting(imported).isEmpty,
                "\(target.name) declares unused \(declared.subtracting(imported).sorted())")
            checked += 1
        }
        #expect(checked > 40)
    }

    /// Views know nothing of storage: the faces, their controller and the command line reach the library
    /// through the facade (BlueLibraryServices) only.
    @Test(.timeLimit(.minutes(2))) func noFaceDependsOnTheStore() throws {
        let faces: Set = ["bluelibrary", "BlueLibraryWeb", "BlueLibraryTerminal", "BlueLibraryPresentation"]
        let targets = try Self.manifest().targets.filter { faces.contains($0.name) }
        #expect(targets.count == faces.count)
        for target in targets {
            let names = target.dependencies.compactMap(\.name)
            #expect(!names.contains("BlueLibraryStorage"), "\(target.name) depends on the store")
            #expect(!names.contains("BlueLibraryPostgres"), "\(target.name) depends on the store")
        }
    }
}
