import BlueLibraryCore
import CCrypto

/// MD5 from OpenSSL's libcrypto (loaded on first use): the Subsonic protocol's token logins send
/// md5(password + salt). Nothing else uses it; it protects nothing by itself.
package enum MD5 {
    /// The 16-byte digest of `bytes`.
    /// - Throws: ``LibraryError`` `unavailable` when libcrypto cannot be loaded or fails.
    package static func hash(_ bytes: [UInt8]) throws -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 16)
        var reason = [CChar](repeating: 0, count: 512)
        let status = bytes.withUnsafeBytes { source in
            digest.withUnsafeMutableBufferPointer { target in
                bl_md5(source.baseAddress, source.count, target.baseAddress, &reason, reason.count)
            }
        }
        guard status == 0 else { throw LibraryError(.unavailable, String(nulTerminated: reason)) }
        return digest
    }

    /// The digest of `text`'s UTF-8 as 32 lowercase hex digits.
    package static func hex(_ text: String) throws -> String {
        Hex.string(try hash(Array(text.utf8)))
    }
}
