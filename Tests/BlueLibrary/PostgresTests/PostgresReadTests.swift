import BlueLibraryPostgres
import TestSupport
import Testing

extension PostgresTests {
    /// Read-only transactions: one round trip for a read of one statement, each statement prepared once
    /// per connection, and still one snapshot however many statements a read runs.
    struct Reads {
        /// Runs `body` as a read-only transaction and returns what it returned and the round trips it cost.
        private func counted<T: Sendable>(
            _ connection: PostgresConnection, _ body: @escaping @Sendable (PostgresSession) throws -> T
        ) async throws -> (T, Int) {
            let before = try await connection.roundTrips()
            let value = try await connection.transaction(.readOnly, body)
            return (value, try await connection.roundTrips() - before)
        }

        @Test func aReadOfOneStatementIsOneRoundTripEachTime() async throws {
            let connection = try await PostgresTests.connect()
            for number in 1...3 {
                let (read, trips) = try await counted(connection) { session in
                    try session.query("SELECT $1::int8 * 2", [.integer(number)]).first?.int(0)
                }
                #expect(read == number * 2)
                #expect(trips == 1, "read \(number)")
            }
            let (nothing, trips) = try await counted(connection) { _ in 0 }
            #expect(nothing == 0)
            #expect(trips == 0, "a read that runs no statement sends nothing")
            await connection.close()
        }

        @Test func aReadOfSeveralStatementsIsOneSnapshotThatWritesNothing() async throws {
            let connection = try await PostgresTests.connect()
            let (settings, trips) = try await counted(connection) { session in
                [
                    try session.query("SELECT current_setting('transaction_isolation')").first?.string(0),
                    try session.query("SELECT current_setting('transaction_read_only')").first?.string(0),
                ]
            }
            #expect(settings == ["repeatable read", "on"])
            #expect(trips == 2)
            let table = PostgresTests.unique("kept")
            let error = await PostgresTests.failure {
                _ = try await connection.transaction(.readOnly) { session in
                    try session.query("CREATE TABLE \(table) (id int)")
                }
            }
            #expect(error?.sqlState == "25006")
            #expect(
                try await connection.query("SELECT to_regclass($1)::text", [.text(table)]).first?.string(0)
                    == nil)
            await connection.close()
        }

        @Test func aStatementIsPreparedOncePerConnection() async throws {
            let connection = try await PostgresTests.connect()
            let statement = "SELECT $1::text || 'prepared'"
            for _ in 1...3 {
                let read = try await connection.transaction(.readOnly) { session in
                    try session.query(statement, [.text("once ")]).first?.string(0)
                }
                #expect(read == "once prepared")
            }
            let prepared = try await connection.transaction(.readOnly) { session in
                try session.query(
                    "SELECT count(*) FROM pg_prepared_statements WHERE statement = $1", [.text(statement)]
                ).first?.int(0)
            }
            #expect(prepared == 1)
            await connection.close()
        }

        /// A statement the server refuses fails each time with its own reason, and the reads after it go on
        /// as before.
        @Test func aRefusedStatementLeavesTheConnectionReady() async throws {
            let connection = try await PostgresTests.connect()
            for _ in 1...2 {
                let error = await PostgresTests.failure {
                    _ = try await connection.transaction(.readOnly) { session in
                        try session.query("SELECT * FROM no_such_table_here")
                    }
                }
                #expect(error?.message == #"relation "no_such_table_here" does not exist"#)
                let (read, trips) = try await counted(connection) { session in
                    try session.query("SELECT 7").first?.int(0)
                }
                #expect(read == 7)
                #expect(trips == 1)
            }
            await connection.close()
        }

        /// A connection that reads and listens still hears a notification while idle: the COMMIT of its read,
        /// whose answer it did not wait for, does not hold the notification back.
        @Test(.timeLimit(.minutes(1))) func aConnectionThatReadsStillHearsNotificationsWhileIdle()
            async throws
        {
            let connection = try await PostgresTests.connect()
            let sender = try await PostgresTests.connect()
            let channel = PostgresTests.unique("heard")
            var notifications = try await connection.notifications(on: channel).makeAsyncIterator()
            let read = try await connection.transaction(.readOnly) { try $0.query("SELECT 3").first?.int(0) }
            #expect(read == 3)
            try await sender.notify(channel, payload: "after the read")
            #expect(await notifications.next()?.payload == "after the read")
            await connection.close()
            await sender.close()
        }

        /// When the server no longer has a statement as prepared — a pooler discarded them, or a table changed
        /// under it — the connection is given up as lost, and the store runs the read again on a new one (a
        /// statement the server refuses for another reason does not: `aRefusedStatementLeavesTheConnectionReady`).
        @Test(arguments: [
            ("DEALLOCATE ALL", "does not exist"),
            ("ALTER TABLE $table ADD COLUMN name text", "cached plan must not change result type"),
        ])
        func aStatementTheServerNoLongerHasAsPreparedGivesUpTheConnection(change: String, reason: String)
            async throws
        {
            let connection = try await PostgresTests.connect()
            let table = PostgresTests.unique("prepared")
            _ = try await connection.query("CREATE TABLE \(table) (id int)")
            let read: @Sendable (PostgresSession) throws -> Int = {
                try $0.query("SELECT * FROM \(table)").count
            }
            #expect(try await connection.transaction(.readOnly, read) == 0)
            _ = try await connection.query(change.replacing("$table", with: table))
            let error = await PostgresTests.failure { _ = try await connection.transaction(.readOnly, read) }
            #expect(error?.code == .connectionLost)
            #expect(error?.message.contains("no longer has a prepared statement") == true)
            #expect(error?.message.contains(reason) == true)
            await connection.close()
        }

        /// Cancelling a read stops its statement, and the connection serves the next read.
        @Test(.timeLimit(.minutes(1))) func aCancelledReadLeavesTheConnectionReady() async throws {
            let connection = try await PostgresTests.connect()
            let sleeper = Task {
                try await connection.transaction(.readOnly) { session in
                    _ = try session.query("SELECT pg_sleep(51)")
                }
            }
            let error = try await PostgresTests.cancel(sleeper, whenRunning: "SELECT pg_sleep(51)")
            #expect(error?.code == .cancelled)
            let (read, trips) = try await counted(connection) { session in
                try session.query("SELECT 8").first?.int(0)
            }
            #expect(read == 8)
            #expect(trips == 1)
            await connection.close()
        }
    }
}
