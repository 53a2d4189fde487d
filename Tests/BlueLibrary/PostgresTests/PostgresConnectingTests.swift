import BlueLibraryPostgres
import TestSupport
import Testing

extension PostgresTests {
    /// What a server that cannot be used says: one line naming it (never its password) and what is wrong.
    struct Connecting {
        /// What connecting to `url` threw. The timeout is long: each failure here is the server's answer
        /// (or a refusal), and a timeout running out on a loaded machine would be another failure.
        private func failure(_ url: String) async -> PostgresError? {
            await PostgresTests.failure {
                _ = try await PostgresConnection.connect(to: url, timeout: PostgresTests.connectTimeout)
            }
        }

        @Test func aWrongPasswordIsOneLine() async throws {
            let cluster = try PostgresTests.cluster
            let error = await failure(cluster.url(password: "wrong-password"))
            #expect(error?.code == .authentication)
            #expect(
                error?.message
                    == #"cannot connect to postgresql://bl@127.0.0.1:\#(cluster.port)/library: password authentication failed for user "bl""#
            )
            #expect(error?.libraryError.code == .unavailable)
        }

        @Test func aMissingPasswordIsOneLine() async throws {
            let cluster = try PostgresTests.cluster
            let error = await failure(
                "postgresql://bl@127.0.0.1:\(cluster.port)/library?passfile=/nonexistent")
            #expect(error?.code == .authentication)
            #expect(
                error?.message
                    == "cannot connect to postgresql://bl@127.0.0.1:\(cluster.port)/library: the server asks for a password and none is given"
            )
        }

        @Test func aPortWhereNothingListensIsUnreachable() async throws {
            let port = try PostgresCluster.freePort()
            let error = await failure("postgresql://bl:secret@127.0.0.1:\(port)/library")
            #expect(error?.code == .unreachable)
            #expect(
                error?.message
                    == "cannot connect to postgresql://bl@127.0.0.1:\(port)/library: connection refused")
        }

        @Test func aMissingDatabaseIsOneLine() async throws {
            let cluster = try PostgresTests.cluster
            let error = await failure(cluster.url(database: "no_such_library"))
            #expect(error?.code == .noDatabase)
            #expect(
                error?.message
                    == #"cannot connect to postgresql://bl@127.0.0.1:\#(cluster.port)/no_such_library: database "no_such_library" does not exist"#
            )
        }

        @Test func textThatIsNoURLIsRefusedBeforeConnecting() async throws {
            let error = await failure("postgresql://bl:secret@127.0.0.1:5432/library?colour=blue")
            #expect(error?.code == .invalidURL)
            #expect(
                error?.message
                    == #"not a PostgreSQL URL or connection string (invalid URI query parameter: "colour")"#)
            #expect(error?.libraryError.code == .usage)
        }

        @Test func theRightURLConnects() async throws {
            let connection = try await PostgresTests.connect()
            #expect(
                connection.target == "postgresql://bl@127.0.0.1:\(try PostgresTests.cluster.port)/library")
            #expect(try await connection.query("SELECT current_user").first?.string(0) == "bl")
            await connection.close()
        }
    }
}
