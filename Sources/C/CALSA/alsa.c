#include "bl_alsa.h"

#include <bl_loader.h>
#include <stdarg.h>
#include <stdio.h>

static struct {
    __typeof__(&snd_lib_error_set_handler) set_error_handler;
    __typeof__(&snd_pcm_open) open;
    __typeof__(&snd_pcm_set_params) set_params;
    __typeof__(&snd_pcm_readi) readi;
    __typeof__(&snd_pcm_writei) writei;
    __typeof__(&snd_pcm_drop) drop;
    __typeof__(&snd_pcm_drain) drain;
    __typeof__(&snd_pcm_prepare) prepare;
    __typeof__(&snd_pcm_close) close;
    __typeof__(&snd_pcm_recover) recover;
    __typeof__(&snd_strerror) strerror;
} alsa;

static __thread char last_error[512];

static void route_error(const char *file, int line, const char *function, int error, const char *format, ...) {
    (void)file;
    (void)line;
    (void)function;
    (void)error;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(last_error, sizeof last_error, format, arguments);
    va_end(arguments);
}

/// Routes ALSA's diagnostics into the per-thread buffer before anyone opens a device.
static int route_errors(const char *file, void *context, char *cause, size_t cause_size) {
    (void)file;
    (void)context;
    (void)cause;
    (void)cause_size;
    alsa.set_error_handler(route_error);
    return 0;
}

static bl_library libasound = {
    .failure = "cannot load ALSA's libasound",
    .variable = "BLUELIBRARY_LIBASOUND",
    .files = (const char *const[]){"libasound.so.2", NULL},
    .symbols =
        (const bl_symbol[]){
            {"snd_lib_error_set_handler", (void **)&alsa.set_error_handler},
            {"snd_pcm_open", (void **)&alsa.open},
            {"snd_pcm_set_params", (void **)&alsa.set_params},
            {"snd_pcm_readi", (void **)&alsa.readi},
            {"snd_pcm_writei", (void **)&alsa.writei},
            {"snd_pcm_drop", (void **)&alsa.drop},
            {"snd_pcm_drain", (void **)&alsa.drain},
            {"snd_pcm_prepare", (void **)&alsa.prepare},
            {"snd_pcm_close", (void **)&alsa.close},
            {"snd_pcm_recover", (void **)&alsa.recover},
            {"snd_strerror", (void **)&alsa.strerror},
            {NULL, NULL},
        },
    .advice = (const bl_advice[]){{"libasound.so", "install libasound2"}, {NULL, NULL}},
    .check = route_errors,
};

int bl_alsa_load(char *reason, size_t reason_size) { return bl_library_load(&libasound, reason, reason_size); }

int bl_alsa_pcm_open(snd_pcm_t **pcm, const char *name, int capture) {
    return alsa.open(pcm, name, capture ? SND_PCM_STREAM_CAPTURE : SND_PCM_STREAM_PLAYBACK, 0);
}

int bl_alsa_pcm_set_params(snd_pcm_t *pcm, unsigned int channels, unsigned int rate, unsigned int latency) {
    return alsa.set_params(pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, channels, rate, 1, latency);
}

snd_pcm_sframes_t bl_alsa_pcm_readi(snd_pcm_t *pcm, void *buffer, snd_pcm_uframes_t frames) {
    return alsa.readi(pcm, buffer, frames);
}

snd_pcm_sframes_t bl_alsa_pcm_writei(snd_pcm_t *pcm, const void *buffer, snd_pcm_uframes_t frames) {
    return alsa.writei(pcm, buffer, frames);
}

int bl_alsa_pcm_drop(snd_pcm_t *pcm) { return alsa.drop(pcm); }
int bl_alsa_pcm_drain(snd_pcm_t *pcm) { return alsa.drain(pcm); }
int bl_alsa_pcm_prepare(snd_pcm_t *pcm) { return alsa.prepare(pcm); }
int bl_alsa_pcm_close(snd_pcm_t *pcm) { return alsa.close(pcm); }
int bl_alsa_pcm_recover(snd_pcm_t *pcm, int error) { return alsa.recover(pcm, error, 1); }
const char *bl_alsa_strerror(int error) { return alsa.strerror(error); }

const char *bl_alsa_last_error_message(void) { return last_error; }
void bl_alsa_clear_error(void) { last_error[0] = '\0'; }
