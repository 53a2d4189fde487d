#include "curl_api.h"

#include <bl_loader.h>
#include <stdio.h>

// libcurl is never unloaded: its global state and the threads of its resolver outlive any one transfer.
static bl_curl_api api;
static __typeof__(&curl_global_init) global_init;
static __typeof__(&curl_version_info) version_info;

// CURLOPT_PROTOCOLS_STR and CURLOPT_REDIR_PROTOCOLS_STR, which keep transfers to http and https,
// arrived in 7.85.0.
enum { minimum_version = 0x075500 };

/// Refuses a libcurl older than `minimum_version`, then initialises it: once, while other callers wait,
/// and before any handle exists (curl_global_init is not thread-safe everywhere).
static int start(const char *file, void *context, char *cause, size_t cause_size) {
    (void)file;
    (void)context;
    const curl_version_info_data *version = version_info(CURLVERSION_NOW);
    if (version == NULL || version->version_num < minimum_version) {
        snprintf(cause, cause_size, "libcurl %s is too old, 7.85.0 or newer is needed",
                 version != NULL && version->version != NULL ? version->version : "?");
        return -1;
    }
    CURLcode status = global_init(CURL_GLOBAL_DEFAULT);
    if (status != CURLE_OK) {
        snprintf(cause, cause_size, "curl_global_init failed with %d", (int)status);
        return -1;
    }
    return 0;
}

static bl_library libcurl = {
    .failure = "libcurl cannot be loaded",
    .variable = "BLUELIBRARY_LIBCURL",
    .files = (const char *const[]){"libcurl.so.4", NULL},
    .symbols =
        (const bl_symbol[]){
            {"curl_global_init", (void **)&global_init},
            {"curl_version_info", (void **)&version_info},
            {"curl_easy_init", (void **)&api.easy_init},
            {"curl_easy_setopt", (void **)&api.easy_setopt},
            {"curl_easy_getinfo", (void **)&api.easy_getinfo},
            {"curl_easy_cleanup", (void **)&api.easy_cleanup},
            {"curl_easy_strerror", (void **)&api.easy_strerror},
            {"curl_multi_init", (void **)&api.multi_init},
            {"curl_multi_add_handle", (void **)&api.multi_add_handle},
            {"curl_multi_remove_handle", (void **)&api.multi_remove_handle},
            {"curl_multi_perform", (void **)&api.multi_perform},
            {"curl_multi_poll", (void **)&api.multi_poll},
            {"curl_multi_wakeup", (void **)&api.multi_wakeup},
            {"curl_multi_info_read", (void **)&api.multi_info_read},
            {"curl_multi_cleanup", (void **)&api.multi_cleanup},
            {"curl_multi_strerror", (void **)&api.multi_strerror},
            {"curl_slist_append", (void **)&api.slist_append},
            {"curl_slist_free_all", (void **)&api.slist_free_all},
            {NULL, NULL},
        },
    .check = start,
};

const bl_curl_api *bl_curl_api_load(char *reason, size_t reason_size) {
    return bl_library_load(&libcurl, reason, reason_size) == 0 ? &api : NULL;
}
