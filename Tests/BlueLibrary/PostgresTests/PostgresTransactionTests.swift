import BlueLibraryPostgres
import TestSupport
import Testing

extension PostgresTests {
    /// Transactions: commit, roll back, and a lost race between two.
    struct Transactions {
        struct Refusal: Error {}

        /// A table of one row with an integer, for a test of its own.
        private func counter(_ connection: PostgresConnection) async throws -> String {
            let table = PostgresTests.unique("counter")
            _ = try await connection.query("CREATE TABLE \(table) (id int PRIMARY KEY, value int NOT NULL)")
            _ = try await connection.query("INSERT INTO \(table) VALUES (1, 0)")
            return table
        }

        private func value(_ table: String, _ connection: PostgresConnection) async throws -> Int? {
            try await connection.query("SELECT value FROM \(table) WHERE id = 1").first?.int(0)
        }

        @Test func aTransactionCommitsWhenItsBodyReturns() async throws {
            let connection = try await PostgresTests.connect()
            let table = try await counter(connection)
            let returned = try await connection.transaction { session in
                _ = try session.query("UPDATE \(table) SET value = value + 1")
                _ = try session.query("UPDATE \(table) SET value = value + 1")
                return try session.query("SELECT value FROM \(table)").first?.int(0)
            }
            #expect(returned == 2)
            #expect(try await value(table, connection) == 2)
            await connection.close()
        }

        @Test func aTransactionWhoseBodyThrowsIsRolledBack() async throws {
            let connection = try await PostgresTests.connect()
            let table = try await counter(connection)
            await #expect(throws: Refusal.self) {
                try await connection.transaction { session in
                    _ = try session.query("UPDATE \(table) SET value = 42")
                    throw Refusal()
                }
            }
            #expect(try await value(table, connection) == 0)
            await connection.close()
        }

        /// A body that swallows a failed statement and goes on does not commit what came before it.
        @Test func aTransactionWithAFailedStatementIsRolledBackEvenWhenTheBodyGoesOn() async throws {
            let connection = try await PostgresTests.connect()
            let table = try await counter(connection)
            let error = await PostgresTests.failure {
                try await connection.transaction { session in
                    _ = try session.query("UPDATE \(table) SET value = 7")
                    _ = try? session.query("SELECT * FROM no_such_table")
                    _ = try? session.query("UPDATE \(table) SET value = 8")
                }
            }
            #expect(
                error?.message
                    == "a statement of the transaction failed and the transaction went on; nothing was written"
            )
            #expect(try await value(table, connection) == 0)
            await connection.close()
        }

        /// Two transactions change the same row: the one whose snapshot is older is refused with its own
        /// code, nothing of it is written, and a retry succeeds. The order is forced through the server: the
        /// first transaction waits on an advisory lock the test holds until the second has committed.
        @Test func aLostRaceIsASerializationFailure() async throws {
            let first = try await PostgresTests.connect()
            let second = try await PostgresTests.connect()
            let table = try await counter(first)
            let lock = Int.random(in: 1...1_000_000_000)
            _ = try await second.query("SELECT pg_advisory_lock($1)", [.integer(lock)])
            let racing = Task {
                try await first.transaction(.repeatableRead) { session in
                    _ = try session.query("SELECT value FROM \(table)")  // the snapshot
                    _ = try session.query("SELECT pg_advisory_lock($1)", [.integer(lock)])
                    _ = try session.query("SELECT pg_advisory_unlock($1)", [.integer(lock)])
                    _ = try session.query("UPDATE \(table) SET value = value + 10")
                }
            }
            try await PostgresTests.waitUntil("the first transaction to wait for the lock") {
                try await second.query(
                    "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted",
                    [.integer(lock)]
                ).count == 1
            }
            _ = try await second.query("UPDATE \(table) SET value = value + 1")
            _ = try await second.query("SELECT pg_advisory_unlock($1)", [.integer(lock)])
            let error = await PostgresTests.failure { try await racing.value }
            #expect(error?.code == .serializationFailure)
            #expect(error?.sqlState == "40001")
            #expect(error?.message == "could not serialize access due to concurrent update")
            #expect(try await value(table, first) == 1)
            try await first.transaction(.repeatableRead) { session in
                _ = try session.query("UPDATE \(table) SET value = value + 10")
            }
            #expect(try await value(table, second) == 11)
            await first.close()
            await second.close()
        }

        /// Cancelling the task stops the statement it waits for, rolls its transaction back, and leaves the
        /// connection ready for the next.
        @Test(.timeLimit(.minutes(1))) func cancellingTheTaskStopsTheStatementAndRollsBack() async throws {
            let connection = try await PostgresTests.connect()
            let table = try await counter(connection)
            let sleeper = Task {
                try await connection.transaction { session in
                    _ = try session.query("UPDATE \(table) SET value = 5")
                    _ = try session.query("SELECT pg_sleep(50)")
                }
            }
            let error = try await PostgresTests.cancel(sleeper, whenRunning: "SELECT pg_sleep(50)")
            #expect(error?.code == .cancelled)
            #expect(error?.message == "canceling statement due to user request")
            #expect(try await value(table, connection) == 0)
            await connection.close()
        }
    }

    /// Several connections, and many callers of one.
    struct Concurrency {
        @Test func concurrentQueriesOnTwoConnectionsAllAnswerRight() async throws {
            let connections = [try await PostgresTests.connect(), try await PostgresTests.connect()]
            try await withThrowingTaskGroup(of: Void.self) { group in
                for number in 0..<40 {
                    group.addTask {
                        let rows = try await connections[number % 2].query(
                            "SELECT $1::int8 * 2, pg_backend_pid()", [.integer(number)])
                        #expect(try rows.first?.int(0) == number * 2)
                    }
                }
                try await group.waitForAll()
            }
            let processes = try await connections.asyncMap {
                try await $0.query("SELECT pg_backend_pid()").first?.int(0)
            }
            #expect(Set(processes).count == 2)
            for connection in connections { await connection.close() }
        }

        /// A statement waiting on one connection holds no other: each has its own thread and server process.
        @Test func aWaitingStatementHoldsOnlyItsOwnConnection() async throws {
            let holder = try await PostgresTests.connect()
            let waiter = try await PostgresTests.connect()
            let lock = Int.random(in: 1...1_000_000_000)
            _ = try await holder.query("SELECT pg_advisory_lock($1)", [.integer(lock)])
            let waiting = Task { try await waiter.query("SELECT pg_advisory_lock($1)", [.integer(lock)]) }
            try await PostgresTests.waitUntil("the waiter to wait for the lock") {
                try await holder.query(
                    "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted",
                    [.integer(lock)]
                ).count == 1
            }
            _ = try await holder.query("SELECT pg_advisory_unlock($1)", [.integer(lock)])
            #expect(try await waiting.value.count == 1)
            await holder.close()
            await waiter.close()
        }
    }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var mapped: [T] = []
        for element in self { mapped.append(try await transform(element)) }
        return mapped
    }
}
