import Foundation
import TestSupport
import Testing

/// A machine without libcurl, played by `BLUELIBRARY_LIBCURL` naming a file that does not exist: the
/// verbs that need the network say why they cannot reach it, covers fall back as offline with that
/// reason, and everything else works as before. Nothing is ever sent.
struct CLIWithoutLibcurlTests {
    let home = CLIHome()
    let server: FixtureHTTPServer
    static let missing = ["BLUELIBRARY_LIBCURL": "libbluelibrary-missing.so.4"]
    static let reason =
        "offline, libcurl cannot be loaded (libbluelibrary-missing.so.4: cannot open shared object file: "
        + "No such file or directory)"

    init() async throws {
        server = try FixtureHTTPServer { path in
            path == "/white.png"
                ? .response(status: 200, headers: ["Content-Type": "image/png"], body: CLICoversTests.png)
                : .response(status: 404, headers: [:], body: [])
        }
        let albums = """
            [{"title": "White", "artist": "Painter", "cover_url": "\(server.baseURL)/white.png"},
             {"title": "Gone", "artist": "Lost Band", "cover_url": "\(server.baseURL)/gone.png"}]
            """
        let file = home.directory.write("albums.json", albums)
        // Start from an empty library: delete the five seeds, whose covers point at the internet.
        for _ in 0..<5 { _ = try await home.run(["delete", "0"]) }
        _ = try await home.ok("import", file)
    }

    private func run(_ arguments: String...) async throws -> ProcessResult {
        try await home.run(arguments, environment: Self.missing)
    }

    @Test func coversFallBackAsOfflineWithTheReasonAndTheCacheStillServes() async throws {
        _ = try await home.ok("covers", "fetch", "white")
        let requests = server.totalRequests
        let result = try await run("covers", "fetch")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(
            result.stdout == """
                cached    White
                offline   Gone
                2 covers: 0 fetched, 1 cached, 0 generated, 0 failed; offline: 1 album uses generated artwork
                  \(Self.reason)

                """)
        let show = try await run("covers", "show", "1", "--width", "4")
        #expect(show.status == 0)
        #expect(
            show.stderr
                == "bluelibrary: showing generated artwork: GET \(server.baseURL)/gone.png: \(Self.reason)\n")
        #expect(server.totalRequests == requests)
    }

    @Test func syncSaysWhyAndKeepsTheChange() async throws {
        // Never contacted: without libcurl nothing leaves the process.
        let remote = "http://127.0.0.1:9"
        let added = try await run("--remote", remote, "add", "--title", "Heroes", "--artist", "David Bowie")
        #expect(added.status == 0)
        let waiting =
            "bluelibrary: 1 change not yet sent to \(remote) (POST \(remote)/api/albums: \(Self.reason)); "
        #expect(added.stderr == waiting + "kept for the next run\n")
        let sync = try await run("--remote", remote, "sync")
        #expect(sync.status == 69)
        #expect(sync.stderr == waiting + "kept for the next run\n")
        #expect(try await home.ok("list", "heroes") == "2  David Bowie - Heroes\n")
    }

    @Test func everythingElseWorksAsBefore() async throws {
        let list = try await run("list")
        #expect(list.status == 0)
        #expect(list.stdout == "0  Painter - White\n1  Lost Band - Gone\n")
        #expect(try await run("delete", "1").status == 0)
        #expect(try await run("undo").status == 0)
        #expect(try await run("stats").status == 0)
    }

    @Test(.timeLimit(.minutes(1))) func serveAnswersCoversWithGeneratedArtworkAndTheReason() async throws {
        let id = try #require(try await home.ok("show", "1", "--json").split(separator: "\"")[3...].first)
        let serving = try await ServerProcess(environment: home.environment.merging(Self.missing) { $1 })
        let port = serving.port
        let connection = try RawHTTPConnection(port: port)
        connection.send("GET /covers/\(id) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        let answer = await connection.read(until: "</svg>")
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        #expect(answer.contains("Content-Type: image/svg+xml"))
        #expect(answer.contains("X-Cover-Failure: unavailable\r\n"))
        #expect(await serving.stop().status == 0)
        #expect(server.totalRequests == 0)
    }
}
