import BlueLibraryCore
import BlueLibraryServices
import BlueLibraryStore
import Foundation
import Synchronization
import TestSupport
import Testing

/// The users of the Subsonic API: the first is the administrator, names ignore case, passwords are
/// kept sealed under a key file of the owner's only, and each way of logging in checks what it should.
struct UserAccountsTests {
    let directory = TemporaryDirectory("accounts")
    let library: LibraryAPI
    let accounts: UserAccounts

    init() {
        library = LibraryAPI(path: directory.file("library.db"))
        accounts = UserAccounts(
            library: library,
            vault: PasswordVault(keyPath: PasswordVault.keyPath(besideLibrary: directory.file("library.db"))),
            now: Ticks().next)
    }

    @Test func theFirstUserIsTheAdministratorAndNamesIgnoreCase() async throws {
        let joe = try await accounts.add("Joe", password: "sesame")
        let ann = try await accounts.add("ann", password: "other")
        #expect(joe.isAdmin && !ann.isAdmin)
        #expect(joe.created == 1_700_000_000_000)
        await #expect(throws: LibraryError.self) { try await accounts.add("JOE", password: "x") }
        #expect(try await accounts.user(named: "joe")?.id == joe.id)
        #expect(try await accounts.list().map(\.user.name) == ["Joe", "ann"])
    }

    @Test func removingTheAdministratorHandsTheRoleToTheOldestUserLeft() async throws {
        try await accounts.add("joe", password: "a")
        try await accounts.add("ann", password: "b")
        try await accounts.add("bob", password: "c")
        let heir = try await accounts.remove("joe")
        #expect(heir?.name == "ann")
        #expect(try await accounts.user(named: "ann")?.isAdmin == true)
        #expect(try await accounts.remove("bob") == nil)
        await #expect(throws: LibraryError.self) { try await accounts.remove("nobody") }
    }

    @Test(arguments: ["", "two words", "colon:name", String(repeating: "n", count: 65)])
    func unusableNamesAreRefused(name: String) async {
        await #expect(throws: LibraryError.self) { try await accounts.add(name, password: "sesame") }
    }

    /// One name, however its letters were typed: composed and decomposed accents are one name (kept
    /// composed), and look-alikes of plain letters are refused rather than made a second user.
    @Test func namesAreComposedComparedWithoutCaseAndLookAlikesRefused() async throws {
        let composed = try await accounts.add("\u{E9}ve", password: "sesame")
        #expect(Array(composed.name.utf8) == [0xC3, 0xA9, 0x76, 0x65])
        await #expect(throws: LibraryError.self) { try await accounts.add("e\u{301}ve", password: "x") }
        await #expect(throws: LibraryError.self) { try await accounts.add("\u{C9}VE", password: "x") }
        #expect(try await accounts.user(named: "E\u{301}VE")?.id == composed.id)
        #expect(
            try await accounts.authenticate(.password(user: "e\u{301}ve", password: "sesame"))?.id
                == composed.id)
        let decomposed = try await accounts.add("zo\u{308}e", password: "other")
        #expect(decomposed.name == "zo\u{308}e" && Array(decomposed.name.utf8) == Array("z\u{F6}e".utf8))
        try await accounts.add("alice", password: "sesame")
        for lookAlike in [
            "\u{FF21}lice", "\u{1D41A}lice", "al\u{200B}ice", "alice\u{FEFF}", "\u{FF41}\u{FF4C}ice",
        ] {
            let refused = await #expect(throws: LibraryError.self) {
                try await accounts.add(lookAlike, password: "x")
            }
            #expect(refused?.message.contains("look-alike") == true, "\(lookAlike)")
        }
        #expect(try await accounts.list().count == 3)
    }

    @Test(arguments: ["", "tab\tinside", String(repeating: "p", count: 257)])
    func unusablePasswordsAreRefused(password: String) async {
        await #expect(throws: LibraryError.self) { try await accounts.add("joe", password: password) }
    }

    @Test func eachWayOfLoggingInChecksWhatItShould() async throws {
        let joe = try await accounts.add("joe", password: "sésame 1+2")
        #expect(try await accounts.authenticate(.password(user: "JOE", password: "sésame 1+2"))?.id == joe.id)
        #expect(try await accounts.authenticate(.password(user: "joe", password: "sésame")) == nil)
        #expect(try await accounts.authenticate(.password(user: "ann", password: "sésame 1+2")) == nil)
        let token = try MD5.hex("sésame 1+2" + "c19b2d")
        #expect(
            try await accounts.authenticate(.token(user: "joe", token: token, salt: "c19b2d"))?.id == joe.id)
        // The same salt again (DSub keeps one for a session), and the token in upper case.
        #expect(
            try await accounts.authenticate(.token(user: "joe", token: token.uppercased(), salt: "c19b2d"))?
                .id
                == joe.id)
        #expect(try await accounts.authenticate(.token(user: "joe", token: token, salt: "other")) == nil)
        let key = try await accounts.makeAPIKey(for: "joe")
        #expect(key.count == 48 && key.allSatisfy(\.isHexDigit))
        #expect(try await accounts.authenticate(.apiKey(key))?.id == joe.id)
        #expect(try await accounts.authenticate(.apiKey(key + "0")) == nil)
        try await accounts.setPassword(of: "joe", to: "new one")
        #expect(try await accounts.authenticate(.password(user: "joe", password: "sésame 1+2")) == nil)
        #expect(try await accounts.authenticate(.password(user: "joe", password: "new one"))?.id == joe.id)
        #expect(try await accounts.revokeAPIKeys(of: "joe") == 1)
        #expect(try await accounts.authenticate(.apiKey(key)) == nil)
    }

    @Test func loginsAreKeptUntilAnotherProcessChangesAUserAndTheChangeIsHeard() async throws {
        try await accounts.add("joe", password: "first")
        _ = try await library.checkForExternalChanges()
        #expect(try await accounts.authenticate(.password(user: "joe", password: "first")) != nil)
        // Another process (another connection to the file, with accounts of its own) changes the password.
        let elsewhere = UserAccounts(
            library: LibraryAPI(path: directory.file("library.db")), vault: accounts.vault)
        try await elsewhere.setPassword(of: "joe", to: "second")
        // Until the change is heard this process keeps what it read (the watcher checks every 400 ms);
        // then the old password no longer logs in, the new one does.
        #expect(try await accounts.authenticate(.password(user: "joe", password: "first")) != nil)
        #expect(try await library.checkForExternalChanges() != nil)
        #expect(try await accounts.authenticate(.password(user: "joe", password: "first")) == nil)
        #expect(try await accounts.authenticate(.password(user: "joe", password: "second")) != nil)
        let key = try await accounts.makeAPIKey(for: "joe")
        #expect(try await accounts.authenticate(.apiKey(key)) != nil)
        try await elsewhere.revokeAPIKeys(of: "joe")
        #expect(try await library.checkForExternalChanges() != nil)
        #expect(try await accounts.authenticate(.apiKey(key)) == nil)
    }

    @Test func md5MatchesTheProtocolsExample() throws {
        #expect(try MD5.hex("sesamec19b2d") == "26719a1196d2a940705a59634eb18eab")
    }

    @Test func passwordsAreSealedUnderAPrivateKeyFileAndKeysAreKeptAsDigests() async throws {
        let key = try await { () async throws -> String in
            try await accounts.add("joe", password: "correct horse battery")
            return try await accounts.makeAPIKey(for: "joe")
        }()
        await library.close()
        let database = try #require(directory.read("library.db"))
        #expect(database.firstRange(of: Array("correct horse battery".utf8)) == nil)
        #expect(database.firstRange(of: Array(key.utf8)) == nil)
        let keyFile = directory.file("library.db.key")
        let attributes = try FileManager.default.attributesOfItem(atPath: keyFile)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect((attributes[.size] as? Int) == 32)
        let sealed = try #require(try await accounts.user(named: "joe")?.sealedPassword)
        #expect(sealed.hasPrefix("aes256gcm:"))
        // Another vault's key cannot open it; a sealed password moved to another user cannot be opened.
        let other = TemporaryDirectory("other-key")
        let stranger = PasswordVault(keyPath: other.file("x.key"))
        _ = try await stranger.seal("anything", user: "u")
        let joeID = try #require(try await accounts.user(named: "joe")?.id)
        await #expect(throws: LibraryError.self) { try await stranger.open(sealed, user: joeID) }
        await #expect(throws: LibraryError.self) {
            try await accounts.vault.open(sealed, user: "someone else")
        }
        #expect(try await accounts.vault.open(sealed, user: joeID) == "correct horse battery")
    }

    @Test func aKeyFileOthersMayReadIsRefused() async throws {
        try await accounts.add("joe", password: "sesame")
        let keyFile = directory.file("library.db.key")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: keyFile)
        let fresh = UserAccounts(library: library, vault: PasswordVault(keyPath: keyFile))
        await #expect(throws: LibraryError.self) {
            try await fresh.authenticate(.password(user: "joe", password: "sesame"))
        }
    }

    @Test func withoutTheKeyFilePasswordLoginsFailAndNothingIsMade() async throws {
        try await accounts.add("joe", password: "sesame")
        let keyFile = directory.file("library.db.key")
        try FileManager.default.removeItem(atPath: keyFile)
        let fresh = UserAccounts(library: library, vault: PasswordVault(keyPath: keyFile))
        await #expect(throws: LibraryError.self) {
            try await fresh.authenticate(.password(user: "joe", password: "sesame"))
        }
        #expect(!FileManager.default.fileExists(atPath: keyFile))
    }
}

/// A clock that moves a millisecond each time it is read, from 1,700,000,000,000.
final class Ticks: Sendable {
    private let now = Mutex<Int64>(1_700_000_000_000)

    @Sendable func next() -> Int64 {
        now.withLock { now in
            defer { now += 1 }
            return now
        }
    }
}
