import BlueLibraryCore
import BlueLibraryServices
import BlueLibraryWeb
import Foundation

/// `bluelibrary serve`: the web face on GNU libmicrohttpd until SIGINT or SIGTERM.
extension Tool {
    @MainActor
    func serve(_ arguments: ParsedArguments, _ library: LibraryAPI) async throws -> Int32 {
        let host = arguments["host"] ?? "127.0.0.1"
        let portText = arguments["port"] ?? "8080"
        guard let port = Int(portText), (0...65535).contains(port) else {
            throw LibraryError(.usage, "invalid --port '\(portText)': use a number from 0 to 65535")
        }
        let loopback = host.hasPrefix("127.")
        let token = loopback ? nil : AlbumID.random().rawValue.replacingOccurrences(of: "-", with: "")
        let app = try WebApp(library: library, writeToken: token)  // reads the library: a bad file fails here
        let log: @Sendable (String) -> Void = { line in
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        let server = MicroHTTPServer(host: host, log: log, handler: { app.respond(to: $0) })
        let bound = try server.start(port: port)
        let url = "http://\(host):\(bound)/" + (token.map { "?token=\($0)" } ?? "")
        out.line("Serving BlueLibrary at \(url) (Ctrl+C stops)")
        out.flush()
        // Changes made by other processes reach open pages within a second.
        // In online mode, changes waiting for the remote server are sent every second or so.
        let poller = Task.detached {
            _ = try? library.checkForExternalChanges()
            var ticks = 0
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(500))
                _ = try? library.checkForExternalChanges()
                ticks += 1
                if library.isOnline && ticks % 2 == 0 { _ = await library.syncNow() }
            }
        }
        await Self.waitForStopSignal()
        poller.cancel()
        app.events.close()
        app.events.waitUntilDisconnected()
        server.stop()
        library.close()
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
