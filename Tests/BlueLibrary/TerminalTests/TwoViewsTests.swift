import AudioKit
import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryPresentation
import BlueLibraryServices
import BlueLibraryStore
import BlueLibraryTerminal
import BlueLibraryWeb
import TerminalKit
import TestSupport
import Testing

/// MVC with a facade, proved: the terminal UI and the web UI are two faces of one library. The web
/// face calls the facade; the terminal's controller follows every change the facade announces, so what
/// one face does, the other shows.
@MainActor
struct TwoViewsTests {
    @Test func theTerminalAndTheWebAreTwoFacesOfOneLibrary() async throws {
        let library = LibraryAPI(store: TestLibrary.store())
        let terminal = TerminalApp(
            controller: LibraryController(library: library), coverCenter: CoverCenter(), mode: .noColor,
            width: 80, height: 24, player: QueuePlayerTwin.playingNothing())
        try await terminal.start()
        let web = try await WebApp(library: library)

        func webState() async throws -> JSONValue {
            try JSONParser.parse(
                await web.respond(
                    to: WebRequest(method: "GET", path: "/api/state", headers: ["Host": "127.0.0.1:8080"])
                ).bytes)
        }
        /// Sends a change through the page and waits until the terminal's screen shows it.
        func post(_ method: String, _ path: String, _ body: String) async {
            let changes = library.changes.stream()
            _ = await web.respond(
                to: WebRequest(
                    method: method, path: path,
                    headers: ["Content-Type": "application/json", "Host": "127.0.0.1:8080"],
                    body: Array(body.utf8)))
            for await change in changes {
                await terminal.controller.waitUntilShowing(change)
                break
            }
        }

        // A click on the page moves the terminal's highlight.
        await post("PUT", "/api/state", #"{"current_index": 3}"#)
        #expect(terminal.render().text.contains("album 4 of 5"))
        // A key in the terminal changes what the page is told.
        await terminal.handle(.character("d"))
        #expect(try await webState()["count"] == .number("4"))
        #expect(try await webState()["can_undo"] == .bool(true))
        // Undo on the page puts the album back on the terminal's screen, current again.
        await post("POST", "/api/undo", "{}")
        #expect(terminal.render().text.contains("album 4 of 5"))
        #expect(terminal.render().text.contains("Staring at the Sun"))
    }
}
