#ifndef BLUELIBRARY_CCRYPTO_H
#define BLUELIBRARY_CCRYPTO_H
// SHA-256 from OpenSSL's libcrypto, loaded on first use (bl_loader.h): most bluelibrary commands never
// hash anything, and linking libcrypto would make every one of them pay for loading it at start-up.
// BLUELIBRARY_LIBCRYPTO names another file to load instead of libcrypto.so.3.
#include <stddef.h>
#include <stdint.h>

/// Writes the SHA-256 digest of `count` bytes at `data` into `digest` (32 bytes). Returns 0; or -1 when
/// libcrypto cannot be loaded or fails, with one line saying why in `reason` (`reason_size` bytes).
int bl_sha256(const void *data, size_t count, uint8_t digest[32], char *reason, size_t reason_size);
#endif
