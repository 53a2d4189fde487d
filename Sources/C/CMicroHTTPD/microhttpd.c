#include "bl_microhttpd.h"

#include <arpa/inet.h>
#include <bl_loader.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

// The library's functions, typed from MHD's own declarations.
static __typeof__(&MHD_start_daemon) start_daemon;
static __typeof__(&MHD_get_daemon_info) get_daemon_info;
static __typeof__(&MHD_quiesce_daemon) quiesce_daemon;
static __typeof__(&MHD_stop_daemon) stop_daemon;
static __typeof__(&MHD_suspend_connection) suspend_connection;
static __typeof__(&MHD_resume_connection) resume_connection;
static __typeof__(&MHD_get_connection_values) get_connection_values;
static __typeof__(&MHD_get_connection_info) get_connection_info;
static __typeof__(&MHD_create_response_from_buffer) create_response_from_buffer;
static __typeof__(&MHD_create_response_from_callback) create_response_from_callback;
static __typeof__(&MHD_add_response_header) add_response_header;
static __typeof__(&MHD_queue_response) queue_response;
static __typeof__(&MHD_destroy_response) destroy_response;

static bl_library libmicrohttpd = {
    .failure = "cannot load GNU libmicrohttpd",
    .variable = "BLUELIBRARY_MICROHTTPD_LIBRARY",
    .files = (const char *const[]){"libmicrohttpd.so.12", NULL},
    .symbols =
        (const bl_symbol[]){
            {"MHD_start_daemon", (void **)&start_daemon},
            {"MHD_get_daemon_info", (void **)&get_daemon_info},
            {"MHD_quiesce_daemon", (void **)&quiesce_daemon},
            {"MHD_stop_daemon", (void **)&stop_daemon},
            {"MHD_suspend_connection", (void **)&suspend_connection},
            {"MHD_resume_connection", (void **)&resume_connection},
            {"MHD_get_connection_values", (void **)&get_connection_values},
            {"MHD_get_connection_info", (void **)&get_connection_info},
            {"MHD_create_response_from_buffer", (void **)&create_response_from_buffer},
            {"MHD_create_response_from_callback", (void **)&create_response_from_callback},
            {"MHD_add_response_header", (void **)&add_response_header},
            {"MHD_queue_response", (void **)&queue_response},
            {"MHD_destroy_response", (void **)&destroy_response},
            {NULL, NULL},
        },
    .advice = (const bl_advice[]){{"libmicrohttpd", "install libmicrohttpd12"}, {NULL, NULL}},
};

int bl_mhd_load(char *reason, size_t reason_size) { return bl_library_load(&libmicrohttpd, reason, reason_size); }

struct bl_mhd_server {
    struct MHD_Daemon *daemon;
    void (*log)(void *context, const char *line);
    void *context;
};

// MHD's messages are printf formats; the Swift side gets each one formatted, without its newline.
static void log_adapter(void *context, const char *format, va_list arguments) {
    struct bl_mhd_server *server = context;
    char line[512];
    vsnprintf(line, sizeof line, format, arguments);
    size_t length = strlen(line);
    while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r')) line[--length] = '\0';
    if (server->log != NULL) server->log(server->context, line);
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Decodes %XX in the path and in each query name and value, in place, as MHD's own does — except that
// %00 becomes the two bytes C0 80 (the overlong form of NUL, never valid UTF-8) rather than a NUL that
// would end the C string there: `/app.js%00.html` would read as `/app.js`, `p=secret%00junk` as
// `p=secret`. The Swift side reads C0 80 back as NUL, and refuses a request that holds one.
static size_t unescape(void *context, struct MHD_Connection *connection, char *text) {
    (void)context;
    (void)connection;
    char *read = text, *write = text;
    while (*read != '\0') {
        int high = read[0] == '%' ? hex_digit(read[1]) : -1;
        int low = high >= 0 ? hex_digit(read[2]) : -1;
        if (low < 0) {
            *write++ = *read++;
            continue;
        }
        int value = high * 16 + low;
        if (value == 0) {
            *write++ = (char)0xC0;
            *write++ = (char)0x80;
        } else {
            *write++ = (char)value;
        }
        read += 3;
    }
    *write = '\0';
    return (size_t)(write - text);
}

struct bl_mhd_server *bl_mhd_start(const struct bl_mhd_settings *settings) {
    if (bl_mhd_load(NULL, 0) != 0) return NULL;
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(settings->port);
    if (inet_pton(AF_INET, settings->host, &address.sin_addr) != 1) return NULL;
    struct bl_mhd_server *server = calloc(1, sizeof *server);
    if (server == NULL) return NULL;
    server->log = settings->log;
    server->context = settings->context;
    server->daemon = start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG,
        settings->port, NULL, NULL, settings->access, settings->context,
        // The logger first, as MHD asks, so that it gets the messages about the options after it.
        MHD_OPTION_EXTERNAL_LOGGER, log_adapter, (void *)server,
        MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)&address,
        MHD_OPTION_THREAD_POOL_SIZE, settings->threads,
        MHD_OPTION_CONNECTION_LIMIT, settings->connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, settings->per_address_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, settings->idle_timeout,
        MHD_OPTION_NOTIFY_COMPLETED, settings->completed, settings->context,
        MHD_OPTION_NOTIFY_CONNECTION, settings->connection, settings->context,
        MHD_OPTION_UNESCAPE_CALLBACK, unescape, NULL,
        MHD_OPTION_END);
    if (server->daemon == NULL) {
        free(server);
        return NULL;
    }
    return server;
}

uint16_t bl_mhd_port(struct bl_mhd_server *server) {
    const union MHD_DaemonInfo *info = get_daemon_info(server->daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

int bl_mhd_quiesce(struct bl_mhd_server *server) { return quiesce_daemon(server->daemon); }

void bl_mhd_stop(struct bl_mhd_server *server) {
    stop_daemon(server->daemon);
    free(server);
}

void bl_mhd_suspend(struct MHD_Connection *connection) { suspend_connection(connection); }

void bl_mhd_resume(struct MHD_Connection *connection) { resume_connection(connection); }

int bl_mhd_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                             MHD_KeyValueIterator iterator, void *iterator_context) {
    return get_connection_values(connection, kind, iterator, iterator_context);
}

int bl_mhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

int bl_mhd_client_address(struct MHD_Connection *connection, char *text, size_t size) {
    const union MHD_ConnectionInfo *info =
        get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) return -1;
    const struct sockaddr *address = info->client_addr;
    const void *bytes;
    if (address->sa_family == AF_INET) {
        bytes = &((const struct sockaddr_in *)(const void *)address)->sin_addr;
    } else if (address->sa_family == AF_INET6) {
        bytes = &((const struct sockaddr_in6 *)(const void *)address)->sin6_addr;
    } else {
        return -1;
    }
    return inet_ntop(address->sa_family, bytes, text, (socklen_t)size) == NULL ? -1 : 0;
}

struct MHD_Response *bl_mhd_response_from_bytes(size_t size, const void *data) {
    return create_response_from_buffer(size, (void *)data, MHD_RESPMEM_MUST_COPY);
}

struct MHD_Response *bl_mhd_response_from_reader(uint64_t size, size_t block_size, MHD_ContentReaderCallback reader,
                                                 void *reader_context,
                                                 MHD_ContentReaderFreeCallback free_context) {
    return create_response_from_callback(size, block_size, reader, reader_context, free_context);
}

/// The part of an open file a response sends.
struct file_body {
    int fd;
    uint64_t offset;
    uint64_t length;
};

// Reads the next block of a file body. The file may end before the length the answer announced (it was
// truncated while being sent): that ends the response, and MHD closes the connection, instead of waiting
// for bytes that will never come. (MHD's own file responses use sendfile, which reports such an end as
// "nothing sent yet" and is called again at once, spinning a core while the client hangs.)
static ssize_t file_body_reader(void *context, uint64_t position, char *buffer, size_t maximum) {
    const struct file_body *body = context;
    if (position >= body->length) return MHD_CONTENT_READER_END_OF_STREAM;
    size_t wanted = maximum;
    if ((uint64_t)wanted > body->length - position) wanted = (size_t)(body->length - position);
    ssize_t count;
    do {
        count = pread(body->fd, buffer, wanted, (off_t)(body->offset + position));
    } while (count < 0 && errno == EINTR);
    if (count <= 0) return MHD_CONTENT_READER_END_WITH_ERROR;
    return count;
}

static void file_body_free(void *context) {
    struct file_body *body = context;
    close(body->fd);
    free(body);
}

struct MHD_Response *bl_mhd_response_from_file(int fd, uint64_t offset, uint64_t length) {
    struct file_body *body = malloc(sizeof *body);
    if (body == NULL) {
        close(fd);
        return NULL;
    }
    body->fd = fd;
    body->offset = offset;
    body->length = length;
    // The response frees the body (and closes the descriptor) when it is destroyed, but not when it
    // cannot be made.
    struct MHD_Response *response =
        create_response_from_callback(length, 64 * 1024, file_body_reader, body, file_body_free);
    if (response == NULL) file_body_free(body);
    return response;
}

enum MHD_Result bl_mhd_add_header(struct MHD_Response *response, const char *name, const char *value) {
    return add_response_header(response, name, value);
}

enum MHD_Result bl_mhd_queue(struct MHD_Connection *connection, unsigned status,
                             struct MHD_Response *response) {
    return queue_response(connection, status, response);
}

void bl_mhd_destroy_response(struct MHD_Response *response) { destroy_response(response); }
