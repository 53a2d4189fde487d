import BlueLibraryWeb
import TestSupport
import Testing

/// Connection exhaustion: slow or streaming clients at one address cannot lock out the
/// others. Other clients come from other loopback addresses (127.0.0.2, 127.0.0.3 on Linux).
struct ConnectionLimitTests {
    @Test(.timeLimit(.minutes(1))) func aRequestTricklingInByteByByteIsClosedAtTheDeadline() async throws {
        let served = try await TestServer(limits: .init(requestTimeout: .seconds(1)))
        let connection = try served.connect(from: "127.0.0.2")
        let started = ContinuousClock.now
        // One byte every 100 ms for longer than the test waits: never idle, so an idle timeout alone
        // would never close it.
        let trickle = Task {
            for byte in "GET /api/state HTTP/1.1\r\nHost: \(served.host)\r\nX-Slow: "
                + String(repeating: "a", count: 300)
            {
                guard !Task.isCancelled else { return }
                connection.send(String(byte))
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        let closed = await connection.readUntilClosed(seconds: 15)
        trickle.cancel()
        #expect(closed)
        // 1 s, swept every 250 ms; the rest is slack for a busy machine (the old idle timeout was 60 s).
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(!connection.text.contains("HTTP/1.1 200"))
        // A prompt request on a fresh connection is still answered.
        let answer = try await served.exchange("GET /api/state HTTP/1.1\r\nHost: \(served.host)\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        await served.server.stop()
    }

    @Test(.timeLimit(.minutes(1))) func connectionsBeyondTheLimitOfOneAddressAreClosedAtOnce() async throws {
        let served = try await TestServer(limits: .init(connectionsPerAddress: 4))
        let held = try (0..<10).map { _ in try served.connect(from: "127.0.0.2") }
        for connection in held { connection.send("GET /api/state HTTP/1.1\r\nHo") }
        let closed = await withTaskGroup(of: Bool.self) { group in
            for connection in held { group.addTask { await connection.readUntilClosed(seconds: 1) } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(closed == 6)
        #expect(served.server.connectionCount == 4)
        let answer = try await served.exchange(
            "GET /api/state HTTP/1.1\r\nHost: \(served.host)\r\n\r\n", from: "127.0.0.3")
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        await served.server.stop()
    }

    @Test(.timeLimit(.minutes(1))) func eventStreamsBeyondTheirShareAreAnswered503AndClosed() async throws {
        let served = try await TestServer(streams: 3, streamsPerAddress: 2)
        func open(from source: String) async throws -> RawHTTPConnection {
            let connection = try served.connect(from: source)
            connection.send("GET /events HTTP/1.1\r\nHost: \(served.host)\r\n\r\n")
            _ = await connection.read(until: "\r\n\r\n", seconds: 10)
            return connection
        }
        var streams = [try await open(from: "127.0.0.2"), try await open(from: "127.0.0.2")]
        let overAddress = try await open(from: "127.0.0.2")
        streams.append(try await open(from: "127.0.0.3"))
        let overTotal = try await open(from: "127.0.0.4")
        for stream in streams { #expect(await stream.read(until: "retry: 1000").hasPrefix("HTTP/1.1 200")) }
        for refused in [overAddress, overTotal] {
            #expect(await refused.read(until: "}}").hasPrefix("HTTP/1.1 503"))
            #expect(
                await refused.readUntilClosed(seconds: 10), "a refused stream must not hold its connection")
        }
        #expect(served.app.events.clientCount == 3)
        // Ordinary requests are still answered, from any address.
        let answer = try await served.exchange(
            "GET /api/state HTTP/1.1\r\nHost: \(served.host)\r\n\r\n", from: "127.0.0.2")
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        await served.server.stop()
    }

    /// The goal's shape with modest figures (`bench/connection-flood.sh` runs the full one): hundreds
    /// of slow and streaming connections from one address; another address is answered promptly.
    @Test(.timeLimit(.minutes(1))) func slowAndStreamingClientsAtOneAddressDoNotLockOutAnother() async throws
    {
        let served = try await TestServer()
        var attackers: [RawHTTPConnection] = []
        for index in 0..<300 {
            let connection = try served.connect(from: "127.0.0.2")
            connection.send(
                index < 20
                    ? "GET /events HTTP/1.1\r\nHost: \(served.host)\r\n\r\n" : "GET /api/state HTTP/1.1\r\nHo"
            )
            attackers.append(connection)
        }
        // Locked out, they would get no answer at all; the bench measures the milliseconds.
        for _ in 0..<30 {
            let answer = try await served.exchange(
                "GET /api/state HTTP/1.1\r\nHost: \(served.host)\r\nConnection: close\r\n\r\n",
                from: "127.0.0.3", until: "can_delete")
            #expect(answer.hasPrefix("HTTP/1.1 200"))
        }
        #expect(served.server.connectionCount <= served.server.limits.connectionsPerAddress + 1)
        #expect(served.app.events.clientCount <= 16)
        // Hundreds of refused connections, a few lines of log.
        #expect(served.log.filter { !$0.hasPrefix("GET ") }.count <= 11)
        await served.server.stop()
        withExtendedLifetime(attackers) {}
    }
}
