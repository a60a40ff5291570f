#ifndef WORDBOOK_CLIBPQ_H
#define WORDBOOK_CLIBPQ_H

// The part of libpq's API (libpq-fe.h, soname 5) that Wordbook calls, declared here so that
// building needs no libpq headers. The library is opened at run time, on the first call, so
// that a `wordbook` command that does not use PostgreSQL does not load it and the two dozen
// libraries it needs (TLS, Kerberos, LDAP): they cost every command's start.
//
// The types and values below are libpq's ABI for soname 5; they do not change within it.

typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;
typedef unsigned int Oid;

typedef enum { CONNECTION_OK, CONNECTION_BAD } ConnStatusType;

typedef enum {
  PGRES_EMPTY_QUERY = 0,
  PGRES_COMMAND_OK,
  PGRES_TUPLES_OK,
  PGRES_COPY_OUT,
  PGRES_COPY_IN,
  PGRES_BAD_RESPONSE,
  PGRES_NONFATAL_ERROR,
  PGRES_FATAL_ERROR,
  PGRES_COPY_BOTH,
  PGRES_SINGLE_TUPLE,
  PGRES_PIPELINE_SYNC,
  PGRES_PIPELINE_ABORTED
} ExecStatusType;

typedef enum {
  PQTRANS_IDLE,
  PQTRANS_ACTIVE,
  PQTRANS_INTRANS,
  PQTRANS_INERROR,
  PQTRANS_UNKNOWN
} PGTransactionStatusType;

typedef enum { PQ_PIPELINE_OFF, PQ_PIPELINE_ON, PQ_PIPELINE_ABORTED } PGpipelineStatus;

typedef struct pgNotify {
  char *relname;
  int be_pid;
  char *extra;
  struct pgNotify *next;
} PGnotify;

typedef struct _PQconninfoOption {
  char *keyword;
  char *envvar;
  char *compiled;
  char *val;
  char *label;
  char *dispchar;
  int dispsize;
} PQconninfoOption;

/// Why libpq cannot be used (it is not installed, or lacks a function), or NULL when it can.
/// The first call opens the library; every function below returns a failure (NULL, -1,
/// CONNECTION_BAD, PGRES_FATAL_ERROR) while it cannot be used.
const char *wordbook_pq_unavailable(void);

/// The SQLSTATE of a failed result, or NULL.
const char *wordbook_pq_sqlstate(const PGresult *result);
/// The primary message of a failed result, or NULL.
const char *wordbook_pq_message(const PGresult *result);

PGconn *PQconnectdb(const char *conninfo);
PGconn *PQconnectdbParams(const char *const *keywords, const char *const *values,
                          int expand_dbname);
void PQfinish(PGconn *conn);
void PQreset(PGconn *conn);
PQconninfoOption *PQconninfo(PGconn *conn);
void PQconninfoFree(PQconninfoOption *options);
ConnStatusType PQstatus(const PGconn *conn);
PGTransactionStatusType PQtransactionStatus(const PGconn *conn);
char *PQerrorMessage(const PGconn *conn);
int PQsocket(const PGconn *conn);
int PQsetClientEncoding(PGconn *conn, const char *encoding);
PGresult *PQexec(PGconn *conn, const char *query);
PGresult *PQprepare(PGconn *conn, const char *name, const char *query, int count,
                    const Oid *types);
int PQsendQueryParams(PGconn *conn, const char *command, int count, const Oid *types,
                      const char *const *values, const int *lengths, const int *formats,
                      int resultFormat);
int PQsendQueryPrepared(PGconn *conn, const char *name, int count, const char *const *values,
                        const int *lengths, const int *formats, int resultFormat);
PGresult *PQgetResult(PGconn *conn);
PGpipelineStatus PQpipelineStatus(const PGconn *conn);
int PQenterPipelineMode(PGconn *conn);
int PQexitPipelineMode(PGconn *conn);
int PQpipelineSync(PGconn *conn);
int PQconsumeInput(PGconn *conn);
PGnotify *PQnotifies(PGconn *conn);
void PQfreemem(void *pointer);
ExecStatusType PQresultStatus(const PGresult *result);
int PQntuples(const PGresult *result);
char *PQcmdTuples(PGresult *result);
char *PQgetvalue(const PGresult *result, int row, int column);
int PQgetlength(const PGresult *result, int row, int column);
int PQgetisnull(const PGresult *result, int row, int column);
void PQclear(PGresult *result);

#endif
