#include "bl_taglib_loader.h"

#include <bl_loader.h>
#include <stdio.h>

static bl_taglib_api_version_function api_version;
static bl_taglib_read_function read_function;
static bl_taglib_free_function free_function;
static bl_taglib_write_function write_function;

/// Refuses a shim built against another layout of bl_taglib.h's structs.
static int check_version(const char *file, void *context, char *cause, size_t cause_size) {
    (void)context;
    int32_t version = api_version();
    if (version == BL_TAGLIB_API_VERSION) return 0;
    snprintf(cause, cause_size, "%s has interface version %d, this bluelibrary needs %d", file, (int)version,
             BL_TAGLIB_API_VERSION);
    return -1;
}

// The shim beside the executable (its build directory, or where it is installed), else on the library path.
static bl_library shim = {
    .failure = "cannot load TagLib",
    .variable = "BLUELIBRARY_TAGLIB",
    .files = (const char *const[]){"$ORIGIN/" BL_TAGLIB_LIBRARY_NAME, BL_TAGLIB_LIBRARY_NAME, NULL},
    .symbols =
        (const bl_symbol[]){
            {"bl_taglib_api_version", (void **)&api_version},
            {"bl_taglib_read", (void **)&read_function},
            {"bl_taglib_free", (void **)&free_function},
            {"bl_taglib_write", (void **)&write_function},
            {NULL, NULL},
        },
    .foreign = "is not BlueLibrary's TagLib shim",
    // The shim itself missing is a broken installation; TagLib missing is a package to install.
    .advice =
        (const bl_advice[]){
            {BL_TAGLIB_LIBRARY_NAME, "keep " BL_TAGLIB_LIBRARY_NAME " beside bluelibrary"},
            {"libtag", "install libtag1v5"},
            {NULL, NULL},
        },
    .check = check_version,
};

int bl_taglib_load(char *reason, size_t reason_size) { return bl_library_load(&shim, reason, reason_size); }

bl_taglib_file *bl_taglib_loaded_read(const char *path, int32_t flags) {
    if (bl_library_load(&shim, NULL, 0) != 0) return NULL;
    return read_function(path, flags);
}

int32_t bl_taglib_loaded_write(const char *path, const bl_taglib_property *properties, size_t count,
                               const char *const *keys, size_t key_count, char *error, size_t error_size) {
    if (bl_library_load(&shim, error, error_size) != 0) return BL_TAGLIB_FAILED;
    return write_function(path, properties, count, keys, key_count, error, error_size);
}

void bl_taglib_loaded_free(bl_taglib_file *file) {
    if (file != NULL && free_function != NULL) free_function(file);
}
