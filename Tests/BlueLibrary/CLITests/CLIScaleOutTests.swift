import BlueLibraryCore
import BlueLibraryPostgres
import BlueLibraryStore
import Foundation
import Synchronization
import TestSupport
import Testing

/// Several `serve` processes on one PostgreSQL database, under load, losing a machine: a server killed
/// with SIGKILL behind HAProxy, and the database's primary killed and its synchronous standby promoted.
/// Every write a client saw acknowledged is in the library afterwards, the counts add up exactly, and the
/// servers that are left keep serving.
@Suite(.serialized) struct CLIScaleOutTests {
    let home = CLIHome()

    /// The servers' environment: the test's home, no network.
    private var environment: [String: String] {
        home.environment.merging(["BLUELIBRARY_OFFLINE": "1"]) { $1 }
    }

    /// What the writers scrobble and add to playlists: a scanned album's tracks, a user of the Subsonic API
    /// (added with `bluelibrary user add`, so the servers check the password with the key beside the
    /// home's library) and one playlist of that user's per writer.
    private func prepareListening(on url: String) async throws -> Listening {
        let added = try await home.run(["--database", url, "user", "add", "listener"], stdin: "s3cret\n")
        #expect(added.status == 0, "\(added.stderr)")
        let album = try Album(title: "Scanned", artist: "Band").withTracks(count: 4, length: 240)
        let tracks = (1...4).map { (number: Int) in
            StoredTrack(
                track: Track(
                    disc: 1, number: number, title: "Song \(number)", artist: "Band", duration: 60,
                    path: "/music/band/\(number).flac"),
                albumID: album.id, size: 1, modified: 1, tags: "")
        }
        let store = try PostgresLibraryStore(url: url)
        let playlists = try await store.write { writer in
            try writer.saveScanned(album, source: "test:scanned")
            try writer.replaceTracks(of: album.id, with: tracks)
            let user = try #require(try writer.user(named: "listener"))
            return try (0..<4).map { number in
                let playlist = StoredPlaylist(
                    id: AlbumID.random().rawValue, owner: user.id, name: "Writer \(number)", created: 1,
                    changed: 1)
                try writer.savePlaylist(playlist)
                return playlist.id
            }
        }
        await store.close()
        return Listening(
            album: album.id.rawValue, tracks: tracks.map(\.track.id), playlists: playlists,
            credentials: "u=listener&p=s3cret&v=1.16.1&c=scale-out&f=json")
    }

    /// Two `serve` processes on one database, started for a test: stopped after it, also when it throws
    /// (and killed when released, should the test be cancelled).
    private func withServers<T: Sendable>(
        on url: String, _ body: ([ServerProcess]) async throws -> T
    ) async throws -> T {
        let servers = [
            try await ServerProcess(arguments: ["--database", url, "--port", "0"], environment: environment),
            try await ServerProcess(arguments: ["--database", url, "--port", "0"], environment: environment),
        ]
        do {
            let result = try await body(servers)
            for server in servers { await server.kill() }
            return result
        } catch {
            for server in servers { await server.kill() }
            throw error
        }
    }

    @Test(.timeLimit(.minutes(2))) func twoServersBehindHAProxyLoseNothingWhenOneIsKilled() async throws {
        let url = try await TestPostgres.database()
        let listening = try await prepareListening(on: url)
        try await withServers(on: url) { servers in
            let proxy = try await HAProxy(servers: servers.map(\.port))
            let killed = KillSwitch()
            // Four writers through the proxy for 10 s (longer on a machine too busy for the load the
            // checks count: see Writer.run); the first server is killed 4 s in.
            let deadline = ContinuousClock.now + .seconds(10)
            let logs = try await withThrowingTaskGroup(of: WriterLog.self) { group in
                for number in 0..<4 {
                    group.addTask {
                        var writer = Writer(
                            number: number, port: proxy.port, killed: killed, listening: listening)
                        try await writer.run(until: deadline, atLatest: deadline + .seconds(30))
                        return writer.log
                    }
                }
                try await Task.sleep(for: .seconds(4))
                await servers[0].kill()
                killed.trip()
                return try await group.reduce(into: []) { $0.append($1) }
            }
            // The proxy and the survivor kept serving every writer.
            #expect(proxy.isRunning, "HAProxy stopped: \(proxy.log)")
            await proxy.stop()
            #expect(servers[1].isRunning)
            for log in logs { #expect(log.acknowledgedAfterKill > 0, "writer \(log.number)") }
            #expect(
                logs.map(\.unsure.count).reduce(0, +) <= 4,
                "at most the requests in flight on the killed server: \(logs.flatMap(\.unsureAnswers))")
            try await check(
                logs, listening, in: try PostgresLibraryStore(url: url), answeredBy: servers[1].port)
        }
    }

    @Test(.timeLimit(.minutes(2))) func aPromotedSynchronousStandbyHasEveryAcknowledgedWrite() async throws {
        let primary = try await PostgresCluster.start(replicated: true)
        // Should the test process die, a watcher stops the clusters; otherwise they stop below.
        try primary.stopWhenProcessEnds(getpid())
        var standby: PostgresCluster?
        do {
            standby = try await primary.startStandby()
            try await failOver(from: primary, to: try #require(standby))
        } catch {
            await standby?.stop()
            await primary.stop()
            throw error
        }
        await standby?.stop()
        await primary.stop()
    }

    /// Writers on two servers whose database is `primary`, synchronously replicated to `standby`; the
    /// primary killed 3 s in, the standby promoted, the servers finding it; then the check.
    private func failOver(from primary: PostgresCluster, to standby: PostgresCluster) async throws {
        try standby.stopWhenProcessEnds(getpid())
        try await primary.makeStandbysSynchronous()
        // The servers name both hosts: libpq connects to whichever takes writes, so once the standby is
        // promoted the servers' next connections find it.
        let url =
            "postgresql://\(PostgresCluster.user):\(primary.password)@127.0.0.1:\(primary.port),127.0.0.1:\(standby.port)/library?target_session_attrs=read-write&connect_timeout=5"
        let listening = try await prepareListening(on: url)
        try await withServers(on: url) { servers in
            let killed = KillSwitch()
            let deadline = ContinuousClock.now + .seconds(9)
            let logs = try await withThrowingTaskGroup(of: WriterLog.self) { group in
                for number in 0..<4 {
                    let server = servers[number % 2]
                    group.addTask {
                        var writer = Writer(
                            number: number, port: server.port, killed: killed, listening: listening)
                        try await writer.run(until: deadline, atLatest: deadline + .seconds(30))
                        return writer.log
                    }
                }
                try await Task.sleep(for: .seconds(3))
                try primary.killNine()
                killed.trip()
                try await Task.sleep(for: .milliseconds(500))
                try await standby.promote()
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for log in logs {
                #expect(log.acknowledgedAfterKill > 0, "writer \(log.number) wrote to the new primary")
            }
            try await check(
                logs, listening, in: try PostgresLibraryStore(url: standby.url()), answeredBy: servers[1].port
            )
        }
    }

    /// Checks the library against what the writers were told: every acknowledged add is there unless it
    /// was deleted, every acknowledged delete is gone, every album is a seed or one a writer added, an
    /// edited album holds its last acknowledged genre (or a later one whose answer was lost), and the
    /// count — in the database, by its positions and as a server answers it — is exactly the albums'.
    private func check(
        _ logs: [WriterLog], _ listening: Listening, in store: PostgresLibraryStore, answeredBy port: Int
    ) async throws {
        let (albums, count, indexes) = try await store.read { reader in
            let albums = try reader.albums()
            return (albums, try reader.count(), try albums.map { try reader.locate($0.id)?.index })
        }
        let (plays, playlists) = try await store.read { reader in
            let user = try reader.user(named: "listener")?.id ?? ""
            let plays = try reader.annotations(of: user, kind: .song, ids: listening.tracks).mapValues(
                \.playCount)
            return (plays, try listening.playlists.map { try reader.playlist(id: $0)?.trackIDs.count ?? -1 })
        }
        await store.close()
        let present = Dictionary(albums.map { ($0.id.rawValue, $0) }) { first, _ in first }
        #expect(present.count == albums.count, "no album twice")
        #expect(count == albums.count)
        #expect(indexes == albums.indices.map { Optional($0) })
        var mustBe = Set(Album.seeds.map(\.id.rawValue) + [listening.album])
        var mayBe = Set<String>()
        for log in logs {
            let deleted = log.acknowledgedDeletes.union(log.unsureDeletes)
            mustBe.formUnion(Set(log.acknowledgedAdds).subtracting(deleted))
            mayBe.formUnion(log.unsureAdds)
            mayBe.formUnion(Set(log.acknowledgedAdds).intersection(log.unsureDeletes))
            for id in log.acknowledgedDeletes { #expect(present[id] == nil, "acknowledged delete of \(id)") }
            for (id, genres) in log.genres {
                guard let album = present[id], let acknowledged = genres.acknowledged else { continue }
                #expect(([acknowledged] + genres.later).contains(album.genre), "genre of \(id)")
            }
            #expect(log.unexpected.isEmpty, "writer \(log.number): \(log.unexpected)")
        }
        // Scrobbles and playlist additions: every acknowledged one counted, none counted that was not sent.
        for (index, track) in listening.tracks.enumerated() {
            let sent = logs.map { $0.scrobbles[index] }.reduce((0, 0)) {
                ($0.0 + $1.acknowledged, $0.1 + $1.unsure)
            }
            #expect((sent.0...(sent.0 + sent.1)).contains(plays[track] ?? 0), "plays of track \(index + 1)")
        }
        for log in logs {
            let added = log.playlistAdditions
            #expect(
                (added.acknowledged...(added.acknowledged + added.unsure)).contains(playlists[log.number]),
                "playlist of writer \(log.number)")
        }
        #expect(
            logs.map { $0.scrobbles.map(\.acknowledged).reduce(0, +) }.reduce(0, +) > 20,
            "scrobbles were made")
        #expect(logs.map(\.playlistAdditions.acknowledged).reduce(0, +) > 20, "playlists changed")
        let missing = mustBe.subtracting(present.keys)
        let unknown = Set(present.keys).subtracting(mustBe).subtracting(mayBe)
        #expect(missing.isEmpty, "acknowledged but lost: \(missing)")
        #expect(unknown.isEmpty, "never written: \(unknown)")
        let state = try await LoopbackHTTP.request(port: port, "GET", "/api/state", seconds: Writer.patience)
        #expect(state?.body.contains("\"count\":\(albums.count),") == true, "\(state?.body ?? "no answer")")
        #expect(logs.map(\.acknowledgedAdds.count).reduce(0, +) > 100, "the load was real")
    }
}

/// What the writers listen to: a scanned album's tracks, one playlist per writer, and the query string
/// that logs in to the Subsonic API.
private struct Listening: Sendable {
    let album: String
    let tracks: [String]
    let playlists: [String]
    let credentials: String
}

/// How many of some writes were acknowledged and how many had an unknown outcome.
struct Tally: Sendable {
    var acknowledged = 0
    var unsure = 0
}

/// Set once the machine is gone, so writers count what was acknowledged after.
private final class KillSwitch: Sendable {
    private let tripped = Atomic<Bool>(false)

    var isTripped: Bool { tripped.load(ordering: .acquiring) }

    func trip() { tripped.store(true, ordering: .releasing) }
}

/// What one writer sent and what it was told: acknowledged (a 2xx answer) or unsure (no answer, or a
/// 5xx: the change may or may not have been committed).
struct WriterLog: Sendable {
    let number: Int
    var acknowledgedAdds: [String] = []
    var unsureAdds: Set<String> = []
    var acknowledgedDeletes: Set<String> = []
    var unsureDeletes: Set<String> = []
    /// Each edited album's last acknowledged genre, and the genres sent after it without an answer.
    var genres: [String: (acknowledged: String?, later: [String])] = [:]
    /// Plays of each listening track sent (``Listening/tracks``' order).
    var scrobbles = [Tally](repeating: Tally(), count: 4)
    /// Songs added to this writer's playlist.
    var playlistAdditions = Tally()
    /// Writes acknowledged after the kill.
    var acknowledgedAfterKill = 0
    /// Answers no write should get (a 4xx), as `METHOD path: status body`.
    var unexpected: [String] = []

    /// What each write whose outcome is unknown was answered, as `METHOD path: status body` or `no answer`.
    var unsureAnswers: [String] = []

    /// Every write whose outcome is unknown.
    var unsure: [String] { Array(unsureAdds) + Array(unsureDeletes) }
}

/// A client that adds albums, edits their genre and deletes them, one request at a time, as fast as the
/// answers come.
private struct Writer {
    let port: Int
    let killed: KillSwitch
    let listening: Listening
    var log: WriterLog
    private var step = 0

    init(number: Int, port: Int, killed: KillSwitch, listening: Listening) {
        self.port = port
        self.killed = killed
        self.listening = listening
        log = WriterLog(number: number)
    }

    /// The albums it added and knows are there.
    private var live: [String] {
        log.acknowledgedAdds.filter {
            !log.acknowledgedDeletes.contains($0) && !log.unsureDeletes.contains($0)
        }
    }

    /// How long a request may go unanswered before it counts as unsure. Long: an answer held up by a
    /// busy machine is not a lost one, and the checks allow only the requests in flight on a killed
    /// server to be unsure.
    static let patience = 30.0

    /// Whether it has done its quarter of what the checks count — more than 100 adds, 20 scrobbles and
    /// 20 playlist additions acknowledged in all — and had a write acknowledged after the kill.
    private var hasDoneItsShare: Bool {
        killed.isTripped && log.acknowledgedAfterKill > 0 && log.acknowledgedAdds.count > 25
            && log.scrobbles.map(\.acknowledged).reduce(0, +) > 5 && log.playlistAdditions.acknowledged > 5
    }

    /// Sends, one at a time, four adds, two edits, a delete, two scrobbles and a playlist change in
    /// every ten requests (adds while it has fewer than three albums of its own), until `deadline`; and
    /// past it, until it has done its share, or `latest`. How much load there was and that writes went on
    /// after the kill are what the checks count; how fast a busy machine got there is not.
    mutating func run(
        until deadline: ContinuousClock.Instant, atLatest latest: ContinuousClock.Instant
    ) async throws {
        while ContinuousClock.now < deadline || (!hasDoneItsShare && ContinuousClock.now < latest) {
            step += 1
            let live = live
            let roll = step % 10
            if live.count < 3 || roll < 4 {
                let id = UUID().uuidString.lowercased()
                let body =
                    #"{"id": "\#(id)", "title": "W\#(log.number)-\#(step)", "artist": "Writer \#(log.number)"}"#
                switch try await send("POST", "/api/albums", body) {
                case .acknowledged: log.acknowledgedAdds.append(id)
                case .unsure: log.unsureAdds.insert(id)
                }
            } else if roll < 6, let id = live.randomElement() {
                let genre = "G\(step)"
                switch try await send("PATCH", "/api/albums/\(id)", #"{"genre": "\#(genre)"}"#) {
                case .acknowledged: log.genres[id] = (genre, [])
                case .unsure: log.genres[id, default: (nil, [])].later.append(genre)
                }
            } else if roll < 7, let id = live.randomElement() {
                switch try await send("DELETE", "/api/albums/\(id)", nil) {
                case .acknowledged: log.acknowledgedDeletes.insert(id)
                case .unsure: log.unsureDeletes.insert(id)
                }
            } else if roll < 9 {
                let track = Int.random(in: 0..<listening.tracks.count)
                switch try await subsonic("scrobble", "id=\(listening.tracks[track])&submission=true") {
                case .acknowledged: log.scrobbles[track].acknowledged += 1
                case .unsure: log.scrobbles[track].unsure += 1
                }
            } else {
                let song = listening.tracks.randomElement() ?? ""
                let playlist = listening.playlists[log.number]
                switch try await subsonic("updatePlaylist", "playlistId=\(playlist)&songIdToAdd=\(song)") {
                case .acknowledged: log.playlistAdditions.acknowledged += 1
                case .unsure: log.playlistAdditions.unsure += 1
                }
            }
        }
    }

    /// Calls a Subsonic API method as the listening user: acknowledged when it answers `ok`; a failure
    /// (the database gone for now) or no answer is unsure.
    private mutating func subsonic(_ method: String, _ query: String) async throws -> Outcome {
        let path = "/rest/\(method).view?\(listening.credentials)&\(query)"
        let reply = try await LoopbackHTTP.request(port: port, "GET", path, seconds: Self.patience)
        guard let reply, reply.status == 200, reply.body.contains(#""status":"ok""#) else {
            log.unsureAnswers.append(
                "\(method): " + (reply.map { "\($0.status) \($0.body.prefix(200))" } ?? "no answer"))
            try await Task.sleep(for: .milliseconds(20))
            return .unsure
        }
        if killed.isTripped { log.acknowledgedAfterKill += 1 }
        return .acknowledged
    }

    private enum Outcome { case acknowledged, unsure }

    private mutating func send(_ method: String, _ path: String, _ body: String?) async throws -> Outcome {
        let reply = try await LoopbackHTTP.request(
            port: port, method, path, body: body, seconds: Self.patience)
        guard let reply, reply.status < 500 else {
            log.unsureAnswers.append(
                "\(method) \(path): " + (reply.map { "\($0.status) \($0.body.prefix(200))" } ?? "no answer"))
            // The server or the database is gone for now: wait a little before the next try.
            try await Task.sleep(for: .milliseconds(20))
            return .unsure
        }
        if reply.status >= 300 { log.unexpected.append("\(method) \(path): \(reply.status) \(reply.body)") }
        if killed.isTripped { log.acknowledgedAfterKill += 1 }
        return .acknowledged
    }
}
