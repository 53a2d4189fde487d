import BlueLibraryCore
import BlueLibraryCovers
import Foundation
import TestSupport
import Testing

/// `bluelibrary covers`, against a fixture server on 127.0.0.1 (the seed albums' real hosts are never
/// contacted: these libraries hold only fixture URLs).
struct CLICoversTests {
    let home = CLIHome()
    let server: FixtureHTTPServer
    static let png: [UInt8] = {
        var pixels: [UInt8] = []
        for _ in 0..<16 { pixels += [250, 250, 250, 255] }
        guard let image = RGBAImage(width: 4, height: 4, pixels: pixels),
            let bytes = try? ImageCodec.encodePNG(image)
        else { preconditionFailure("cannot make the fixture PNG") }
        return bytes
    }()

    init() async throws {
        server = try FixtureHTTPServer { path in
            path == "/white.png"
                ? .response(status: 200, headers: ["Content-Type": "image/png"], body: Self.png)
                : .response(status: 404, headers: [:], body: [])
        }
        let albums = """
            [{"title": "White", "artist": "Painter", "cover_url": "\(server.baseURL)/white.png"},
             {"title": "Gone", "artist": "Lost Band", "cover_url": "\(server.baseURL)/gone.png"},
             {"title": "Bare", "artist": "Nobody"}]
            """
        let file = home.directory.write("albums.json", albums)
        let library = home.directory.file("home/library.db")
        try FileManager.default.createDirectory(
            atPath: home.directory.file("home"), withIntermediateDirectories: true)
        // Start from an empty library: delete the five seeds, whose covers point at the internet.
        for _ in 0..<5 { _ = try await home.run(["--library", library, "delete", "0"]) }
        _ = try await home.ok("import", file)
    }

    @Test func fetchDownloadsOnceThenUsesTheCache() async throws {
        let first = try await home.ok("covers", "fetch", "--no-lookup")
        #expect(
            first == """
                fetched   White
                failed    Gone
                generated Bare
                3 covers: 1 fetched, 0 cached, 1 generated, 1 failed
                  Gone: GET \(server.baseURL)/gone.png: HTTP status 404

                """)
        let second = try await home.ok("covers", "fetch", "--no-lookup", "white")
        #expect(second == "cached    White\n1 cover: 0 fetched, 1 cached, 0 generated, 0 failed\n")
        #expect(server.requests(to: "/white.png") == 1)
        #expect(FileManager.default.fileExists(atPath: home.directory.file("home/covers")))
    }

    @Test func onATerminalFetchDrawsAProgressBar() async throws {
        let text = try await home.onTerminal("covers fetch --no-lookup")
        #expect(text.contains("\r[##############################] 3/3 covers"))
        #expect(text.contains("3 covers: 1 fetched, 0 cached, 1 generated, 1 failed"))
        #expect(!text.contains("fetched   White"), "per-album lines are for pipes; a terminal gets the bar")
    }

    @Test func showDrawsTheCoverInTheTerminal() async throws {
        let plain = try await home.run(
            ["covers", "show", "0", "--width", "6"], environment: ["NO_COLOR": "1"])
        #expect(plain.status == 0)
        #expect(plain.stdout == String(repeating: "@@@@@@\n", count: 3))
        let colour = try await home.run(
            ["covers", "show", "0", "-w", "4"], environment: ["COLORTERM": "truecolor"])
        #expect(colour.stdout.contains("\u{1B}[38;2;250;250;250m\u{1B}[48;2;250;250;250m▀"))
        let fallback = try await home.run(
            ["covers", "show", "1", "--width", "8"], environment: ["NO_COLOR": "1"])
        #expect(fallback.status == 0)
        #expect(
            fallback.stderr
                == "bluelibrary: showing generated artwork: GET \(server.baseURL)/gone.png: HTTP status 404\n"
        )
        #expect(fallback.stdout.split(separator: "\n").count == 4)
    }

    /// A cover that is a file on this machine, named by its path or a `file://` URL, is drawn from the
    /// file (its size is checked first: the binary reads it without Foundation's bridging).
    @Test func localCoverFilesAreDrawnFromTheFile() async throws {
        let file = home.directory.file("white-cover.png")
        #expect(FileManager.default.createFile(atPath: file, contents: Data(Self.png)))
        _ = try await home.ok("add", "--title", "Local", "--artist", "Me", "--cover", file)
        _ = try await home.ok("add", "--title", "URL", "--artist", "Me", "--cover", "file://" + file)
        for index in ["3", "4"] {
            let shown = try await home.run(
                ["covers", "show", index, "--width", "4"], environment: ["NO_COLOR": "1"])
            #expect(shown.status == 0)
            #expect(shown.stderr.isEmpty)
        }
        let fetched = try await home.ok("covers", "fetch", "me")
        #expect(
            fetched
                == "fetched   Local\nfetched   URL\n2 covers: 2 fetched, 0 cached, 0 generated, 0 failed\n")
    }

    @Test func clearEmptiesTheCache() async throws {
        _ = try await home.ok("covers", "fetch", "--no-lookup")
        #expect(try await home.ok("covers", "clear").hasPrefix("Removed 1 cover ("))
        #expect(try await home.ok("covers", "fetch", "--no-lookup", "white").hasPrefix("fetched   White"))
        #expect(server.requests(to: "/white.png") == 2)
    }

    @Test(arguments: [
        (
            ["covers"],
            "'covers' needs more arguments (usage: bluelibrary covers fetch [QUERY...] | show INDEX|ID [--width N] | clear)"
        ),
        (["covers", "polish"], "unknown covers action 'polish' (use fetch, show or clear)"),
        (
            ["covers", "show"],
            "'covers show' needs one album (usage: bluelibrary covers show INDEX|ID [--width N])"
        ),
        (["covers", "show", "0", "--width", "2"], "invalid --width '2': use a whole number from 4 to 400"),
        (["covers", "show", "9"], "no album at index 9 (the library has 3)"),
    ])
    func badCoverCommands(arguments: [String], message: String) async throws {
        let result = try await home.run(arguments)
        #expect(result.stderr == "bluelibrary: \(message)\n")
        #expect(result.status != 0)
        #expect(server.totalRequests == 0)
    }
}
