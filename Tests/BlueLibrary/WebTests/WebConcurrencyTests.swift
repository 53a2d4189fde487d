import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryNetworking
import BlueLibrarySQLite
import BlueLibraryServices
import BlueLibraryStore
import BlueLibraryWeb
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Many requests at once through the web API: every answer is built from what its own request
/// committed, never from another request's screen, and the library ends as the requests say.
struct WebConcurrencyTests {
    let directory = TemporaryDirectory("web-concurrency")
    let library: LibraryAPI
    let app: WebApp

    init() async throws {
        library = LibraryAPI(store: SQLiteLibraryStore(path: directory.file("library.db")))
        app = try await WebApp(library: library)
    }

    private func send(_ method: String, _ path: String, _ body: String = "") async throws -> JSONValue {
        let response = await app.respond(
            to: WebRequest(
                method: method, path: path,
                headers: ["Host": "127.0.0.1:8080", "Content-Type": "application/json"],
                body: Array(body.utf8)))
        #expect((200..<300).contains(response.status), "\(method) \(path): \(response.status)")
        return try JSONParser.parse(response.bytes)
    }

    private func number(_ value: JSONValue?) -> Int? {
        if case .number(let text)? = value { return Int(text) }
        return nil
    }

    private func text(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    @Test(.timeLimit(.minutes(1))) func concurrentChangesEachAnswerWithTheirOwnCommit() async throws {
        // Twenty albums added at once: each lands at its own index at the end.
        let added = try await withThrowingTaskGroup(of: JSONValue.self) { group in
            for number in 0..<20 {
                group.addTask {
                    try await send("POST", "/api/albums", #"{"title": "A\#(number)", "artist": "X"}"#)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(added.compactMap { number($0["index"]) }) == Set(5..<25))
        let ids = added.compactMap { text($0["id"]) }
        #expect(Set(ids).count == 20)

        // Twenty selections at once: each answer names the album it selected.
        try await withThrowingTaskGroup(of: (String, String?).self) { group in
            for id in ids {
                group.addTask {
                    let state = try await send("PUT", "/api/state", #"{"current_id": "\#(id)"}"#)
                    return (id, text(state["current"]?["id"]))
                }
            }
            for try await (requested, answered) in group { #expect(answered == requested) }
        }

        // Twenty deletions at once: each answer holds its own album and the count its commit left —
        // twenty different counts, 24 down to 5.
        let deleted = try await withThrowingTaskGroup(of: (String, JSONValue).self) { group in
            for id in ids { group.addTask { (id, try await send("DELETE", "/api/albums/\(id)")) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for (id, answer) in deleted { #expect(text(answer["deleted"]?["id"]) == id) }
        #expect(Set(deleted.compactMap { number($0.1["state"]?["count"]) }) == Set(5..<25))

        // Ten undos at once: ten different counts again, and each changed something.
        let undone = try await withThrowingTaskGroup(of: JSONValue.self) { group in
            for _ in 0..<10 { group.addTask { try await send("POST", "/api/undo", "{}") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(undone.allSatisfy { $0["changed"] == .bool(true) })
        #expect(Set(undone.compactMap { number($0["state"]?["count"]) }) == Set(6...15))

        // The library and the API agree on the end state.
        let state = try await send("GET", "/api/state")
        #expect(number(state["count"]) == 15)
        #expect(try await library.count() == 15)
        let page = try await send("GET", "/api/albums")
        #expect(number(page["total"]) == 15)
        guard case .array(let albums)? = page["albums"] else {
            Issue.record("not an array")
            return
        }
        #expect(albums.count == 15)
        #expect(albums.compactMap { number($0["index"]) } == Array(0..<15))
    }
}

/// No web write waits on a screen: with the main actor (where the terminal's controller lives) held
/// busy, twenty additions, deletions and undos sent at once through the web face all answer.
struct WebWritesOffTheMainActorTests {
    /// What the requests and the job holding the main actor tell each other.
    final class Progress: Sendable {
        let answered = Atomic(0)
        let holding = Atomic(false)
    }

    @Test(.timeLimit(.minutes(1))) func writesAnswerWhileTheMainActorIsHeldBusy() async throws {
        let directory = TemporaryDirectory("web-main-actor")
        let library = LibraryAPI(store: SQLiteLibraryStore(path: directory.file("library.db")))
        let app = try await WebApp(library: library)
        let ids = try await library.albums().map(\.id)
        let progress = Progress()
        // A job that keeps the main actor's thread until every request has answered (or 30 s pass, when
        // a request waits for it): a request that needed the main actor could not answer meanwhile.
        let holder = Task { @MainActor in
            progress.holding.store(true, ordering: .sequentiallyConsistent)
            let deadline = ContinuousClock.now + .seconds(30)
            while progress.answered.load(ordering: .sequentiallyConsistent) < 20
                && ContinuousClock.now < deadline
            {
                usleep(1000)
            }
            return progress.answered.load(ordering: .sequentiallyConsistent)
        }
        while !progress.holding.load(ordering: .sequentiallyConsistent) {
            try await Task.sleep(for: .milliseconds(1))
        }
        let started = ContinuousClock.now
        let requests: [(String, String, String)] =
            (0..<10).map { ("POST", "/api/albums", #"{"title": "Held \#($0)", "artist": "X"}"#) }
            + ids.map { ("DELETE", "/api/albums/\($0)", "") }
            + (0..<5).map { _ in ("POST", "/api/undo", "{}") }
        let statuses = await withTaskGroup(of: Int.self) { group in
            for (method, path, body) in requests {
                group.addTask {
                    let response = await app.respond(
                        to: WebRequest(
                            method: method, path: path,
                            headers: ["Host": "127.0.0.1:8080", "Content-Type": "application/json"],
                            body: Array(body.utf8)))
                    progress.answered.add(1, ordering: .sequentiallyConsistent)
                    return response.status
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let elapsed = ContinuousClock.now - started
        let answeredWhileHeld = await holder.value
        #expect(requests.count == 20)
        #expect(statuses.allSatisfy { (200..<300).contains($0) }, "\(statuses)")
        #expect(answeredWhileHeld == 20, "answered in \(elapsed) while the main actor was held")
    }
}

/// Cover work never blocks other requests — sixteen covers whose hosts never answer leave
/// `/api/state` as quick as ever.
struct WebCoverIsolationTests {
    /// A network where nothing ever answers (until the request is cancelled).
    struct SilentNetwork: HTTPClient {
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            try await Task.sleep(for: .seconds(3600))
            throw LibraryError(.unavailable, "\(request.url): no answer")
        }
    }

    @Test(.timeLimit(.minutes(1))) func hangingCoversDoNotHoldUpTheAPI() async throws {
        let library = LibraryAPI(store: try await TestLibrary.store(albums: []))
        let albums = (0..<16).map { Fixtures.album("C\($0)", cover: "http://127.0.0.1:9/hang/\($0).png") }
        try await library.importAlbums(albums)
        let app = try await WebApp(
            library: library,
            covers: CoverService(httpClient: SilentNetwork(), cache: nil, maximumConcurrentDownloads: 16))
        // Ten-minute deadlines: a request is never closed for being slow to arrive on a loaded machine.
        let server = MicroHTTPServer(
            threads: 2, limits: .init(requestTimeout: .seconds(600), idleTimeout: .seconds(600)),
            log: { _ in },
            handler: { await app.respond(to: $0) })
        let port = try server.start(port: 0)
        Task { await server.run() }
        let covers = try albums.map { album in
            let connection = try RawHTTPConnection(port: port)
            connection.send("GET /covers/\(album.id) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            return connection
        }
        // With two server threads and every cover waiting for an hour, an answer at all shows that no
        // thread waits for a cover (how fast it comes is bench/'s business).
        for _ in 0..<5 {
            let plain = try RawHTTPConnection(port: port)
            plain.send("GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(await plain.read(until: "can_delete").hasPrefix("HTTP/1.1 200"))
        }
        withExtendedLifetime(covers) {}
        await server.stop(timeout: .milliseconds(200))
    }
}
