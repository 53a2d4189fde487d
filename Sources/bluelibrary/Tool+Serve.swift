import BlueLibraryCore
import BlueLibraryPresentation
import BlueLibraryServices
import BlueLibraryWeb
import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// `bluelibrary serve`: the web face on GNU libmicrohttpd until SIGINT or SIGTERM.
extension Tool {
    @MainActor
    func serve(_ arguments: ParsedArguments, _ root: Composition) async throws -> Int32 {
        let host = arguments["host"] ?? "127.0.0.1"
        let portText = arguments["port"] ?? "8080"
        guard let port = Int(portText), (0...65535).contains(port) else {
            throw LibraryError(.usage, "invalid --port '\(portText)': use a number from 0 to 65535")
        }
        let loopback = host.hasPrefix("127.")
        let token = loopback ? nil : AlbumID.random().rawValue.replacingOccurrences(of: "-", with: "")
        // Reads the library first: a damaged or foreign file fails here, before anything listens.
        let app = try await WebApp(library: root.library, covers: root.covers, writeToken: token)
        let server = MicroHTTPServer(
            host: host, log: StandardError.line, handler: { await app.respond(to: $0) })
        let bound = try server.start(port: port)
        app.listening(on: host, port: bound)
        let url = "http://\(host):\(bound)/" + (token.map { "?token=\($0)" } ?? "")
        out.line("Serving BlueLibrary at \(url) (Ctrl+C stops)")
        out.flush()
        // One structured group: the server, the event streams, the watcher of other processes'
        // changes, the covers and (online) the sync; a stop signal ends them all, gracefully.
        var services: [any Service] = [
            WebServer(server: server), app.events, ExternalChangeWatcher(library: root.library),
            ClosureService { await Self.waitForStopSignal() },
        ]
        if let covers = root.covers { services.append(covers) }
        if let sync = root.sync { services.append(sync) }
        try await ServiceGroup(services).run()
        out.line("Stopped.")
        return 0
    }

    /// Suspends until SIGINT or SIGTERM arrives.
    @MainActor
    private static func waitForStopSignal() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            var sources: [any DispatchSourceSignal] = []
            var resumed = false
            for signalNumber in [SIGINT, SIGTERM] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
                source.setEventHandler {
                    guard !resumed else { return }
                    resumed = true
                    for source in sources { source.cancel() }
                    continuation.resume()
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
