#ifndef BLUELIBRARY_CMICROHTTPD_SHIM_H
#define BLUELIBRARY_CMICROHTTPD_SHIM_H
// Thin helpers over GNU libmicrohttpd for BlueLibrary's Swift wrapper: MHD's start function is
// variadic, which Swift cannot call, so the options BlueLibrary uses are passed here by name.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Starts a daemon whose connections are served by a pool of `threads` threads, with suspend/resume
/// allowed (idle event streams are suspended instead of holding a thread), listening on the IPv4
/// address `host` (e.g. "127.0.0.1") and `port` (0 = any free port).
static inline struct MHD_Daemon *bl_mhd_start(const char *host, uint16_t port, unsigned threads,
                                              unsigned connection_limit, unsigned timeout_seconds,
                                              MHD_AccessHandlerCallback handler,
                                              void *handler_context, MHD_RequestCompletedCallback completed,
                                              void *completed_context) {
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    if (inet_pton(AF_INET, host, &address.sin_addr) != 1) return NULL;
    // No MHD_USE_ERROR_LOG: MHD's own diagnostics ("Failed to bind to port …") would scribble on the
    // user's terminal; the server says what went wrong in its own words, on one line.
    return MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_ALLOW_SUSPEND_RESUME,
                            port, NULL, NULL, handler, handler_context,
                            MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)&address,
                            MHD_OPTION_THREAD_POOL_SIZE, threads,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
                            MHD_OPTION_END);
}

/// The port a daemon listens on (useful after asking for port 0).
static inline uint16_t bl_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}
#endif
