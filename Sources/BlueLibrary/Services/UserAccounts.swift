import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryStore

/// The people a music server (the Subsonic API) lets in: adding and removing them, their passwords
/// (sealed by a ``PasswordVault``), their API keys, and checking a login. The first user added is the
/// administrator, and there is always one while there are users: removing the administrator hands the
/// role to the oldest user left.
///
/// API keys are shown once, when made; the library keeps only their SHA-256 and first characters.
package final class UserAccounts: Sendable {
    /// The library the users are kept in.
    package let library: LibraryAPI
    /// Seals and opens their passwords.
    package let vault: PasswordVault
    private let now: @Sendable () -> Int64
    /// The users and opened passwords logins need, kept between requests.
    private let logins = LoginCache()
    /// Drops ``logins`` whenever the library announces a change.
    private let following: Subscription

    /// The longest name accepted, in characters.
    package static let maximumNameLength = 64
    /// The longest password accepted, in UTF-8 bytes.
    package static let maximumPasswordLength = 256

    /// Accounts kept in `library`, whose passwords `vault` seals.
    /// - Parameter now: the clock, in milliseconds since 1970.
    package init(
        library: LibraryAPI, vault: PasswordVault,
        now: @escaping @Sendable () -> Int64 = WallClock.milliseconds
    ) {
        self.library = library
        self.vault = vault
        self.now = now
        following = library.changes.observe { [logins] _ in logins.drop() }
    }

    /// Adds a user; the first one is the administrator.
    /// - Parameter listener: whether they only listen (browse, play, keep their own queue; edit nothing).
    /// - Throws: `usage` for a name or password that cannot be used, or a listener as the first user (the
    ///   administrator); `conflict` for a name taken.
    @discardableResult
    package func add(_ name: String, password: String, listener: Bool = false) async throws -> StoredUser {
        let name = StoredUser.normalizedName(name)
        try Self.check(name: name)
        try Self.check(password: password)
        let id = AlbumID.random().rawValue
        let sealed = try await vault.seal(password, user: id)
        let created = now()
        defer { logins.drop() }
        return try await library.changeUserData { writer in
            // However its letters were typed then or now, a name taken is taken.
            if try writer.user(named: name) != nil {
                throw LibraryError(.conflict, "a user named \(name) already exists")
            }
            let isAdmin = try writer.users().isEmpty
            if isAdmin && listener {
                throw LibraryError(
                    .usage,
                    "the first user is the administrator, who cannot be a listener: add \(name) after them")
            }
            let user = StoredUser(
                id: id, name: name, sealedPassword: sealed, isAdmin: isAdmin, created: created,
                isListener: listener)
            try writer.insertUser(user)
            return user
        }
    }

    /// Gives a user a new password.
    /// - Throws: `notFound` for an unknown name, `usage` for a password that cannot be used.
    package func setPassword(of name: String, to password: String) async throws {
        try Self.check(password: password)
        let user = try await existing(name)
        let sealed = try await vault.seal(password, user: user.id)
        defer { logins.drop() }
        try await library.changeUserData { writer in
            var changed = user
            changed.sealedPassword = sealed
            try writer.updateUser(changed)
        }
    }

    /// Removes a user and everything kept for them; the administrator's role goes to the oldest user left.
    /// - Returns: the user who is the administrator now, when the role moved.
    /// - Throws: `notFound` for an unknown name.
    @discardableResult
    package func remove(_ name: String) async throws -> StoredUser? {
        let missing = Self.unknown(name)
        defer { logins.drop() }
        return try await library.changeUserData { writer in
            guard let user = try writer.user(named: name) else { throw missing }
            try writer.deleteUser(id: user.id)
            guard user.isAdmin, var heir = try writer.users().first else { return nil }
            heir.isAdmin = true
            heir.isListener = false
            try writer.updateUser(heir)
            return heir
        }
    }

    /// The user named `name` (ignoring case), if any.
    package func user(named name: String) async throws -> StoredUser? {
        try await library.listening { try $0.user(named: name) }
    }

    /// Every user with their API keys, oldest first.
    package func list() async throws -> [(user: StoredUser, keys: [StoredAPIKey])] {
        try await library.listening { reader in
            try reader.users().map { ($0, try reader.apiKeys(of: $0.id)) }
        }
    }

    /// Makes a new API key for a user.
    /// - Returns: the key, which is shown this once (the library keeps its digest).
    /// - Throws: `notFound` for an unknown name.
    package func makeAPIKey(for name: String) async throws -> String {
        let user = try await existing(name)
        var generator = SystemRandomNumberGenerator()
        let key = Hex.string((0..<24).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let stored = StoredAPIKey(
            digest: try SHA256.hex(key), prefix: String(key.prefix(8)), user: user.id, created: now())
        try await library.changeUserData { try $0.insertAPIKey(stored) }
        return key
    }

    /// Revokes every API key of a user.
    /// - Returns: how many there were.
    /// - Throws: `notFound` for an unknown name.
    @discardableResult
    package func revokeAPIKeys(of name: String) async throws -> Int {
        let missing = Self.unknown(name)
        defer { logins.drop() }
        return try await library.changeUserData { writer in
            guard let user = try writer.user(named: name) else { throw missing }
            let count = try writer.apiKeys(of: user.id).count
            try writer.deleteAPIKeys(of: user.id)
            return count
        }
    }

    // MARK: The web page's sign-ins

    /// Signs a user in to the web page: a new session, kept in the library as its SHA-256, so every
    /// server on the library's database accepts it until it is ended.
    /// - Parameter client: the browser and address it is made from, as `user sessions` lists it.
    /// - Returns: the session's secret (the cookie's value, shown this once) and the user; `nil` when the
    ///   name or password is wrong.
    package func signIn(_ name: String, password: String, client: String) async throws
        -> (secret: String, user: StoredUser)?
    {
        guard let user = try await authenticate(.password(user: name, password: password)) else { return nil }
        var generator = SystemRandomNumberGenerator()
        let secret = Hex.string((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let session = StoredSession(
            digest: try SHA256.hex(secret), user: user.id, created: now(),
            client: String(client.filter { !$0.isNewline }.prefix(160)))
        try await library.changeUserData { try $0.insertSession(session) }
        return (secret, user)
    }

    /// How long a session lasts from its sign-in (the cookie's own `Max-Age`): 400 days, the most a
    /// browser keeps a cookie.
    package static let sessionLifetime: Int64 = 400 * 24 * 3600 * 1000

    /// The user a session's secret signs in, while the session lasts.
    package func user(session secret: String) async throws -> StoredUser? {
        guard secret.count == 64, secret.allSatisfy(\.isHexDigit) else { return nil }
        let digest = try SHA256.hex(secret)
        let oldest = now() - Self.sessionLifetime
        return try await library.listening { reader in
            guard let session = try reader.session(digest: digest), session.created > oldest else {
                return nil
            }
            return try reader.users().first { $0.id == session.user }
        }
    }

    /// Ends the session whose secret this is (signing out).
    package func signOut(session secret: String) async throws {
        let digest = try SHA256.hex(secret)
        try await library.changeUserData { try $0.deleteSessions(digests: [digest]) }
    }

    /// A user's sessions, oldest first.
    /// - Throws: `notFound` for an unknown name.
    package func sessions(of name: String) async throws -> [StoredSession] {
        let missing = Self.unknown(name)
        return try await library.listening { reader in
            guard let user = try reader.user(named: name) else { throw missing }
            return try reader.sessions(of: user.id)
        }
    }

    /// Ends a user's session with the id `id` (``StoredSession/id``), or every one of theirs (`nil`).
    /// - Returns: the sessions ended.
    /// - Throws: `notFound` for an unknown name or a session id of none of theirs.
    @discardableResult
    package func revokeSessions(of name: String, id: String?) async throws -> [StoredSession] {
        let missing = Self.unknown(name)
        return try await library.changeUserData { writer in
            guard let user = try writer.user(named: name) else { throw missing }
            let ended = try writer.sessions(of: user.id).filter { id == nil || $0.id == id?.lowercased() }
            if let id, ended.isEmpty {
                throw LibraryError(.notFound, "\(user.name) has no session \(id.prefix(16))")
            }
            try writer.deleteSessions(digests: ended.map(\.digest))
            return ended
        }
    }

    /// Makes a user one who only listens (`true`) or one who may change the library too.
    /// - Throws: `notFound` for an unknown name, `usage` for the administrator as a listener.
    package func setListener(_ name: String, _ listener: Bool) async throws {
        let missing = Self.unknown(name)
        defer { logins.drop() }
        try await library.changeUserData { writer in
            guard var user = try writer.user(named: name) else { throw missing }
            if user.isAdmin && listener {
                throw LibraryError(.usage, "\(user.name) is the administrator, who cannot be a listener")
            }
            user.isListener = listener
            try writer.updateUser(user)
        }
    }

    // MARK: Streaming limits

    /// The highest streaming bit rate any client of this user's gets (kbit/s, 0 for no limit).
    /// - Throws: `notFound` for an unknown name, `usage` for a rate that is not 0 to 10,000.
    package func setMaxBitRate(of name: String, to kilobits: Int) async throws {
        guard (0...10_000).contains(kilobits) else {
            throw LibraryError(.usage, "invalid bit rate \(kilobits): use kbit/s from 0 (no limit) to 10000")
        }
        let missing = Self.unknown(name)
        defer { logins.drop() }
        try await library.changeUserData { writer in
            guard var user = try writer.user(named: name) else { throw missing }
            user.maxBitRate = kilobits
            try writer.updateUser(user)
        }
    }

    /// Every player's streaming defaults, by name.
    package func players() async throws -> [StoredPlayer] {
        try await library.listening { try $0.players() }
    }

    /// The streaming defaults of the player (Subsonic client) named `name`, if it has any.
    package func player(named name: String) async throws -> StoredPlayer? {
        try await library.listening { try $0.player(named: name) }
    }

    /// Sets a player's streaming defaults; a player left with neither a format nor a limit is forgotten.
    /// - Throws: `usage` for an empty or over-long name, or a rate that is not 0 to 10,000.
    package func setPlayer(_ player: StoredPlayer) async throws {
        guard !player.name.isEmpty, player.name.count <= 128, !player.name.contains(where: \.isNewline) else {
            throw LibraryError(
                .usage, "invalid player name '\(player.name.prefix(80))': use 1 to 128 characters")
        }
        guard (0...10_000).contains(player.maxBitRate) else {
            throw LibraryError(
                .usage, "invalid bit rate \(player.maxBitRate): use kbit/s from 0 (no limit) to 10000")
        }
        try await library.changeUserData { writer in
            if player.format.isEmpty && player.maxBitRate == 0 {
                try writer.deletePlayer(named: player.name)
            } else {
                try writer.savePlayer(player)
            }
        }
    }

    // MARK: Logins

    /// What a request presents to log in.
    package enum Credentials: Sendable, Hashable {
        /// A name and the password (already decoded from `enc:` hex).
        case password(user: String, password: String)
        /// A name, md5(password + salt) in hex, and the salt.
        case token(user: String, token: String, salt: String)
        /// An API key.
        case apiKey(String)
    }

    /// The user the credentials name, when they are right; `nil` when they are wrong (an unknown name, a
    /// wrong password, token or key — the caller cannot tell which, and neither can whoever guesses).
    /// - Throws: when the library or the password key cannot be read.
    package func authenticate(_ credentials: Credentials) async throws -> StoredUser? {
        switch credentials {
        case .apiKey(let key):
            let digest = try SHA256.hex(key)
            if let user = logins.user(apiKeyDigest: digest) { return user }
            let generation = logins.generation
            guard let user = try await library.listening({ try $0.user(apiKeyDigest: digest) }) else {
                return nil
            }
            logins.keep(user, apiKeyDigest: digest, readIn: generation)
            return user
        case .password(let name, let password):
            guard let (user, stored) = try await userAndPassword(named: name) else { return nil }
            return Self.same(Array(stored.utf8), Array(password.utf8)) ? user : nil
        case .token(let name, let token, let salt):
            guard let (user, stored) = try await userAndPassword(named: name) else { return nil }
            let expected = try MD5.hex(stored + salt)
            return Self.same(Array(expected.utf8), Array(token.lowercased().utf8)) ? user : nil
        }
    }

    /// The user named `name` and their password, from ``logins`` when they are there.
    private func userAndPassword(named name: String) async throws -> (StoredUser, String)? {
        let generation = logins.generation
        var user = logins.user(named: name)
        if user == nil {
            user = try await library.listening { try $0.user(named: name) }
            if let user { logins.keep(user, named: name, readIn: generation) }
        }
        guard let user else { return nil }
        if let password = logins.password(of: user) { return (user, password) }
        let password = try await vault.open(user.sealedPassword, user: user.id)
        logins.keep(password: password, of: user, readIn: generation)
        return (user, password)
    }

    /// Compares two byte strings in a time that depends on their length only.
    private static func same(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(lhs, rhs) { difference |= left ^ right }
        return difference == 0
    }

    // MARK: Checks

    private func existing(_ name: String) async throws -> StoredUser {
        guard let user = try await library.listening({ try $0.user(named: name) }) else {
            throw Self.unknown(name)
        }
        return user
    }

    private static func unknown(_ name: String) -> LibraryError {
        LibraryError(.notFound, "no user named \(name.prefix(Self.maximumNameLength))")
    }

    /// Checks a new user's name: 1 to 64 characters, no spaces, control characters or colons, and no
    /// look-alikes of other letters — fullwidth or halfwidth forms (`Ａlice`), mathematical letters
    /// (`𝐚lice`), or characters that show nothing (a zero-width space) — which would let one person
    /// pass for another. Names compare composed and lowercased (``StoredUser/nameKey(_:)``).
    /// - Throws: `usage` naming what is wrong.
    package static func check(name: String) throws {
        guard !name.isEmpty, name.count <= maximumNameLength else {
            throw LibraryError(
                .usage, "invalid user name '\(name.prefix(80))': use 1 to \(maximumNameLength) characters")
        }
        guard
            !name.unicodeScalars.contains(where: {
                $0.properties.isWhitespace || $0.value < 0x20 || $0 == ":"
            })
        else {
            throw LibraryError(
                .usage, "invalid user name '\(name)': it may not contain spaces, control characters or ':'")
        }
        guard
            !name.unicodeScalars.contains(where: {
                (0xFF00...0xFFEF).contains($0.value) || (0x1D400...0x1D7FF).contains($0.value)
                    || $0.properties.isDefaultIgnorableCodePoint
            })
        else {
            throw LibraryError(
                .usage,
                "invalid user name '\(name)': it may not contain look-alike characters (fullwidth, mathematical or invisible forms); use plain letters"
            )
        }
    }

    /// A password: 1 to 256 bytes, no control characters (it is typed, or read as one line).
    private static func check(password: String) throws {
        guard !password.isEmpty else { throw LibraryError(.usage, "the password is empty") }
        guard password.utf8.count <= maximumPasswordLength else {
            throw LibraryError(.usage, "the password is longer than \(maximumPasswordLength) bytes")
        }
        guard !password.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw LibraryError(.usage, "the password may not contain control characters")
        }
    }
}
