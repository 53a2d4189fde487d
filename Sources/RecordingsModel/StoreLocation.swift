import Foundation

/// Where the store lives, defined once: `--store DIR`, else `$RECORDINGS_HOME`, else
/// `$XDG_DATA_HOME/recordings`, else `~/.local/share/recordings`.
public enum StoreLocation {
    /// The data directory for an explicit choice (the `--store` option) and an environment.
    public static func directory(explicit: String?, environment: [String: String]) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let home = environment["RECORDINGS_HOME"], !home.isEmpty { return home }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
            return (data as NSString).appendingPathComponent("recordings")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/share/recordings")
    }
}
