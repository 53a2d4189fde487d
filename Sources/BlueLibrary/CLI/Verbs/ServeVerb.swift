import AudioKit
import BlueLibraryConcurrency
import BlueLibraryCore
import BlueLibraryFolderImport
import BlueLibraryHTTP
import BlueLibraryPresentation
import BlueLibraryScanner
import BlueLibraryServices
import BlueLibrarySubsonic
import BlueLibraryTranscoding
import BlueLibraryWeb
import Diagnostics
import SystemFiles

#if canImport(Glibc)
    import Glibc
#endif

/// `bluelibrary serve [--host ADDRESS] [--port N] [--sign-in] [--no-watch] [--jukebox-device NAME]
/// [--transcoders N] [--transcode-cache SIZE]`: the web face on GNU libmicrohttpd until SIGINT or SIGTERM, following the
/// library's music folders as their files change.
struct ServeVerb: Verb {
    static let spec = VerbSpec(
        name: "serve", summary: "serve the album screen, its JSON API and the Subsonic API for music apps",
        usage:
            "[--host ADDRESS] [--port N] [--sign-in] [--no-watch] [--jukebox-device NAME] [--transcoders N] [--transcode-cache SIZE]",
        options: [
            OptionSpec(
                name: "host", short: nil, value: "ADDRESS",
                help: "the IPv4 address to listen on (default 127.0.0.1)"),
            OptionSpec(
                name: "port", short: "p", value: "N", help: "the port (default 8080; 0 picks a free one)"),
            OptionSpec(
                name: "sign-in", short: nil, value: nil,
                help: "the page asks everyone to sign in, on loopback too (behind a proxy on this machine)"),
            OptionSpec(
                name: "no-watch", short: nil, value: nil,
                help: "do not follow the music folders' changes ('import DIR' still rescans)"),
            OptionSpec(
                name: "jukebox-device", short: nil, value: "NAME",
                help:
                    "play the Subsonic jukebox on this ALSA device (default: no jukebox; null plays silently)"
            ),
            OptionSpec(
                name: "transcoders", short: nil, value: "N",
                help: "how many streams are transcoded at once (default: one per core)"),
            OptionSpec(
                name: "transcode-cache", short: nil, value: "SIZE",
                help: "keep finished transcodes up to SIZE (512M by default; K, M, G; 0 keeps none)"),
        ],
        details: """
            Open the printed URL in a browser. The page shows the covers, the details table and the
            Undo / Trash toolbar; changes from any page, the terminal UI or the command line show live.
            The JSON API is described in docs/openapi.yaml. Off loopback (or with --sign-in) the page
            asks for the user name and password of a user that 'bluelibrary user add' made; the session
            is kept in the library, so every server on one database accepts it ('bluelibrary user
            sessions NAME' lists and ends them). The printed URL's token also lets its holder in. On
            loopback, signing in is optional: it keeps the page's queue as the person's own, the one
            their music apps resume. Ctrl+C stops the server after requests in flight finish.
            Music apps connect to the Subsonic API at the same address, as the users that
            'bluelibrary user add' makes (see docs/subsonic.md); to reach it from a phone, listen on
            the machine's address (--host 0.0.0.0 for all of them).
            The music folders the library was imported from are watched: files added, changed, removed
            or moved there are in the library within about two seconds, each burst of changes one
            rescan and one undo step (a folder that disappears keeps its tracks). With several servers
            on one PostgreSQL database, let one of them watch (--no-watch on the others).
            With --jukebox-device, the administrator's music apps play on this machine's speakers
            (the Subsonic jukeboxControl call), as the terminal UI does.
            Music apps and the page's quality setting get tracks transcoded (MP3, Opus, AAC, Vorbis,
            FLAC) by the FFmpeg libraries, in this process; finished transcodes are kept in
            $BLUELIBRARY_HOME/transcodes (else $XDG_CACHE_HOME/bluelibrary/transcodes), least recently
            used out first.
            """)
    static let services: ServiceNeeds = [.covers]

    let host: String
    let port: Int
    /// Whether the page asks everyone to sign in, on loopback too.
    let signIn: Bool
    let watch: Bool
    let jukeboxDevice: String?
    let transcoders: Int
    /// The transcode cache's size in bytes; 0 keeps none.
    let transcodeCache: Int64

    init(_ arguments: ParsedArguments) throws {
        // `localhost` is the loopback address (the server listens on IPv4).
        host = arguments["host"].map { $0.lowercased() == "localhost" ? "127.0.0.1" : $0 } ?? "127.0.0.1"
        let portText = arguments["port"] ?? "8080"
        guard let port = Int(portText), (0...65535).contains(port) else {
            throw LibraryError(.usage, "invalid --port '\(portText)': use a number from 0 to 65535")
        }
        self.port = port
        signIn = arguments.has("sign-in")
        watch = !arguments.has("no-watch")
        jukeboxDevice = arguments["jukebox-device"]
        if let jukeboxDevice, jukeboxDevice.isEmpty || jukeboxDevice.utf8.contains(where: { $0 < 0x20 }) {
            throw LibraryError(
                .usage, "invalid --jukebox-device '\(jukeboxDevice)': name an ALSA device, e.g. default")
        }
        let transcodersText = arguments["transcoders"] ?? String(NamedThread.usableProcessorCount)
        guard let transcoders = Int(transcodersText), (1...256).contains(transcoders) else {
            throw LibraryError(
                .usage, "invalid --transcoders '\(transcodersText)': use a number from 1 to 256")
        }
        self.transcoders = transcoders
        let sizeText = arguments["transcode-cache"] ?? "512M"
        guard let size = Self.byteCount(sizeText) else {
            throw LibraryError(
                .usage,
                "invalid --transcode-cache '\(sizeText)': use a size such as 512M or 2G (0 keeps none)")
        }
        transcodeCache = size
    }

    /// `512M`, `2G`, `800K`, `1048576`: a size in bytes (at most 1 TiB); `nil` for anything else.
    static func byteCount(_ text: String) -> Int64? {
        let units: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        var digits = text.uppercased()
        if digits.hasSuffix("B") { digits.removeLast() }
        var scale: Int64 = 1
        if let last = digits.last, let unit = units[last] {
            scale = unit
            digits.removeLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int64(digits), number >= 0,
            number <= (1 << 40) / scale
        else { return nil }
        return number * scale
    }

    func run(_ root: LibraryContext) async throws -> ExitStatus {
        let out = root.out
        let loopback = host.hasPrefix("127.")
        let token = loopback ? nil : AlbumID.random().rawValue.replacing("-", with: "")
        // Reads the library first: a damaged or foreign file fails here, before anything listens.
        let accounts = UserAccounts(
            library: root.library,
            vault: PasswordVault(
                keyPath: LibraryLocation.passwordKeyPath(
                    ofLibrary: root.library.location, environment: root.console.environment)))
        let cacheFolder = XDGDirectories.cache(
            "bluelibrary", "transcodes", homeVariable: "BLUELIBRARY_HOME",
            environment: root.console.environment)
        let transcoder = Transcoder(
            settings: Transcoder.Settings(
                concurrent: transcoders,
                cache: transcodeCache > 0 ? TranscodeCache(folder: cacheFolder, limit: transcodeCache) : nil))
        let subsonic = SubsonicAPI(
            library: root.library, accounts: accounts, covers: root.covers, lyrics: MusicScanner(),
            scan: FolderRescan(importer: FolderImporter(library: root.library), log: StandardError.line),
            jukebox: jukeboxDevice.map { Jukebox(player: ALSAQueuePlayer(device: $0)) },
            transcoder: transcoder)
        if signIn, try await accounts.list().isEmpty {
            throw LibraryError(
                .usage,
                "--sign-in needs someone to sign in as: add a user first with 'bluelibrary user add NAME'")
        }
        let app = try await WebApp(
            library: root.library, covers: root.covers, writeToken: token, requireSignIn: signIn,
            subsonic: subsonic, transcoder: transcoder)
        let server = MicroHTTPServer(
            host: host, log: StandardError.line, handler: { await app.respond(to: $0) })
        let bound: Int
        do {
            bound = try server.start(port: port)
        } catch let error as LibraryError {
            guard port != 0, Self.isInUse(host: host, port: port) else { throw error }
            throw LibraryError(
                .unavailable,
                "port \(port) on \(host) is in use by another program; try --port 0 for any free port")
        }
        app.listening(on: host, port: bound)
        let url = "http://\(host):\(bound)/" + (token.map { "?token=\($0)" } ?? "")
        out.line("Serving BlueLibrary at \(url) (Ctrl+C stops)")
        out.flush()
        // One structured group: the server, the event streams, the watcher of other processes'
        // changes, the covers and (online) the sync; a stop signal ends them all, gracefully.
        var services: [any Service] = [
            WebServer(server: server), app.events, ExternalChangeWatcher(library: root.library),
            ClosureService { await StopSignal.wait() },
        ]
        if watch {
            services.append(
                FolderWatcher(importer: FolderImporter(library: root.library), log: StandardError.line))
        }
        if let covers = root.covers { services.append(covers) }
        if let sync = root.sync { services.append(sync) }
        try await ServiceGroup(services).run()
        await subsonic.jukebox?.quit()
        out.line("Stopped.")
        return .success
    }

    /// Whether another socket holds `host:port` (probed with a bind of our own, after the server could
    /// not listen there, to say why).
    private static func isInUse(host: String, port: Int) -> Bool {
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return false }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return status != 0 && errno == EADDRINUSE
    }
}
