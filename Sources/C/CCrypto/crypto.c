#include "bl_crypto.h"

#include <bl_loader.h>
#include <limits.h>
#include <openssl/evp.h>
#include <stdio.h>

static __typeof__(&EVP_Digest) evp_digest;
static __typeof__(&EVP_sha256) evp_sha256;
static __typeof__(&EVP_md5) evp_md5;
static __typeof__(&EVP_aes_256_gcm) evp_aes_256_gcm;
static __typeof__(&EVP_CIPHER_CTX_new) evp_cipher_ctx_new;
static __typeof__(&EVP_CIPHER_CTX_free) evp_cipher_ctx_free;
static __typeof__(&EVP_CIPHER_CTX_ctrl) evp_cipher_ctx_ctrl;
static __typeof__(&EVP_EncryptInit_ex) evp_encrypt_init;
static __typeof__(&EVP_EncryptUpdate) evp_encrypt_update;
static __typeof__(&EVP_EncryptFinal_ex) evp_encrypt_final;
static __typeof__(&EVP_DecryptInit_ex) evp_decrypt_init;
static __typeof__(&EVP_DecryptUpdate) evp_decrypt_update;
static __typeof__(&EVP_DecryptFinal_ex) evp_decrypt_final;

static bl_library libcrypto = {
    .failure = "cannot load OpenSSL's libcrypto",
    .variable = "BLUELIBRARY_LIBCRYPTO",
    .files = (const char *const[]){"libcrypto.so.3", "libcrypto.so", NULL},
    .symbols =
        (const bl_symbol[]){
            {"EVP_Digest", (void **)&evp_digest},
            {"EVP_sha256", (void **)&evp_sha256},
            {"EVP_md5", (void **)&evp_md5},
            {"EVP_aes_256_gcm", (void **)&evp_aes_256_gcm},
            {"EVP_CIPHER_CTX_new", (void **)&evp_cipher_ctx_new},
            {"EVP_CIPHER_CTX_free", (void **)&evp_cipher_ctx_free},
            {"EVP_CIPHER_CTX_ctrl", (void **)&evp_cipher_ctx_ctrl},
            {"EVP_EncryptInit_ex", (void **)&evp_encrypt_init},
            {"EVP_EncryptUpdate", (void **)&evp_encrypt_update},
            {"EVP_EncryptFinal_ex", (void **)&evp_encrypt_final},
            {"EVP_DecryptInit_ex", (void **)&evp_decrypt_init},
            {"EVP_DecryptUpdate", (void **)&evp_decrypt_update},
            {"EVP_DecryptFinal_ex", (void **)&evp_decrypt_final},
            {NULL, NULL},
        },
    .advice = (const bl_advice[]){{"libcrypto.so", "install libssl3"}, {NULL, NULL}},
};

static int digest(const void *data, size_t count, uint8_t *out, unsigned int expected, int md5, char *reason,
                  size_t reason_size) {
    if (bl_library_load(&libcrypto, reason, reason_size) != 0) return -1;
    unsigned int size = 0;
    static const unsigned char empty = 0;
    if (evp_digest(count == 0 ? (const void *)&empty : data, count, out, &size, md5 ? evp_md5() : evp_sha256(),
                   NULL) != 1 ||
        size != expected) {
        snprintf(reason, reason_size, "libcrypto's EVP_Digest failed");
        return -1;
    }
    return 0;
}

int bl_sha256(const void *data, size_t count, uint8_t digest_out[32], char *reason, size_t reason_size) {
    return digest(data, count, digest_out, 32, 0, reason, reason_size);
}

int bl_md5(const void *data, size_t count, uint8_t digest_out[16], char *reason, size_t reason_size) {
    return digest(data, count, digest_out, 16, 1, reason, reason_size);
}

/// Runs one AES-256-GCM pass; `sealing` picks the direction. Returns 0, 1 for a tag that does not match
/// (opening only), or -1 with a reason.
static int gcm(int sealing, const uint8_t key[32], const uint8_t nonce[12], const void *aad, size_t aad_count,
               const void *input, size_t count, uint8_t *output, uint8_t tag[16], char *reason,
               size_t reason_size) {
    if (bl_library_load(&libcrypto, reason, reason_size) != 0) return -1;
    if (count > INT_MAX || aad_count > INT_MAX) {
        snprintf(reason, reason_size, "the text to encrypt is too long");
        return -1;
    }
    EVP_CIPHER_CTX *context = evp_cipher_ctx_new();
    if (context == NULL) {
        snprintf(reason, reason_size, "libcrypto's EVP_CIPHER_CTX_new failed");
        return -1;
    }
    int length = 0;
    int status = -1;
    if (sealing) {
        if (evp_encrypt_init(context, evp_aes_256_gcm(), NULL, key, nonce) == 1 &&
            (aad_count == 0 || evp_encrypt_update(context, NULL, &length, aad, (int)aad_count) == 1) &&
            (count == 0 || evp_encrypt_update(context, output, &length, input, (int)count) == 1) &&
            evp_encrypt_final(context, output + (count == 0 ? 0 : length), &length) == 1 &&
            evp_cipher_ctx_ctrl(context, EVP_CTRL_GCM_GET_TAG, 16, tag) == 1) {
            status = 0;
        }
    } else {
        if (evp_decrypt_init(context, evp_aes_256_gcm(), NULL, key, nonce) == 1 &&
            (aad_count == 0 || evp_decrypt_update(context, NULL, &length, aad, (int)aad_count) == 1) &&
            (count == 0 || evp_decrypt_update(context, output, &length, input, (int)count) == 1) &&
            evp_cipher_ctx_ctrl(context, EVP_CTRL_GCM_SET_TAG, 16, tag) == 1) {
            // Only the final step checks the tag: a failure there is a wrong key or altered bytes.
            status = evp_decrypt_final(context, output + (count == 0 ? 0 : length), &length) == 1 ? 0 : 1;
        }
    }
    evp_cipher_ctx_free(context);
    if (status < 0) snprintf(reason, reason_size, "libcrypto's AES-256-GCM failed");
    return status;
}

int bl_aes256gcm_seal(const uint8_t key[32], const uint8_t nonce[12], const void *aad, size_t aad_count,
                      const void *plain, size_t count, uint8_t *sealed, uint8_t tag[16], char *reason,
                      size_t reason_size) {
    return gcm(1, key, nonce, aad, aad_count, plain, count, sealed, tag, reason, reason_size);
}

int bl_aes256gcm_open(const uint8_t key[32], const uint8_t nonce[12], const void *aad, size_t aad_count,
                      const void *sealed, size_t count, const uint8_t tag[16], uint8_t *plain, char *reason,
                      size_t reason_size) {
    return gcm(0, key, nonce, aad, aad_count, sealed, count, plain, (uint8_t *)tag, reason, reason_size);
}
