import BlueLibraryCore
import BlueLibraryFolderImport
import BlueLibraryScanner
import BlueLibraryServices
import Diagnostics
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `bluelibrary import DIR`: a music folder's albums and tracks, read with TagLib, with a progress bar on
/// a terminal and a summary.
enum FolderImportReport {
    /// What an import that replaced the tutorial's albums says.
    static let seedsMadeWay =
        "The tutorial's five albums made way for your music ('bluelibrary undo' brings them back)."

    /// Imports the music folder `folder` and prints the summary. Off the main actor: the scan calls the
    /// progress bar from its own task.
    /// - Throws: ``LibraryError`` `malformedInput` (exit 65) after the summary when no file could be read.
    static func run(_ folder: String, _ library: LibraryAPI, covers: CoverService?, console: Console)
        async throws -> ExitStatus
    {
        let out = console.out
        let bar = ProgressBar(unit: "files", onTerminal: console.showsProgress)
        let (report, result) = try await FolderImporter(library: library).importFolder(folder) {
            bar.show($0.done, of: $0.total)
        }
        bar.finish()
        // The embedded art the scan already read goes into the cover cache, so no face reads it again.
        for album in result.albums where album.isChanged {
            if case .embedded(_, let picture?)? = album.art, let art = album.art {
                await covers?.remember(picture.bytes, for: FolderImporter.coverURL(for: art))
            }
        }
        let albums = { (count: Int) in "\(count) album\(count == 1 ? "" : "s")" }
        out.line(
            "Scanned \(result.root.escapingControlCharacters): \(albums(report.added)) added, \(report.updated) updated, \(report.removed) removed; "
                + "\(report.tracks) track\(report.tracks == 1 ? "" : "s") (\(report.counts.read) read, "
                + "\(report.counts.unchanged) unchanged).")
        if report.leftOut > 0 {
            out.line(
                "\(albums(report.leftOut)) you deleted \(report.leftOut == 1 ? "is" : "are") left out ('bluelibrary undo' brings back a deletion)."
            )
        }
        if report.moved > 0 {
            out.line(
                "\(report.moved) file\(report.moved == 1 ? " was" : "s were") moved or renamed: \(report.moved == 1 ? "its track keeps its" : "their tracks keep their") id, stars, ratings, plays and playlist places."
            )
        }
        if report.removedSeeds {
            out.line(Self.seedsMadeWay)
        }
        if !report.unreadable.isEmpty {
            out.line(
                "\(report.unreadable.count) file\(report.unreadable.count == 1 ? "" : "s") could not be read:"
            )
            // File names hold anything: escaped, so the terminal shows them rather than obeys them.
            for file in report.unreadable { out.line("  \(file.error.message.escapingControlCharacters)") }
        }
        if result.files.isEmpty && !report.unreadable.isEmpty {
            throw LibraryError(.malformedInput, "no file in '\(result.root)' could be read")
        }
        return .success
    }
}
