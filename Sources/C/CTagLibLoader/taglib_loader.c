// readlink and pthread_* are POSIX.
#define _POSIX_C_SOURCE 200809L

#include "bl_taglib_loader.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// The shim is loaded once and kept for the life of the process; a failure is kept too, so a missing
// library costs one dlopen and every caller gets the same reason.
static pthread_once_t once = PTHREAD_ONCE_INIT;
static bl_taglib_read_function read_function;
static bl_taglib_free_function free_function;
static char failure[768];

/// The shim beside the executable, when there is one there; else its bare name (the library path).
static void default_location(char *path, size_t size) {
    char executable[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
    if (length > 0) {
        executable[length] = '\0';
        char *slash = strrchr(executable, '/');
        if (slash != NULL) {
            *slash = '\0';
            int written = snprintf(path, size, "%s/%s", executable, BL_TAGLIB_LIBRARY_NAME);
            if (written > 0 && (size_t)written < size && access(path, F_OK) == 0) return;
        }
    }
    snprintf(path, size, "%s", BL_TAGLIB_LIBRARY_NAME);
}

static void load(void) {
    char path[PATH_MAX + 64];
    const char *chosen = getenv("BLUELIBRARY_TAGLIB");
    if (chosen != NULL && chosen[0] != '\0') {
        snprintf(path, sizeof path, "%s", chosen);
    } else {
        default_location(path, sizeof path);
    }
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        if (reason == NULL) reason = path;
        // The shim itself missing is a broken installation; TagLib missing is a package to install.
        const char *advice = strstr(reason, BL_TAGLIB_LIBRARY_NAME) != NULL
                                 ? "; keep " BL_TAGLIB_LIBRARY_NAME " beside bluelibrary"
                             : strstr(reason, "libtag") != NULL ? "; install libtag1v5"
                                                               : "";
        snprintf(failure, sizeof failure, "cannot load TagLib (%s)%s", reason, advice);
        return;
    }
    bl_taglib_api_version_function version = (bl_taglib_api_version_function)dlsym(library, "bl_taglib_api_version");
    bl_taglib_read_function read = (bl_taglib_read_function)dlsym(library, "bl_taglib_read");
    bl_taglib_free_function release = (bl_taglib_free_function)dlsym(library, "bl_taglib_free");
    if (version == NULL || read == NULL || release == NULL) {
        snprintf(failure, sizeof failure, "cannot load TagLib (%s is not BlueLibrary's TagLib shim)", path);
        return;
    }
    if (version() != BL_TAGLIB_API_VERSION) {
        snprintf(failure, sizeof failure,
                 "cannot load TagLib (%s has interface version %d, this bluelibrary needs %d)", path,
                 (int)version(), BL_TAGLIB_API_VERSION);
        return;
    }
    free_function = release;
    read_function = read;
}

const char *bl_taglib_load(void) {
    pthread_once(&once, load);
    return read_function != NULL ? NULL : failure;
}

bl_taglib_file *bl_taglib_loaded_read(const char *path, int32_t flags) {
    if (bl_taglib_load() != NULL) return NULL;
    return read_function(path, flags);
}

void bl_taglib_loaded_free(bl_taglib_file *file) {
    if (file != NULL && free_function != NULL) free_function(file);
}
