#include "bl_postgres.h"

#include <bl_loader.h>
#include <stdio.h>

static struct {
    __typeof__(&PQisthreadsafe) isthreadsafe;
    __typeof__(&PQconnectStartParams) connect_start_params;
    __typeof__(&PQconnectPoll) connect_poll;
    __typeof__(&PQconninfoParse) conninfo_parse;
    __typeof__(&PQconninfoFree) conninfo_free;
    __typeof__(&PQfinish) finish;
    __typeof__(&PQstatus) status;
    __typeof__(&PQtransactionStatus) transaction_status;
    __typeof__(&PQerrorMessage) error_message;
    __typeof__(&PQsocket) socket;
    __typeof__(&PQsetnonblocking) setnonblocking;
    __typeof__(&PQsendQueryParams) send_query_params;
    __typeof__(&PQsendPrepare) send_prepare;
    __typeof__(&PQsendQueryPrepared) send_query_prepared;
    __typeof__(&PQenterPipelineMode) enter_pipeline_mode;
    __typeof__(&PQpipelineSync) pipeline_sync;
    __typeof__(&PQflush) flush;
    __typeof__(&PQconsumeInput) consume_input;
    __typeof__(&PQisBusy) is_busy;
    __typeof__(&PQgetResult) get_result;
    __typeof__(&PQgetCancel) get_cancel;
    __typeof__(&PQcancel) cancel;
    __typeof__(&PQfreeCancel) free_cancel;
    __typeof__(&PQresultStatus) result_status;
    __typeof__(&PQresultErrorField) result_error_field;
    __typeof__(&PQresultErrorMessage) result_error_message;
    __typeof__(&PQntuples) ntuples;
    __typeof__(&PQnfields) nfields;
    __typeof__(&PQfname) fname;
    __typeof__(&PQcmdTuples) cmd_tuples;
    __typeof__(&PQgetvalue) getvalue;
    __typeof__(&PQgetlength) getlength;
    __typeof__(&PQgetisnull) getisnull;
    __typeof__(&PQclear) clear;
    __typeof__(&PQnotifies) notifies;
    __typeof__(&PQescapeIdentifier) escape_identifier;
    __typeof__(&PQfreemem) freemem;
} pq;

/// Refuses a libpq built without thread safety: each connection lives on a thread of its own, and its
/// results are read on others.
static int check_thread_safety(const char *file, void *context, char *cause, size_t cause_size) {
    (void)context;
    if (pq.isthreadsafe()) return 0;
    snprintf(cause, cause_size, "%s was built without thread safety", file);
    return -1;
}

static bl_library libpq = {
    .failure = "cannot load libpq",
    .variable = "BLUELIBRARY_LIBPQ",
    .files = (const char *const[]){"libpq.so.5", NULL},
    .symbols =
        (const bl_symbol[]){
            {"PQisthreadsafe", (void **)&pq.isthreadsafe},
            {"PQconnectStartParams", (void **)&pq.connect_start_params},
            {"PQconnectPoll", (void **)&pq.connect_poll},
            {"PQconninfoParse", (void **)&pq.conninfo_parse},
            {"PQconninfoFree", (void **)&pq.conninfo_free},
            {"PQfinish", (void **)&pq.finish},
            {"PQstatus", (void **)&pq.status},
            {"PQtransactionStatus", (void **)&pq.transaction_status},
            {"PQerrorMessage", (void **)&pq.error_message},
            {"PQsocket", (void **)&pq.socket},
            {"PQsetnonblocking", (void **)&pq.setnonblocking},
            {"PQsendQueryParams", (void **)&pq.send_query_params},
            {"PQsendPrepare", (void **)&pq.send_prepare},
            {"PQsendQueryPrepared", (void **)&pq.send_query_prepared},
            {"PQenterPipelineMode", (void **)&pq.enter_pipeline_mode},
            {"PQpipelineSync", (void **)&pq.pipeline_sync},
            {"PQflush", (void **)&pq.flush},
            {"PQconsumeInput", (void **)&pq.consume_input},
            {"PQisBusy", (void **)&pq.is_busy},
            {"PQgetResult", (void **)&pq.get_result},
            {"PQgetCancel", (void **)&pq.get_cancel},
            {"PQcancel", (void **)&pq.cancel},
            {"PQfreeCancel", (void **)&pq.free_cancel},
            {"PQresultStatus", (void **)&pq.result_status},
            {"PQresultErrorField", (void **)&pq.result_error_field},
            {"PQresultErrorMessage", (void **)&pq.result_error_message},
            {"PQntuples", (void **)&pq.ntuples},
            {"PQnfields", (void **)&pq.nfields},
            {"PQfname", (void **)&pq.fname},
            {"PQcmdTuples", (void **)&pq.cmd_tuples},
            {"PQgetvalue", (void **)&pq.getvalue},
            {"PQgetlength", (void **)&pq.getlength},
            {"PQgetisnull", (void **)&pq.getisnull},
            {"PQclear", (void **)&pq.clear},
            {"PQnotifies", (void **)&pq.notifies},
            {"PQescapeIdentifier", (void **)&pq.escape_identifier},
            {"PQfreemem", (void **)&pq.freemem},
            {NULL, NULL},
        },
    .advice = (const bl_advice[]){{"libpq.so", "install libpq5"}, {NULL, NULL}},
    .check = check_thread_safety,
};

int bl_pq_load(char *reason, size_t reason_size) { return bl_library_load(&libpq, reason, reason_size); }

PGconn *bl_pq_connect_start(const char *const *keywords, const char *const *values) {
    return pq.connect_start_params(keywords, values, 1);
}
PostgresPollingStatusType bl_pq_connect_poll(PGconn *connection) { return pq.connect_poll(connection); }
PQconninfoOption *bl_pq_conninfo_parse(const char *text, char **message) {
    return pq.conninfo_parse(text, message);
}
void bl_pq_conninfo_free(PQconninfoOption *options) { pq.conninfo_free(options); }
void bl_pq_finish(PGconn *connection) { pq.finish(connection); }

ConnStatusType bl_pq_status(const PGconn *connection) { return pq.status(connection); }
PGTransactionStatusType bl_pq_transaction_status(const PGconn *connection) {
    return pq.transaction_status(connection);
}
const char *bl_pq_error_message(const PGconn *connection) { return pq.error_message(connection); }
int bl_pq_socket(const PGconn *connection) { return pq.socket(connection); }

int bl_pq_set_nonblocking(PGconn *connection, int on) { return pq.setnonblocking(connection, on); }
int bl_pq_send_query_params(PGconn *connection, const char *command, int count, const Oid *types,
                            const char *const *values) {
    return pq.send_query_params(connection, command, count, types, values, NULL, NULL, 0);
}
int bl_pq_send_prepare(PGconn *connection, const char *name, const char *command, int count, const Oid *types) {
    return pq.send_prepare(connection, name, command, count, types);
}
int bl_pq_send_query_prepared(PGconn *connection, const char *name, int count, const char *const *values) {
    return pq.send_query_prepared(connection, name, count, values, NULL, NULL, 0);
}
int bl_pq_enter_pipeline_mode(PGconn *connection) { return pq.enter_pipeline_mode(connection); }
int bl_pq_pipeline_sync(PGconn *connection) { return pq.pipeline_sync(connection); }
int bl_pq_flush(PGconn *connection) { return pq.flush(connection); }
int bl_pq_consume_input(PGconn *connection) { return pq.consume_input(connection); }
int bl_pq_is_busy(PGconn *connection) { return pq.is_busy(connection); }
PGresult *bl_pq_get_result(PGconn *connection) { return pq.get_result(connection); }

int bl_pq_cancel(PGconn *connection, char *message, int message_size) {
    PGcancel *cancel = pq.get_cancel(connection);
    if (cancel == NULL) {
        snprintf(message, (size_t)message_size, "the connection is not open");
        return 0;
    }
    int sent = pq.cancel(cancel, message, message_size);
    pq.free_cancel(cancel);
    return sent;
}

ExecStatusType bl_pq_result_status(const PGresult *result) { return pq.result_status(result); }
const char *bl_pq_result_error_field(const PGresult *result, int field) {
    return pq.result_error_field(result, field);
}
const char *bl_pq_result_error_message(const PGresult *result) { return pq.result_error_message(result); }
int bl_pq_ntuples(const PGresult *result) { return pq.ntuples(result); }
int bl_pq_nfields(const PGresult *result) { return pq.nfields(result); }
const char *bl_pq_fname(const PGresult *result, int column) { return pq.fname(result, column); }
const char *bl_pq_cmd_tuples(PGresult *result) { return pq.cmd_tuples(result); }
const char *bl_pq_getvalue(const PGresult *result, int row, int column) {
    return pq.getvalue(result, row, column);
}
int bl_pq_getlength(const PGresult *result, int row, int column) { return pq.getlength(result, row, column); }
int bl_pq_getisnull(const PGresult *result, int row, int column) { return pq.getisnull(result, row, column); }
void bl_pq_clear(PGresult *result) { pq.clear(result); }

PGnotify *bl_pq_notifies(PGconn *connection) { return pq.notifies(connection); }
char *bl_pq_escape_identifier(PGconn *connection, const char *text, size_t length) {
    return pq.escape_identifier(connection, text, length);
}
void bl_pq_freemem(void *pointer) { pq.freemem(pointer); }
