#ifndef CALSA_SHIM_H
#define CALSA_SHIM_H

#include <alsa/asoundlib.h>
#include <stdarg.h>
#include <stdio.h>

/* ALSA prints its diagnostics ("ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM nope") to
   stderr, which would scribble over a full-screen UI. Its error handler is a variadic C function, which
   Swift cannot define, so this shim formats each message into a per-thread buffer that Swift reads:
   the message becomes part of the app's own error. */

/* The per-thread buffer (a function-local static: Swift emits the functions of this header, not its
   global variables). */
static inline char *calsa_error_buffer(void) {
    static __thread char buffer[512];
    return buffer;
}

static inline void calsa_error_handler(const char *file, int line, const char *function, int err,
                                       const char *format, ...) {
    (void)file;
    (void)line;
    (void)function;
    (void)err;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(calsa_error_buffer(), 512, format, arguments);
    va_end(arguments);
}

/* Routes ALSA's diagnostics into the buffer instead of stderr. */
static inline void calsa_route_errors(void) { snd_lib_error_set_handler(calsa_error_handler); }

/* The calling thread's last ALSA diagnostic ("" when none since the last clear). */
static inline const char *calsa_last_error_message(void) { return calsa_error_buffer(); }

/* Forgets the calling thread's last diagnostic. */
static inline void calsa_clear_error(void) { calsa_error_buffer()[0] = 0; }

#endif
