import BlueLibraryHTTP
import BlueLibraryServices

/// The HTTP server as a service of `serve`: it serves until cancelled, then stops gracefully (see
/// ``MicroHTTPServer/run()``).
package struct WebServer: Service {
    private let server: MicroHTTPServer

    /// A service for a started server.
    package init(server: MicroHTTPServer) {
        self.server = server
    }

    package func run() async {
        await server.run()
    }
}
