import BlueLibraryCore
import BlueLibraryServices
import Foundation
import TestSupport
import Testing

/// `bluelibrary user`: the Subsonic API's users, their passwords (never an argument: one line of
/// standard input, or typed twice on a terminal without echo) and their API keys.
struct CLIUserTests {
    let home = CLIHome()

    @Test func addListKeyPasswdAndRemove() async throws {
        #expect(
            try await home.ok("user", "list") == "No users yet; add one with: bluelibrary user add NAME\n")
        #expect(
            try await home.ok("user", "add", "joe", stdin: "sésame 1+2\n")
                == "Added user joe (the administrator).\n")
        #expect(try await home.ok("user", "add", "ann", stdin: "other") == "Added user ann.\n")
        let taken = try await home.run(["user", "add", "JOE"])
        #expect(taken.status == 65)
        #expect(taken.stderr == "bluelibrary: a user named JOE already exists\n")
        let key = try await home.ok("user", "key", "joe").trimmed
        #expect(key.count == 48 && key.allSatisfy(\.isHexDigit))
        #expect(
            try await home.ok("user", "list") == """
                joe  administrator  1 API key: \(key.prefix(8))…
                ann  user           no API keys

                """)
        #expect(
            try await home.ok("user", "passwd", "JOE", stdin: "new one\n") == "Changed the password of JOE.\n"
        )
        // The server takes the new password, and the key.
        let library = LibraryAPI(path: home.libraryPath)
        let accounts = UserAccounts(
            library: library,
            vault: PasswordVault(keyPath: PasswordVault.keyPath(besideLibrary: home.libraryPath)))
        #expect(try await accounts.authenticate(.password(user: "joe", password: "new one"))?.name == "joe")
        #expect(try await accounts.authenticate(.password(user: "joe", password: "sésame 1+2")) == nil)
        #expect(try await accounts.authenticate(.apiKey(key))?.name == "joe")
        await library.close()
        #expect(try await home.ok("user", "key", "joe", "--revoke") == "Revoked 1 API key of joe.\n")
        #expect(
            try await home.ok("user", "remove", "joe")
                == "Removed user joe with their stars, ratings, plays and playlists.\nann is the administrator now.\n"
        )
        #expect(try await home.ok("user", "list").hasPrefix("ann  administrator"))
        // The key file: the library's name plus .key, for its owner only.
        let keyFile = home.libraryPath + ".key"
        #expect(try FileManager.default.attributesOfItem(atPath: keyFile)[.posixPermissions] as? Int == 0o600)
    }

    @Test func aListenerIsAddedListedAndMadeAUser() async throws {
        _ = try await home.ok("user", "add", "joe", stdin: "one\n")
        #expect(
            try await home.ok("user", "add", "lee", "--role", "listener", stdin: "two\n")
                == "Added user lee (a listener).\n")
        #expect(try await home.ok("user", "list").contains("lee  listener "))
        #expect(
            try await home.ok("user", "set", "lee", "--role", "user")
                == "lee may change the library on the web page.\n")
        #expect(try await home.ok("user", "list").contains("lee  user "))
        let admin = try await home.run(["user", "set", "joe", "--role", "listener"])
        #expect(
            admin.status == 64
                && admin.stderr == "bluelibrary: joe is the administrator, who cannot be a listener\n")
    }

    @Test func sessionsAreListedAndEndedOneOrAll() async throws {
        _ = try await home.ok("user", "add", "joe", stdin: "sésame\n")
        #expect(
            try await home.ok("user", "sessions", "joe") == "joe is not signed in to the web page anywhere.\n"
        )
        // Two sign-ins to the page, as a server makes them.
        let library = LibraryAPI(path: home.libraryPath)
        let accounts = UserAccounts(
            library: library,
            vault: PasswordVault(keyPath: PasswordVault.keyPath(besideLibrary: home.libraryPath)))
        let phone = try #require(
            try await accounts.signIn("joe", password: "sésame", client: "Phone from 10.0.0.2"))
        let desk = try #require(
            try await accounts.signIn("joe", password: "sésame", client: "Desk from 10.0.0.3"))
        let listed = try await home.ok("user", "sessions", "joe").split(separator: "\n")
        #expect(listed.count == 2)
        #expect(
            listed[0].hasSuffix(" UTC  Phone from 10.0.0.2")
                && listed[1].hasSuffix(" UTC  Desk from 10.0.0.3"))
        #expect(
            listed.allSatisfy { $0.wholeMatch(of: /[0-9a-f]{8}  \d{4}-\d\d-\d\d \d\d:\d\d UTC  .+/) != nil })
        // One by its id, then the rest.
        let id = String(listed[0].prefix(8))
        #expect(try await home.ok("user", "sessions", "joe", "--end", id) == "Signed joe out of 1 session.\n")
        #expect(try await accounts.user(session: phone.secret) == nil)
        #expect(try await accounts.user(session: desk.secret)?.name == "joe")
        let unknown = try await home.run(["user", "sessions", "joe", "--end", id])
        #expect(unknown.status == 65 && unknown.stderr == "bluelibrary: joe has no session \(id)\n")
        #expect(try await home.ok("user", "sessions", "joe", "--revoke") == "Signed joe out of 1 session.\n")
        #expect(try await accounts.user(session: desk.secret) == nil)
        await library.close()
    }

    @Test(arguments: [
        (["user"], 64, "usage: bluelibrary user"),
        (["user", "make", "joe"], 64, "unknown action 'make'"),
        (["user", "add"], 64, "add needs a user NAME"),
        (["user", "list", "joe"], 64, "list takes no name"),
        (["user", "add", "joe", "--revoke"], 64, "--revoke goes with key or sessions"),
        (["user", "add", "joe", "--end", "ab12cd34"], 64, "--end goes with sessions"),
        (
            ["user", "sessions", "joe", "--end", "ab12cd34", "--revoke"], 64,
            "give --end ID or --revoke, not both"
        ),
        (["user", "sessions"], 64, "sessions needs a user NAME"),
        (["user", "sessions", "nobody"], 65, "no user named nobody"),
        (["serve", "--sign-in", "--port", "0"], 64, "--sign-in needs someone to sign in as"),
        (["user", "add", "joe", "--role", "dj"], 64, "invalid --role 'dj': use listener or user"),
        (["user", "key", "joe", "--role", "listener"], 64, "--role goes with add or set"),
        (["user", "add", "joe", "--role", "listener"], 64, "the first user is the administrator"),
        (["user", "add", "joe", "--password", "x"], 64, "unknown option '--password'"),
        (["user", "passwd", "nobody"], 65, "no user named nobody"),
        (["user", "key", "nobody"], 65, "no user named nobody"),
        (["user", "remove", "nobody"], 65, "no user named nobody"),
        (["user", "add", "two words"], 64, "invalid user name 'two words'"),
        (["user", "set", "joe"], 64, "set needs --max-bitrate KBPS"),
        (["user", "add", "joe", "--max-bitrate", "128"], 64, "--max-bitrate goes with set"),
        (["user", "set", "joe", "--max-bitrate", "fast"], 64, "invalid --max-bitrate 'fast'"),
        (["user", "set", "nobody", "--max-bitrate", "128"], 65, "no user named nobody"),
        (["player", "set", "DSub"], 64, "set needs --format FORMAT or --max-bitrate KBPS"),
        (["player", "set", "DSub", "--format", "wma"], 64, "invalid --format 'wma'"),
        (["player", "set", "DSub", "--max-bitrate", "-5"], 64, "invalid --max-bitrate '-5'"),
        (["player", "list", "--format", "mp3"], 64, "--format and --max-bitrate go with set"),
        (["player", "remove", "DSub"], 65, "no player named DSub has defaults"),
        (["player", "start"], 64, "unknown action 'start'"),
    ])
    func mistakesAreOneLineAndChangeNothing(arguments: [String], status: Int32, message: String) async throws
    {
        // No standard input: each mistake is found before a password is read.
        let result = try await home.run(arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try await home.ok("user", "list").hasPrefix("No users yet"))
    }

    @Test func aUsersLimitAndPlayersDefaultsAreSetListedAndCleared() async throws {
        _ = try await home.ok("user", "add", "joe", stdin: "sésame 1+2\n")
        #expect(
            try await home.ok("user", "set", "JOE", "--max-bitrate", "192")
                == "JOE's streams are sent at 192 kbit/s at most.\n")
        #expect(try await home.ok("user", "list") == "joe  administrator  no API keys  at most 192 kbit/s\n")
        #expect(
            try await home.ok("user", "set", "joe", "--max-bitrate", "0")
                == "joe's streams have no bit rate limit.\n")
        #expect(try await home.ok("user", "list") == "joe  administrator  no API keys\n")
        #expect(
            try await home.ok("player", "list")
                == "No player has defaults; set some with: bluelibrary player set NAME --format opus\n")
        #expect(
            try await home.ok("player", "set", "DSub", "--format", "OPUS", "--max-bitrate", "96")
                == "DSub: opus, at most 96 kbit/s.\n")
        #expect(
            try await home.ok("player", "set", "desk", "--format", "raw")
                == "desk: the files as they are, no bit rate limit.\n")
        #expect(
            try await home.ok("player", "set", "dsub", "--max-bitrate", "128")
                == "dsub: opus, at most 128 kbit/s.\n")
        #expect(
            try await home.ok("player", "list") == """
                desk  the files as they are, no bit rate limit
                dsub  opus, at most 128 kbit/s

                """)
        #expect(try await home.ok("player", "remove", "DESK") == "Forgot the defaults of DESK.\n")
        #expect(
            try await home.ok("player", "set", "dsub", "--format", "none", "--max-bitrate", "0")
                == "dsub: the format it asks for, no bit rate limit.\n")
        #expect(try await home.ok("player", "list").hasPrefix("No player has defaults"))
    }

    @Test func withoutAPasswordLineNothingIsAdded() async throws {
        let empty = try await home.run(["user", "add", "joe"], stdin: "")
        #expect(empty.status == 64)
        #expect(empty.stderr == "bluelibrary: no password on standard input (give it as one line)\n")
        let blank = try await home.run(["user", "add", "joe"], stdin: "\n")
        #expect(blank.status == 64)
        #expect(blank.stderr == "bluelibrary: the password is empty\n")
        #expect(try await home.ok("user", "list").hasPrefix("No users yet"))
    }

    @Test(.timeLimit(.minutes(2))) func onATerminalThePasswordIsAskedTwiceWithoutEcho() async throws {
        // Stopped when released, should the test end early.
        let tmux = TmuxSession(name: "blu", scratch: home.directory)
        let binary = BinaryRunner.productsDirectory + "/bluelibrary"
        let environment = home.environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        try await tmux.start("env \(environment) \(binary) user add joe; echo EXITED $?; sleep 60")
        try await tmux.waitFor("Password for joe:")
        try await tmux.keys("hidden-word", "Enter")
        try await tmux.waitFor("Again:")
        try await tmux.keys("other-word", "Enter")
        try await tmux.waitFor("EXITED 64")
        #expect(await tmux.screen.contains("the two passwords differ"))
        try await tmux(
            "respawn-pane", "-k", "-t", tmux.name,
            "env \(environment) \(binary) user add joe; echo EXITED $?; sleep 60")
        try await tmux.waitFor("Password for joe:")
        try await tmux.keys("hidden-word", "Enter")
        try await tmux.waitFor("Again:")
        try await tmux.keys("hidden-word", "Enter")
        try await tmux.waitFor("EXITED 0")
        let screen = await tmux.screen
        #expect(screen.contains("Added user joe (the administrator)."))
        #expect(!screen.contains("hidden-word"))
        await tmux.kill()
    }
}
