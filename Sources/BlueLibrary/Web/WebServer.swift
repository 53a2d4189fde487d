import BlueLibraryServices

/// The HTTP server as a service of `serve`: it serves until cancelled, then stops gracefully (see
/// ``MicroHTTPServer/run()``).
public struct WebServer: Service {
    private let server: MicroHTTPServer

    /// A service for a started server.
    public init(server: MicroHTTPServer) {
        self.server = server
    }

    public func run() async {
        await server.run()
    }
}
