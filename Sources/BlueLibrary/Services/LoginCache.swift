import BlueLibraryCore
import Synchronization

/// What logins need, kept between requests: the users found by name and by API-key digest, and each
/// user's password opened from its seal. A music app logs in with every request; with these a login reads
/// nothing from the library and opens no password, so it never waits for a reader's thread.
///
/// Everything is dropped whenever something may have changed a user: this process's own changes to users
/// (``UserAccounts`` drops it after each), and every change the library announces — another process's
/// commits are announced by the external-change watcher (at once on PostgreSQL, within its interval on
/// SQLite). A value read before a drop is never kept after it: each drop starts a new generation, and a
/// value is kept only in the generation it was read in.
final class LoginCache: Sendable {
    private struct Entries {
        var generation = 0
        var users: [String: StoredUser] = [:]
        var keys: [String: StoredUser] = [:]
        /// By user id: the seal, and the password it opens to.
        var passwords: [String: (sealed: String, password: String)] = [:]
    }

    /// The most entries of each kind kept (a server's users, and some room).
    private let capacity: Int
    private let entries = Mutex(Entries())

    init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    /// The generation values read now belong to.
    var generation: Int { entries.withLock { $0.generation } }

    /// Drops everything.
    func drop() {
        entries.withLock { entries in
            entries = Entries(generation: entries.generation + 1)
        }
    }

    /// The user named exactly `name`, when known.
    func user(named name: String) -> StoredUser? { entries.withLock { $0.users[name] } }

    /// Keeps the user found by `name`, read in `generation`.
    func keep(_ user: StoredUser, named name: String, readIn generation: Int) {
        entries.withLock { entries in
            guard entries.generation == generation else { return }
            if entries.users.count >= capacity { entries.users = [:] }
            entries.users[name] = user
        }
    }

    /// The user of the API key with `digest`, when known.
    func user(apiKeyDigest digest: String) -> StoredUser? { entries.withLock { $0.keys[digest] } }

    /// Keeps the user found by an API key's `digest`, read in `generation`.
    func keep(_ user: StoredUser, apiKeyDigest digest: String, readIn generation: Int) {
        entries.withLock { entries in
            guard entries.generation == generation else { return }
            if entries.keys.count >= capacity { entries.keys = [:] }
            entries.keys[digest] = user
        }
    }

    /// The password `user`'s seal opens to, when opened before (and the seal is the same).
    func password(of user: StoredUser) -> String? {
        entries.withLock { entries in
            entries.passwords[user.id].flatMap { $0.sealed == user.sealedPassword ? $0.password : nil }
        }
    }

    /// Keeps the password `user`'s seal opened to.
    func keep(password: String, of user: StoredUser, readIn generation: Int) {
        entries.withLock { entries in
            guard entries.generation == generation else { return }
            if entries.passwords.count >= capacity { entries.passwords = [:] }
            entries.passwords[user.id] = (user.sealedPassword, password)
        }
    }
}
