#include "bl_crypto.h"

#include <bl_loader.h>
#include <openssl/evp.h>
#include <stdio.h>

static __typeof__(&EVP_Digest) evp_digest;
static __typeof__(&EVP_sha256) evp_sha256;

static bl_library libcrypto = {
    .failure = "cannot load OpenSSL's libcrypto",
    .variable = "BLUELIBRARY_LIBCRYPTO",
    .files = (const char *const[]){"libcrypto.so.3", "libcrypto.so", NULL},
    .symbols =
        (const bl_symbol[]){
            {"EVP_Digest", (void **)&evp_digest},
            {"EVP_sha256", (void **)&evp_sha256},
            {NULL, NULL},
        },
    .advice = (const bl_advice[]){{"libcrypto.so", "install libssl3"}, {NULL, NULL}},
};

int bl_sha256(const void *data, size_t count, uint8_t digest[32], char *reason, size_t reason_size) {
    if (bl_library_load(&libcrypto, reason, reason_size) != 0) return -1;
    unsigned int size = 0;
    static const unsigned char empty = 0;
    if (evp_digest(count == 0 ? (const void *)&empty : data, count, digest, &size, evp_sha256(), NULL) != 1 ||
        size != 32) {
        snprintf(reason, reason_size, "libcrypto's EVP_Digest failed");
        return -1;
    }
    return 0;
}
