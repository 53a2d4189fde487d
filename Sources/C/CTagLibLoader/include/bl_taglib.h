#ifndef BLUELIBRARY_CTAGLIB_H
#define BLUELIBRARY_CTAGLIB_H
// BlueLibrary's thin C interface over TagLib's C++ API: one read function, one free function, plain C
// structs. The shim that implements it (Sources/C/CTagLib, C++) is built as its own shared library,
// libBlueLibraryTagLib.so, which links TagLib; bluelibrary loads it with dlopen the first time it reads a
// file (bl_taglib_loader.h), so commands that never scan load neither TagLib nor the C++ library it needs.
//
// Every tag TagLib knows is passed through as a key/value pair with TagLib's unified upper-case keys
// (TITLE, ARTIST, ALBUMARTIST, ALBUM, DATE, GENRE, TRACKNUMBER, DISCNUMBER, COMPILATION,
// MUSICBRAINZ_ALBUMID, ...), so reading another field later needs no change to this interface.
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The version of this interface's struct layout. Bump it with any change to the structs: the loader
/// asks the shim (libBlueLibraryTagLib.so) for its version with bl_taglib_api_version and refuses a
/// shim built against another layout.
#define BL_TAGLIB_API_VERSION 2

/// Flags for bl_taglib_read.
enum {
    /// Read the tags and the audio properties only.
    BL_TAGLIB_READ_TAGS = 0,
    /// Also copy the embedded front picture's bytes (the front cover, else the first picture).
    BL_TAGLIB_READ_PICTURE = 1,
};

/// Why a file could not be read.
enum {
    /// The file was read.
    BL_TAGLIB_OK = 0,
    /// The file cannot be opened (missing, no permission, not a regular file, empty).
    BL_TAGLIB_CANNOT_OPEN = 1,
    /// TagLib does not recognise the file as audio, or finds no audio stream in it.
    BL_TAGLIB_NOT_AUDIO = 2,
    /// TagLib failed in an unexpected way.
    BL_TAGLIB_FAILED = 3,
};

/// One tag value. A key with several values appears once per value.
typedef struct bl_taglib_property {
    /// TagLib's unified key, upper case, UTF-8.
    const char *key;
    /// The value, UTF-8.
    const char *value;
} bl_taglib_property;

/// What bl_taglib_read found in one file. Everything it points to lives in the same allocation and is
/// released by bl_taglib_free.
typedef struct bl_taglib_file {
    /// NULL when the file was read; otherwise why it could not be (UTF-8), and every other field is zero.
    const char *error;
    /// BL_TAGLIB_OK, or which kind of failure `error` describes.
    int32_t error_code;
    /// The length of the audio in milliseconds.
    int64_t duration_ms;
    /// Samples per second, channels and bit rate in kb/s (0 when TagLib does not know).
    int32_t sample_rate;
    int32_t channels;
    int32_t bitrate;
    /// 1 when the file embeds a picture (whether or not its bytes were asked for), else 0.
    int32_t has_picture;
    /// The tag values.
    const bl_taglib_property *properties;
    size_t property_count;
    /// With BL_TAGLIB_READ_PICTURE: the picture's bytes and its MIME type as tagged (may be empty);
    /// otherwise NULL, 0 and NULL.
    const uint8_t *picture;
    size_t picture_size;
    const char *picture_mime_type;
} bl_taglib_file;

/// Reads one file. Returns NULL only when memory runs out; a file that cannot be read comes back with
/// `error` set. Safe to call from several threads at once for different files.
bl_taglib_file *bl_taglib_read(const char *path, int32_t flags);

/// Releases what bl_taglib_read returned; NULL is allowed.
void bl_taglib_free(bl_taglib_file *file);

/// Writes tags into the file at `path` (a regular file, not a link), in place: every key in `keys`
/// (`key_count` of them, TagLib's unified upper-case keys) is replaced by the values `properties` give
/// for it (none: the key is removed); other tags, pictures and the audio are left as they are. MP3 keeps
/// its ID3v2 version (2.3 or 2.4; a file without one gets 2.4) and gets no ID3v1 tag it did not have.
/// The caller writes to a copy, syncs it and renames it over the original, so a crash never leaves a
/// half-written file. Returns BL_TAGLIB_OK, or a failure code with one line in `error` (`error_size` bytes).
int32_t bl_taglib_write(const char *path, const bl_taglib_property *properties, size_t count,
                        const char *const *keys, size_t key_count, char *error, size_t error_size);
/// BL_TAGLIB_API_VERSION of the shim, so that a loader refuses a shim built against another layout.
int32_t bl_taglib_api_version(void);

/// The types of the three functions, for a loader that finds them with dlsym.
typedef bl_taglib_file *(*bl_taglib_read_function)(const char *path, int32_t flags);
typedef void (*bl_taglib_free_function)(bl_taglib_file *file);
typedef int32_t (*bl_taglib_api_version_function)(void);
typedef int32_t (*bl_taglib_write_function)(const char *path, const bl_taglib_property *properties, size_t count,
                                            const char *const *keys, size_t key_count, char *error,
                                            size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
