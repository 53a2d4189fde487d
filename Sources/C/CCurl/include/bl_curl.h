#ifndef BLUELIBRARY_CCURL_H
#define BLUELIBRARY_CCURL_H
// HTTP(S) transfers over libcurl, loaded on first use (bl_loader.h): most bluelibrary commands never touch
// the network, and linking libcurl would make every one of them load its ~30 dependent libraries at
// start-up. Nothing here links libcurl; its header only gives the types and constants.
// BLUELIBRARY_LIBCURL names another file to load instead of libcurl.so.4 (the tests use it to play a
// machine without libcurl).
//
// One transfer is one request: curl's callbacks, the body and header buffers and the limits stay in C,
// so Swift sees plain values. A transfer runs curl's multi interface on the calling thread, so that
// bl_curl_transfer_cancel, from any thread, wakes it at once (curl_easy_perform would notice only at
// its next progress call, up to a second later).
#include <stddef.h>
#include <stdint.h>

/// What a transfer ended with.
typedef enum {
    /// An answer arrived whole (any HTTP status).
    BL_CURL_DONE = 0,
    /// libcurl cannot be loaded, or is too old (the reason says which).
    BL_CURL_UNAVAILABLE,
    /// The total time limit passed first.
    BL_CURL_TIMED_OUT,
    /// The body is larger than the limit (declared or received); the transfer stopped at the limit.
    BL_CURL_TOO_LARGE,
    /// More redirects than allowed.
    BL_CURL_TOO_MANY_REDIRECTS,
    /// A redirect to a URL that is not http or https.
    BL_CURL_NOT_HTTP,
    /// The connection was refused.
    BL_CURL_REFUSED,
    /// The host name could not be resolved.
    BL_CURL_UNKNOWN_HOST,
    /// bl_curl_transfer_cancel was called.
    BL_CURL_CANCELLED,
    /// Anything else (the reason is curl's message).
    BL_CURL_FAILED,
} bl_curl_outcome;

/// One request. The strings are copied by libcurl; they need to live only during the call.
typedef struct {
    /// The absolute http:// or https:// URL.
    const char *url;
    /// GET, POST, HEAD, or any other method name.
    const char *method;
    /// `Name: value` header lines.
    const char *const *headers;
    size_t header_count;
    /// The body sent (may be NULL when body_size is 0).
    const uint8_t *body;
    size_t body_size;
    /// Sent unless `headers` has its own User-Agent.
    const char *user_agent;
    /// The longest the whole transfer may take, from connecting to the last byte.
    long timeout_ms;
    /// How many redirects are followed; with 0, a redirect is not followed but answered as it is.
    long max_redirects;
    /// The largest body accepted; a larger one stops the transfer when the excess arrives.
    size_t max_body_size;
} bl_curl_request;

/// One transfer: made empty, performed once, read, freed.
typedef struct bl_curl_transfer bl_curl_transfer;

/// A new transfer, or NULL when out of memory.
bl_curl_transfer *bl_curl_transfer_create(void);

/// Loads libcurl if no transfer did yet, then performs `request` on the calling thread, blocking until it
/// ends. Call at most once per transfer.
bl_curl_outcome bl_curl_transfer_perform(bl_curl_transfer *transfer, const bl_curl_request *request);

/// Stops the transfer as soon as possible, from any thread, before or during perform.
void bl_curl_transfer_cancel(bl_curl_transfer *transfer);

/// The HTTP status of the last answer (0 when none arrived).
long bl_curl_transfer_status(const bl_curl_transfer *transfer);

/// The body received; `size` gets its length.
const uint8_t *bl_curl_transfer_body(const bl_curl_transfer *transfer, size_t *size);

/// The header lines of the last answer, as received (its status line first, CRLF-separated).
const char *bl_curl_transfer_headers(const bl_curl_transfer *transfer, size_t *size);

/// Why the transfer failed, in words ("" when it did not).
const char *bl_curl_transfer_reason(const bl_curl_transfer *transfer);

/// Frees the transfer, after perform has returned (or when it was never performed).
void bl_curl_transfer_free(bl_curl_transfer *transfer);
#endif
