#ifndef BLUELIBRARY_CIMAGECODECS_H
#define BLUELIBRARY_CIMAGECODECS_H
// Thin C helpers over libpng's simplified API and libjpeg, for BlueLibrary's ImageCodec wrapper. Both
// libraries are loaded on first use (bl_loader.h): only the commands that draw or check covers decode
// images, and linking them (with the zlib libpng needs) made every command load three libraries at
// start-up. BLUELIBRARY_LIBPNG and BLUELIBRARY_LIBJPEG name other files to load (the tests use them to
// play a machine without one).
//
// libjpeg reports errors by longjmp, which Swift cannot catch: each helper returns BL_IMAGE_OK or a
// non-zero code with a message, and never exits the process.
#include <stddef.h>
#include <stdint.h>

enum {
    BL_IMAGE_OK = 0,
    BL_IMAGE_INVALID = 1,
    BL_IMAGE_TOO_LARGE = 2,
    BL_IMAGE_NO_MEMORY = 3,
    /// The library cannot be loaded; the message says why.
    BL_IMAGE_UNAVAILABLE = 4,
};

/// The most pixels an image may have: decoding needs four bytes a pixel, twice (the decoder's buffer and
/// the caller's copy), so 24 megapixels (a 4,900-pixel square) stay under 200 MB; an 8,000-pixel square
/// PNG would take 509 MB.
#define BL_IMAGE_MAX_PIXELS 24000000ULL

/// Releases pixels or bytes the helpers returned; NULL is allowed.
void bl_image_free(void *pointer);

/// Loads libpng on the first call. Returns 0 when it is loaded; else -1, with one line saying why it cannot
/// be in `reason` (`reason_size` bytes).
int bl_png_load(char *reason, size_t reason_size);

/// Loads libjpeg on the first call. Returns 0 when it is loaded; else -1, with one line saying why it
/// cannot be in `reason` (`reason_size` bytes).
int bl_jpeg_load(char *reason, size_t reason_size);

/// Decodes PNG bytes to 8-bit RGBA; refuses images wider or taller than max_dimension.
int bl_png_decode(const uint8_t *data, size_t size, uint32_t max_dimension, uint8_t **pixels, uint32_t *width,
                  uint32_t *height, char *message, size_t message_size);

/// Encodes 8-bit RGBA pixels as PNG bytes (the caller frees *output with bl_image_free).
int bl_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, uint8_t **output, size_t *output_size);

/// Decodes JPEG bytes to 8-bit RGBA; refuses images wider or taller than max_dimension.
int bl_jpeg_decode(const uint8_t *data, size_t size, uint32_t max_dimension, uint8_t **pixels, uint32_t *width,
                   uint32_t *height, char *message, size_t message_size);

#endif
