import BlueLibraryCore
import Foundation
import TestSupport
import Testing

/// A running `serve` follows its music folders: files added, changed, removed and renamed under it are
/// in the JSON API soon after, each burst one rescan; a folder that disappears (as an unmounted disk's
/// does) keeps its tracks; `--no-watch` turns it off — on SQLite and on PostgreSQL.
@Suite(.timeLimit(.minutes(3)))
struct CLIFolderWatchTests {
    let home = CLIHome()
    let music = MusicFolder()

    /// The environment of a library of `kind` (a new PostgreSQL database, or the home's file).
    private func environment(_ kind: StoreKind) async throws -> [String: String] {
        var environment = home.environment.merging(["BLUELIBRARY_OFFLINE": "1"]) { $1 }
        if kind == .postgres { environment["BLUELIBRARY_DATABASE"] = try await TestPostgres.database() }
        return environment
    }

    /// The titles of the tracks the JSON API finds for `query`.
    private func titles(_ port: Int, _ query: String) async throws -> [String] {
        let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
        guard
            let reply = try await LoopbackHTTP.request(
                port: port, "GET", "/api/tracks?q=\(encoded)&limit=100"),
            reply.status == 200,
            case .array(let tracks)? = try JSONParser.parse(Array(reply.body.utf8))["tracks"]
        else { return [] }
        return tracks.compactMap { track in
            if case .string(let title)? = track["title"] { return title }
            return nil
        }
    }

    /// Waits (at most 30 s) until `condition` holds; how long it took.
    @discardableResult
    private func until(
        _ what: String, _ condition: () async throws -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Duration {
        let start = ContinuousClock.now
        while ContinuousClock.now - start < .seconds(30) {
            if try await condition() { return .now - start }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("not within 30 s: \(what)", sourceLocation: sourceLocation)
        return .seconds(30)
    }

    /// What changed while no server ran (or while it was starting) is found when one starts: the first
    /// look at the folders scans them once their watches are in place.
    @Test(arguments: StoreKind.allCases)
    func whatChangedWhileNoServerRanIsFoundWhenOneStarts(kind: StoreKind) async throws {
        let environment = try await environment(kind)
        try await music.add("Band/First/01.mp3", track("Opening", by: "Band", on: "First", number: 1))
        #expect(try await home.run(["import", music.root], environment: environment).status == 0)
        try await music.add("Band/First/01.mp3", track("Overture", by: "Band", on: "First", number: 1))
        try await music.add("Band/Later/01.mp3", track("Arrival", by: "Band", on: "Later", number: 1))
        let server = try await ServerProcess(
            environment: environment, stderr: home.directory.file("serve.log"))
        let port = server.port
        try await until("the changes made while no server ran") {
            let (first, later) = (
                try await titles(port, "album:first"), try await titles(port, "album:later")
            )
            return first == ["Overture"] && later == ["Arrival"]
        }
        #expect(await server.stop().status == 0)
        // Started again with nothing changed: no rescan is logged, no undo step is made.
        let quiet = home.directory.file("again.log")
        let again = try await ServerProcess(environment: environment, stderr: quiet)
        try await Task.sleep(for: .seconds(2))
        #expect(await again.stop().status == 0)
        let text = String(decoding: FileManager.default.contents(atPath: quiet) ?? Data(), as: UTF8.self)
        #expect(!text.contains("Rescanned"), "\(text)")
    }

    @Test(arguments: StoreKind.allCases)
    func aRunningServerFollowsItsMusicFolder(kind: StoreKind) async throws {
        let environment = try await environment(kind)
        try await music.add("Band/First/01.mp3", track("Opening", by: "Band", on: "First", number: 1))
        try await music.add("Band/First/02.mp3", track("Closing", by: "Band", on: "First", number: 2))
        #expect(try await home.run(["import", music.root], environment: environment).status == 0)
        let log = home.directory.file("serve.log")
        let server = try await ServerProcess(environment: environment, stderr: log)
        let port = server.port
        #expect(try await titles(port, "album:first") == ["Opening", "Closing"])
        var latencies: [Duration] = []

        // An album copied in: one rescan when the burst is over.
        let copy = MusicFolder()
        try await copy.add("Second/01.mp3", track("Arrival", by: "Band", on: "Second", number: 1))
        try await copy.add("Second/02.mp3", track("Departure", by: "Band", on: "Second", number: 2))
        #expect(rename(copy.path("Second"), music.path("Band/Second")) == 0)
        latencies.append(
            try await until("the album copied in") {
                try await titles(port, "album:second") == ["Arrival", "Departure"]
            })
        // A file retagged in place.
        try await music.add("Band/First/02.mp3", track("Finale", by: "Band", on: "First", number: 2))
        latencies.append(
            try await until("the retagged file") {
                try await titles(port, "album:first") == ["Opening", "Finale"]
            })
        // A file removed.
        try music.remove("Band/Second/02.mp3")
        latencies.append(
            try await until("the removed file") { try await titles(port, "album:second") == ["Arrival"] })
        // A file renamed: the same track, with its id, its star and its plays, at its new path.
        func opening() async throws -> ShownAlbum.Track? {
            let shown = try await home.run(["show", "album:first", "--json"], environment: environment)
            return try JSONDecoder().decode(ShownAlbum.self, from: Data(shown.stdout.utf8)).tracks.first {
                $0.title == "Opening"
            }
        }
        let id = try #require(try await opening()).id
        #expect(
            try await home.run(["user", "add", "joe"], environment: environment, stdin: "s3cret\n").status
                == 0)
        func subsonic(_ call: String) async throws -> String {
            let path = "/rest/\(call)&u=joe&p=s3cret&v=1.16.1&c=tests&f=json"
            return try await LoopbackHTTP.request(port: port, "GET", path)?.body ?? ""
        }
        #expect(try await subsonic("star?id=\(id)").contains("\"ok\""))
        #expect(try await subsonic("scrobble?id=\(id)&submission=true").contains("\"ok\""))
        #expect(rename(music.path("Band/First/01.mp3"), music.path("Band/First/01 Opening.mp3")) == 0)
        latencies.append(
            try await until("the renamed file") {
                try await opening()?.path == music.path("Band/First/01 Opening.mp3")
            })
        #expect(try await opening()?.id == id, "the renamed file's track keeps its id")
        let song = try await subsonic("getSong?id=\(id)")
        #expect(song.contains("\"starred\"") && song.contains("\"playCount\":1"), "\(song)")
        #expect(try await titles(port, "album:first") == ["Opening", "Finale"])

        // The whole folder disappears, as an unmounted disk's does: its tracks stay.
        let away = music.root + ".away"
        #expect(rename(music.root, away) == 0)
        #expect(mkdir(music.root, 0o755) == 0)
        try await Task.sleep(for: .seconds(3))
        #expect(try await titles(port, "band").count == 3, "the tracks of a folder that disappeared are kept")
        #expect(rmdir(music.root) == 0)
        #expect(rename(away, music.root) == 0)

        let sorted = latencies.sorted()
        print("watch latency (\(kind)): median \(sorted[sorted.count / 2]), all \(latencies)")
        #expect(await server.stop().status == 0)
        let text = String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self)
        #expect(text.contains("Rescanned \(music.root):"))
        #expect(text.contains("is empty or gone; its tracks are kept"))
        // Every rescan that changed something is one undo step.
        let history = try await home.run(["undo"], environment: environment)
        #expect(
            history.stdout.hasPrefix("Undid import of a music folder"), "\(history.stdout)\(history.stderr)")
    }

    @Test func noWatchLeavesTheFolderToImport() async throws {
        let environment = try await environment(.sqlite)
        try await music.add("Band/First/01.mp3", track("Opening", by: "Band", on: "First", number: 1))
        #expect(try await home.run(["import", music.root], environment: environment).status == 0)
        let server = try await ServerProcess(
            arguments: ["--port", "0", "--no-watch"], environment: environment)
        try await music.add("Band/First/02.mp3", track("Closing", by: "Band", on: "First", number: 2))
        try await Task.sleep(for: .seconds(3))
        #expect(try await titles(server.port, "album:first") == ["Opening"])
        #expect(try await home.run(["import", music.root], environment: environment).status == 0)
        try await until("the manual rescan") {
            try await titles(server.port, "album:first") == ["Opening", "Closing"]
        }
        #expect(await server.stop().status == 0)
    }
}
