#ifndef BLUELIBRARY_CALSA_H
#define BLUELIBRARY_CALSA_H
// ALSA's libasound for the audio module both apps share (AudioKit), loaded on first use (bl_loader.h): only
// playing or recording needs it, and linking it would make every bluelibrary command load it at start-up.
// The header gives the types and constants; the functions are reached only through the `bl_alsa_`
// functions below, which call libasound's own through pointers found when it is loaded. Call bl_alsa_load
// first: the others assume it succeeded. BLUELIBRARY_LIBASOUND names another file to load instead of
// libasound.so.2.
//
// ALSA prints its diagnostics ("ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM nope") to stderr,
// which would scribble over a full-screen UI. Its error handler is a variadic C function, which Swift
// cannot define, so this shim formats each message into a per-thread buffer that Swift reads: the message
// becomes part of the app's own error.
#include <alsa/asoundlib.h>
#include <stddef.h>

/// Loads libasound if it is not loaded yet and routes its diagnostics into the per-thread buffer. Returns 0
/// when it is usable; else -1, with one line saying why in `reason` (`reason_size` bytes).
int bl_alsa_load(char *reason, size_t reason_size);

/// Opens the PCM `name` for playback, or for capture when `capture` is not 0 (snd_pcm_open, blocking).
int bl_alsa_pcm_open(snd_pcm_t **pcm, const char *name, int capture);
/// snd_pcm_set_params with interleaved 16-bit little-endian samples and resampling allowed.
int bl_alsa_pcm_set_params(snd_pcm_t *pcm, unsigned int channels, unsigned int rate, unsigned int latency);
snd_pcm_sframes_t bl_alsa_pcm_readi(snd_pcm_t *pcm, void *buffer, snd_pcm_uframes_t frames);
snd_pcm_sframes_t bl_alsa_pcm_writei(snd_pcm_t *pcm, const void *buffer, snd_pcm_uframes_t frames);
int bl_alsa_pcm_drop(snd_pcm_t *pcm);
int bl_alsa_pcm_drain(snd_pcm_t *pcm);
int bl_alsa_pcm_prepare(snd_pcm_t *pcm);
int bl_alsa_pcm_close(snd_pcm_t *pcm);
/// snd_pcm_recover, silently.
int bl_alsa_pcm_recover(snd_pcm_t *pcm, int error);
const char *bl_alsa_strerror(int error);

/// The calling thread's last ALSA diagnostic ("" when none since the last clear).
const char *bl_alsa_last_error_message(void);
/// Forgets the calling thread's last diagnostic.
void bl_alsa_clear_error(void);
#endif
