// open(2)'s O_CLOEXEC is POSIX.
#define _POSIX_C_SOURCE 200809L

#include "bl_sndfile.h"

#include <bl_loader.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static struct {
    __typeof__(&sf_open_fd) open_fd;
    __typeof__(&sf_readf_short) readf_short;
    __typeof__(&sf_seek) seek;
    __typeof__(&sf_close) close;
    __typeof__(&sf_strerror) strerror;
    __typeof__(&sf_error) error;
    __typeof__(&sf_command) command;
} sf;

static bl_library libsndfile = {
    .failure = "cannot load libsndfile",
    .variable = "BLUELIBRARY_LIBSNDFILE",
    .files = (const char *const[]){"libsndfile.so.1", NULL},
    .symbols =
        (const bl_symbol[]){
            {"sf_open_fd", (void **)&sf.open_fd},
            {"sf_readf_short", (void **)&sf.readf_short},
            {"sf_seek", (void **)&sf.seek},
            {"sf_close", (void **)&sf.close},
            {"sf_strerror", (void **)&sf.strerror},
            {"sf_error", (void **)&sf.error},
            {"sf_command", (void **)&sf.command},
            {NULL, NULL},
        },
    .advice = (const bl_advice[]){{"libsndfile.so", "install libsndfile1"}, {NULL, NULL}},
};

int bl_sf_load(char *reason, size_t reason_size) { return bl_library_load(&libsndfile, reason, reason_size); }

SNDFILE *bl_sf_open(const char *path, SF_INFO *info, char *reason, size_t reason_size) {
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) {
        snprintf(reason, reason_size, "%s", strerror(errno));
        return NULL;
    }
    memset(info, 0, sizeof *info);
    // SF_TRUE: libsndfile closes the descriptor with the file, also when opening fails.
    SNDFILE *file = sf.open_fd(descriptor, SFM_READ, info, SF_TRUE);
    if (file == NULL) {
        snprintf(reason, reason_size, "%s", sf.strerror(NULL));
        return NULL;
    }
    sf.command(file, SFC_SET_SCALE_FLOAT_INT_READ, NULL, SF_TRUE);
    return file;
}

sf_count_t bl_sf_read(SNDFILE *file, short *samples, sf_count_t frames, char *reason, size_t reason_size) {
    sf_count_t count = sf.readf_short(file, samples, frames);
    if (count == 0 && sf.error(file) != SF_ERR_NO_ERROR) {
        snprintf(reason, reason_size, "%s", sf.strerror(file));
        return -1;
    }
    return count;
}

sf_count_t bl_sf_seek(SNDFILE *file, sf_count_t frame) { return sf.seek(file, frame, SEEK_SET); }

void bl_sf_close(SNDFILE *file) { sf.close(file); }
