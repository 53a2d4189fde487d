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

// A transcoder decodes one file's first audio stream and encodes it again in another format (an encoder and
// a container FFmpeg names, e.g. "libmp3lame" in "mp3", "libopus" in "ogg"), into memory, a step at a time:
// the caller asks it to run until some bytes of output are waiting, takes them, and asks again. Nothing is
// written to disk and nothing is read whole: what it holds is its codecs' state, a few frames of samples and
// the output not taken yet.

/// One file being transcoded; used by one thread at a time.
typedef struct bl_av_transcoder bl_av_transcoder;

/// What to make.
typedef struct bl_av_target {
    /// FFmpeg's name of the encoder ("libmp3lame", "libopus", "aac", "libvorbis", "flac").
    const char *encoder;
    /// FFmpeg's name of the container ("mp3", "ogg", "adts", "mp4", "flac").
    const char *container;
    /// Bits per second; 0 for the encoder's own choice (a lossless encoder's).
    int64_t bit_rate;
    /// The highest sample rate and channel count to keep (a higher one is converted down); 0 keeps the
    /// source's.
    int max_rate;
    int max_channels;
    /// Where in the source to start, in milliseconds.
    int64_t offset_ms;
} bl_av_target;

/// What a transcoder makes and reads.
typedef struct bl_av_output {
    int rate;
    int channels;
    /// The source's length in milliseconds, from its container (0 when it does not say).
    int64_t duration_ms;
} bl_av_output;

/// Whether this FFmpeg has the encoder and the container `target` names (loading the libraries if need
/// be): 1 when it does; else 0, with one line saying what is missing in `reason`.
int bl_av_can_make(const bl_av_target *target, char *reason, size_t reason_size);
/// Opens the file at `path` for transcoding to `target` (the libraries must be loaded: bl_av_load); NULL
/// with the reason in `reason` when it cannot be.
bl_av_transcoder *bl_av_transcoder_open(const char *path, const bl_av_target *target, bl_av_output *output,
                                        char *reason, size_t reason_size);
/// Transcodes until at least `wanted` bytes of output are waiting or the output is complete; returns how
/// many bytes are waiting, or -1 on an error (with the reason in `reason`).
long bl_av_transcoder_run(bl_av_transcoder *transcoder, size_t wanted, char *reason, size_t reason_size);
/// Moves up to `capacity` waiting bytes of output into `bytes`; returns how many.
size_t bl_av_transcoder_take(bl_av_transcoder *transcoder, uint8_t *bytes, size_t capacity);
/// 1 once the whole output has been made (it may still be waiting to be taken).
int bl_av_transcoder_finished(const bl_av_transcoder *transcoder);
void bl_av_transcoder_close(bl_av_transcoder *transcoder);
#endif
