import Foundation
import Testing

/// docs/recordings-architectures.md counts the files and code lines of each module, and points at the
/// lines of code its walkthroughs describe; both are checked here so they cannot go stale.
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
        #expect(rows.count == 11)
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

    /// Each `Sources/…/File.swift:N` in the text, or `:N` for the file named last, must point at a line
    /// of that file holding the symbol in the last code span before it that is not a reference
    /// (`PlayViewController.startRenaming` must point at a line with `startRenaming`; a span that is not
    /// a plain name must be on the line as it is).
    @Test func everyLineReferenceShowsTheSymbolNamedBeforeIt() throws {
        let text = try String(contentsOfFile: root + "/docs/recordings-architectures.md", encoding: .utf8)
        let spans = text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        var (file, symbol): (String?, String?) = (nil, nil)
        var checked = 0
        for span in spans {
            guard let reference = LineReference(span) else {
                #expect(
                    !span.contains(".swift:"), "`\(span)`: a reference names its file from Sources/ or is :N")
                symbol = span
                continue
            }
            file = reference.file ?? file
            let place = "`\(span)` (\(file ?? "no file before it"))"
            let path = try #require(file, "\(place): no file named before it")
            let lines = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            try #require(
                lines.indices.contains(reference.line - 1), "\(place): the file has \(lines.count) lines")
            let line = lines[reference.line - 1]
            let named = try #require(symbol, "\(place): no symbol named before it")
            #expect(line.contains(LineReference.name(in: named)), "\(place) is `\(line)`, not `\(named)`")
            checked += 1
        }
        #expect(checked >= 30, "the walkthroughs' references were found")
    }
}

/// `Sources/Recordings/MVC/PlayViewController.swift:79`, or `:86` for the file named last.
private struct LineReference {
    let file: String?
    let line: Int

    init?(_ span: String) {
        guard let colon = span.lastIndex(of: ":"), let line = Int(span[span.index(after: colon)...]) else {
            return nil
        }
        let file = String(span[..<colon])
        guard file.isEmpty || (file.hasPrefix("Sources/") && file.hasSuffix(".swift")) else { return nil }
        (self.file, self.line) = (file.isEmpty ? nil : file, line)
    }

    /// What a line must hold for a code span: the last component of a plain name
    /// (`ItemTree.changes(from:to:)` → `changes`, `.renamed` → `renamed`), else the span itself.
    static func name(in span: String) -> String {
        let name = span.prefix { $0 != "(" }
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
            return span
        }
        return String(name.split(separator: ".").last ?? name)
    }
}
