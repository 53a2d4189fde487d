import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices
import BlueLibraryWeb
import Foundation
import TestSupport
import Testing

/// The page's routes are one table: 405 with `Allow` comes from it for every path it serves, literal
/// paths win over captures, and `docs/openapi.yaml` documents exactly its routes.
struct WebRouteTests {
    private static let methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]

    /// Each route's pattern with its captures filled in.
    private static func path(_ pattern: String) -> String {
        pattern.replacing(/\{[a-z]+\}/, with: "x")
    }

    @Test func everyPathServedRefusesOtherMethodsWith405AndItsAllow() async throws {
        let app = try await WebApp(library: LibraryAPI(store: TestLibrary.store()))
        let byPattern = Dictionary(grouping: WebApp.routes.routes, by: \.pattern)
        #expect(byPattern.count > 20)
        for (pattern, routes) in byPattern {
            var allowed = Set(routes.map(\.method))
            if allowed.contains("GET") { allowed.insert("HEAD") }
            for method in Self.methods where !allowed.contains(method) {
                let response = await app.respond(
                    to: WebRequest(
                        method: method, path: Self.path(pattern),
                        headers: ["Host": "127.0.0.1:8080", "Content-Type": "application/json"],
                        body: Array("{}".utf8)))
                #expect(response.status == 405, "\(method) \(pattern)")
                #expect(
                    response.headers["Allow"] == allowed.sorted().joined(separator: ", "),
                    "\(method) \(pattern)")
            }
        }
        let unknown = await app.respond(
            to: WebRequest(method: "POST", path: "/api/nothing", headers: ["Host": "127.0.0.1:8080"]))
        #expect(unknown.status == 404)
        #expect(unknown.headers["Allow"] == nil)
    }

    @Test func aLiteralPathWinsOverACaptureAndCapturesAreNeverEmpty() {
        var table = RouteTable<String>()
        table.add("GET", "/api/albums/{id}", "album")
        table.add("PATCH", "/api/albums/{id}", "patch")
        table.add("GET", "/api/albums/sections", "sections")
        table.add("GET", "/api/tracks/{id}/audio", "audio")
        func found(_ method: String, _ path: String) -> String? {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(
                String.init)
            switch table.match(method: method, parts: parts) {
            case .found(let handler, let captures): return "\(handler) \(captures.joined(separator: ","))"
            case .methodNotAllowed(let allowed): return "405 \(allowed.joined(separator: ","))"
            case .notFound: return nil
            }
        }
        #expect(found("GET", "/api/albums/sections") == "sections ")
        #expect(
            found("PATCH", "/api/albums/sections") == "405 GET,HEAD", "the literal path is the one served")
        #expect(found("HEAD", "/api/albums/42") == "album 42")
        #expect(found("DELETE", "/api/albums/42") == "405 GET,HEAD,PATCH")
        #expect(found("GET", "/api/tracks/7/audio") == "audio 7")
        #expect(found("GET", "/api/albums/") == nil)
        #expect(found("GET", "/api/tracks/7") == nil)
    }

    @Test func theOpenAPIDocumentListsEveryRouteAndNoOther() throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        let document = try String(
            contentsOf: root.appendingPathComponent("docs/openapi.yaml"), encoding: .utf8)
        var documented: Set<String> = []
        var path: Substring?
        for line in document.split(separator: "\n") {
            if let match = line.wholeMatch(of: /\ \ (\/\S*):/) {
                path = match.output.1
            } else if let match = line.wholeMatch(of: /\ {4}(get|put|post|patch|delete|head):/), let path {
                documented.insert("\(match.output.1.uppercased()) \(path)")
            } else if !line.hasPrefix(" ") {
                path = nil
            }
        }
        let served = Set(
            WebApp.routes.routes.filter {
                ["/api/", "/covers/", "/events"].contains(where: $0.pattern.hasPrefix)
            }
            .map { "\($0.method) \($0.pattern)" })
        #expect(
            served.count == 45,
            "27 routes (an artist's appearances the latest), five for signing in and the queue, thirteen of a person's own"
        )
        #expect(documented == served)
    }
}
