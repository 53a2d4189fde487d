import Foundation
import TestSupport
import Testing

/// OpenSSL's libcrypto gives the cover cache its SHA-256 file names. A machine without it is played by
/// `BLUELIBRARY_LIBCRYPTO` naming a file that does not exist: covers are still fetched and drawn, but none
/// is kept in the cache.
struct CLIWithoutLibcryptoTests {
    let home = CLIHome()
    let server: FixtureHTTPServer
    static let missing = ["BLUELIBRARY_LIBCRYPTO": "libbluelibrary-missing.so.3"]

    init() async throws {
        server = try FixtureHTTPServer { path in
            path == "/white.png"
                ? .response(status: 200, headers: ["Content-Type": "image/png"], body: CLICoversTests.png)
                : .response(status: 404, headers: [:], body: [])
        }
        let albums =
            #"[{"title": "White", "artist": "Painter", "cover_url": "\#(server.baseURL)/white.png"}]"#
        _ = try await home.ok("import", home.directory.write("albums.json", albums))
    }

    @Test func coversAreFetchedEveryTimeAndNeverCached() async throws {
        for _ in 0..<2 {
            let fetched = try await home.run(
                ["covers", "fetch", "--no-lookup", "white"], environment: Self.missing)
            #expect(fetched.status == 0)
            #expect(
                fetched.stdout == "fetched   White\n1 cover: 1 fetched, 0 cached, 0 generated, 0 failed\n")
        }
        #expect(server.totalRequests == 2)
        let cached =
            (try? FileManager.default.contentsOfDirectory(atPath: home.directory.file("home/covers"))) ?? []
        #expect(cached.isEmpty)
        // With libcrypto the same command keeps the cover, and the next one is served from the cache.
        _ = try await home.ok("covers", "fetch", "--no-lookup", "white")
        #expect(try await home.ok("covers", "fetch", "--no-lookup", "white").hasPrefix("cached    White\n"))
        #expect(server.totalRequests == 3)
    }
}
