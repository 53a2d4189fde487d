#ifndef BLUELIBRARY_CPOSTGRES_H
#define BLUELIBRARY_CPOSTGRES_H
// PostgreSQL's client library, libpq, for BlueLibrary's Swift connection (BlueLibraryPostgres), loaded on
// first use (bl_loader.h): only a library kept in PostgreSQL needs it, and linking libpq would make every
// command load it and the Kerberos, LDAP and TLS libraries it depends on at start-up. libpq's header gives
// the types and constants; the functions are reached only through the `bl_pq_` functions below, which
// call the library's own through pointers found when it is loaded (nothing links against libpq, so calling
// a `PQ` function directly fails to link). Call bl_pq_load first: the others assume it succeeded.
// BLUELIBRARY_LIBPQ names another file to load instead of libpq.so.5.
#include <stddef.h>
#include <postgresql/libpq-fe.h>

/// Loads libpq if it is not loaded yet, and checks that it was built thread-safe (results are read on
/// other threads than the connection's). Returns 0 when it is usable; else -1, with one line saying why in
/// `reason` (`reason_size` bytes).
int bl_pq_load(char *reason, size_t reason_size);

// Connecting, without blocking: start, then poll until OK or FAILED (waiting on the socket in between).

/// PQconnectStartParams with expand_dbname set: `dbname` may be a postgresql:// URL or a connection string.
PGconn *bl_pq_connect_start(const char *const *keywords, const char *const *values);
PostgresPollingStatusType bl_pq_connect_poll(PGconn *connection);
/// PQconninfoParse: NULL and a message (free it with bl_pq_freemem) when `text` is not connection info.
PQconninfoOption *bl_pq_conninfo_parse(const char *text, char **message);
void bl_pq_conninfo_free(PQconninfoOption *options);
void bl_pq_finish(PGconn *connection);

// What a connection is and says.

ConnStatusType bl_pq_status(const PGconn *connection);
PGTransactionStatusType bl_pq_transaction_status(const PGconn *connection);
const char *bl_pq_error_message(const PGconn *connection);
int bl_pq_socket(const PGconn *connection);

// Queries, without blocking: send, flush, then consume input as the socket has it until not busy, and
// take the results until there is none.

int bl_pq_set_nonblocking(PGconn *connection, int on);
/// PQsendQueryParams with every parameter as text and results as text.
int bl_pq_send_query_params(PGconn *connection, const char *command, int count, const Oid *types,
                            const char *const *values);
/// PQsendPrepare: prepares `command` as the statement `name`, its parameters of `types`.
int bl_pq_send_prepare(PGconn *connection, const char *name, const char *command, int count, const Oid *types);
/// PQsendQueryPrepared with every parameter as text and results as text.
int bl_pq_send_query_prepared(PGconn *connection, const char *name, int count, const char *const *values);
/// Pipeline mode: statements are sent without waiting for the answers of those before, and a sync ends each
/// flight (its result, PGRES_PIPELINE_SYNC, comes after theirs). Enter it only with no result pending.
int bl_pq_enter_pipeline_mode(PGconn *connection);
int bl_pq_pipeline_sync(PGconn *connection);
int bl_pq_flush(PGconn *connection);
int bl_pq_consume_input(PGconn *connection);
int bl_pq_is_busy(PGconn *connection);
PGresult *bl_pq_get_result(PGconn *connection);
/// Asks the server to cancel the query running on the connection (a connection of its own, briefly).
/// Returns 1 when the request was sent; else 0 with why in `message`.
int bl_pq_cancel(PGconn *connection, char *message, int message_size);

// Results (read-only: safe to read from any thread).

ExecStatusType bl_pq_result_status(const PGresult *result);
const char *bl_pq_result_error_field(const PGresult *result, int field);
const char *bl_pq_result_error_message(const PGresult *result);
int bl_pq_ntuples(const PGresult *result);
int bl_pq_nfields(const PGresult *result);
const char *bl_pq_fname(const PGresult *result, int column);
const char *bl_pq_cmd_tuples(PGresult *result);
const char *bl_pq_getvalue(const PGresult *result, int row, int column);
int bl_pq_getlength(const PGresult *result, int row, int column);
int bl_pq_getisnull(const PGresult *result, int row, int column);
void bl_pq_clear(PGresult *result);

// LISTEN/NOTIFY, and libpq's own allocations.

/// The next notification received (after bl_pq_consume_input), or NULL; free it with bl_pq_freemem.
PGnotify *bl_pq_notifies(PGconn *connection);
/// `text` quoted as an identifier (free it with bl_pq_freemem), or NULL with the connection's error.
char *bl_pq_escape_identifier(PGconn *connection, const char *text, size_t length);
void bl_pq_freemem(void *pointer);
#endif
