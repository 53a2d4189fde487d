import BlueLibraryCore
import BlueLibraryServices

#if canImport(Glibc)
    import Glibc
#endif

/// The verbs that change the library: add, edit, delete, undo, redo, select, import, and export's file.
extension Tool {
    func add(_ arguments: ParsedArguments, _ library: LibraryAPI) async throws {
        guard let title = arguments["title"], let artist = arguments["artist"] else {
            throw LibraryError(
                .usage, "'add' needs --title and --artist (usage: bluelibrary add \(usage("add")))")
        }
        let index = try arguments["at"].map { text in
            guard let index = Int(text) else {
                throw LibraryError(.usage, "invalid --at '\(text)': not a whole number")
            }
            return index
        }
        let album = try Album(
            title: title, artist: artist, genre: arguments["genre"] ?? "",
            year: try Album.parseYear(arguments["year"] ?? ""), coverURL: arguments["cover"] ?? "")
        let change = try await library.add(album, at: index)
        if let cover = arguments["cover"] { warnIfMissing(cover) }
        guard case .add(_, let position)? = change.effect else { return }
        if arguments.has("json") { return printAlbum(album, index: position, json: true) }
        out.line("Added \"\(album.title)\" at index \(position) (id \(album.id)).")
    }

    func edit(_ arguments: ParsedArguments, _ library: LibraryAPI) async throws {
        let patch = AlbumPatch(
            title: arguments["title"], artist: arguments["artist"], genre: arguments["genre"],
            year: try arguments["year"].map { try Album.parseYear($0) }, coverURL: arguments["cover"])
        guard !patch.isEmpty else {
            throw LibraryError(
                .usage, "'edit' needs at least one field to change (usage: bluelibrary edit \(usage("edit")))"
            )
        }
        let reference = try AlbumReference(parsing: arguments.positionals[0])
        let change = try await library.update(reference, with: patch)
        if let cover = arguments["cover"] { warnIfMissing(cover) }
        guard case .update(_, let album)? = change.effect else { return }
        let index = try await library.locate(.id(album.id)).index
        if arguments.has("json") { return printAlbum(album, index: index, json: true) }
        out.line("Updated \"\(album.title)\" at index \(index).")
    }

    /// A cover that is a local file which does not exist is allowed (it may come later), but said.
    private func warnIfMissing(_ cover: String) {
        let path = cover.hasPrefix("file://") ? String(cover.dropFirst(7)) : cover
        guard path.hasPrefix("/"), access(path, F_OK) != 0 else { return }
        printError(
            "warning: the cover \(path) does not exist (yet); the album shows generated artwork until it does"
        )
    }

    func delete(_ arguments: ParsedArguments, _ library: LibraryAPI) async throws {
        let change = try await library.delete(try AlbumReference(parsing: arguments.positionals[0]))
        guard case .delete(let album, let index)? = change.effect else { return }
        out.line("Deleted \"\(album.title)\" from index \(index). Run 'bluelibrary undo' to bring it back.")
    }

    func step(_ verb: String, _ library: LibraryAPI) async throws {
        let change = verb == "undo" ? try await library.undo() : try await library.redo()
        guard let change, let effect = change.effect else {
            out.line("Nothing to \(verb).")
            return
        }
        let what = verb == "undo" ? effect.inverse.summary : effect.summary
        let current = change.state.current.map { " Current album: index \($0.index)." } ?? ""
        out.line("\(verb == "undo" ? "Undid" : "Redid") \(what).\(current)")
    }

    func select(_ arguments: ParsedArguments, _ library: LibraryAPI) async throws {
        let change = try await library.select(try AlbumReference(parsing: arguments.positionals[0]))
        guard let current = change.state.current else { return }
        let album = try await library.album(at: current.index)
        out.line("Current album: \(current.index)  \(album.artist) - \(album.title)")
    }

    func importFile(_ arguments: ParsedArguments, _ library: LibraryAPI, covers: CoverService?) async throws
        -> Int32
    {
        let name = arguments.positionals[0]
        var status = stat()
        if name != "-", stat(name, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            return try await importFolder(name, library, covers: covers)
        }
        try await importFile(name, arguments, library)
        return 0
    }

    private func importFile(_ name: String, _ arguments: ParsedArguments, _ library: LibraryAPI) async throws
    {
        let bytes = try InputFile.read(
            name, label: "import \(name)", limit: InputFile.limit(environment: environment))
        let format = try importFormat(name: name, explicit: arguments["format"], bytes: bytes)
        let albums: [Album]
        do {
            albums = try AlbumCoding.decode(bytes, format: format)
        } catch let error as LibraryError {
            throw LibraryError(error.code, "import \(name): \(error.message); nothing was imported")
        }
        let policy = arguments["duplicates"] ?? "skip"
        var kept = albums
        var declined = 0
        switch policy {
        case "skip", "keep": break
        case "ask":
            guard name != "-", Prompt.isInteractive else {
                throw LibraryError(
                    .usage, "--duplicates ask needs a terminal to ask on (and a file, not standard input)")
            }
            let duplicates = Set(try await library.duplicates(among: albums))
            var answers: [Int: Bool] = [:]
            for offset in duplicates.sorted() {
                let album = albums[offset]
                answers[offset] = await Prompt.confirm(
                    "\"\(album.title)\" by \(album.artist) is already in the library; import it again?",
                    on: out)
            }
            kept = albums.enumerated().filter { answers[$0.offset] ?? true }.map(\.element)
            declined = albums.count - kept.count
        default:
            throw LibraryError(.usage, "invalid --duplicates '\(policy)': use skip, keep or ask")
        }
        let result: ImportResult
        do {
            result = try await library.importAlbums(kept, duplicates: policy == "skip" ? .skip : .keep)
        } catch let error as LibraryError where error.code == .conflict {
            throw LibraryError(error.code, "import \(name): \(error.message); nothing was imported")
        }
        var notes: [String] = []
        if result.alreadyPresent > 0 { notes.append("\(result.alreadyPresent) already in the library") }
        let duplicates = result.duplicates + declined
        if duplicates > 0 {
            notes.append(
                "\(duplicates) duplicate\(duplicates == 1 ? "" : "s") skipped; --duplicates keep adds them")
        }
        let source = name == "-" ? "standard input" : name
        let details = notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"
        out.line("Imported \(result.added) album\(result.added == 1 ? "" : "s") from \(source)\(details).")
    }

    func export(_ arguments: ParsedArguments, _ library: LibraryAPI) async throws {
        let formatName = arguments["format"] ?? "json"
        guard let format = AlbumCoding.Format(rawValue: formatName) else {
            throw LibraryError(.usage, "invalid --format '\(formatName)': use json or csv")
        }
        let write: (Output) async throws -> Void = { output in
            switch format {
            case .json: try await writeJSONArray(library, to: output)
            case .csv: try await writeCSV(library, to: output)
            }
        }
        guard let path = arguments["output"] else { return try await write(out) }
        try await ExportFile.write(path, write)
    }

    func usage(_ verb: String) -> String {
        Verbs.all.first { $0.name == verb }?.usage ?? ""
    }

    private func importFormat(name: String, explicit: String?, bytes: [UInt8]) throws -> AlbumCoding.Format {
        if let explicit {
            guard let format = AlbumCoding.Format(rawValue: explicit) else {
                throw LibraryError(.usage, "invalid --format '\(explicit)': use json or csv")
            }
            return format
        }
        let lowered = name.lowercased()
        if lowered.hasSuffix(".json") { return .json }
        if lowered.hasSuffix(".csv") { return .csv }
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return first == UInt8(ascii: "[") || first == UInt8(ascii: "{") ? .json : .csv
    }
}
