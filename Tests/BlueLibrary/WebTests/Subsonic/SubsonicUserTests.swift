import BlueLibraryCore
import Foundation
import TestSupport
import Testing

@testable import BlueLibrarySubsonic

/// Users through the API: the administrator lists, adds, changes and deletes them; a user changes only
/// their own password; there stays one administrator.
@Suite(.timeLimit(.minutes(5)))
struct SubsonicUserTests {
    let harness: SubsonicHarness

    init() async throws {
        harness = try await SubsonicHarness(music: false)
    }

    @Test func theAdministratorManagesUsers() async throws {
        let users = try await harness.ok("getUsers", "users")["user"]?.list ?? []
        for user in users { SubsonicSchema.check(user, SubsonicSchema.user, "User") }
        // (Oldest first; the harness makes both users at one instant of its clock.)
        #expect(Set(users.compactMap { $0["username"]?.text }) == ["joe", "ann"])
        _ = try await harness.json(
            "createUser", [("username", "eve"), ("password", "enc:6576652d31"), ("email", "e@x")])
        #expect(try await harness.json("ping", login: .password("eve", "eve-1"))["status"] == .string("ok"))
        _ = try await harness.json(
            "updateUser", [("username", "eve"), ("password", "eve-2"), ("adminRole", "false")])
        #expect(try await harness.json("ping", login: .password("eve", "eve-2"))["status"] == .string("ok"))
        _ = try await harness.json("deleteUser", [("username", "eve")])
        #expect(try await harness.failure("ping", login: .password("eve", "eve-2")) == 40)
        // Refused: a second administrator, the administrator deleting themselves, a taken or bad name.
        #expect(
            try await harness.failure(
                "createUser", [("username", "max"), ("password", "x"), ("adminRole", "true")]) == 0)
        #expect(try await harness.failure("updateUser", [("username", "joe"), ("adminRole", "false")]) == 0)
        #expect(try await harness.failure("deleteUser", [("username", "joe")]) == 0)
        #expect(try await harness.failure("createUser", [("username", "ANN"), ("password", "x")]) == 0)
        #expect(try await harness.failure("createUser", [("username", "a b"), ("password", "x")]) == 0)
        #expect(try await harness.failure("updateUser", [("username", "nobody"), ("password", "x")]) == 70)
        #expect(try await harness.failure("createUser", [("username", "max")]) == 10)
        #expect(try await harness.ok("getUsers", "users")["user"]?.list.count == 2)
    }

    @Test func aUserChangesOnlyTheirOwnPasswordAndManagesNoOne() async throws {
        _ = try await harness.json(
            "changePassword", [("username", "ann"), ("password", "new-one")], login: .ann)
        let renewed = SubsonicHarness.Login.password("ann", "new-one")
        #expect(try await harness.json("ping", login: renewed)["status"] == .string("ok"))
        #expect(
            try await harness.failure(
                "changePassword", [("username", "joe"), ("password", "x")], login: renewed) == 50)
        for endpoint in ["getUsers", "createUser", "updateUser", "deleteUser"] {
            #expect(
                try await harness.failure(endpoint, [("username", "x"), ("password", "y")], login: renewed)
                    == 50, "\(endpoint)")
        }
        // The administrator may change anyone's.
        _ = try await harness.json("changePassword", [("username", "ann"), ("password", "from-joe")])
        #expect(
            try await harness.json("ping", login: .password("ann", "from-joe"))["status"] == .string("ok"))
    }
}
