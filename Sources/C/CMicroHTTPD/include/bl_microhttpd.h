#ifndef BLUELIBRARY_CMICROHTTPD_H
#define BLUELIBRARY_CMICROHTTPD_H
// GNU libmicrohttpd for BlueLibrary's Swift wrapper, loaded on first use (bl_loader.h): only `serve` needs
// an HTTP server, and linking libmicrohttpd would make every command pay at start-up for loading it and
// the TLS libraries it depends on. MHD's header gives the types and constants; the functions are
// reached only through the `bl_mhd_` functions below, which call the library's own through pointers
// resolved when it is loaded (nothing links against libmicrohttpd, so calling an `MHD_` function
// directly fails to link). `BLUELIBRARY_MICROHTTPD_LIBRARY`, when set, names the file to load instead of
// libmicrohttpd.so.12 (for tests of a machine without it).
#include <stddef.h>
#include <stdint.h>
#include <microhttpd.h>

/// Loads libmicrohttpd if it is not loaded yet. Returns 0 when it is usable; else -1, with one line saying
/// why in `reason` (`reason_size` bytes).
int bl_mhd_load(char *reason, size_t reason_size);

/// What a server needs from its daemon: the address, the limits, and the callbacks, all of which get
/// `context`.
struct bl_mhd_settings {
    /// The IPv4 address to listen on, e.g. "127.0.0.1".
    const char *host;
    /// The port (0 = any free port).
    uint16_t port;
    /// Threads in MHD's pool.
    unsigned threads;
    /// Connections open at once (MHD divides them among its threads).
    unsigned connection_limit;
    /// Connections open at once from one client address; more are closed as soon as they are accepted.
    unsigned per_address_limit;
    /// Seconds a connection may be idle (nothing received or sent) before MHD closes it.
    unsigned idle_timeout;
    MHD_AccessHandlerCallback access;
    MHD_RequestCompletedCallback completed;
    MHD_NotifyConnectionCallback connection;
    /// Receives each of MHD's own error messages as one line.
    void (*log)(void *context, const char *line);
    void *context;
};

/// A running daemon and what its logger needs.
struct bl_mhd_server;

/// Starts a daemon whose connections are served by a pool of threads, with suspend/resume allowed,
/// per `settings`. Returns NULL when libmicrohttpd is not loaded or the address cannot be bound.
struct bl_mhd_server *bl_mhd_start(const struct bl_mhd_settings *settings);
/// The port the daemon listens on (useful after asking for port 0).
uint16_t bl_mhd_port(struct bl_mhd_server *server);
/// Stops accepting connections: returns the listening socket, which the caller closes, or -1.
int bl_mhd_quiesce(struct bl_mhd_server *server);
/// Stops the daemon (every connection must have been resumed) and frees `server`.
void bl_mhd_stop(struct bl_mhd_server *server);

void bl_mhd_suspend(struct MHD_Connection *connection);
void bl_mhd_resume(struct MHD_Connection *connection);
int bl_mhd_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                             MHD_KeyValueIterator iterator, void *iterator_context);
/// The connection's socket, or -1.
int bl_mhd_connection_socket(struct MHD_Connection *connection);
/// Writes the client's address as text ("127.0.0.2", "::1") into `text`; returns 0, or -1 when unknown.
int bl_mhd_client_address(struct MHD_Connection *connection, char *text, size_t size);

/// A response with a copy of `size` bytes at `data`.
struct MHD_Response *bl_mhd_response_from_bytes(size_t size, const void *data);
/// A response of `size` bytes (MHD_SIZE_UNKNOWN: unknown, sent in chunks) whose body `reader` produces in
/// blocks of up to `block_size` bytes.
struct MHD_Response *bl_mhd_response_from_reader(uint64_t size, size_t block_size, MHD_ContentReaderCallback reader,
                                                 void *reader_context,
                                                 MHD_ContentReaderFreeCallback free_context);
/// A response whose body is `length` bytes of the open file `fd` from `offset`, read by MHD's threads
/// as the client takes them; a file that ends early (truncated meanwhile) ends the response and its
/// connection. Takes ownership of `fd` in every case: it is closed with the response, and at once when
/// no response can be made (NULL).
struct MHD_Response *bl_mhd_response_from_file(int fd, uint64_t offset, uint64_t length);
enum MHD_Result bl_mhd_add_header(struct MHD_Response *response, const char *name, const char *value);
enum MHD_Result bl_mhd_queue(struct MHD_Connection *connection, unsigned status,
                             struct MHD_Response *response);
void bl_mhd_destroy_response(struct MHD_Response *response);
#endif
