// readlink is POSIX.
#define _POSIX_C_SOURCE 200809L

#include "bl_loader.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// First loads are rare and short, so one lock serves every library: a description then needs no lock of its
// own to initialise, and a zeroed static is ready to use. Once a library's load is decided, calls read its
// state without the lock.
static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;

static const char origin[] = "$ORIGIN/";

/// `name` with a leading "$ORIGIN/" replaced by the running executable's directory, written into `path`;
/// `name` itself when it has no such prefix or the executable cannot be found.
static const char *expand(const char *name, char *path, size_t size) {
    if (strncmp(name, origin, sizeof origin - 1) != 0) return name;
    char executable[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
    if (length <= 0) return name;
    executable[length] = '\0';
    char *slash = strrchr(executable, '/');
    if (slash == NULL) return name;
    *slash = '\0';
    int written = snprintf(path, size, "%s/%s", executable, name + sizeof origin - 1);
    return written > 0 && (size_t)written < size ? path : name;
}

/// Whether dlopen's `error` says that `file` itself does not exist, rather than that it exists and cannot be
/// loaded (a dependency missing, another architecture, not a library).
static int is_absent(const char *error, const char *file) {
    static const char absent[] = ": cannot open shared object file: No such file or directory";
    size_t length = strlen(file);
    return strncmp(error, file, length) == 0 && strcmp(error + length, absent) == 0;
}

/// The advice for a failure to open whose cause is `cause`, or NULL.
static const char *advice_for(const bl_library *library, const char *cause) {
    if (library->advice == NULL) return NULL;
    for (const bl_advice *advice = library->advice; advice->needle != NULL; advice++) {
        if (strstr(cause, advice->needle) != NULL) return advice->text;
    }
    return NULL;
}

static void clear_slots(const bl_library *library) {
    for (const bl_symbol *symbol = library->symbols; symbol->name != NULL; symbol++) *symbol->slot = NULL;
}

/// Opens the first file of `library` that exists; NULL with the reason in `cause` when none can be opened.
/// `opened` gets the name the library was opened by.
static void *open_library(const bl_library *library, char *opened, size_t opened_size, char *cause,
                          size_t cause_size) {
    const char *chosen = library->variable != NULL ? getenv(library->variable) : NULL;
    const char *const single[] = {chosen, NULL};
    const char *const *files = chosen != NULL && chosen[0] != '\0' ? single : library->files;
    cause[0] = '\0';
    for (size_t index = 0; files[index] != NULL; index++) {
        char path[PATH_MAX];
        const char *file = expand(files[index], path, sizeof path);
        void *handle = dlopen(file, RTLD_NOW | RTLD_LOCAL);
        if (handle != NULL) {
            snprintf(opened, opened_size, "%s", file);
            return handle;
        }
        const char *error = dlerror();
        if (error == NULL) error = file;
        int absent = is_absent(error, file);
        // The first failure is the one to report, unless a later file exists and fails: then that one, and
        // the search ends there (trying further names would hide why it failed).
        if (cause[0] == '\0' || !absent) snprintf(cause, cause_size, "%s", error);
        if (!absent) break;
    }
    if (cause[0] == '\0') snprintf(cause, cause_size, "no file to load");
    return NULL;
}

/// Decides the outcome of `library`: fills its slots and returns 1, or writes its message and returns -1.
static int load(bl_library *library) {
    char opened[PATH_MAX];
    char cause[sizeof library->message];
    void *handle = open_library(library, opened, sizeof opened, cause, sizeof cause);
    if (handle == NULL) {
        const char *advice = advice_for(library, cause);
        snprintf(library->message, sizeof library->message, "%s (%s)%s%s", library->failure, cause,
                 advice != NULL ? "; " : "", advice != NULL ? advice : "");
        return -1;
    }
    const char *missing = NULL;
    for (const bl_symbol *symbol = library->symbols; symbol->name != NULL && missing == NULL; symbol++) {
        *symbol->slot = dlsym(handle, symbol->name);
        if (*symbol->slot == NULL) missing = symbol->name;
    }
    int ok = missing == NULL;
    if (!ok) {
        if (library->foreign != NULL) {
            snprintf(cause, sizeof cause, "%s %s", opened, library->foreign);
        } else {
            snprintf(cause, sizeof cause, "it lacks %s", missing);
        }
    } else if (library->check != NULL) {
        cause[0] = '\0';
        ok = library->check(opened, library->context, cause, sizeof cause) == 0;
        if (!ok && cause[0] == '\0') snprintf(cause, sizeof cause, "%s was refused", opened);
    }
    if (!ok) {
        // Nothing half-loaded stays behind: no slot points into a library that is not in use.
        clear_slots(library);
        dlclose(handle);
        snprintf(library->message, sizeof library->message, "%s (%s)", library->failure, cause);
        return -1;
    }
    return 1;
}

int bl_library_load(bl_library *library, char *reason, size_t reason_size) {
    int state = __atomic_load_n(&library->state, __ATOMIC_ACQUIRE);
    if (state == 0) {
        pthread_mutex_lock(&loading);
        state = __atomic_load_n(&library->state, __ATOMIC_ACQUIRE);
        if (state == 0) {
            state = load(library);
            // The slots and the message are written before the state that makes them visible.
            __atomic_store_n(&library->state, state, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&loading);
    }
    if (state > 0) return 0;
    if (reason != NULL && reason_size > 0) snprintf(reason, reason_size, "%s", library->message);
    return -1;
}
