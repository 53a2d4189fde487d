#ifndef BLUELIBRARY_CTAGLIBLOADER_H
#define BLUELIBRARY_CTAGLIBLOADER_H
// Loads libBlueLibraryTagLib.so, BlueLibrary's TagLib shim (bl_taglib.h), the first time a file is read
// (bl_loader.h). Linking it would make every command load TagLib and the C++ library at start-up (about a
// third of the dynamic loader's work for `bluelibrary list`); only `import DIR` and embedded covers read
// audio files.
//
// The shim is looked for beside the running executable (its build directory, or where it is installed),
// then on the library path. BLUELIBRARY_TAGLIB names another file to load instead (the tests use it to
// play a machine without TagLib).
#include "bl_taglib.h"

/// The file name of the shim.
#define BL_TAGLIB_LIBRARY_NAME "libBlueLibraryTagLib.so"

/// Loads the shim on the first call (later calls return at once, from any thread). Returns 0 when it is
/// loaded; else -1, with one line saying why it cannot be in `reason` (`reason_size` bytes; the same line
/// every time).
int bl_taglib_load(char *reason, size_t reason_size);

/// bl_taglib_read of the loaded shim. Call bl_taglib_load first; NULL also when it failed.
bl_taglib_file *bl_taglib_loaded_read(const char *path, int32_t flags);

/// bl_taglib_write of the loaded shim; BL_TAGLIB_FAILED with the reason when it cannot be loaded.
int32_t bl_taglib_loaded_write(const char *path, const bl_taglib_property *properties, size_t count,
                               const char *const *keys, size_t key_count, char *error, size_t error_size);
/// bl_taglib_free of the loaded shim; NULL is allowed.
void bl_taglib_loaded_free(bl_taglib_file *file);

#endif
