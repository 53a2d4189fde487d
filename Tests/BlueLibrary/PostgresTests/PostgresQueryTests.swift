import BlueLibraryPostgres
import TestSupport
import Testing

extension PostgresTests {
    /// Statements with parameters, and the values that come back.
    struct Queries {
        @Test func parametersOfEveryKindComeBackAsSent() async throws {
            let connection = try await PostgresTests.connect()
            let rows = try await connection.query(
                "SELECT $1::text AS title, $2 AS year, $3 AS rating, $4 AS owned, $5::text AS note",
                ["Heroes", 1977, 4.5, true, nil])
            #expect(rows.columns == ["title", "year", "rating", "owned", "note"])
            #expect(rows.count == 1)
            let row = try #require(rows.first)
            #expect(row.string(0) == "Heroes")
            #expect(try row.int(1) == 1977)
            #expect(try row.double(2) == 4.5)
            #expect(try row.bool(3) == true)
            #expect(row.isNull(4))
            #expect(row.string(4) == nil)
            #expect(try row.int(4) == nil)
            await connection.close()
        }

        @Test func extremeNumbersSurviveTheTrip() async throws {
            let connection = try await PostgresTests.connect()
            let rows = try await connection.query(
                "SELECT $1, $2, $3, $4, $5",
                [.integer(.min), .integer(.max), .double(.infinity), .double(-.infinity), .double(0.1)])
            let row = try #require(rows.first)
            #expect(try row.int(0) == .min)
            #expect(try row.int(1) == .max)
            #expect(try row.double(2) == .infinity)
            #expect(try row.double(3) == -.infinity)
            #expect(try row.double(4) == 0.1)
            let nan = try #require(try await connection.query("SELECT $1", [.double(.nan)]).first)
            #expect(try nan.double(0)?.isNaN == true)
            await connection.close()
        }

        /// Text of every kind — accents, other scripts, emoji, quotes and what would end a statement — is a
        /// parameter, never part of the SQL, and comes back byte for byte; NULL stays NULL.
        @Test func rowsWithNullsAndUnicodeComeBackExactly() async throws {
            let connection = try await PostgresTests.connect()
            let table = PostgresTests.unique("albums")
            _ = try await connection.query(
                "CREATE TABLE \(table) (id int8 PRIMARY KEY, title text NOT NULL, year int)")
            let albums: [(Int, String, Int?)] = [
                (1, "Björk – Homogénic 🎧", 1997), (2, "Sigur Rós ( )", nil), (3, "日本語のアルバム", 2001),
                (4, #"It's "quoted" \ ; DROP TABLE x; --"#, nil),
            ]
            for (id, title, year) in albums {
                let inserted = try await connection.query(
                    "INSERT INTO \(table) (id, title, year) VALUES ($1, $2, $3)",
                    [.integer(id), .text(title), year.map(PostgresValue.integer) ?? .null])
                #expect(inserted.affectedRows == 1)
                #expect(inserted.isEmpty)
            }
            let rows = try await connection.query("SELECT id, title, year FROM \(table) ORDER BY id")
            #expect(rows.count == 4)
            for (row, album) in zip(rows, albums) {
                #expect(try row.int(0) == album.0)
                #expect(row.string(1) == album.1)
                #expect(try row.int(2) == album.2)
            }
            let updated = try await connection.query("UPDATE \(table) SET year = 2000 WHERE year IS NULL")
            #expect(updated.affectedRows == 2)
            await connection.close()
        }

        @Test func aRefusedStatementIsOneLineAndTheConnectionGoesOn() async throws {
            let connection = try await PostgresTests.connect()
            let error = await PostgresTests.failure {
                _ = try await connection.query("SELECT * FROM no_such_table")
            }
            #expect(error?.code == .statement)
            #expect(error?.sqlState == "42P01")
            #expect(error?.message == #"relation "no_such_table" does not exist"#)
            #expect(try await connection.query("SELECT 1").count == 1)
            await connection.close()
        }

        @Test func aDuplicateKeyIsAUniqueViolation() async throws {
            let connection = try await PostgresTests.connect()
            let table = PostgresTests.unique("ids")
            _ = try await connection.query("CREATE TABLE \(table) (id text PRIMARY KEY)")
            _ = try await connection.query("INSERT INTO \(table) VALUES ($1)", ["a1"])
            let error = await PostgresTests.failure {
                _ = try await connection.query("INSERT INTO \(table) VALUES ($1)", ["a1"])
            }
            #expect(error?.code == .uniqueViolation)
            #expect(error?.libraryError.code == .conflict)
            await connection.close()
        }

        @Test func aValueOfAnotherTypeIsAnErrorNamingItsColumn() async throws {
            let connection = try await PostgresTests.connect()
            let row = try #require(try await connection.query("SELECT 'abc' AS year").first)
            let error = await PostgresTests.failure { _ = try row.int(0) }
            #expect(error?.code == .invalidValue)
            #expect(error?.message == "column 'year' of row 0 holds 'abc', not an integer")
            await connection.close()
        }

        @Test func aNulCharacterIsRefusedBeforeAnythingIsSent() async throws {
            let connection = try await PostgresTests.connect()
            let error = await PostgresTests.failure {
                _ = try await connection.query("SELECT $1", ["a\u{0}b"])
            }
            #expect(error?.code == .invalidValue)
            #expect(error?.message == "parameter $1 holds a NUL character, which PostgreSQL text cannot")
            #expect(try await connection.query("SELECT 1").count == 1)
            await connection.close()
        }

        @Test func aClosedConnectionRefusesWork() async throws {
            let connection = try await PostgresTests.connect()
            await connection.close()
            let error = await PostgresTests.failure { _ = try await connection.query("SELECT 1") }
            #expect(error?.code == .closed)
        }
    }
}
