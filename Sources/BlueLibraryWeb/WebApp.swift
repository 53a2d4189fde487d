import BlueLibraryCore
import BlueLibraryPresentation
import BlueLibraryServices
import Foundation

/// The web face: answers every HTTP request of `bluelibrary serve` — the page, its assets, the JSON
/// API, the covers and the event stream — in-process and without I/O of its own, so handlers are
/// tested without a socket. The page's screen actions (select, undo, redo, the toolbar state) go
/// through the same ``LibraryController`` the terminal UI drives; album edits go to the facade.
///
/// Requests pass a chain of responsibility: the body-size check, the write guard (same-origin and, off
/// loopback, the token), then the routes; every response gets the security headers.
public final class WebApp: Sendable {
    /// The controller of the screen the page shows (shared with any other face in this process).
    public let controller: LibraryController
    /// The facade album edits go to.
    public var library: LibraryAPI { controller.library }
    /// The event streams of open pages.
    public let events: EventHub
    /// The token writes need when the server is reachable from other machines; `nil` on loopback.
    public let writeToken: String?

    /// One link of the request chain: handles the request or passes it to `next`.
    typealias Link = @Sendable (WebRequest, _ next: @Sendable (WebRequest) -> WebResponse) -> WebResponse

    /// Creates the web face of a controller (loaded, so it follows the library's changes).
    public init(controller: LibraryController, writeToken: String? = nil) {
        self.controller = controller
        self.writeToken = writeToken
        events = EventHub(library: controller.library)
    }

    /// Creates the web face with its own controller over `library`.
    /// - Throws: when the library cannot be read.
    public convenience init(library: LibraryAPI, writeToken: String? = nil) throws {
        let controller = LibraryController(library: library)
        try controller.load()
        self.init(controller: controller, writeToken: writeToken)
    }

    /// Answers one request.
    public func respond(to request: WebRequest) -> WebResponse {
        let links: [Link] = [Self.securityHeaders, Self.bodyLimit, writeGuard]
        let route: @Sendable (WebRequest) -> WebResponse = { [self] in self.route($0) }
        let chain = links.reversed().reduce(route) { next, link in { request in link(request, next) } }
        return chain(request)
    }

    // MARK: The chain

    /// Adds the headers every response carries: no script or style from elsewhere, no framing, no sniffing.
    static let securityHeaders: Link = { request, next in
        var response = next(request)
        response.headers["Content-Security-Policy"] =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cache-Control"] = response.headers["Cache-Control"] ?? "no-store"
        return response
    }

    /// Refuses bodies over the server's limit with 413.
    static let bodyLimit: Link = { request, next in
        guard request.bodyTooLarge else { return next(request) }
        return .error(413, code: "too_large", message: "the request body is larger than the server accepts")
    }

    /// Refuses state-changing requests from other origins, and without the token off loopback.
    var writeGuard: Link {
        { [writeToken] request, next in
            guard ["POST", "PUT", "PATCH", "DELETE"].contains(request.method) else { return next(request) }
            if let origin = request.headers["origin"], let host = request.headers["host"],
                origin != "http://\(host)" && origin != "https://\(host)"
            {
                return .error(
                    403, code: "forbidden", message: "requests from \(origin) may not change this library")
            }
            if request.headers["sec-fetch-site"] == "cross-site" {
                return .error(
                    403, code: "forbidden", message: "cross-site requests may not change this library")
            }
            if let writeToken, request.headers["x-bluelibrary-token"] != writeToken {
                return .error(
                    401, code: "unauthorized",
                    message: "this server needs its token (X-BlueLibrary-Token) for changes")
            }
            return next(request)
        }
    }

    // MARK: Routes

    func route(_ request: WebRequest) -> WebResponse {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(
            String.init)
        if parts.contains("..") || parts.contains(".") || request.path.contains("\\")
            || request.path.contains("\0")
        {
            return .error(400, code: "bad_path", message: "the path \(request.path) is not allowed")
        }
        let isRead = request.method == "GET" || request.method == "HEAD"
        switch parts.count {
        case 1 where isRead && parts[0].isEmpty: return PageAssets.response(for: "index.html")
        case 1 where isRead && PageAssets.files[parts[0]] != nil: return PageAssets.response(for: parts[0])
        case 1 where isRead && parts[0] == "events": return eventStream()
        case 2 where isRead && parts[0] == "covers": return cover(parts[1], request)
        case 2...3 where parts[0] == "api": return api(request, Array(parts.dropFirst()))
        default:
            return .error(404, code: "not_found", message: "nothing at \(request.method) \(request.path)")
        }
    }

    private func eventStream() -> WebResponse {
        guard let client = events.connect() else {
            return .error(503, code: "busy", message: "too many pages are listening; try again later")
        }
        return WebResponse(
            status: 200, headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-cache"],
            body: .events(client))
    }
}
