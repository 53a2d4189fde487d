import BlueLibraryCore
import BlueLibraryServices
import Diagnostics

/// `bluelibrary user add|passwd|remove|list|key [NAME]`: the people the Subsonic API (`serve`) lets in.
/// Passwords are asked twice, without echo, on a terminal, and otherwise read as one line from standard
/// input — never from the command line, where `ps` would show them.
struct UserVerb: Verb {
    static let spec = VerbSpec(
        name: "user", summary: "add, list and remove the users of the Subsonic API, and their keys",
        usage: "add|passwd|remove|key NAME | list",
        options: [
            OptionSpec(name: "revoke", short: nil, value: nil, help: "with key: revoke every API key of NAME")
        ],
        positionals: 1...2,
        details: """
            Music apps (DSub, Symfonium, Feishin, ...) log in to 'bluelibrary serve' as these users; see
            docs/subsonic.md. The first user added is the administrator. add and passwd ask for the
            password twice on a terminal, and otherwise read it as one line from standard input
            (printf '%s\\n' "$PASSWORD" | bluelibrary user add NAME). Passwords are kept encrypted in the
            library, with the key in the file beside it named like it plus .key (mode 0600).
            key prints a new API key (shown this once; apps send it as apiKey); key --revoke revokes them
            all. remove also forgets the user's stars, ratings, plays and playlists.
            """)

    enum Action: String {
        case add, passwd, remove, list, key
    }

    let action: Action
    let name: String?
    let revoke: Bool

    init(_ arguments: ParsedArguments) throws {
        let words = arguments.positionals
        guard let action = Action(rawValue: words[0]) else {
            throw Self.spec.usageError("unknown action '\(words[0])': use add, passwd, remove, list or key")
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
        if revoke && action != .key { throw Self.spec.usageError("--revoke goes with key") }
    }

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        let accounts = UserAccounts(
            library: context.library,
            vault: PasswordVault(keyPath: PasswordVault.keyPath(besideLibrary: context.library.location)))
        let out = context.out
        switch (action, name) {
        case (.add, let name?):
            // Checked before the password is asked for, so a mistake costs no typing.
            try UserAccounts.check(name: name)
            if try await accounts.user(named: name) != nil {
                throw LibraryError(.conflict, "a user named \(name) already exists")
            }
            let password = try await SecretPrompt.newPassword(for: name, on: out)
            let user = try await accounts.add(name, password: password)
            out.line("Added user \(user.name)\(user.isAdmin ? " (the administrator)" : "").")
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
        case (.list, _):
            let users = try await accounts.list()
            guard !users.isEmpty else {
                out.line("No users yet; add one with: bluelibrary user add NAME")
                return .success
            }
            let width = users.map(\.user.name.count).max() ?? 0
            for (user, keys) in users {
                let role = user.isAdmin ? "administrator" : "user"
                let listed = keys.map { $0.prefix + "…" }.joined(separator: ", ")
                let keyText =
                    keys.isEmpty
                    ? "no API keys" : "\(keys.count) API key\(keys.count == 1 ? "" : "s"): \(listed)"
                out.line("\(user.name.padded(to: width))  \(role.padded(to: 13))  \(keyText)")
            }
        default:
            throw Self.spec.usageError("\(action.rawValue) needs a user NAME")
        }
        return .success
    }
}
