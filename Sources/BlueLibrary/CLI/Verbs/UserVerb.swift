import BlueLibraryCore
import BlueLibraryServices
import BlueLibrarySubsonic
import Diagnostics

/// `bluelibrary user add|passwd|remove|list|key|set|sessions [NAME]`: the people the Subsonic API and
/// the web page (`serve`) let in, the highest bit rate each one's streams are sent at, and where each is
/// signed in to the page.
/// Passwords are asked twice, without echo, on a terminal, and otherwise read as one line from standard
/// input — never from the command line, where `ps` would show them.
struct UserVerb: Verb {
    static let spec = VerbSpec(
        name: "user",
        summary: "add, list and remove the users of the Subsonic API and the page, and their keys",
        usage: "add|passwd|remove|key|sessions NAME | set NAME --max-bitrate KBPS --role ROLE | list",
        options: [
            OptionSpec(
                name: "revoke", short: nil, value: nil,
                help: "with key: revoke every API key of NAME; with sessions: sign NAME out everywhere"),
            OptionSpec(
                name: "end", short: nil, value: "ID", help: "with sessions: end the one session ID"),
            OptionSpec(
                name: "role", short: nil, value: "ROLE",
                help:
                    "with add or set: listener (browses, plays, keeps their own queue; edits nothing) or user"
            ),
            OptionSpec(
                name: "max-bitrate", short: nil, value: "KBPS",
                help: "with set: the highest bit rate NAME's streams are sent at (0: no limit)"),
        ],
        positionals: 1...2,
        details: """
            Music apps (DSub, Symfonium, Feishin, ...) log in to 'bluelibrary serve' as these users; see
            docs/subsonic.md. The first user added is the administrator. add and passwd ask for the
            password twice on a terminal, and otherwise read it as one line from standard input
            (printf '%s\\n' "$PASSWORD" | bluelibrary user add NAME). Passwords are kept encrypted in the
            library, with the key in a file of its own (mode 0600): beside a library file, named like it
            plus .key; for a PostgreSQL library, in the BlueLibrary home folder, named after the server
            and database; or where BLUELIBRARY_KEY_FILE says (give every server of one database the same
            key).
            key prints a new API key (shown this once; apps send it as apiKey); key --revoke revokes them
            all. remove also forgets the user's stars, ratings, plays and playlists.
            sessions NAME lists where NAME is signed in to the web page (an ID, when, the browser and
            its address); --end ID signs that one out, --revoke signs NAME out everywhere. Sessions are
            kept in the library, so this holds for every server on its database at once.
            add NAME --role listener makes someone who only listens: on the web page they browse, play
            and keep their own queue, but edit, delete or import no album (set NAME --role user lets
            them). The administrator is never a listener.
            set NAME --max-bitrate 192 has every stream of NAME's music apps and pages transcoded down
            to 192 kbit/s when its file is over that (see also 'bluelibrary player').
            """)

    enum Action: String {
        case add, passwd, remove, list, key, set, sessions
    }

    let action: Action
    let name: String?
    let revoke: Bool
    let maxBitRate: Int?
    /// With `sessions`: the one session to end.
    let end: String?
    /// With `add` or `set`: whether they only listen.
    let listener: Bool?

    init(_ arguments: ParsedArguments) throws {
        let words = arguments.positionals
        guard let action = Action(rawValue: words[0]) else {
            throw Self.spec.usageError(
                "unknown action '\(words[0])': use add, passwd, remove, list, key, set or sessions")
        }
        self.action = action
        switch action {
        case .list:
            guard words.count == 1 else { throw Self.spec.usageError("list takes no name") }
            name = nil
        default:
            guard words.count == 2 else { throw Self.spec.usageError("\(action.rawValue) needs a user NAME") }
            name = words[1]
        }
        revoke = arguments.has("revoke")
        if revoke && action != .key && action != .sessions {
            throw Self.spec.usageError("--revoke goes with key or sessions")
        }
        end = arguments["end"]
        if end != nil && action != .sessions { throw Self.spec.usageError("--end goes with sessions") }
        if end != nil && revoke { throw Self.spec.usageError("give --end ID or --revoke, not both") }
        maxBitRate = try arguments["max-bitrate"].map { text in
            guard let kilobits = Int(text), (0...10_000).contains(kilobits) else {
                throw LibraryError(
                    .usage, "invalid --max-bitrate '\(text)': use kbit/s from 0 (no limit) to 10000")
            }
            return kilobits
        }
        listener = try arguments["role"].map { text in
            switch text.lowercased() {
            case "listener": return true
            case "user": return false
            default: throw LibraryError(.usage, "invalid --role '\(text)': use listener or user")
            }
        }
        if listener != nil && action != .add && action != .set {
            throw Self.spec.usageError("--role goes with add or set")
        }
        if maxBitRate != nil && action != .set { throw Self.spec.usageError("--max-bitrate goes with set") }
        if action == .set && maxBitRate == nil && listener == nil {
            throw Self.spec.usageError("set needs --max-bitrate KBPS or --role ROLE")
        }
    }

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        let keyPath = LibraryLocation.passwordKeyPath(
            ofLibrary: context.library.location, environment: context.console.environment)
        // A password is sealed with the key, made with the first one: for a PostgreSQL library it lives in
        // the home folder, which no library file has made yet.
        if action == .add || action == .passwd { try LibraryLocation.createParentDirectory(of: keyPath) }
        let accounts = UserAccounts(library: context.library, vault: PasswordVault(keyPath: keyPath))
        let out = context.out
        switch (action, name) {
        case (.add, let name?):
            // Checked before the password is asked for, so a mistake costs no typing.
            try UserAccounts.check(name: name)
            if try await accounts.user(named: name) != nil {
                throw LibraryError(.conflict, "a user named \(name) already exists")
            }
            if listener == true, try await accounts.list().isEmpty {
                throw LibraryError(
                    .usage,
                    "the first user is the administrator, who cannot be a listener: add \(name) after them")
            }
            let password = try await SecretPrompt.newPassword(for: name, on: out)
            let user = try await accounts.add(name, password: password, listener: listener ?? false)
            let role = user.isAdmin ? " (the administrator)" : user.isListener ? " (a listener)" : ""
            out.line("Added user \(user.name)\(role).")
        case (.passwd, let name?):
            // Asks for no password for a user who is not there.
            guard try await accounts.user(named: name) != nil else {
                throw LibraryError(.notFound, "no user named \(name)")
            }
            let password = try await SecretPrompt.newPassword(for: name, on: out)
            try await accounts.setPassword(of: name, to: password)
            out.line("Changed the password of \(name).")
        case (.remove, let name?):
            let heir = try await accounts.remove(name)
            out.line("Removed user \(name) with their stars, ratings, plays and playlists.")
            if let heir { out.line("\(heir.name) is the administrator now.") }
        case (.key, let name?) where revoke:
            let count = try await accounts.revokeAPIKeys(of: name)
            out.line("Revoked \(count) API key\(count == 1 ? "" : "s") of \(name).")
        case (.key, let name?):
            let key = try await accounts.makeAPIKey(for: name)
            out.line(key)
        case (.sessions, let name?) where revoke || end != nil:
            let ended = try await accounts.revokeSessions(of: name, id: end)
            out.line("Signed \(name) out of \(ended.count) session\(ended.count == 1 ? "" : "s").")
        case (.sessions, let name?):
            let sessions = try await accounts.sessions(of: name)
            guard !sessions.isEmpty else {
                out.line("\(name) is not signed in to the web page anywhere.")
                return .success
            }
            for session in sessions {
                let when = SubsonicShapes.date(milliseconds: session.created).prefix(16).replacing(
                    "T", with: " ")
                out.line("\(session.id)  \(when) UTC  \(session.client)")
            }
        case (.set, let name?):
            if let listener {
                try await accounts.setListener(name, listener)
                out.line(
                    listener
                        ? "\(name) only listens: they change no album on the web page."
                        : "\(name) may change the library on the web page.")
            }
            if let kilobits = maxBitRate {
                try await accounts.setMaxBitRate(of: name, to: kilobits)
                out.line(
                    kilobits == 0
                        ? "\(name)'s streams have no bit rate limit."
                        : "\(name)'s streams are sent at \(kilobits) kbit/s at most.")
            }
        case (.list, _):
            let users = try await accounts.list()
            guard !users.isEmpty else {
                out.line("No users yet; add one with: bluelibrary user add NAME")
                return .success
            }
            let width = users.map(\.user.name.count).max() ?? 0
            for (user, keys) in users {
                let role = user.isAdmin ? "administrator" : user.isListener ? "listener" : "user"
                let listed = keys.map { $0.prefix + "…" }.joined(separator: ", ")
                let keyText =
                    keys.isEmpty
                    ? "no API keys" : "\(keys.count) API key\(keys.count == 1 ? "" : "s"): \(listed)"
                let limit = user.maxBitRate > 0 ? "  at most \(user.maxBitRate) kbit/s" : ""
                out.line("\(user.name.padded(to: width))  \(role.padded(to: 13))  \(keyText)\(limit)")
            }
        default:
            throw Self.spec.usageError("\(action.rawValue) needs a user NAME")
        }
        return .success
    }
}
