import BlueLibraryCore
import BlueLibrarySQLite
import SystemFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Where a library's database lives: `--database URL` (or `--library FILE`), else `$BLUELIBRARY_DATABASE`,
/// else `$BLUELIBRARY_HOME/library.db`, else `$XDG_DATA_HOME/bluelibrary/library.db`, else
/// `~/.local/share/bluelibrary/library.db`.
package enum LibraryLocation {
    /// The library a command names — `explicit` (`--database` or `--library`), else `BLUELIBRARY_DATABASE`
    /// — or `nil` for the default file.
    package static func database(explicit: String?, environment: [String: String]) -> LibraryDatabase? {
        guard let text = explicit ?? environment["BLUELIBRARY_DATABASE"].flatMap({ $0.isEmpty ? nil : $0 })
        else { return nil }
        return LibraryDatabase(text)
    }

    /// The database file name inside a BlueLibrary home directory.
    package static let fileName = "library.db"

    /// The default database path for an environment.
    package static func defaultPath(environment: [String: String] = ProcessEnvironment.current())
        -> String
    {
        homeDirectory(environment: environment) + "/" + fileName
    }

    /// The directory that holds the library and its caches by default.
    package static func homeDirectory(environment: [String: String]) -> String {
        XDGDirectories.data("bluelibrary", homeVariable: "BLUELIBRARY_HOME", environment: environment)
    }

    /// Where the key that seals the users' passwords (``PasswordVault``) of the library at `location`
    /// lives: `BLUELIBRARY_KEY_FILE` when set; else beside a library file, with `.key` added to its name;
    /// else, for a PostgreSQL library, in the BlueLibrary home folder, named after the server and
    /// database (`postgresql___db.example.org_5432_library.key`). Every server of a shared database needs
    /// the same key: copy the file to each, or name one with `BLUELIBRARY_KEY_FILE`.
    package static func passwordKeyPath(ofLibrary location: String, environment: [String: String]) -> String {
        if let named = environment["BLUELIBRARY_KEY_FILE"], !named.isEmpty { return named }
        guard case .postgres = LibraryDatabase(location) else {
            return PasswordVault.keyPath(besideLibrary: location)
        }
        return besideLibrary(location, suffix: ".key", environment: environment)
    }

    /// Where the settings of the library at `location` (``LibrarySettings``) live: beside a library
    /// file, with `.settings` added to its name; for a PostgreSQL library, in the BlueLibrary home folder
    /// named after the server and database, as its key. They are the machine's, as the music files are.
    package static func settingsPath(ofLibrary location: String, environment: [String: String]) -> String {
        guard case .postgres = LibraryDatabase(location) else { return location + ".settings" }
        return besideLibrary(location, suffix: ".settings", environment: environment)
    }

    /// A file of a PostgreSQL library's, in the BlueLibrary home folder: named after its server and
    /// database, every character but letters, digits, `.` and `-` made `_`.
    private static func besideLibrary(_ location: String, suffix: String, environment: [String: String])
        -> String
    {
        let name = String(
            location.unicodeScalars.map {
                $0.properties.isAlphabetic && $0.isASCII || ("0"..."9").contains($0) || $0 == "." || $0 == "-"
                    ? Character($0) : "_"
            })
        return homeDirectory(environment: environment) + "/" + name + suffix
    }

    /// The files of the library at `location` no command may write over: for a library file, the database
    /// and what SQLite keeps beside it; for any library, the key that seals its users' passwords.
    package static func ownFiles(ofLibrary location: String, environment: [String: String])
        -> [OutputTarget.Protected]
    {
        var files: [OutputTarget.Protected] = []
        if case .file(let path) = LibraryDatabase(location) {
            files = SQLiteLibraryStore.databaseFiles(of: path)
        }
        files.append(
            OutputTarget.Protected(
                passwordKeyPath(ofLibrary: location, environment: environment),
                what: "the key that seals the library's passwords"))
        files.append(
            OutputTarget.Protected(
                settingsPath(ofLibrary: location, environment: environment), what: "the library's settings"))
        return files
    }

    /// The one check of every command that writes a file the user names (`export -o`, `backup`,
    /// `migrate --to FILE`): a new path, or a regular file to replace that is none of the library's own
    /// files (``ownFiles(ofLibrary:environment:)``) — never a device, a FIFO, a folder or a link.
    /// - Parameter what: the file in words, before its path ("the backup " → `cannot write the backup
    ///   PATH: …`).
    /// - Throws: ``LibraryError`` `io` naming the file and what it is.
    package static func checkOutput(
        _ path: String, _ what: String = "", library location: String, environment: [String: String]
    ) throws {
        if let reason = OutputTarget.refusal(
            path, protecting: ownFiles(ofLibrary: location, environment: environment))
        {
            throw LibraryError(.io, "cannot write \(what)\(path): \(reason)")
        }
    }

    /// The library named in a file (`--database-file FILE`): its first line, a path or a PostgreSQL URL,
    /// so that a URL with a password stays out of `ps` and the shell's history. The file is read like
    /// the password key: a regular file of at most 4 KB.
    /// - Throws: ``LibraryError`` `noInput` when the file cannot be read, `usage` when it names nothing.
    package static func database(inFile path: String) throws -> LibraryDatabase {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, maximumSize: 4096)
        } catch {
            throw LibraryError(.noInput, "cannot read the library's URL from \(path): \(error)")
        }
        let line = String(decoding: bytes.prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self).trimmed
        guard !line.isEmpty else {
            throw LibraryError(
                .usage, "\(path) names no library: put its path or postgresql:// URL on the first line")
        }
        return LibraryDatabase(line)
    }

    /// How long to wait for another process's lock: `BLUELIBRARY_BUSY_TIMEOUT_MS`, default 5000 ms.
    package static func busyTimeout(environment: [String: String]) -> Int32 {
        environment["BLUELIBRARY_BUSY_TIMEOUT_MS"].flatMap { Int32($0) }.map { max($0, 0) } ?? 5000
    }

    /// Creates the directory that will hold `path` when it is missing, with its missing parents (as
    /// `mkdir -p`; every command run on the default library comes here, so it costs one `stat` when the
    /// directory is there).
    /// - Throws: ``LibraryError`` `io` naming the directory and what is wrong.
    package static func createParentDirectory(of path: String) throws {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return }
        var directory = String(path[..<slash])
        while directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
        guard !directory.isEmpty else { return }
        do {
            try LocalFile.createDirectories(directory)
        } catch {
            throw LibraryError(.io, "cannot create directory \(directory): \(error.reason)")
        }
    }
}

/// Where a library lives: a SQLite database file (the default: one process, one file, nothing to set up),
/// or a PostgreSQL database that many servers share.
package enum LibraryDatabase: Sendable, Equatable {
    /// A SQLite database file.
    case file(String)
    /// A PostgreSQL database, by its `postgresql://` URL.
    case postgres(url: String)

    /// What `--database` and `BLUELIBRARY_DATABASE` name: a `postgresql://` (or `postgres://`) URL is a
    /// PostgreSQL database; anything else is a file's path.
    package init(_ text: String) {
        let lowered = text.prefix(13).lowercased()
        self =
            lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://")
                || Self.isKeywordString(text)
            ? .postgres(url: text) : .file(text)
    }

    /// Whether `text` is a libpq keyword connection string (`host=db.example.org dbname=library …`): it
    /// starts with a keyword and `=`. No file is named like that by accident, and taking it for one would
    /// make a SQLite file named after it — its password included — in the working folder.
    static func isKeywordString(_ text: String) -> Bool {
        let start = text.drop { $0 == " " || $0 == "\t" }
        let keyword = start.prefix { $0.isASCII && ($0.isLetter || $0 == "_") }
        guard !keyword.isEmpty else { return false }
        return start.dropFirst(keyword.count).drop { $0 == " " || $0 == "\t" }.first == "="
    }
}
