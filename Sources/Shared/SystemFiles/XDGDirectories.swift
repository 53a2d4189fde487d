#if canImport(Glibc)
    import Glibc
#endif

/// Where an application keeps its data and caches, by the XDG Base Directory rules — with an
/// application-specific home variable (`BLUELIBRARY_HOME`, `RECORDINGS_HOME`) that wins over both. The
/// one place these rules are written; pure functions of the environment, so tests pass their own.
package enum XDGDirectories {
    /// The data directory: `$<HOME_VARIABLE>`, else `$XDG_DATA_HOME/<name>`, else
    /// `~/.local/share/<name>`.
    package static func data(_ name: String, homeVariable: String, environment: [String: String]) -> String {
        if let home = environment[homeVariable], !home.isEmpty { return home }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/" + name }
        return userHome(environment) + "/.local/share/" + name
    }

    /// The cache directory for `subdirectory`: `$<HOME_VARIABLE>/<subdirectory>`, else
    /// `$XDG_CACHE_HOME/<name>/<subdirectory>`, else `~/.cache/<name>/<subdirectory>`.
    package static func cache(
        _ name: String, _ subdirectory: String, homeVariable: String, environment: [String: String]
    ) -> String {
        if let home = environment[homeVariable], !home.isEmpty { return home + "/" + subdirectory }
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return cache + "/" + name + "/" + subdirectory
        }
        return userHome(environment) + "/.cache/" + name + "/" + subdirectory
    }

    /// `$HOME`, else the home directory of the user's account (else `/`).
    package static func userHome(_ environment: [String: String]) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? accountHome() ?? "/"
    }

    /// The home directory the password database gives the user, as Foundation's `NSHomeDirectory` read it.
    private static func accountHome() -> String? {
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &found) == 0, found != nil,
            let directory = entry.pw_dir
        else { return nil }
        let home = String(cString: directory)
        return home.isEmpty ? nil : home
    }
}
