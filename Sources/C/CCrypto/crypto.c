#include "bl_crypto.h"

#include <dlfcn.h>
#include <openssl/evp.h>
#include <pthread.h>
#include <stdio.h>

typedef int (*digest_function)(const void *, size_t, unsigned char *, unsigned int *, const EVP_MD *,
                               ENGINE *);
typedef const EVP_MD *(*sha256_function)(void);

static pthread_once_t once = PTHREAD_ONCE_INIT;
static digest_function evp_digest;
static sha256_function evp_sha256;
static char load_error[256];

static void load(void) {
    const char *names[] = {"libcrypto.so.3", "libcrypto.so"};
    void *library = NULL;
    for (size_t index = 0; index < sizeof names / sizeof names[0] && library == NULL; index++) {
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "cannot load OpenSSL's libcrypto (%s)",
                 reason ? reason : "not found");
        return;
    }
    evp_digest = (digest_function)dlsym(library, "EVP_Digest");
    evp_sha256 = (sha256_function)dlsym(library, "EVP_sha256");
    if (evp_digest == NULL || evp_sha256 == NULL) {
        snprintf(load_error, sizeof load_error, "libcrypto lacks EVP_Digest or EVP_sha256");
        evp_digest = NULL;
    }
}

int bl_sha256(const void *data, size_t count, uint8_t digest[32]) {
    pthread_once(&once, load);
    if (evp_digest == NULL) return -1;
    unsigned int size = 0;
    static const unsigned char empty = 0;
    if (evp_digest(count == 0 ? (const void *)&empty : data, count, digest, &size, evp_sha256(), NULL) != 1 ||
        size != 32) {
        snprintf(load_error, sizeof load_error, "EVP_Digest failed");
        return -1;
    }
    return 0;
}

const char *bl_crypto_error(void) {
    pthread_once(&once, load);
    return load_error[0] ? load_error : NULL;
}
