import SystemFiles

/// Where the store lives: `--store DIR`, else `$RECORDINGS_HOME`, else `$XDG_DATA_HOME/recordings`,
/// else `~/.local/share/recordings` — the XDG rules BlueLibrary follows too (``XDGDirectories``).
package enum StoreLocation {
    /// The data directory for an explicit choice (the `--store` option) and an environment.
    package static func directory(explicit: String?, environment: [String: String]) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        return XDGDirectories.data("recordings", homeVariable: "RECORDINGS_HOME", environment: environment)
    }
}
