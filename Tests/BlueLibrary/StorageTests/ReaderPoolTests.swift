import BlueLibraryCore
import BlueLibraryStore
import Synchronization
import TestSupport
import Testing

@testable import BlueLibrarySQLite

#if canImport(Glibc)
    import Glibc
#endif

/// One writer, many readers: reads run side by side on connections of their own, as many as the store
/// has readers, and never wait for the writer.
struct ReaderPoolTests {
    let directory = TemporaryDirectory("reader-pool")

    /// How many read bodies are running, and the most that ever ran at once.
    final class Gauge: Sendable {
        let running = Atomic(0)
        let most = Atomic(0)

        /// Enters a body, waits (on the reader's thread, where blocking belongs) until `others` more have
        /// entered or `seconds` pass, and leaves; returns whether they all were inside together.
        func enterAndWait(for others: Int, seconds: Double) -> Bool {
            let now = running.add(1, ordering: .sequentiallyConsistent).newValue
            _ = most.max(now, ordering: .sequentiallyConsistent)
            defer { running.subtract(1, ordering: .sequentiallyConsistent) }
            let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
            while most.load(ordering: .sequentiallyConsistent) < others + 1 && ContinuousClock.now < deadline
            {
                usleep(1000)
            }
            return most.load(ordering: .sequentiallyConsistent) >= others + 1
        }
    }

    @Test(.timeLimit(.minutes(1))) func readsRunSideBySideOnAsManyConnectionsAsTheStoreHas() async throws {
        let store = SQLiteLibraryStore(path: directory.file("library.db"), readers: 3)
        #expect(store.readerCount == 3)
        _ = try await store.read { try $0.count() }
        let gauge = Gauge()
        // Three reads that each wait until all three are inside: one reader would run them one after
        // another, and the first would wait alone until its deadline.
        let together = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    try await store.read { reader in
                        _ = try reader.count()
                        return gauge.enterAndWait(for: 2, seconds: 30)
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(together == [true, true, true])
        #expect(gauge.most.load(ordering: .sequentiallyConsistent) == 3)
    }

    /// Choosing a reader counts it as busy at once, under one lock: reads that have chosen and not yet
    /// run (here, from three tasks at once) take different idle readers, never all the same one.
    @Test func readsThatChooseAtOnceTakeDifferentReaders() async throws {
        let pool = ReaderPool(count: 3, placement: .ownThreads)
        let chosen = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<3 { group.addTask { ObjectIdentifier(pool.reserve()) } }
            return await group.reduce(into: Set()) { $0.insert($1) }
        }
        #expect(chosen.count == 3)
    }

    @Test(.timeLimit(.minutes(1))) func aReadNeverWaitsForTheWriter() async throws {
        let store = SQLiteLibraryStore(path: directory.file("library.db"), readers: 2)
        _ = try await store.read { try $0.count() }
        let gauge = Gauge()
        // A write transaction that stays open until a read has run beside it.
        async let writing: Bool = store.write { writer in
            try writer.insert(Fixtures.album("Held"), at: 0)
            return gauge.enterAndWait(for: 1, seconds: 30)
        }
        let read = try await store.read { reader in
            (try reader.count(), gauge.enterAndWait(for: 1, seconds: 30))
        }
        #expect(try await writing)
        #expect(read.1)
        #expect(read.0 == 5, "the read sees the library as it was before the open write")
        #expect(try await store.read { try $0.count() } == 6)
    }

    /// While one process holds the library's writes (`migrate` copying it), no other commits: another
    /// connection's write waits its busy timeout and fails as locked, and what the holder reads is the
    /// library as it stays; reads go on beside it, and the write goes through once the hold ends.
    @Test(.timeLimit(.minutes(1))) func whileWritesAreHeldNoOtherConnectionCommits() async throws {
        let path = directory.file("library.db")
        let holder = SQLiteLibraryStore(path: path)
        let server = SQLiteLibraryStore(path: path, busyTimeout: 100)
        _ = try await server.read { try $0.count() }
        let counted = try await holder.holdingWrites {
            await #expect(throws: LibraryError.self) {
                try await server.write { try $0.insert(Fixtures.album("During"), at: 0) }
            }
            #expect(try await server.read { try $0.count() } == 5, "reads go on")
            return try await holder.read { try $0.count() }
        }
        #expect(counted == 5)
        try await server.write { try $0.insert(Fixtures.album("After"), at: 0) }
        #expect(try await holder.read { try $0.count() } == 6)
    }

    @Test func aProcessThatReadsOneThingAtATimeKeepsToOneConnection() async throws {
        let store = SQLiteLibraryStore(path: directory.file("library.db"), readers: 4)
        for _ in 0..<5 { _ = try await store.read { try $0.count() } }
        #expect(store.openReaderCount == 1)
    }
}
