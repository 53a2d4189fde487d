import Foundation
import Testing

/// docs/recordings-architectures.md counts the files and code lines of each module; the counts are
/// checked here so they cannot go stale.
struct RecordingsDocsTests {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// Swift files in `folder` and their lines that are neither blank nor comments.
    private func count(_ folder: String) throws -> (files: Int, lines: Int) {
        let names = try FileManager.default.contentsOfDirectory(atPath: root + "/" + folder).filter {
            $0.hasSuffix(".swift")
        }
        var lines = 0
        for name in names {
            let text = try String(contentsOfFile: root + "/" + folder + "/" + name, encoding: .utf8)
            lines +=
                text.split(separator: "\n").filter { line in
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    return !trimmed.isEmpty && !trimmed.hasPrefix("//")
                }.count
        }
        return (names.count, lines)
    }

    @Test func theModuleTablesCountWhatIsThere() throws {
        let text = try String(contentsOfFile: root + "/docs/recordings-architectures.md", encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.contains("`Sources/") }
        #expect(rows.count == 10)
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let cell = try #require(cells.first { $0.contains("`Sources/") })
            let folders = cell.split(separator: "`").filter { $0.hasPrefix("Sources/") }.map(String.init)
            var (files, lines) = (0, 0)
            for folder in folders {
                let counted = try count(folder)
                files += counted.files
                lines += counted.lines
            }
            #expect(cells.suffix(2) == ["\(files)", "\(lines)"], "\(folders)")
        }
    }
}
