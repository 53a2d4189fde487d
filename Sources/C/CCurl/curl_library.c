// strdup, strncasecmp and pthread_* are POSIX.
#define _POSIX_C_SOURCE 200809L

#include "curl_api.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Each library name is loaded once and kept for the life of the process (libcurl is never unloaded:
// its global state and the threads of its resolver outlive any one transfer). Failures are kept too,
// so a missing library costs one dlopen, and every caller gets the same reason.
typedef struct loaded {
    struct loaded *next;
    char *name;
    bl_curl_api api;
    int ok;
    char reason[320];
} loaded;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static loaded *libraries;

// CURLOPT_PROTOCOLS_STR and CURLOPT_REDIR_PROTOCOLS_STR, which keep transfers to http and https,
// arrived in 7.85.0.
enum { minimum_version = 0x075500 };

static int resolve(loaded *entry, void *handle) {
    struct {
        const char *symbol;
        void **slot;
    } table[] = {
        {"curl_easy_init", (void **)&entry->api.easy_init},
        {"curl_easy_setopt", (void **)&entry->api.easy_setopt},
        {"curl_easy_getinfo", (void **)&entry->api.easy_getinfo},
        {"curl_easy_cleanup", (void **)&entry->api.easy_cleanup},
        {"curl_easy_strerror", (void **)&entry->api.easy_strerror},
        {"curl_multi_init", (void **)&entry->api.multi_init},
        {"curl_multi_add_handle", (void **)&entry->api.multi_add_handle},
        {"curl_multi_remove_handle", (void **)&entry->api.multi_remove_handle},
        {"curl_multi_perform", (void **)&entry->api.multi_perform},
        {"curl_multi_poll", (void **)&entry->api.multi_poll},
        {"curl_multi_wakeup", (void **)&entry->api.multi_wakeup},
        {"curl_multi_info_read", (void **)&entry->api.multi_info_read},
        {"curl_multi_cleanup", (void **)&entry->api.multi_cleanup},
        {"curl_multi_strerror", (void **)&entry->api.multi_strerror},
        {"curl_slist_append", (void **)&entry->api.slist_append},
        {"curl_slist_free_all", (void **)&entry->api.slist_free_all},
    };
    for (size_t index = 0; index < sizeof table / sizeof table[0]; index++) {
        *table[index].slot = dlsym(handle, table[index].symbol);
        if (*table[index].slot == NULL) {
            snprintf(entry->reason, sizeof entry->reason, "%s lacks %s", entry->name, table[index].symbol);
            return 0;
        }
    }
    return 1;
}

static void load(loaded *entry) {
    void *handle = dlopen(entry->name, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *error = dlerror();
        snprintf(entry->reason, sizeof entry->reason, "libcurl cannot be loaded (%s)",
                 error ? error : entry->name);
        return;
    }
    CURLcode (*global_init)(long) = (CURLcode(*)(long))dlsym(handle, "curl_global_init");
    curl_version_info_data *(*version_info)(CURLversion) =
        (curl_version_info_data * (*)(CURLversion)) dlsym(handle, "curl_version_info");
    if (global_init == NULL || version_info == NULL) {
        snprintf(entry->reason, sizeof entry->reason, "%s is not libcurl", entry->name);
        return;
    }
    const curl_version_info_data *version = version_info(CURLVERSION_NOW);
    if (version == NULL || version->version_num < minimum_version) {
        snprintf(entry->reason, sizeof entry->reason, "libcurl %s is too old (7.85.0 or newer is needed)",
                 version && version->version ? version->version : "?");
        return;
    }
    if (!resolve(entry, handle)) return;
    // Under `lock` and before any handle exists: curl_global_init is not thread-safe everywhere.
    CURLcode status = global_init(CURL_GLOBAL_DEFAULT);
    if (status != CURLE_OK) {
        snprintf(entry->reason, sizeof entry->reason, "libcurl cannot start (curl_global_init: %d)",
                 (int)status);
        return;
    }
    entry->ok = 1;
}

const bl_curl_api *bl_curl_api_load(const char *library, char *reason, size_t reason_size) {
    pthread_mutex_lock(&lock);
    loaded *entry = libraries;
    while (entry != NULL && strcmp(entry->name, library) != 0) entry = entry->next;
    if (entry == NULL) {
        entry = calloc(1, sizeof *entry);
        char *name = strdup(library);
        if (entry == NULL || name == NULL) {
            pthread_mutex_unlock(&lock);
            free(entry);
            free(name);
            snprintf(reason, reason_size, "out of memory");
            return NULL;
        }
        entry->name = name;
        load(entry);
        entry->next = libraries;
        libraries = entry;
    }
    pthread_mutex_unlock(&lock);
    if (!entry->ok) {
        snprintf(reason, reason_size, "%s", entry->reason);
        return NULL;
    }
    return &entry->api;
}
