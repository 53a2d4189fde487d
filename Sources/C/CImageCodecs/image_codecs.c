// The helpers of bl_image.h over libpng's simplified API and libjpeg, both loaded on first use
// (bl_loader.h); their headers give only the types, constants and signatures.
#include "bl_image.h"

#include <bl_loader.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
// jpeglib.h needs FILE and size_t declared first.
#include <jpeglib.h>

// The libjpeg the header describes: jpeg_CreateDecompress checks that the library's ABI version is
// the header's (62 on Debian's libjpeg62-turbo, 80 where libjpeg-turbo8 is the default).
#if JPEG_LIB_VERSION >= 80
#define BL_LIBJPEG_FILE "libjpeg.so.8"
#elif JPEG_LIB_VERSION >= 70
#define BL_LIBJPEG_FILE "libjpeg.so.7"
#else
#define BL_LIBJPEG_FILE "libjpeg.so.62"
#endif
#include <png.h>

static struct {
    __typeof__(&png_image_begin_read_from_memory) begin_read_from_memory;
    __typeof__(&png_image_finish_read) finish_read;
    __typeof__(&png_image_free) image_free;
    __typeof__(&png_image_write_to_memory) write_to_memory;
} png;

static bl_library libpng = {
    .failure = "cannot load libpng",
    .variable = "BLUELIBRARY_LIBPNG",
    .files = (const char *const[]){"libpng16.so.16", NULL},
    .symbols =
        (const bl_symbol[]){
            {"png_image_begin_read_from_memory", (void **)&png.begin_read_from_memory},
            {"png_image_finish_read", (void **)&png.finish_read},
            {"png_image_free", (void **)&png.image_free},
            {"png_image_write_to_memory", (void **)&png.write_to_memory},
            {NULL, NULL},
        },
};

static struct {
    __typeof__(&jpeg_std_error) std_error;
    __typeof__(&jpeg_CreateDecompress) create_decompress;
    __typeof__(&jpeg_mem_src) mem_src;
    __typeof__(&jpeg_read_header) read_header;
    __typeof__(&jpeg_start_decompress) start_decompress;
    __typeof__(&jpeg_read_scanlines) read_scanlines;
    __typeof__(&jpeg_finish_decompress) finish_decompress;
    __typeof__(&jpeg_destroy_decompress) destroy_decompress;
} jpeg;

static bl_library libjpeg = {
    .failure = "cannot load libjpeg",
    .variable = "BLUELIBRARY_LIBJPEG",
    .files = (const char *const[]){BL_LIBJPEG_FILE, NULL},
    .symbols =
        (const bl_symbol[]){
            {"jpeg_std_error", (void **)&jpeg.std_error},
            {"jpeg_CreateDecompress", (void **)&jpeg.create_decompress},
            {"jpeg_mem_src", (void **)&jpeg.mem_src},
            {"jpeg_read_header", (void **)&jpeg.read_header},
            {"jpeg_start_decompress", (void **)&jpeg.start_decompress},
            {"jpeg_read_scanlines", (void **)&jpeg.read_scanlines},
            {"jpeg_finish_decompress", (void **)&jpeg.finish_decompress},
            {"jpeg_destroy_decompress", (void **)&jpeg.destroy_decompress},
            {NULL, NULL},
        },
};

int bl_png_load(char *reason, size_t reason_size) { return bl_library_load(&libpng, reason, reason_size); }

int bl_jpeg_load(char *reason, size_t reason_size) { return bl_library_load(&libjpeg, reason, reason_size); }

void bl_image_free(void *pointer) { free(pointer); }

/// Decodes PNG bytes to 8-bit RGBA; refuses images wider or taller than max_dimension.
int bl_png_decode(const uint8_t *data, size_t size, uint32_t max_dimension, uint8_t **pixels, uint32_t *width,
                  uint32_t *height, char *message, size_t message_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    *pixels = NULL;
    if (bl_png_load(message, message_size) != 0) return BL_IMAGE_UNAVAILABLE;
    if (!png.begin_read_from_memory(&image, data, size)) {
        snprintf(message, message_size, "%s", image.message);
        return BL_IMAGE_INVALID;
    }
    if (image.width == 0 || image.height == 0 || image.width > max_dimension || image.height > max_dimension ||
        (unsigned long long)image.width * image.height > BL_IMAGE_MAX_PIXELS) {
        snprintf(message, message_size, "%ux%u pixels", image.width, image.height);
        png.image_free(&image);
        return BL_IMAGE_TOO_LARGE;
    }
    image.format = PNG_FORMAT_RGBA;
    uint8_t *buffer = malloc(PNG_IMAGE_SIZE(image));
    if (buffer == NULL) {
        png.image_free(&image);
        return BL_IMAGE_NO_MEMORY;
    }
    if (!png.finish_read(&image, NULL, buffer, 0, NULL)) {
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
int bl_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, uint8_t **output, size_t *output_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = PNG_FORMAT_RGBA;
    png_alloc_size_t size = 0;
    *output = NULL;
    if (bl_png_load(NULL, 0) != 0) return BL_IMAGE_UNAVAILABLE;
    if (!png.write_to_memory(&image, NULL, &size, 0, pixels, 0, NULL)) return BL_IMAGE_INVALID;
    uint8_t *buffer = malloc(size);
    if (buffer == NULL) return BL_IMAGE_NO_MEMORY;
    if (!png.write_to_memory(&image, buffer, &size, 0, pixels, 0, NULL)) {
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

static void bl_jpeg_error_exit(j_common_ptr info) {
    struct bl_jpeg_error *error = (struct bl_jpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

static void bl_jpeg_silence(j_common_ptr info) { (void)info; }

/// Decodes JPEG bytes to 8-bit RGBA; refuses images wider or taller than max_dimension.
int bl_jpeg_decode(const uint8_t *data, size_t size, uint32_t max_dimension, uint8_t **pixels, uint32_t *width,
                   uint32_t *height, char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    struct bl_jpeg_error error;
    uint8_t *volatile buffer = NULL;
    volatile int status = BL_IMAGE_INVALID;
    *pixels = NULL;
    if (bl_jpeg_load(message, message_size) != 0) return BL_IMAGE_UNAVAILABLE;
    info.err = jpeg.std_error(&error.manager);
    error.manager.error_exit = bl_jpeg_error_exit;
    error.manager.output_message = bl_jpeg_silence;
    error.message[0] = 0;
    if (setjmp(error.jump)) {
        snprintf(message, message_size, "%s", error.message);
        jpeg.destroy_decompress(&info);
        free(buffer);
        return status;
    }
    jpeg.create_decompress(&info, JPEG_LIB_VERSION, sizeof info);
    jpeg.mem_src(&info, data, (unsigned long)size);
    jpeg.read_header(&info, TRUE);
    if (info.image_width == 0 || info.image_height == 0 || info.image_width > max_dimension ||
        info.image_height > max_dimension ||
        (unsigned long long)info.image_width * info.image_height > BL_IMAGE_MAX_PIXELS) {
        snprintf(message, message_size, "%ux%u pixels", info.image_width, info.image_height);
        jpeg.destroy_decompress(&info);
        return BL_IMAGE_TOO_LARGE;
    }
    info.out_color_space = JCS_EXT_RGBA;
    jpeg.start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    buffer = malloc(stride * info.output_height);
    if (buffer == NULL) {
        jpeg.destroy_decompress(&info);
        return BL_IMAGE_NO_MEMORY;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = buffer + stride * info.output_scanline;
        jpeg.read_scanlines(&info, &row, 1);
    }
    // A truncated file makes libjpeg pad with grey and warn; treat that as an error.
    if (info.err->num_warnings > 0) {
        snprintf(message, message_size, "the JPEG data is truncated or damaged");
        jpeg.destroy_decompress(&info);
        free(buffer);
        return BL_IMAGE_INVALID;
    }
    jpeg.finish_decompress(&info);
    *width = info.output_width;
    *height = info.output_height;
    *pixels = buffer;
    jpeg.destroy_decompress(&info);
    return BL_IMAGE_OK;
}
