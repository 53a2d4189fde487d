import BlueLibraryCore
import BlueLibraryServices
import Diagnostics

#if canImport(Glibc)
    import Glibc
#endif

/// `bluelibrary import FILE|DIR|-`: albums from a JSON or CSV file (all or none, one undo step), or a
/// music folder's albums and tracks.
struct ImportVerb: Verb {
    static let spec = VerbSpec(
        name: "import", summary: "add albums from a JSON or CSV file (all or none), or a music folder",
        usage: "FILE|DIR|- [--format json|csv] [--duplicates skip|keep|ask]",
        options: [
            OptionSpec(
                name: "format", short: nil, value: "json|csv",
                help: "the file's format (default: from its name)"),
            OptionSpec(
                name: "duplicates", short: nil, value: "skip|keep|ask",
                help: "albums whose artist and title are already there (default: skip)"),
        ],
        positionals: 1...1,
        details: """
            JSON: an array of objects with the keys id (optional), title, artist, genre, year, cover_url,
            mbid and tracks (optional: disc, number, title, artist, duration, path), as export writes.
            CSV: a header row naming those columns (title and artist required, id optional).
            Albums are appended in order, in one transaction, and one undo takes the import back. An album
            already there (same id and fields; its tracks and their count aside) is counted, not added.
            A duplicate has the artist and title (any case, any spacing) of an album already in the
            library or earlier in the file; running the same import twice adds nothing.
            DIR: a music folder (MP3, FLAC, Ogg, Opus, M4A, WAV) read with TagLib, in one transaction:
            albums by album artist, album and folder, with their tracks and the art beside them or in
            their first track. Run again, it reads only the files that changed, removes the albums
            whose files are all gone (not those it cannot read), keeps the fields edited by hand and
            leaves out the albums you deleted; one undo takes back all it did. The first import into a
            library holding only the tutorial's five albums replaces them. Exit 65 if nothing is
            readable.
            """)
    static let services: ServiceNeeds = [.covers]

    /// What to do with an album whose artist and title are already in the library.
    enum Duplicates: String {
        case skip, keep, ask
    }

    /// The file, folder, or `-` for standard input.
    let name: String
    let format: AlbumCoding.Format?
    let duplicates: Duplicates

    init(_ arguments: ParsedArguments) throws {
        name = arguments.positionals[0]
        format = try arguments["format"].map { text in
            guard let format = AlbumCoding.Format(rawValue: text) else {
                throw LibraryError(.usage, "invalid --format '\(text)': use json or csv")
            }
            return format
        }
        let policy = arguments["duplicates"] ?? "skip"
        guard let duplicates = Duplicates(rawValue: policy) else {
            throw LibraryError(.usage, "invalid --duplicates '\(policy)': use skip, keep or ask")
        }
        self.duplicates = duplicates
    }

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        var status = stat()
        if name != "-", stat(name, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            return try await FolderImportReport.run(
                name, context.library, covers: context.covers, console: context.console)
        }
        try await importFile(context)
        return .success
    }

    @MainActor
    private func importFile(_ context: LibraryContext) async throws {
        let (library, out) = (context.library, context.out)
        if duplicates == .ask, name == "-" || !Prompt.isInteractive {
            throw LibraryError(
                .usage, "--duplicates ask needs a terminal to ask on (and a file, not standard input)")
        }
        let bytes = try InputFile.read(
            name, label: "import \(name)", limit: InputFile.limit(environment: context.console.environment))
        if bytes.contains(0) || String(validating: bytes, as: UTF8.self) == nil {
            throw LibraryError(
                .malformedInput,
                "import \(name): not a JSON or CSV file (it holds binary data); to read a music folder, name the folder"
            )
        }
        let format = self.format ?? Self.format(name: name, bytes: bytes)
        let imported: [ImportedAlbum]
        do {
            imported = try AlbumCoding.decode(bytes, format: format)
        } catch let error as LibraryError {
            throw LibraryError(error.code, "import \(name): \(error.message); nothing was imported")
        }
        var kept = imported
        var declined = 0
        if duplicates == .ask {
            let found = Set(try await library.duplicates(among: imported.map(\.album)))
            var answers: [Int: Bool] = [:]
            for offset in found.sorted() {
                let album = imported[offset].album
                answers[offset] = await Prompt.confirm(
                    "\"\(album.title)\" by \(album.artist) is already in the library; import it again?",
                    on: out)
            }
            kept = imported.enumerated().filter { answers[$0.offset] ?? true }.map(\.element)
            declined = imported.count - kept.count
        }
        let result: ImportResult
        do {
            result = try await library.importAlbums(kept, duplicates: duplicates == .skip ? .skip : .keep)
        } catch let error as LibraryError where error.code == .conflict {
            throw LibraryError(error.code, "import \(name): \(error.message); nothing was imported")
        }
        var notes: [String] = []
        if result.alreadyPresent > 0 { notes.append("\(result.alreadyPresent) already in the library") }
        let skipped = result.duplicates + declined
        if skipped > 0 {
            notes.append(
                "\(skipped) duplicate\(skipped == 1 ? "" : "s") skipped; --duplicates keep adds them")
        }
        let source = name == "-" ? "standard input" : name
        let details = notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"
        out.line(
            "Imported \(result.added) album\(result.added == 1 ? "" : "s") from \(source.escapingControlCharacters)\(details)."
        )
        if result.replacedSeeds {
            out.line(FolderImportReport.seedsMadeWay)
        }
    }

    /// The format a file's name or first byte says.
    private static func format(name: String, bytes: [UInt8]) -> AlbumCoding.Format {
        let lowered = name.lowercased()
        if lowered.hasSuffix(".json") { return .json }
        if lowered.hasSuffix(".csv") { return .csv }
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return first == UInt8(ascii: "[") || first == UInt8(ascii: "{") ? .json : .csv
    }
}
