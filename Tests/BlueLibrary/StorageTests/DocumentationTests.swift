import BlueLibraryCore
import BlueLibraryStore
import Foundation
import Testing

@testable import BlueLibrarySQLite

/// The documents say what the code does: the schema version docs/architecture.md gives, and every list
/// of an album's JSON keys in README.md and docs/openapi.yaml.
struct DocumentationTests {
    /// The text of a file of the package, by its path from the package's root.
    private func document(_ path: String) throws -> String {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theArchitectureNoteGivesTheSchemaVersionThisBuildWrites() throws {
        let note = try document("docs/architecture.md")
        let stated = note.firstMatch(of: /Schema version (\d+)/).flatMap { Int($0.output.1) }
        #expect(stated == Schema.latestVersion)
    }

    @Test(arguments: ["README.md", "docs/openapi.yaml"])
    func everyListOfAnAlbumsKeysIsTheWholeList(path: String) throws {
        let text = try document(path)
        // A list of backticked keys that starts with `id`, `title`: the album's keys.
        let lists = text.matches(of: /`id`, `title`(, `[a-z_]+`)*/).map { match in
            String(match.output.0).split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(
                    in: CharacterSet(charactersIn: "`"))
            }
        }
        #expect(!lists.isEmpty)
        for list in lists { #expect(list == AlbumCoding.keys, "\(path): \(list)") }
    }
}
