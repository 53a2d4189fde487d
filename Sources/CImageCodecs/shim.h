#ifndef BLUELIBRARY_CIMAGECODECS_SHIM_H
#define BLUELIBRARY_CIMAGECODECS_SHIM_H
// Thin C helpers over libpng's simplified API and libjpeg, for BlueLibrary's ImageCodec wrapper.
// They exist because libjpeg reports errors by longjmp, which Swift cannot catch: each helper
// returns 0 on success or a non-zero code with a message, and never exits the process.
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>
#include <jpeglib.h>

enum { BL_IMAGE_OK = 0, BL_IMAGE_INVALID = 1, BL_IMAGE_TOO_LARGE = 2, BL_IMAGE_NO_MEMORY = 3 };

static inline void bl_image_free(void *pointer) { free(pointer); }

/// Decodes PNG bytes to 8-bit RGBA; refuses images wider or taller than max_dimension.
static inline int bl_png_decode(const uint8_t *data, size_t size, uint32_t max_dimension, uint8_t **pixels,
                                uint32_t *width, uint32_t *height, char *message, size_t message_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    *pixels = NULL;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        snprintf(message, message_size, "%s", image.message);
        return BL_IMAGE_INVALID;
    }
    if (image.width == 0 || image.height == 0 || image.width > max_dimension || image.height > max_dimension) {
        snprintf(message, message_size, "%ux%u pixels", image.width, image.height);
        png_image_free(&image);
        return BL_IMAGE_TOO_LARGE;
    }
    image.format = PNG_FORMAT_RGBA;
    uint8_t *buffer = malloc(PNG_IMAGE_SIZE(image));
    if (buffer == NULL) {
        png_image_free(&image);
        return BL_IMAGE_NO_MEMORY;
    }
    if (!png_image_finish_read(&image, NULL, buffer, 0, NULL)) {
        snprintf(message, message_size, "%s", image.message);
        free(buffer);
        return BL_IMAGE_INVALID;
    }
    *pixels = buffer;
    *width = image.width;
    *height = image.height;
    return BL_IMAGE_OK;
}

/// Encodes 8-bit RGBA pixels as PNG bytes (the caller frees *output with bl_image_free).
static inline int bl_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, uint8_t **output,
                                size_t *output_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = PNG_FORMAT_RGBA;
    png_alloc_size_t size = 0;
    *output = NULL;
    if (!png_image_write_get_memory_size(image, size, 0, pixels, 0, NULL)) return BL_IMAGE_INVALID;
    uint8_t *buffer = malloc(size);
    if (buffer == NULL) return BL_IMAGE_NO_MEMORY;
    if (!png_image_write_to_memory(&image, buffer, &size, 0, pixels, 0, NULL)) {
        free(buffer);
        return BL_IMAGE_INVALID;
    }
    *output = buffer;
    *output_size = size;
    return BL_IMAGE_OK;
}

struct bl_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static inline void bl_jpeg_error_exit(j_common_ptr info) {
    struct bl_jpeg_error *error = (struct bl_jpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

static inline void bl_jpeg_silence(j_common_ptr info) { (void)info; }

/// Decodes JPEG bytes to 8-bit RGBA; refuses images wider or taller than max_dimension.
static inline int bl_jpeg_decode(const uint8_t *data, size_t size, uint32_t max_dimension, uint8_t **pixels,
                                 uint32_t *width, uint32_t *height, char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    struct bl_jpeg_error error;
    uint8_t *volatile buffer = NULL;
    volatile int status = BL_IMAGE_INVALID;
    *pixels = NULL;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = bl_jpeg_error_exit;
    error.manager.output_message = bl_jpeg_silence;
    error.message[0] = 0;
    if (setjmp(error.jump)) {
        snprintf(message, message_size, "%s", error.message);
        jpeg_destroy_decompress(&info);
        free(buffer);
        return status;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    if (info.image_width == 0 || info.image_height == 0 || info.image_width > max_dimension ||
        info.image_height > max_dimension) {
        snprintf(message, message_size, "%ux%u pixels", info.image_width, info.image_height);
        jpeg_destroy_decompress(&info);
        return BL_IMAGE_TOO_LARGE;
    }
    info.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    buffer = malloc(stride * info.output_height);
    if (buffer == NULL) {
        jpeg_destroy_decompress(&info);
        return BL_IMAGE_NO_MEMORY;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = buffer + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    // A truncated file makes libjpeg pad with grey and warn; treat that as an error.
    if (info.err->num_warnings > 0) {
        snprintf(message, message_size, "the JPEG data is truncated or damaged");
        jpeg_destroy_decompress(&info);
        free(buffer);
        return BL_IMAGE_INVALID;
    }
    jpeg_finish_decompress(&info);
    *width = info.output_width;
    *height = info.output_height;
    *pixels = buffer;
    jpeg_destroy_decompress(&info);
    return BL_IMAGE_OK;
}
#endif
