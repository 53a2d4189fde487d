#ifndef BLUELIBRARY_CCRYPTO_H
#define BLUELIBRARY_CCRYPTO_H
// SHA-256 from OpenSSL's libcrypto, loaded with dlopen on first use: most bluelibrary commands never
// hash anything, and linking libcrypto would make every one of them pay for loading it at start-up.
#include <stddef.h>
#include <stdint.h>

/// Writes the SHA-256 digest of `count` bytes at `data` into `digest` (32 bytes).
/// Returns 0 on success, -1 when libcrypto cannot be loaded or fails (see `bl_crypto_error`).
int bl_sha256(const void *data, size_t count, uint8_t digest[32]);

/// Why libcrypto could not be loaded, or NULL when it loaded.
const char *bl_crypto_error(void);
#endif
