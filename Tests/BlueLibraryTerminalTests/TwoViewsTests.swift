import BlueLibraryCore
import BlueLibraryPresentation
import BlueLibraryServices
import BlueLibraryStorage
import BlueLibraryTerminal
import BlueLibraryWeb
import TerminalKit
import Testing

/// MVC, proved: the terminal UI and the web UI are two views of one `LibraryController`. What one
/// face does, the other shows, because both only render the controller's screen.
@MainActor
struct TwoViewsTests {
    @Test func theTerminalAndTheWebAreTwoViewsOfOneController() throws {
        let center = CoverCenter()
        let library = LibraryAPI(store: InMemoryLibraryStore(), coverCenter: center)
        let controller = LibraryController(library: library)
        let terminal = TerminalApp(
            controller: controller, coverCenter: center, mode: .noColor, width: 80, height: 24)
        try terminal.start()
        let web = WebApp(controller: controller)
        #expect(web.controller === terminal.controller)

        func webState() throws -> JSONValue {
            try JSONParser.parse(web.respond(to: WebRequest(method: "GET", path: "/api/state")).bytes)
        }
        func post(_ method: String, _ path: String, _ body: String) {
            _ = web.respond(
                to: WebRequest(
                    method: method, path: path, headers: ["Content-Type": "application/json"],
                    body: Array(body.utf8)))
        }

        // A click on the page moves the terminal's highlight.
        post("PUT", "/api/state", #"{"current_index": 3}"#)
        #expect(terminal.render().text.contains("album 4 of 5"))
        // A key in the terminal changes what the page is told.
        terminal.handle(.character("d"))
        #expect(try webState()["count"] == .number("4"))
        #expect(try webState()["can_undo"] == .bool(true))
        // Undo on the page puts the album back on the terminal's screen, current again.
        post("POST", "/api/undo", "{}")
        #expect(terminal.render().text.contains("album 4 of 5"))
        #expect(terminal.render().text.contains("Staring at the Sun"))
    }
}
