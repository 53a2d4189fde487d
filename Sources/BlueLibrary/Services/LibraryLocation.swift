import BlueLibraryCore
import SystemFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Where a library's database lives: `--library FILE`, else `$BLUELIBRARY_HOME/library.db`, else
/// `$XDG_DATA_HOME/bluelibrary/library.db`, else `~/.local/share/bluelibrary/library.db`.
package enum LibraryLocation {
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
