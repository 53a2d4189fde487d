import BlueLibraryConcurrency
import BlueLibraryCore
import CCrypto
import Synchronization
import SystemFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps passwords encrypted in the library and gives them back to the server that checks a login: the
/// Subsonic protocol's token logins send md5(password + salt) with a new salt each time, so the server
/// needs each password itself, not a one-way hash of it.
///
/// Passwords are sealed with AES-256-GCM (OpenSSL's libcrypto) under a key of 32 random bytes kept in a
/// file of its own beside the library's database, readable by its owner only (mode 0600), made with the
/// first password. A copy of the database alone (a backup, a leaked file) holds no password in clear; a
/// sealed password is bound to its user's id, so one cannot be moved onto another user.
package final class PasswordVault: Sendable {
    /// The key file.
    package let keyPath: String
    /// The key, read once (or made, for a first password).
    private let key = BlockingCache<[UInt8]>()

    /// The sealed form's prefix, which names the scheme.
    static let scheme = "aes256gcm:"

    /// A vault whose key is the file at `keyPath`.
    package init(keyPath: String) {
        self.keyPath = keyPath
    }

    /// Where the key of the library whose database is at `libraryPath` is kept: beside it, with `.key`
    /// added to its name.
    package static func keyPath(besideLibrary libraryPath: String) -> String {
        libraryPath + ".key"
    }

    /// `password` sealed for the user with id `user`, making the key file when there is none yet.
    /// - Throws: ``LibraryError`` `io` when the key file cannot be made or read, `unavailable` without
    ///   libcrypto.
    package func seal(_ password: String, user: String) async throws -> String {
        let key = try await self.key(creating: true)
        var generator = SystemRandomNumberGenerator()
        let nonce = (0..<12).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let plain = Array(password.utf8)
        let aad = Array("bluelibrary-user:\(user)".utf8)
        var sealed = [UInt8](repeating: 0, count: plain.count)
        var tag = [UInt8](repeating: 0, count: 16)
        var reason = [CChar](repeating: 0, count: 512)
        let status = sealed.withUnsafeMutableBufferPointer { output in
            bl_aes256gcm_seal(
                key, nonce, aad, aad.count, plain, plain.count, output.baseAddress, &tag, &reason,
                reason.count)
        }
        guard status == 0 else { throw LibraryError(.unavailable, String(nulTerminated: reason)) }
        return Self.scheme + Hex.string(nonce + sealed + tag)
    }

    /// The password `sealed` holds for the user with id `user`.
    /// - Throws: ``LibraryError`` `io` when there is no key file or it cannot be read, `corruptLibrary`
    ///   when the key is not the one that sealed it (or the text was altered), `unavailable` without
    ///   libcrypto.
    package func open(_ sealed: String, user: String) async throws -> String {
        let key = try await self.key(creating: false)
        guard sealed.hasPrefix(Self.scheme), let bytes = Hex.bytes(sealed.dropFirst(Self.scheme.count)),
            bytes.count >= 28
        else {
            throw LibraryError(.corruptLibrary, "a stored password is not in a form this bluelibrary reads")
        }
        let nonce = Array(bytes.prefix(12))
        let tag = Array(bytes.suffix(16))
        let body = Array(bytes.dropFirst(12).dropLast(16))
        let aad = Array("bluelibrary-user:\(user)".utf8)
        var plain = [UInt8](repeating: 0, count: body.count)
        var reason = [CChar](repeating: 0, count: 512)
        let status = plain.withUnsafeMutableBufferPointer { output in
            bl_aes256gcm_open(
                key, nonce, aad, aad.count, body, body.count, tag, output.baseAddress, &reason, reason.count)
        }
        switch status {
        case 0: return String(decoding: plain, as: UTF8.self)
        case 1:
            throw LibraryError(
                .corruptLibrary,
                "the passwords cannot be opened with the key \(keyPath) (another library's key?); set them again with bluelibrary user passwd"
            )
        default: throw LibraryError(.unavailable, String(nulTerminated: reason))
        }
    }

    /// Carries the key at `source` to `target`, for a library copied elsewhere (`migrate`), so that its
    /// users' sealed passwords open there: written new (mode 0600) when `target` has no key, accepted
    /// when it holds the same one.
    /// - Returns: where the copied library's key is and whether this call wrote it; `nil` when the source
    ///   has no key (no user has a password).
    /// - Throws: ``LibraryError`` `conflict` when `target` holds another key (the copy's passwords would
    ///   not open), `io` when a key cannot be read or written.
    package static func carryKey(from source: String, to target: String) throws -> (
        path: String, written: Bool
    )? {
        guard access(source, F_OK) == 0 else { return nil }
        let key = try loadKey(source, creating: false)
        guard source != target else { return (target, false) }
        if access(target, F_OK) == 0 {
            guard try loadKey(target, creating: false) == key else {
                throw LibraryError(
                    .conflict,
                    "the password key \(target) is another library's, and the copy's passwords would not open with it; move it away, or name one key for both with BLUELIBRARY_KEY_FILE"
                )
            }
            return (target, false)
        }
        guard try writeKey(key, to: target) else {
            throw LibraryError(.conflict, "the password key \(target) appeared while the library was copied")
        }
        return (target, true)
    }

    /// Writes a new key file (mode 0600, never replacing one another process made at the same moment).
    /// - Returns: `false` when a file is already there (nothing written).
    @discardableResult
    private static func writeKey(_ key: [UInt8], to path: String) throws -> Bool {
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { return false }
            throw LibraryError(
                .io, "cannot make the password key \(path): \(String(cString: strerror(errno)))")
        }
        let failed = FileDescriptor.writeAll(descriptor, key)
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard failed == nil, synced else {
            unlink(path)
            throw LibraryError(.io, "cannot write the password key \(path)")
        }
        return true
    }

    /// The key, read from its file (or made when `creating` and there is none), once per vault.
    private func key(creating: Bool) async throws -> [UInt8] {
        if let known = key.value { return known }
        let path = keyPath
        let loaded = try await BlockingPool.files.run { try Self.loadKey(path, creating: creating) }
        return key.remember(loaded)
    }

    /// Reads the key file, or makes it with 32 random bytes (mode 0600, never replacing one that another
    /// process made at the same moment).
    private static func loadKey(_ path: String, creating: Bool) throws -> [UInt8] {
        var status = stat()
        if stat(path, &status) != 0 {
            guard errno == ENOENT, creating else {
                throw LibraryError(
                    .io, "cannot read the password key \(path): \(String(cString: strerror(errno)))")
            }
            var generator = SystemRandomNumberGenerator()
            let fresh = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // When another process made it at the same moment, theirs is read.
            if try writeKey(fresh, to: path) { return fresh }
            guard stat(path, &status) == 0 else {
                throw LibraryError(.io, "cannot read the password key \(path)")
            }
        }
        if status.st_mode & 0o077 != 0 {
            throw LibraryError(
                .io,
                "the password key \(path) may be read by others (mode \(String(status.st_mode & 0o777, radix: 8))); make it private with chmod 600"
            )
        }
        guard let bytes = LocalFile.read(path), bytes.count == 32 else {
            throw LibraryError(.io, "the password key \(path) is not 32 bytes; it was left untouched")
        }
        return bytes
    }
}

/// A value worked out once by blocking work and then kept (the first to finish wins; until then every
/// caller works it out).
final class BlockingCache<Value: Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)

    /// The value, when it is known.
    var value: Value? { stored.withLock { $0 } }

    /// Keeps `value` unless another was kept first; returns the one kept.
    func remember(_ value: Value) -> Value {
        stored.withLock { kept in
            if let kept { return kept }
            kept = value
            return value
        }
    }
}
