#ifndef BLUELIBRARY_CCURL_API_H
#define BLUELIBRARY_CCURL_API_H
// The libcurl functions CCurl uses, from the library loaded on first use (bl_loader.h).
#define CURL_NO_OLDIES
#include <curl/curl.h>
#include <stddef.h>

typedef struct {
    CURL *(*easy_init)(void);
    // Variadic as libcurl declares them; called only through the typed helpers in curl_transfer.c.
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd[], unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_cleanup)(CURLM *);
    const char *(*multi_strerror)(CURLMcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} bl_curl_api;

/// The functions of libcurl (libcurl.so.4, or the file BLUELIBRARY_LIBCURL names), loaded and initialised
/// (curl_global_init) by the first call, from any thread. NULL when it cannot be loaded, with the reason
/// in `reason`.
const bl_curl_api *bl_curl_api_load(char *reason, size_t reason_size);
#endif
