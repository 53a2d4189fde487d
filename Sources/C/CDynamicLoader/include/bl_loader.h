#ifndef BLUELIBRARY_CDYNAMICLOADER_H
#define BLUELIBRARY_CDYNAMICLOADER_H
// Loads a shared library with dlopen on first use: the one way the C targets reach the libraries only some
// commands need (libcrypto, libcurl, libmicrohttpd, libpng, libjpeg, libpq, BlueLibrary's TagLib shim).
// Linking them would make every command load them and their dependencies at start-up; `bluelibrary list`
// loads libsqlite3 and the C runtime, nothing else.
//
// A target describes its library once, as a static `bl_library`: the file names to try in order, the
// environment variable that names another file instead (the tests use it to play a machine without the
// library), the symbols to find and where their addresses go, and an optional check. The first call of
// bl_library_load, from any thread, loads it; calls made meanwhile wait for that one load, and every call
// after gets the same outcome at once, so a missing library costs one attempt. Each caller gets the reason
// for a failure in a buffer of its own.
//
// A failure reads "<failure> (<cause>)<advice>", for example
//   cannot load libpng (libpng16.so.16: cannot open shared object file: No such file or directory)
//   cannot load libjpeg (it lacks jpeg_std_error)
//   cannot load GNU libmicrohttpd (libmicrohttpd.so.12: ...); install libmicrohttpd12
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A symbol to find in the library, and where its address goes.
typedef struct bl_symbol {
    const char *name;
    void **slot;
} bl_symbol;

/// What to tell a person when opening the library failed and the reason mentions `needle`
/// (a missing library names its own file; a missing dependency names the dependency's).
typedef struct bl_advice {
    const char *needle;
    /// Appended as "; <text>", e.g. "install libmicrohttpd12".
    const char *text;
} bl_advice;

/// Checks a library whose symbols were all found, and prepares it (compares its version, calls its global
/// initialiser). `file` is the name it was opened by; `context` is the library's own. Returns 0, or writes
/// the cause into `cause` and returns -1: the library then counts as not loaded. Runs once, while other
/// callers wait; it must not load another library.
typedef int (*bl_library_check)(const char *file, void *context, char *cause, size_t cause_size);

/// One library loaded on first use. Fill in the description; leave the loader's fields zero (as a static
/// is).
typedef struct bl_library {
    // The description.

    /// How the message of every failure begins, e.g. "cannot load libpng".
    const char *failure;
    /// An environment variable that, set and not empty, names the one file to try instead of `files`;
    /// NULL for none.
    const char *variable;
    /// File names to try in order, ending with NULL. The first one found is the one used; a later name is
    /// tried only when an earlier one does not exist. A name starting with "$ORIGIN/" is looked for in the
    /// directory of the running executable.
    const char *const *files;
    /// The symbols, ending with {NULL, NULL}. Either every slot is filled or none is.
    const bl_symbol *symbols;
    /// Set to say what a library that lacks a symbol is not (the cause is then "<file> <foreign>", e.g.
    /// "libz.so.1 is not BlueLibrary's TagLib shim"); NULL for "it lacks <symbol>".
    const char *foreign;
    /// Advice for a library that cannot be opened, ending with {NULL, NULL}; NULL for none.
    const bl_advice *advice;
    /// Called after every symbol is found; NULL for none.
    bl_library_check check;
    /// Given to `check`.
    void *context;

    // The loader's own.

    /// 0 until the load is decided, then 1 when loaded or -1 when not (read and written atomically).
    int state;
    /// The failure's message, written once before `state` becomes -1 and never after.
    char message[512];
} bl_library;

/// Loads `library` if no call did yet, from any thread. Returns 0 when every symbol is in its slot;
/// otherwise -1 and, when `reason` is not NULL, one line saying why in `reason` (at most `reason_size`
/// bytes with the terminating NUL; the same line for every call).
int bl_library_load(bl_library *library, char *reason, size_t reason_size);

#ifdef __cplusplus
}
#endif

#endif
