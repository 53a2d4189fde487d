#ifndef BLUELIBRARY_CFFMPEG_H
#define BLUELIBRARY_CFFMPEG_H
// Audio decoding through FFmpeg's libraries (libavformat, libavcodec, libswresample, libavutil), loaded on
// first use (bl_loader.h): the terminal UI plays with them what libsndfile does not read — AAC in M4A and
// MP4, FLAC in Ogg. Linking them would make every bluelibrary command load them and their dozens of
// dependencies at start-up. The headers of FFmpeg 5.1 (Debian 12) give the types; nothing here links
// against the libraries, and their major versions are the ones named below. BLUELIBRARY_LIBAVFORMAT,
// BLUELIBRARY_LIBAVCODEC, BLUELIBRARY_LIBAVUTIL and BLUELIBRARY_LIBSWRESAMPLE name other files to load.
//
// A decoder reads one file's first audio stream as interleaved 16-bit samples at the stream's own rate
// and channel count, one packet at a time: nothing is read whole.
#include <stddef.h>
#include <stdint.h>

/// One open file being decoded; used by one thread at a time.
typedef struct bl_av_decoder bl_av_decoder;

/// What a decoder gives out.
typedef struct bl_av_format {
    int rate;
    int channels;
    /// The length in frames, from the container (an estimate for some formats; 0 when it does not say).
    int64_t frames;
} bl_av_format;

/// Loads the four libraries if they are not loaded yet and silences FFmpeg's own logging (it would write
/// over a full-screen UI). Returns 0 when they are usable; else -1, with one line saying why in `reason`.
int bl_av_load(char *reason, size_t reason_size);

/// Opens the file at `path` and the decoder of its first audio stream; NULL with the reason in `reason`
/// when there is none or it cannot be decoded.
bl_av_decoder *bl_av_open(const char *path, bl_av_format *format, char *reason, size_t reason_size);
/// Reads up to `frames` interleaved frames into `samples`; returns how many (0 at the end, -1 on an error,
/// with the reason in `reason`).
long bl_av_read(bl_av_decoder *decoder, int16_t *samples, long frames, char *reason, size_t reason_size);
/// Moves to frame `frame` from the start, exactly (it decodes from the key frame before and drops what
/// comes before `frame`); returns 0, or -1 with the reason in `reason`.
int bl_av_seek(bl_av_decoder *decoder, int64_t frame, char *reason, size_t reason_size);
void bl_av_close(bl_av_decoder *decoder);
#endif
