import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices
import BlueLibraryStore
import BlueLibraryWeb
import TestSupport
import Testing

/// `POST /api/modify` and `POST /api/remove`: many albums by query, one undo step, with a preview.
struct WebBulkTests {
    let library = LibraryAPI(store: TestLibrary.store())
    let app: WebApp

    init() async throws {
        app = try await WebApp(library: library)
    }

    func post(_ path: String, _ json: String) async -> (status: Int, body: JSONValue?) {
        let response = await app.respond(
            to: WebRequest(
                method: "POST", path: path, query: [:],
                headers: ["Host": "127.0.0.1:8080", "Content-Type": "application/json"],
                body: Array(json.utf8)))
        return (response.status, try? JSONParser.parse(response.bytes))
    }

    @Test(arguments: [#"{"query": "\u0000"}"#, #"{"query": "title:\u0000"}"#, #"{"query": "\u001b[2J"}"#])
    func aControlCharacterInAQueryIsRefusedAndRemovesNothing(json: String) async throws {
        // A NUL cut the text the database saw short, so the query matched every album.
        let before = try await library.albums()
        let removed = await post("/api/remove", json)
        #expect(removed.status == 400)
        #expect(removed.body?["error"]?["code"] == .string("invalid_query"))
        #expect(try await library.albums() == before)
        let listed = await app.respond(
            to: WebRequest(
                method: "GET", path: "/api/albums", query: ["q": "\u{0}"], headers: ["Host": "127.0.0.1:8080"]
            ))
        #expect(listed.status == 400)
    }

    func genres() async throws -> [String] {
        try await library.albums().map(\.genre)
    }

    @Test func modifyChangesEveryMatchAsOneUndoStep() async throws {
        let before = try await library.albums()
        let preview = await post(
            "/api/modify", #"{"query": "year:..1999", "changes": {"genre": "Oldies"}, "preview": true}"#)
        #expect(preview.status == 200)
        #expect(preview.body?["matches"] == .number("2"))
        guard case .array(let shown)? = preview.body?["albums"] else { return #expect(Bool(false)) }
        #expect(shown.count == 2)
        #expect(
            shown.allSatisfy { $0["genre"] == .string("Oldies") },
            "the preview shows the albums as they would be")
        #expect(try await library.albums() == before, "a preview changes nothing")
        let done = await post(
            "/api/modify", #"{"query": "year:..1999", "changes": {"genre": "Oldies", "year": "1990"}}"#)
        #expect(done.status == 200)
        #expect(done.body?["changed"] == .number("2"))
        #expect(done.body?["state"]?["can_undo"] == .bool(true))
        #expect(
            try await library.albums(matching: Query(parsing: "genre:Oldies")).allSatisfy { $0.year == 1990 })
        _ = try await library.undo()
        #expect(try await library.albums() == before, "one undo brings every album back")
    }

    @Test func removeTakesEveryMatchAndUndoBringsThemBackInPlace() async throws {
        let before = try await library.albums()
        let preview = await post("/api/remove", #"{"query": "artist:bowie", "preview": true}"#)
        #expect(preview.body?["matches"] == .number("1"))
        #expect(preview.body?["albums"]?.arrayFirst?["index"] == .number("0"))
        let done = await post("/api/remove", #"{"query": "year:..1999"}"#)
        #expect(done.body?["changed"] == .number("2"))
        #expect(try await library.count() == 3)
        _ = try await library.undo()
        #expect(try await library.albums() == before)
        let nothing = await post("/api/remove", #"{"query": "title:nothing-like-this"}"#)
        #expect(nothing.status == 200)
        #expect(nothing.body?["changed"] == .number("0"))
    }

    @Test(arguments: [
        ("/api/remove", #"{"query": ""}"#, "send \"all\": true"),
        ("/api/remove", #"{"query": "yr-"}"#, "yr"),
        ("/api/remove", #"{"query": 5}"#, "\"query\" must be a string"),
        ("/api/remove", #"{"query": "a", "preview": "yes"}"#, "\"preview\" must be true or false"),
        ("/api/remove", #"{"query": "a", "changes": {}}"#, "unknown key \"changes\""),
        ("/api/modify", #"{"query": "a"}"#, "\"changes\" must be an object"),
        ("/api/modify", #"{"query": "", "changes": {"id": "x"}}"#, "\"id\" cannot be changed"),
        ("/api/modify", #"{"query": "", "changes": {"title": ""}}"#, "title"),
        ("/api/modify", #"{"query": "", "changes": {}}"#, "nothing to change"),
    ])
    func badRequestsSayWhatIsWrongAndChangeNothing(path: String, json: String, message: String) async throws {
        let before = try await library.albums()
        let answer = await post(path, json)
        #expect(answer.status == 400, "\(json)")
        guard case .string(let text)? = answer.body?["error"]?["message"] else {
            return #expect(Bool(false), "no error message for \(json)")
        }
        #expect(text.contains(message), "\(text)")
        #expect(try await library.albums() == before)
        #expect(try await library.state().canUndo == false)
    }

    @Test func removingEverythingNeedsAllTrue() async throws {
        let done = await post("/api/remove", #"{"query": "", "all": true}"#)
        #expect(done.body?["changed"] == .number("5"))
        #expect(try await library.count() == 0)
    }
}

extension JSONValue {
    fileprivate var arrayFirst: JSONValue? {
        if case .array(let values) = self { return values.first }
        return nil
    }
}
