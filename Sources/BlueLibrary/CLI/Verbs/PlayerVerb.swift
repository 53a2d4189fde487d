import BlueLibraryCore
import BlueLibraryServices
import BlueLibraryTranscoding
import Diagnostics

/// `bluelibrary player list | set NAME [--format FORMAT] [--max-bitrate KBPS] | remove NAME`: the streaming
/// defaults of music apps, by the client name they send (Subsonic's `c=`): the format and highest bit rate
/// their streams get when they ask for none themselves.
struct PlayerVerb: Verb {
    static let spec = VerbSpec(
        name: "player", summary: "list and set the streaming defaults of music apps",
        usage: "list | set NAME [--format FORMAT] [--max-bitrate KBPS] | remove NAME",
        options: [
            OptionSpec(
                name: "format", short: nil, value: "FORMAT",
                help: "mp3, opus, aac, m4a, ogg, flac, or raw (the files as they are); none clears it"),
            OptionSpec(
                name: "max-bitrate", short: nil, value: "KBPS",
                help: "the highest bit rate its streams are sent at (0: no limit)"),
        ],
        positionals: 1...2,
        details: """
            A music app names itself in every call it makes (the Subsonic 'c' parameter: DSub,
            Symfonium, Feishin, ...; names compare ignoring case). What is set for that name applies to
            the streams it asks for without a format or a bit rate of its own; a user's limit
            ('bluelibrary user set NAME --max-bitrate') and the app's own still apply, the lowest of
            them winning.
            """)

    enum Action: String {
        case list, set, remove
    }

    let action: Action
    let name: String?
    let format: String?
    let maxBitRate: Int?

    init(_ arguments: ParsedArguments) throws {
        let words = arguments.positionals
        guard let action = Action(rawValue: words[0]) else {
            throw Self.spec.usageError("unknown action '\(words[0])': use list, set or remove")
        }
        self.action = action
        if action == .list {
            guard words.count == 1 else { throw Self.spec.usageError("list takes no name") }
            name = nil
        } else {
            guard words.count == 2 else {
                throw Self.spec.usageError("\(action.rawValue) needs a player NAME")
            }
            name = words[1]
        }
        format = try arguments["format"].map { text in
            let lowered = text.lowercased()
            if lowered == "none" { return "" }
            if lowered == "raw" { return "raw" }
            guard let format = TranscodeFormat(named: lowered) else {
                throw LibraryError(
                    .usage,
                    "invalid --format '\(text)': use mp3, opus, aac, m4a, ogg, flac, raw or none")
            }
            return format.rawValue
        }
        maxBitRate = try arguments["max-bitrate"].map { text in
            guard let kilobits = Int(text), (0...10_000).contains(kilobits) else {
                throw LibraryError(
                    .usage, "invalid --max-bitrate '\(text)': use kbit/s from 0 (no limit) to 10000")
            }
            return kilobits
        }
        if action == .set && format == nil && maxBitRate == nil {
            throw Self.spec.usageError("set needs --format FORMAT or --max-bitrate KBPS")
        }
        if action != .set && (format != nil || maxBitRate != nil) {
            throw Self.spec.usageError("--format and --max-bitrate go with set")
        }
    }

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        let accounts = UserAccounts(
            library: context.library,
            vault: PasswordVault(
                keyPath: LibraryLocation.passwordKeyPath(
                    ofLibrary: context.library.location, environment: context.console.environment)))
        let out = context.out
        switch (action, name) {
        case (.list, _):
            let players = try await accounts.players()
            guard !players.isEmpty else {
                out.line("No player has defaults; set some with: bluelibrary player set NAME --format opus")
                return .success
            }
            let width = players.map(\.name.count).max() ?? 0
            for player in players { out.line("\(player.name.padded(to: width))  \(Self.describe(player))") }
        case (.set, let name?):
            let old = try await accounts.player(named: name)
            let player = StoredPlayer(
                name: name, format: format ?? old?.format ?? "",
                maxBitRate: maxBitRate ?? old?.maxBitRate ?? 0)
            try await accounts.setPlayer(player)
            out.line("\(name): \(Self.describe(player)).")
        case (.remove, let name?):
            guard try await accounts.player(named: name) != nil else {
                throw LibraryError(.notFound, "no player named \(name.prefix(80)) has defaults")
            }
            try await accounts.setPlayer(StoredPlayer(name: name, format: "", maxBitRate: 0))
            out.line("Forgot the defaults of \(name).")
        default:
            throw Self.spec.usageError("\(action.rawValue) needs a player NAME")
        }
        return .success
    }

    /// "opus, at most 128 kbit/s"
    static func describe(_ player: StoredPlayer) -> String {
        let format =
            player.format.isEmpty
            ? "the format it asks for" : player.format == "raw" ? "the files as they are" : player.format
        return format
            + (player.maxBitRate > 0 ? ", at most \(player.maxBitRate) kbit/s" : ", no bit rate limit")
    }
}
