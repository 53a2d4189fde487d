import Foundation
import TestSupport
import Testing

@testable import DesignPatterns

/// The teaching layer must tell the truth: PATTERNS.md and the catalog's file headers name files and
/// types that exist, and promise nothing ("planned", "for now"). PATTERNS.md is read when the tests
/// run, so rows rewritten later are checked as they then stand.
extension PatternCatalogTests {
    /// Every backticked `Sources/…` or `Tests/…` path in PATTERNS.md, in order of appearance.
    static func pathsNamedInPatternsDocument() throws -> [String] {
        let document = try packageFile("PATTERNS.md")
        return document.matches(of: /`((?:Sources|Tests)\/[^`\s]*)`/).map { String($0.output.1) }
    }

    /// The Swift files of a source directory, relative to the package root.
    static func swiftFiles(under directory: String) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(
            atPath: packageRoot.appendingPathComponent(directory).path)
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { "\(directory)/\($0)" }
    }

    @Test func everyPathThePatternsDocumentNamesExists() throws {
        let paths = try Self.pathsNamedInPatternsDocument()
        #expect(paths.count > 40, "the app and catalog tables name their files")
        for path in paths {
            #expect(
                FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(path).path),
                "PATTERNS.md names \(path), which does not exist")
        }
    }

    @Test(arguments: PatternCatalog.entries.map { $0.sourceFile })
    func everyCatalogEntryHasARowNamingItsFileAndItsTests(sourceFile: String) throws {
        let document = try packageFile("PATTERNS.md")
        let file = "`Sources/Catalog/DesignPatterns/\(sourceFile)`"
        let row = document.split(separator: "\n").first { $0.contains(file) }
        let tests = "Tests/Catalog/DesignPatternsTests/\(sourceFile.dropLast(".swift".count))Tests.swift"
        #expect(row?.contains("`\(tests)`") == true, "the catalog row for \(sourceFile) names \(tests)")
    }

    /// The cells of a Markdown table row, trimmed; the empty cells before the first `|` and after the
    /// last one are kept, so a row's cells line up with its table's heading.
    static func cells(of row: some StringProtocol) -> [String] {
        row.split(separator: "|", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }

    @Test(arguments: PatternCatalog.entries.map { $0.sourceFile })
    func aHeaderStatesADepartureExactlyWhenItsRowDoes(sourceFile: String) throws {
        let rows = try packageFile("PATTERNS.md").split(separator: "\n")
        let heading = try #require(rows.first { $0.hasPrefix("| pattern | catalog file |") })
        let column = try #require(Self.cells(of: heading).firstIndex(of: "departs from the book"))
        let row = try #require(rows.first { $0.contains("`Sources/Catalog/DesignPatterns/\(sourceFile)`") })
        let rowDeparts = Self.cells(of: row)[column] != "—"
        let header = headerComment(of: try packageFile("Sources/Catalog/DesignPatterns/\(sourceFile)"))
        let headerDeparts = header.contains { $0.hasPrefix("Departs from") }
        #expect(
            rowDeparts == headerDeparts, "\(sourceFile): PATTERNS.md and the header disagree on departing")
    }

    @Test func noCatalogHeaderPromisesWorkForLater() throws {
        let files =
            try Self.swiftFiles(under: "Sources/Catalog/DesignPatterns")
            + Self.swiftFiles(under: "Sources/Catalog/Runner")
        #expect(files.count > 20)
        for file in files {
            let header = headerComment(of: try packageFile(file)).joined(separator: " ").lowercased()
            for promise in ["planned", "for now"] {
                #expect(!header.contains(promise), "\(file)'s header says \"\(promise)\"")
            }
        }
    }

    /// The app types a header names where it says how BlueLibrary uses the pattern: each backticked
    /// word that starts with a capital (`LibraryAPI.shared` names `LibraryAPI`).
    static func appTypesNamed(inHeaderOf file: String) throws -> [String] {
        let header = headerComment(of: try packageFile(file))
        let usage = header.drop { !$0.hasPrefix("BlueLibrary:") }.joined(separator: " ")
        return usage.matches(of: /`([A-Z][A-Za-z0-9]*)[^`]*`/).map { String($0.output.1) }
    }

    @Test(arguments: PatternCatalog.entries.map { $0.sourceFile })
    func everyAppTypeAHeaderNamesIsDeclaredInTheApp(sourceFile: String) async throws {
        let names = try Self.appTypesNamed(inHeaderOf: "Sources/Catalog/DesignPatterns/\(sourceFile)")
        // Reading the app's sources (over a megabyte) and searching them with a regex is long work: a test
        // thread does it, not one of Swift's cooperative threads.
        let declared = try await TestThreads.run { () throws -> [Bool] in
            let appDirectories = try ["BlueLibrary", "Recordings", "Shared"].flatMap { app in
                try FileManager.default.contentsOfDirectory(
                    atPath: packageRoot.appendingPathComponent("Sources/\(app)").path
                ).map { "Sources/\(app)/\($0)" }
            }
            let appSources = try appDirectories.flatMap { try Self.swiftFiles(under: $0) }
                .map(packageFile).joined(separator: "\n")
            return try names.map { name in
                let declaration = try Regex("\\b(class|struct|enum|protocol|actor|typealias)\\s+\(name)\\b")
                return appSources.contains(declaration)
            }
        }
        for (name, isDeclared) in zip(names, declared) {
            #expect(isDeclared, "\(sourceFile)'s header names `\(name)`, which the app does not declare")
        }
    }
}
