import BlueLibraryCore
import BlueLibraryPostgres
import BlueLibrarySQLite
import BlueLibraryServices
import BlueLibraryStore
import Foundation
import TestSupport
import Testing

/// A library kept in PostgreSQL, named with `--database postgresql://…` or `BLUELIBRARY_DATABASE`: every
/// verb works on it, `migrate` moves a library there and back exactly, bad input gets one line and the
/// exit status SQLite's gets, and servers on one database hear each other's changes.
struct CLIDatabaseTests {
    let home = CLIHome()

    @Test func everyVerbWorksOnALibraryInPostgreSQL() async throws {
        let url = try await TestPostgres.database()
        let onIt = ["BLUELIBRARY_DATABASE": url]
        func ok(_ arguments: String...) async throws -> String {
            let result = try await home.run(arguments, environment: onIt)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(arguments)")
            return result.stdout
        }
        #expect(try await ok("list").contains("4  Madonna - American Pie (2000)"))
        _ = try await ok("add", "--title", "Homogenic", "--artist", "Björk", "--year", "1997", "--at", "1")
        _ = try await ok("edit", "homogenic", "--genre", "Electronic")
        #expect(try await ok("show", "1").contains("Electronic"))
        _ = try await ok("select", "bjork")
        #expect(try await ok("current").contains("Homogenic"))
        _ = try await ok("delete", "0")
        _ = try await ok("undo")
        _ = try await ok("redo")
        _ = try await ok("modify", "year:2000", "genre=Rock", "-y")
        _ = try await ok("remove", "artist:madonna", "-y")
        #expect(
            try await ok("list", "--format", "$artist $genre")
                == "Björk Electronic\nNo Doubt Pop\nSting Pop\nU2 Rock\n")
        #expect(try await ok("stats").contains("Albums:   4"))
        let export = home.directory.file("export.json")
        _ = try await ok("export", "-o", export)
        let backup = home.directory.file("backup.db")
        _ = try await ok("backup", backup)
        #expect(
            try await home.ok("--database", backup, "list", "--format", "$title")
                == "Homogenic\nIt's My Life\nNothing Like The Sun\nStaring at the Sun\n")
        // --database wins over the environment; the default file was never made.
        #expect(try await home.run(["--database", backup, "delete", "0"], environment: onIt).status == 0)
        #expect(try await ok("list", "--format", "$title").hasPrefix("Homogenic\n"))
        #expect(!FileManager.default.fileExists(atPath: home.libraryPath))
        #expect(FileManager.default.fileExists(atPath: export))
        let csv = "title,artist,year\nTen Summoner's Tales,Sting,1993\nThe Joshua Tree,U2,1987\n"
        let imported = try await home.run(["import", "-", "--format", "csv"], environment: onIt, stdin: csv)
        #expect(imported.stdout == "Imported 2 albums from standard input.\n")
        #expect(
            try await ok("list", "artist:u2", "--format", "$title") == "Staring at the Sun\nThe Joshua Tree\n"
        )
    }

    /// SQLite into PostgreSQL and back, through the command line: every table comes back as it was,
    /// and the library goes on as before (undo undoes the last change made before the move).
    @Test func migrateToPostgreSQLAndBackRoundTripsExactly() async throws {
        let music = MusicFolder()
        try await music.add("Band/Record/01.mp3", track("One", by: "Band", on: "Record", number: 1))
        try await music.add("Band/Record/02.mp3", track("Two", by: "Band", on: "Record", number: 2))
        _ = try await home.ok("import", music.root)
        _ = try await home.ok("add", "--title", "Mine", "--artist", "Me")
        _ = try await home.ok("edit", "mine", "--genre", "Jazz")
        _ = try await home.ok("delete", "record")
        _ = try await home.ok("undo")
        _ = try await home.ok("delete", "mine")
        _ = try await home.ok("select", "0")
        let original = try await contents(SQLiteLibraryStore(path: home.libraryPath))
        #expect(original.albums.count == 1 && original.tracks.count == 2 && original.history.count == 4)
        #expect(original.deletedAlbums.contains { $0.album.title == "Mine" && $0.edited == [.genre] })

        let url = try await TestPostgres.database()
        let there = try await home.ok("migrate", "--to", url)
        let location = try PostgresLibraryStore(url: url).location
        #expect(there == "Copied the library to \(location): \(original.summary).\n")
        #expect(try await contents(try PostgresLibraryStore(url: url)) == original)
        let back = home.directory.file("back.db")
        _ = try await home.ok("--database", url, "migrate", "--to", back)
        #expect(try await contents(SQLiteLibraryStore(path: back)) == original)
        // Each goes on alike: undo brings the deleted album back, with its place.
        for database in [url, back] {
            #expect(try await home.ok("--database", database, "undo").hasPrefix("Undid delete \"Mine\""))
            #expect(
                try await home.ok("--database", database, "list", "--format", "$index $title")
                    == "0 Record\n1 Mine\n")
        }
    }

    @Test func migrateRefusesALibraryInUseAndChangesNothing() async throws {
        let url = try await TestPostgres.database()
        _ = try await home.ok("--database", url, "add", "--title", "Theirs", "--artist", "Them")
        let before = try await contents(try PostgresLibraryStore(url: url))
        let result = try await home.run(["migrate", "--to", url])
        let location = try PostgresLibraryStore(url: url).location
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "bluelibrary: library \(location) already holds 6 albums, 0 deleted albums, 0 tracks, 1 history step, 0 changes waiting for a remote, 0 users, 0 playlists; copy into a new library instead\n"
        )
        #expect(try await contents(try PostgresLibraryStore(url: url)) == before)
        let onto = try await home.run(["--database", url, "migrate", "--to", url])
        #expect(onto.status == 64)
        #expect(onto.stderr == "bluelibrary: the library \(location) cannot be copied onto itself\n")
        let missing = try await home.run(["migrate"])
        #expect(missing.status == 64)
        #expect(
            missing.stderr
                == "bluelibrary: 'migrate' needs --to with the new library's URL or file (usage: bluelibrary migrate --to URL)\n"
        )
    }

    /// What each bad database says, and the status SQLite's counterpart exits with: one line, nothing
    /// written — for a verb that reads and one that writes.
    @Test func aDatabaseThatCannotBeUsedIsOneLineAndChangesNothing() async throws {
        let cluster = try await TestPostgres.sharedCluster()
        // The closed port CLIHome points MusicBrainz at: a port free only now could be taken by another
        // process (another suite's server) before the commands below try it.
        let unreachable = "postgresql://bl:secret@127.0.0.1:9/library"
        let foreign = try await TestPostgres.database()
        try await administer(foreign, "CREATE TABLE invoices (id integer)")
        let newer = try await TestPostgres.database()
        _ = try await home.ok("--database", newer, "list")
        try await administer(newer, "UPDATE bluelibrary SET schema_version = 42")
        let target = { (url: String) in (try? PostgresLibraryStore(url: url).location) ?? url }
        let wrongPassword = cluster.url(database: "library", password: "wrong")
        let cases: [(url: String, message: String, status: Int32)] = [
            (unreachable, "cannot connect to \(target(unreachable)): connection refused", 69),
            (
                wrongPassword,
                #"cannot connect to \#(target(wrongPassword)): password authentication failed for user "bl""#,
                69
            ),
            (
                foreign,
                "\(target(foreign)) is not a BlueLibrary database (it holds other tables); it was left untouched",
                65
            ),
            (
                newer,
                "library \(target(newer)) has schema version 42, newer than this bluelibrary understands (\(PostgresLibraryStore.schemaVersion)); upgrade bluelibrary",
                65
            ),
        ]
        for (url, message, status) in cases {
            for arguments in [["list"], ["add", "--title", "X", "--artist", "Y"]] {
                let result = try await home.run(["--database", url] + arguments)
                #expect(result.stderr == "bluelibrary: \(message)\n", "\(arguments)")
                #expect(result.status == status, "\(arguments)")
                #expect(result.stdout.isEmpty)
            }
        }
        #expect(try await tables(foreign) == ["invoices"])
        #expect(try await administer(newer, "SELECT count(*) FROM albums").first?.int(0) == 5)
        #expect(try await administer(newer, "SELECT count(*) FROM history").first?.int(0) == 0)
        // SQLite's counterparts exit alike: another application's file and a newer schema 65.
        let notes = home.directory.write("notes.txt", "dear diary\n")
        #expect(try await home.run(["--database", notes, "list"]).status == 65)
    }

    /// A libpq keyword string is a PostgreSQL library, never a file named after it (with its password);
    /// `--database-file` keeps a URL out of `ps`; no message says a password.
    @Test func aKeywordStringOrAFileNamesTheDatabaseAndNoPasswordIsShown() async throws {
        let keywords = "host=127.0.0.1 port=9 dbname=library user=bl password=S3cretWord"
        let environment = home.environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let refused = try await BinaryRunner.shell(
            "cd '\(home.directory.path)' && env \(environment) \"$BIN/bluelibrary\" --database '\(keywords)' list",
            environment: [:])
        #expect(refused.status == 69, "\(refused.stderr)")
        #expect(
            refused.stderr
                == "bluelibrary: cannot connect to postgresql://bl@127.0.0.1:9/library: connection refused\n")
        #expect(!FileManager.default.fileExists(atPath: home.directory.file(keywords)))
        let malformed = try await home.run([
            "--database", "postgresql://bl:S3cret/Word@127.0.0.1:x/library", "list",
        ])
        #expect(malformed.status == 69, "\(malformed.stderr)")
        #expect(
            !malformed.stderr.contains("S3cret") && !malformed.stderr.contains("Word"), "\(malformed.stderr)")
        // The URL on a file's first line: the same library as --database names.
        let url = try await TestPostgres.database()
        let file = home.directory.write("database.url", url + "\n")
        _ = try await home.ok("--database-file", file, "add", "--title", "From A File", "--artist", "Me")
        #expect(try await home.ok("--database", url, "list", "file").contains("Me - From A File"))
        #expect(!FileManager.default.fileExists(atPath: home.libraryPath))
        let both = try await home.run(["--database-file", file, "--database", url, "list"])
        #expect(both.status == 64)
        #expect(
            both.stderr
                == "bluelibrary: --database and --database-file name the same thing: give one of them\n")
        let empty = home.directory.write("empty.url", "\n")
        #expect(
            try await home.run(["--database-file", empty, "list"]).stderr
                == "bluelibrary: \(empty) names no library: put its path or postgresql:// URL on the first line\n"
        )
        let missing = try await home.run(["--database-file", home.directory.file("none.url"), "list"])
        #expect(missing.status == 66)
    }

    /// The page's sign-ins live in the database: a session made through one `serve --sign-in` lets the
    /// browser into another on the same PostgreSQL database (no sticky sessions), and signing out through
    /// the second ends it on the first too.
    @Test(.timeLimit(.minutes(5))) func aSessionIsEveryServersAndSigningOutEndsItOnAll() async throws {
        let url = try await TestPostgres.database()
        let added = try await home.run(["--database", url, "user", "add", "joe"], stdin: "s3cret\n")
        #expect(added.status == 0, "\(added.stderr)")
        let environment = home.environment.merging(["BLUELIBRARY_OFFLINE": "1"]) { $1 }
        let arguments = ["--database", url, "--port", "0", "--sign-in", "--no-watch"]
        let first = try await ServerProcess(arguments: arguments, environment: environment)
        let second = try await ServerProcess(arguments: arguments, environment: environment)
        #expect(try await LoopbackHTTP.request(port: second.port, "GET", "/api/albums")?.status == 401)
        let signedIn = try await LoopbackHTTP.request(
            port: first.port, "POST", "/api/session", body: #"{"name": "joe", "password": "s3cret"}"#)
        #expect(signedIn?.status == 200, "\(signedIn?.body ?? "no answer")")
        let cookie = String(try #require(signedIn?.headers["set-cookie"]).prefix { $0 != ";" })
        let withCookie = ["Cookie": cookie]
        for server in [first, second] {
            let albums = try await LoopbackHTTP.request(
                port: server.port, "GET", "/api/albums", headers: withCookie)
            #expect(albums?.status == 200)
        }
        let out = try await LoopbackHTTP.request(
            port: second.port, "DELETE", "/api/session", headers: withCookie)
        #expect(out?.status == 200)
        for server in [first, second] {
            let albums = try await LoopbackHTTP.request(
                port: server.port, "GET", "/api/albums", headers: withCookie)
            #expect(albums?.status == 401)
        }
        await first.kill()
        await second.kill()
    }

    /// Two servers on one database: a change made through one reaches the other's event stream, through
    /// LISTEN/NOTIFY, in well under 100 ms (the median of ten), counted from the moment the first server
    /// acknowledged it — its own round trip is not the notice's, and on a busy 2-core machine it alone
    /// can take longer.
    ///
    /// The time limit only bounds a test that hangs: the waits below are the test's own.
    @Test(.timeLimit(.minutes(10))) func aChangeThroughOneServerReachesTheOthersPageAtOnce() async throws {
        let url = try await TestPostgres.database()
        let environment = home.environment.merging(["BLUELIBRARY_OFFLINE": "1"]) { $1 }
        // What the servers log, for a failure to show (one saw a POST go unanswered for 30 s, once).
        let logs = (home.directory.file("first.log"), home.directory.file("second.log"))
        let (first, second) = (
            try await ServerProcess(
                arguments: ["--database", url, "--port", "0"], environment: environment, stderr: logs.0),
            try await ServerProcess(
                arguments: ["--database", url, "--port", "0"], environment: environment, stderr: logs.1)
        )
        func serverLogs() -> String {
            [logs.0, logs.1].map { (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "" }
                .joined(separator: "\n---\n")
        }
        let events = try RawHTTPConnection(port: second.port)
        events.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(await events.read(until: "retry:").contains("200"))
        var count = 5
        /// Adds an album through the first server and waits up to `seconds` for the second's page to hear.
        func change(waiting seconds: Double) async throws -> Duration? {
            count += 1
            let reply = try await LoopbackHTTP.request(
                port: first.port, "POST", "/api/albums",
                body: #"{"title": "Live \#(count)", "artist": "Band"}"#, seconds: 30)
            #expect(reply?.status == 201, "\(serverLogs())")
            let acknowledged = ContinuousClock.now
            let heard = await events.read(until: "\"count\":\(count),", seconds: seconds)
            return heard.contains("\"count\":\(count),") ? ContinuousClock.now - acknowledged : nil
        }
        // The second server listens once its watcher has connected: a change before that is not news.
        // Nothing says when it has, so changes are made until one is heard (on a busy machine connecting
        // can take seconds).
        var listening = false
        let connecting = ContinuousClock.now + .seconds(30)
        while !listening && ContinuousClock.now < connecting {
            listening = try await change(waiting: 1) != nil
        }
        #expect(listening)
        // Each notice must come (a long wait: one held up by the machine is late, not lost); the median
        // says how soon.
        var latencies: [Duration] = []
        for _ in 0..<10 {
            let latency = try await change(waiting: 20)
            #expect(latency != nil)
            latencies.append(latency ?? .seconds(20))
        }
        #expect(latencies.sorted()[5] < .milliseconds(100), "\(latencies)")
        await first.stop()
        await second.stop()
    }

    /// The key that seals a PostgreSQL library's passwords lives in the home folder, named after the
    /// server and database (no library file to put it beside), or where BLUELIBRARY_KEY_FILE says — the
    /// one key every server of the database is given; a server started with it lets the user in.
    @Test func theUsersPasswordKeyOfALibraryInPostgreSQLIsInTheHomeFolderOrWhereTheEnvironmentSays()
        async throws
    {
        let url = try await TestPostgres.database()
        let added = try await home.run(["--database", url, "user", "add", "ann"], stdin: "pass 1\n")
        #expect(added.status == 0, "\(added.stderr)")
        let location = try PostgresLibraryStore(url: url).location
        let name = String(
            location.map { $0.isLetter && $0.isASCII || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
        #expect(name.hasPrefix("postgresql___bl_127.0.0.1_"))
        #expect(FileManager.default.fileExists(atPath: home.directory.file("home/\(name).key")))
        let shared = home.directory.file("shared.key")
        let bob = try await home.run(
            ["--database", url, "user", "add", "bob"], environment: ["BLUELIBRARY_KEY_FILE": shared],
            stdin: "pass 2\n")
        #expect(bob.status == 0, "\(bob.stderr)")
        #expect(FileManager.default.fileExists(atPath: shared))
        let server = try await ServerProcess(
            arguments: ["--database", url, "--port", "0"],
            environment: home.environment.merging([
                "BLUELIBRARY_OFFLINE": "1", "BLUELIBRARY_KEY_FILE": shared,
            ]) { $1 })
        let ping = try await LoopbackHTTP.request(
            port: server.port, "GET", "/rest/ping.view?u=bob&p=pass%202&v=1.16.1&c=test&f=json",
            seconds: 60)
        #expect(ping?.body.contains(#""status":"ok""#) == true, "\(ping?.body ?? "no answer")")
        await server.stop()
    }

    /// `migrate` carries the key that seals the users' passwords to where the copy looks for it, so a
    /// user logs in to the copy as before — into PostgreSQL and back into a file, with no
    /// BLUELIBRARY_KEY_FILE to help.
    @Test func aUserLogsInAfterMigratingBothWays() async throws {
        _ = try await home.ok("user", "add", "ann", stdin: "pass 1\n")
        let url = try await TestPostgres.database()
        let location = try PostgresLibraryStore(url: url).location
        let name = String(
            location.map { $0.isLetter && $0.isASCII || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
        let there = try await home.ok("migrate", "--to", url)
        #expect(
            there.hasSuffix(
                "Its users' passwords open with the key \(home.directory.file("home/\(name).key")).\n"))
        let back = home.directory.file("back.db")
        let again = try await home.ok("--database", url, "migrate", "--to", back)
        #expect(again.hasSuffix("Its users' passwords open with the key \(back).key.\n"))
        for database in [url, back] {
            let server = try await ServerProcess(
                arguments: ["--database", database, "--port", "0"],
                environment: home.environment.merging(["BLUELIBRARY_OFFLINE": "1"]) { $1 })
            let ping = try await LoopbackHTTP.request(
                port: server.port, "GET", "/rest/ping.view?u=ann&p=pass%201&v=1.16.1&c=test&f=json",
                seconds: 60)
            #expect(
                ping?.body.contains(#""status":"ok""#) == true, "\(database): \(ping?.body ?? "no answer")")
            await server.stop()
        }
        // A key place that holds another library's key is refused before anything is copied.
        let other = home.directory.file("other.db")
        let otherKey = home.directory.write("other.db.key", String(repeating: "k", count: 32))
        #expect(chmod(otherKey, 0o600) == 0)
        let refused = try await home.run(["migrate", "--to", other])
        #expect(refused.status != 0)
        #expect(
            refused.stderr.contains("the password key \(otherKey) is another library's"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: other))
    }

    private func contents(_ store: any LibraryStore) async throws -> LibraryContents {
        let contents = try await store.read { try $0.contents() }
        await store.close()
        return contents
    }

    @discardableResult
    private func administer(_ url: String, _ sql: String) async throws -> PostgresResult {
        let connection = try await PostgresConnection.connect(to: url)
        let result = try await connection.query(sql)
        await connection.close()
        return result
    }

    private func tables(_ url: String) async throws -> [String] {
        try await administer(url, "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
            .compactMap { $0.string(0) }
    }
}
