// strdup, strncasecmp and pthread_* are POSIX.
#define _POSIX_C_SOURCE 200809L

#include "bl_curl.h"
#include "curl_api.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

// The most header bytes kept for one answer; a server sending more is refused.
enum { header_limit = 256 * 1024 };

struct bl_curl_transfer {
    // Guards `cancelled` and `multi` between perform and cancel, which may run on different threads.
    pthread_mutex_t lock;
    int cancelled;
    CURLM *multi;
    const bl_curl_api *api;
    uint8_t *body;
    size_t body_size, body_capacity, body_limit;
    int body_too_large;
    char *head;
    size_t head_size, head_capacity;
    int head_too_large;
    int out_of_memory;
    long status;
    char reason[CURL_ERROR_SIZE + 64];
};

bl_curl_transfer *bl_curl_transfer_create(void) {
    bl_curl_transfer *transfer = calloc(1, sizeof *transfer);
    if (transfer != NULL) pthread_mutex_init(&transfer->lock, NULL);
    return transfer;
}

void bl_curl_transfer_free(bl_curl_transfer *transfer) {
    if (transfer == NULL) return;
    pthread_mutex_destroy(&transfer->lock);
    free(transfer->body);
    free(transfer->head);
    free(transfer);
}

void bl_curl_transfer_cancel(bl_curl_transfer *transfer) {
    pthread_mutex_lock(&transfer->lock);
    transfer->cancelled = 1;
    if (transfer->multi != NULL) transfer->api->multi_wakeup(transfer->multi);
    pthread_mutex_unlock(&transfer->lock);
}

long bl_curl_transfer_status(const bl_curl_transfer *transfer) { return transfer->status; }

const uint8_t *bl_curl_transfer_body(const bl_curl_transfer *transfer, size_t *size) {
    *size = transfer->body_size;
    return transfer->body;
}

const char *bl_curl_transfer_headers(const bl_curl_transfer *transfer, size_t *size) {
    *size = transfer->head_size;
    return transfer->head ? transfer->head : "";
}

const char *bl_curl_transfer_reason(const bl_curl_transfer *transfer) { return transfer->reason; }

// Grows `*buffer` to hold `needed` bytes, doubling but never beyond `limit`. 0 when out of memory.
static int reserve(void **buffer, size_t *capacity, size_t needed, size_t limit) {
    if (needed <= *capacity) return 1;
    size_t grown = *capacity ? *capacity : 16384;
    while (grown < needed) grown *= 2;
    if (grown > limit) grown = limit;
    void *larger = realloc(*buffer, grown);
    if (larger == NULL) return 0;
    *buffer = larger;
    *capacity = grown;
    return 1;
}

// CURLOPT_WRITEFUNCTION: keeps the body up to the limit. Returning less than was given stops the
// transfer at once (CURLE_WRITE_ERROR), so an endless answer costs at most `body_limit` bytes.
static size_t write_body(char *data, size_t size, size_t count, void *context) {
    bl_curl_transfer *transfer = context;
    size_t length = size * count;
    if (length > transfer->body_limit - transfer->body_size) {
        transfer->body_too_large = 1;
        return 0;
    }
    if (!reserve((void **)&transfer->body, &transfer->body_capacity, transfer->body_size + length,
                 transfer->body_limit)) {
        transfer->out_of_memory = 1;
        return 0;
    }
    memcpy(transfer->body + transfer->body_size, data, length);
    transfer->body_size += length;
    return length;
}

// CURLOPT_HEADERFUNCTION: one header line at a time, for every answer including redirects and
// `100 Continue`; a status line starts a new answer, so only the last one's headers are kept.
static size_t write_header(char *data, size_t size, size_t count, void *context) {
    bl_curl_transfer *transfer = context;
    size_t length = size * count;
    if (length >= 5 && memcmp(data, "HTTP/", 5) == 0) transfer->head_size = 0;
    if (length > header_limit - transfer->head_size) {
        transfer->head_too_large = 1;
        return 0;
    }
    if (!reserve((void **)&transfer->head, &transfer->head_capacity, transfer->head_size + length,
                 header_limit)) {
        transfer->out_of_memory = 1;
        return 0;
    }
    memcpy(transfer->head + transfer->head_size, data, length);
    transfer->head_size += length;
    return length;
}

// Typed calls of the variadic curl_easy_setopt: each option gets exactly the type libcurl reads.
static CURLcode set_long(const bl_curl_api *api, CURL *easy, CURLoption option, long value) {
    return api->easy_setopt(easy, option, value);
}

static CURLcode set_pointer(const bl_curl_api *api, CURL *easy, CURLoption option, const void *value) {
    return api->easy_setopt(easy, option, value);
}

static CURLcode set_offset(const bl_curl_api *api, CURL *easy, CURLoption option, curl_off_t value) {
    return api->easy_setopt(easy, option, value);
}

static CURLcode set_write(const bl_curl_api *api, CURL *easy, CURLoption option, curl_write_callback value) {
    return api->easy_setopt(easy, option, value);
}

static int has_header(const bl_curl_request *request, const char *name) {
    size_t length = strlen(name);
    for (size_t index = 0; index < request->header_count; index++) {
        const char *line = request->headers[index];
        if (strncasecmp(line, name, length) == 0 && line[length] == ':') return 1;
    }
    return 0;
}

// Sets every option of `request` on `easy`; the first failure is returned.
static CURLcode configure(bl_curl_transfer *transfer, CURL *easy, const bl_curl_request *request,
                          struct curl_slist **headers) {
    const bl_curl_api *api = transfer->api;
    CURLcode status = CURLE_OK;
#define SET(call)                                                                                          \
    if ((status = (call)) != CURLE_OK) return status
    SET(set_pointer(api, easy, CURLOPT_ERRORBUFFER, transfer->reason));
    SET(set_pointer(api, easy, CURLOPT_URL, request->url));
    SET(set_pointer(api, easy, CURLOPT_PROTOCOLS_STR, "http,https"));
    SET(set_pointer(api, easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"));
    SET(set_long(api, easy, CURLOPT_NOSIGNAL, 1));
    SET(set_long(api, easy, CURLOPT_TIMEOUT_MS, request->timeout_ms));
    // No redirect allowed means none followed: the redirect itself is the answer (a caller that spaces
    // its requests follows it on its own time).
    SET(set_long(api, easy, CURLOPT_FOLLOWLOCATION, request->max_redirects > 0 ? 1 : 0));
    SET(set_long(api, easy, CURLOPT_MAXREDIRS, request->max_redirects));
    SET(set_offset(api, easy, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)request->max_body_size));
    SET(set_write(api, easy, CURLOPT_WRITEFUNCTION, write_body));
    SET(set_pointer(api, easy, CURLOPT_WRITEDATA, transfer));
    SET(set_write(api, easy, CURLOPT_HEADERFUNCTION, write_header));
    SET(set_pointer(api, easy, CURLOPT_HEADERDATA, transfer));
    if (!has_header(request, "User-Agent")) {
        SET(set_pointer(api, easy, CURLOPT_USERAGENT, request->user_agent));
    }
    const char *method = request->method;
    if (request->body_size > 0 || strcmp(method, "POST") == 0) {
        SET(set_offset(api, easy, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_size));
        const void *body = request->body_size > 0 ? (const void *)request->body : "";
        SET(set_pointer(api, easy, CURLOPT_COPYPOSTFIELDS, body));
        // POST stays curl's own, so redirects treat it as browsers do.
        if (strcmp(method, "POST") != 0) {
            SET(set_pointer(api, easy, CURLOPT_CUSTOMREQUEST, method));
        }
    } else if (strcmp(method, "HEAD") == 0) {
        SET(set_long(api, easy, CURLOPT_NOBODY, 1));
    } else if (strcmp(method, "GET") != 0) {
        SET(set_pointer(api, easy, CURLOPT_CUSTOMREQUEST, method));
    }
    // No `Expect: 100-continue` round trip before a body.
    struct curl_slist *list = api->slist_append(NULL, "Expect:");
    for (size_t index = 0; list != NULL && index < request->header_count; index++) {
        struct curl_slist *longer = api->slist_append(list, request->headers[index]);
        if (longer == NULL) {
            api->slist_free_all(list);
            list = NULL;
        }
        list = longer;
    }
    if (list == NULL) return CURLE_OUT_OF_MEMORY;
    *headers = list;
    SET(set_pointer(api, easy, CURLOPT_HTTPHEADER, list));
#undef SET
    return CURLE_OK;
}

static bl_curl_outcome classify(bl_curl_transfer *transfer, CURLcode result) {
    switch (result) {
    case CURLE_OK: return BL_CURL_DONE;
    case CURLE_OPERATION_TIMEDOUT: return BL_CURL_TIMED_OUT;
    case CURLE_FILESIZE_EXCEEDED: return BL_CURL_TOO_LARGE;
    case CURLE_TOO_MANY_REDIRECTS: return BL_CURL_TOO_MANY_REDIRECTS;
    case CURLE_UNSUPPORTED_PROTOCOL: return BL_CURL_NOT_HTTP;
    case CURLE_COULDNT_CONNECT: return BL_CURL_REFUSED;
    case CURLE_COULDNT_RESOLVE_HOST: return BL_CURL_UNKNOWN_HOST;
    case CURLE_WRITE_ERROR:
        if (transfer->body_too_large) return BL_CURL_TOO_LARGE;
        if (transfer->head_too_large) {
            snprintf(transfer->reason, sizeof transfer->reason, "the headers are larger than %d bytes",
                     header_limit);
        } else if (transfer->out_of_memory) {
            snprintf(transfer->reason, sizeof transfer->reason, "out of memory");
        }
        return BL_CURL_FAILED;
    default:
        if (transfer->reason[0] == '\0') {
            snprintf(transfer->reason, sizeof transfer->reason, "%s", transfer->api->easy_strerror(result));
        }
        return BL_CURL_FAILED;
    }
}

// Runs the transfer in a multi handle of its own until it ends or is cancelled.
static bl_curl_outcome run(bl_curl_transfer *transfer, CURL *easy) {
    const bl_curl_api *api = transfer->api;
    CURLM *multi = api->multi_init();
    if (multi == NULL || api->multi_add_handle(multi, easy) != CURLM_OK) {
        if (multi != NULL) api->multi_cleanup(multi);
        snprintf(transfer->reason, sizeof transfer->reason, "libcurl cannot start a transfer");
        return BL_CURL_FAILED;
    }
    pthread_mutex_lock(&transfer->lock);
    transfer->multi = multi;
    pthread_mutex_unlock(&transfer->lock);
    bl_curl_outcome outcome = BL_CURL_FAILED;
    int running = 1;
    while (1) {
        pthread_mutex_lock(&transfer->lock);
        int cancelled = transfer->cancelled;
        pthread_mutex_unlock(&transfer->lock);
        if (cancelled) {
            outcome = BL_CURL_CANCELLED;
            break;
        }
        CURLMcode code = api->multi_perform(multi, &running);
        if (code == CURLM_OK && running) code = api->multi_poll(multi, NULL, 0, 1000, NULL);
        if (code != CURLM_OK) {
            snprintf(transfer->reason, sizeof transfer->reason, "%s", api->multi_strerror(code));
            break;
        }
        if (running) continue;
        int queued = 0;
        CURLMsg *message;
        CURLcode result = CURLE_GOT_NOTHING;
        while ((message = api->multi_info_read(multi, &queued)) != NULL) {
            if (message->msg == CURLMSG_DONE) result = message->data.result;
        }
        api->easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &transfer->status);
        outcome = classify(transfer, result);
        break;
    }
    // Removing the handle aborts whatever is still in flight and closes its connection.
    pthread_mutex_lock(&transfer->lock);
    transfer->multi = NULL;
    pthread_mutex_unlock(&transfer->lock);
    api->multi_remove_handle(multi, easy);
    api->multi_cleanup(multi);
    return outcome;
}

bl_curl_outcome bl_curl_transfer_perform(bl_curl_transfer *transfer, const bl_curl_request *request) {
    transfer->api = bl_curl_api_load(transfer->reason, sizeof transfer->reason);
    if (transfer->api == NULL) return BL_CURL_UNAVAILABLE;
    const bl_curl_api *api = transfer->api;
    transfer->body_limit = request->max_body_size;
    CURL *easy = api->easy_init();
    if (easy == NULL) {
        snprintf(transfer->reason, sizeof transfer->reason, "libcurl cannot start a transfer");
        return BL_CURL_FAILED;
    }
    struct curl_slist *headers = NULL;
    CURLcode status = configure(transfer, easy, request, &headers);
    bl_curl_outcome outcome;
    if (status != CURLE_OK) {
        snprintf(transfer->reason, sizeof transfer->reason, "libcurl refused an option (%s)",
                 api->easy_strerror(status));
        outcome = BL_CURL_FAILED;
    } else {
        outcome = run(transfer, easy);
    }
    api->easy_cleanup(easy);
    if (headers != NULL) api->slist_free_all(headers);
    return outcome;
}
