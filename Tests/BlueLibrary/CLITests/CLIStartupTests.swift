import TestSupport
import Testing

/// What `bluelibrary list` loads at start-up: the libraries only some verbs need are loaded
/// with dlopen by those verbs, never by the others. The dynamic loader's own account says so.
struct CLIStartupTests {
    let home = CLIHome()

    @Test(arguments: [
        "libmicrohttpd",  // serve
        "libcurl",  // covers fetch, sync, --remote
        "libcrypto",  // the cover cache's SHA-256
        "libBlueLibraryTagLib", "libtag",  // import DIR, embedded covers
        "libpng", "libjpeg", "libz",  // decoding covers
        "libpq",  // a library kept in PostgreSQL
    ])
    func listDoesNotLoad(library: String) async throws {
        _ = try await home.ok("list")
        let result = try await home.run(["list"], environment: ["LD_DEBUG": "libs"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("libsqlite3.so"), "the loader's trace is there to read")
        #expect(!result.stderr.contains(library))
    }
}
