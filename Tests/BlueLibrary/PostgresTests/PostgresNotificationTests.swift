import BlueLibraryPostgres
import TestSupport
import Testing

extension PostgresTests {
    /// LISTEN/NOTIFY as an AsyncStream.
    struct Notifications {
        /// Each notice reaches the listening connection while it is otherwise idle — the connection's thread
        /// waits on its socket between jobs, so a notice is not held until the next query. (How fast, against
        /// the 100 ms a change may take to reach every server, is a speed goal: the scale benchmark measures
        /// it; here a loaded machine only has to deliver each one promptly.)
        @Test(.timeLimit(.minutes(1))) func aNotificationArrivesWhileTheConnectionIsIdle() async throws {
            let listener = try await PostgresTests.connect()
            let sender = try await PostgresTests.connect()
            let channel = PostgresTests.unique("Albums")
            var notifications = try await listener.notifications(on: channel).makeAsyncIterator()
            let senderProcess = try #require(try await sender.query("SELECT pg_backend_pid()").first?.int(0))
            var latencies: [Duration] = []
            for number in 0..<20 {
                let sent = ContinuousClock.now
                try await sender.notify(channel, payload: "album \(number) ✓")
                let received = try #require(await notifications.next())
                latencies.append(ContinuousClock.now - sent)
                #expect(
                    received
                        == PostgresNotification(
                            channel: channel, payload: "album \(number) ✓",
                            senderProcessID: Int32(senderProcess)))
            }
            #expect(latencies.sorted()[latencies.count / 2] < .seconds(1))
            await listener.close()
            await sender.close()
        }

        @Test func aNotificationSentInATransactionArrivesWithItsCommit() async throws {
            let listener = try await PostgresTests.connect()
            let sender = try await PostgresTests.connect()
            let channel = PostgresTests.unique("albums")
            var notifications = try await listener.notifications(on: channel).makeAsyncIterator()
            try await sender.transaction { session in
                _ = try session.query("SELECT pg_notify($1, 'first')", [.text(channel)])
                _ = try session.query("SELECT pg_notify($1, 'second')", [.text(channel)])
            }
            #expect(await notifications.next()?.payload == "first")
            #expect(await notifications.next()?.payload == "second")
            await listener.close()
            await sender.close()
        }

        @Test func theStreamEndsWhenTheConnectionCloses() async throws {
            let listener = try await PostgresTests.connect()
            let notifications = try await listener.notifications(on: PostgresTests.unique("albums"))
            await listener.close()
            var iterator = notifications.makeAsyncIterator()
            #expect(await iterator.next() == nil)
        }

        /// A server process that goes away ends the streams (a listener learns it hears nothing more) and
        /// fails the next statement with the reason.
        @Test func aLostConnectionEndsTheStreamAndSaysSo() async throws {
            let listener = try await PostgresTests.connect()
            let other = try await PostgresTests.connect()
            let notifications = try await listener.notifications(on: PostgresTests.unique("albums"))
            let process = try #require(try await listener.query("SELECT pg_backend_pid()").first?.int(0))
            _ = try await other.query("SELECT pg_terminate_backend($1::int)", [.integer(process)])
            var iterator = notifications.makeAsyncIterator()
            #expect(await iterator.next() == nil)
            let error = await PostgresTests.failure { _ = try await listener.query("SELECT 1") }
            #expect(error?.code == .connectionLost)
            #expect(error?.message.hasPrefix("lost the connection to \(listener.target): ") == true)
            #expect(error?.message.contains("\n") == false)
            await listener.close()
            await other.close()
        }

        /// Only the streams still iterated keep the connection listening.
        @Test func stoppingTheLastStreamStopsListening() async throws {
            let listener = try await PostgresTests.connect()
            let channel = PostgresTests.unique("albums")
            let first = try await listener.notifications(on: channel)
            let second = try await listener.notifications(on: channel)
            let listening = {
                try await listener.query("SELECT pg_listening_channels()").compactMap { $0.string(0) }
            }
            #expect(try await listening() == [channel])
            let reader = Task { for await _ in first {} }
            reader.cancel()
            _ = await reader.value
            #expect(try await listening() == [channel])
            let secondReader = Task { for await _ in second {} }
            secondReader.cancel()
            _ = await secondReader.value
            try await PostgresTests.waitUntil("the connection to stop listening") {
                try await listening().isEmpty
            }
            await listener.close()
        }
    }
}
