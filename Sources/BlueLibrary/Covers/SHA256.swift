import BlueLibraryCore
import CCrypto

/// SHA-256 from OpenSSL's libcrypto (through the `CCrypto` target, which loads it on first use): the
/// cover cache's keys and integrity checks, and the web's ETags. The toolchain on Linux has no
/// CryptoKit; a vetted implementation beats a hand-written one.
package enum SHA256 {
    /// The 32-byte digest of `bytes`.
    /// - Throws: ``LibraryError`` `unavailable` when libcrypto cannot be loaded or fails.
    package static func hash(_ bytes: [UInt8]) throws -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var reason = [CChar](repeating: 0, count: 512)
        let status = bytes.withUnsafeBytes { source in
            digest.withUnsafeMutableBufferPointer { target in
                bl_sha256(source.baseAddress, source.count, target.baseAddress, &reason, reason.count)
            }
        }
        guard status == 0 else { throw LibraryError(.unavailable, String(nulTerminated: reason)) }
        return digest
    }

    /// HMAC-SHA-256 (RFC 2104) of `message` under `key`: what signs a value the server hands out and must
    /// get back unchanged.
    package static func authenticationCode(_ message: [UInt8], key: [UInt8]) throws -> [UInt8] {
        var block = key.count > 64 ? try hash(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        let inner = try hash(block.map { $0 ^ 0x36 } + message)
        return try hash(block.map { $0 ^ 0x5C } + inner)
    }

    /// The digest of `text`'s UTF-8 as 64 lowercase hex digits.
    package static func hex(_ text: String) throws -> String {
        Hex.string(try hash(Array(text.utf8)))
    }
}
