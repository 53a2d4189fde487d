#ifndef BLUELIBRARY_CCRYPTO_H
#define BLUELIBRARY_CCRYPTO_H
// Digests and one cipher from OpenSSL's libcrypto, loaded on first use (bl_loader.h): most bluelibrary
// commands never hash or encrypt anything, and linking libcrypto would make every one of them pay for
// loading it at start-up. BLUELIBRARY_LIBCRYPTO names another file to load instead of libcrypto.so.3.
//
// SHA-256 names and checks the cover cache's files; MD5 checks the Subsonic API's token logins (the
// protocol's own choice, md5(password + salt)); AES-256-GCM keeps listeners' passwords encrypted in the
// library, since token logins need each password back.
#include <stddef.h>
#include <stdint.h>

/// Writes the SHA-256 digest of `count` bytes at `data` into `digest` (32 bytes). Returns 0; or -1 when
/// libcrypto cannot be loaded or fails, with one line saying why in `reason` (`reason_size` bytes).
int bl_sha256(const void *data, size_t count, uint8_t digest[32], char *reason, size_t reason_size);

/// Writes the MD5 digest of `count` bytes at `data` into `digest` (16 bytes). Returns 0, or -1 with a
/// reason as bl_sha256 does.
int bl_md5(const void *data, size_t count, uint8_t digest[16], char *reason, size_t reason_size);

/// Encrypts `count` bytes at `plain` with AES-256-GCM under `key` (32 bytes) and `nonce` (12 bytes),
/// authenticating `aad_count` bytes at `aad` too: the ciphertext (`count` bytes) goes to `sealed` and the
/// 16-byte tag to `tag`. Returns 0, or -1 with a reason.
int bl_aes256gcm_seal(const uint8_t key[32], const uint8_t nonce[12], const void *aad, size_t aad_count,
                      const void *plain, size_t count, uint8_t *sealed, uint8_t tag[16], char *reason,
                      size_t reason_size);

/// Decrypts what bl_aes256gcm_seal made: `count` bytes at `sealed` into `plain`, checking `tag` and `aad`.
/// Returns 0; 1 when the tag does not match (another key, altered bytes); -1 with a reason when libcrypto
/// cannot be loaded or fails.
int bl_aes256gcm_open(const uint8_t key[32], const uint8_t nonce[12], const void *aad, size_t aad_count,
                      const void *sealed, size_t count, const uint8_t tag[16], uint8_t *plain, char *reason,
                      size_t reason_size);
#endif
