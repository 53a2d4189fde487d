import BlueLibraryCore
import BlueLibraryPostgres
import BlueLibraryStorage
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
        try await withServers(on: url) { servers in
            let proxy = try await HAProxy(servers: servers.map(\.port))
            let killed = KillSwitch()
            // Four writers through the proxy for 10 s; the first server is killed 4 s in.
            let deadline = ContinuousClock.now + .seconds(10)
            let logs = try await withThrowingTaskGroup(of: WriterLog.self) { group in
                for number in 0..<4 {
                    group.addTask {
                        var writer = Writer(number: number, port: proxy.port, killed: killed)
                        try await writer.run(until: deadline)
                        return writer.log
                    }
                }
                try await Task.sleep(for: .seconds(4))
                await servers[0].kill()
                killed.trip()
                return try await group.reduce(into: []) { $0.append($1) }
            }
            await proxy.stop()
            // The survivor kept serving every writer.
            #expect(servers[1].isRunning)
            for log in logs { #expect(log.acknowledgedAfterKill > 0, "writer \(log.number)") }
            #expect(
                logs.map(\.unsure.count).reduce(0, +) <= 4,
                "at most the requests in flight on the killed server: \(logs.flatMap(\.unsureAnswers))")
            try await check(logs, in: try PostgresLibraryStore(url: url), answeredBy: servers[1].port)
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
        try await withServers(on: url) { servers in
            let killed = KillSwitch()
            let deadline = ContinuousClock.now + .seconds(9)
            let logs = try await withThrowingTaskGroup(of: WriterLog.self) { group in
                for number in 0..<4 {
                    let server = servers[number % 2]
                    group.addTask {
                        var writer = Writer(number: number, port: server.port, killed: killed)
                        try await writer.run(until: deadline)
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
                logs, in: try PostgresLibraryStore(url: standby.url()), answeredBy: servers[1].port)
        }
    }

    /// Checks the library against what the writers were told: every acknowledged add is there unless it
    /// was deleted, every acknowledged delete is gone, every album is a seed or one a writer added, an
    /// edited album holds its last acknowledged genre (or a later one whose answer was lost), and the
    /// count — in the database, by its positions and as a server answers it — is exactly the albums'.
    private func check(_ logs: [WriterLog], in store: PostgresLibraryStore, answeredBy port: Int) async throws
    {
        let (albums, count, indexes) = try await store.read { reader in
            let albums = try reader.albums()
            return (albums, try reader.count(), try albums.map { try reader.locate($0.id)?.index })
        }
        await store.close()
        let present = Dictionary(albums.map { ($0.id.rawValue, $0) }) { first, _ in first }
        #expect(present.count == albums.count, "no album twice")
        #expect(count == albums.count)
        #expect(indexes == albums.indices.map { Optional($0) })
        var mustBe = Set(Album.seeds.map(\.id.rawValue))
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
        let missing = mustBe.subtracting(present.keys)
        let unknown = Set(present.keys).subtracting(mustBe).subtracting(mayBe)
        #expect(missing.isEmpty, "acknowledged but lost: \(missing)")
        #expect(unknown.isEmpty, "never written: \(unknown)")
        let state = try await LoopbackHTTP.request(port: port, "GET", "/api/state")
        #expect(state?.body.contains("\"count\":\(albums.count),") == true, "\(state?.body ?? "no answer")")
        #expect(logs.map(\.acknowledgedAdds.count).reduce(0, +) > 100, "the load was real")
    }
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
    var log: WriterLog
    private var step = 0

    init(number: Int, port: Int, killed: KillSwitch) {
        self.port = port
        self.killed = killed
        log = WriterLog(number: number)
    }

    /// The albums it added and knows are there.
    private var live: [String] {
        log.acknowledgedAdds.filter {
            !log.acknowledgedDeletes.contains($0) && !log.unsureDeletes.contains($0)
        }
    }

    mutating func run(until deadline: ContinuousClock.Instant) async throws {
        while ContinuousClock.now < deadline {
            step += 1
            let live = live
            let roll = step % 10
            if live.count < 3 || roll < 6 {
                let id = UUID().uuidString.lowercased()
                let body =
                    #"{"id": "\#(id)", "title": "W\#(log.number)-\#(step)", "artist": "Writer \#(log.number)"}"#
                switch try await send("POST", "/api/albums", body) {
                case .acknowledged: log.acknowledgedAdds.append(id)
                case .unsure: log.unsureAdds.insert(id)
                }
            } else if roll < 9, let id = live.randomElement() {
                let genre = "G\(step)"
                switch try await send("PATCH", "/api/albums/\(id)", #"{"genre": "\#(genre)"}"#) {
                case .acknowledged: log.genres[id] = (genre, [])
                case .unsure: log.genres[id, default: (nil, [])].later.append(genre)
                }
            } else if let id = live.randomElement() {
                switch try await send("DELETE", "/api/albums/\(id)", nil) {
                case .acknowledged: log.acknowledgedDeletes.insert(id)
                case .unsure: log.unsureDeletes.insert(id)
                }
            }
        }
    }

    private enum Outcome { case acknowledged, unsure }

    private mutating func send(_ method: String, _ path: String, _ body: String?) async throws -> Outcome {
        let reply = try await LoopbackHTTP.request(port: port, method, path, body: body)
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
