#ifndef BLUELIBRARY_CSNDFILE_H
#define BLUELIBRARY_CSNDFILE_H
// libsndfile, loaded on first use (bl_loader.h): it decodes WAV, FLAC, Ogg Vorbis, Opus and MP3 (Debian 12's
// 1.2 reads MPEG audio through libmpg123) for playback in the terminal UI, and linking it would make every
// bluelibrary command load it and its codecs at start-up. The header gives the types; the functions are
// reached only through the `bl_sf_` functions below. Call bl_sf_load first: the others assume it
// succeeded. BLUELIBRARY_LIBSNDFILE names another file to load instead of libsndfile.so.1.
#include <sndfile.h>
#include <stddef.h>

/// Loads libsndfile if it is not loaded yet. Returns 0 when it is usable; else -1, with one line saying why
/// in `reason` (`reason_size` bytes).
int bl_sf_load(char *reason, size_t reason_size);

/// Opens the file at `path` for reading and fills in `info`; NULL when libsndfile cannot read it, with
/// libsndfile's reason in `reason`. The descriptor is opened close-on-exec. Samples read as 16-bit integers
/// are scaled from floating-point files, not clipped.
SNDFILE *bl_sf_open(const char *path, SF_INFO *info, char *reason, size_t reason_size);
/// Reads up to `frames` interleaved frames; returns how many (0 at the end, -1 on a decoding error, with
/// libsndfile's reason in `reason`).
sf_count_t bl_sf_read(SNDFILE *file, short *samples, sf_count_t frames, char *reason, size_t reason_size);
/// Moves to frame `frame` from the start; returns it, or -1 when the file cannot seek there.
sf_count_t bl_sf_seek(SNDFILE *file, sf_count_t frame);
void bl_sf_close(SNDFILE *file);
#endif
