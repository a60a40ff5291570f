#include "CLibPQ.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

// libpq's functions, found in the library once it is open.
static struct {
  PGconn *(*connectdb)(const char *);
  PGconn *(*connectdbParams)(const char *const *, const char *const *, int);
  void (*finish)(PGconn *);
  void (*reset)(PGconn *);
  PQconninfoOption *(*conninfo)(PGconn *);
  void (*conninfoFree)(PQconninfoOption *);
  ConnStatusType (*status)(const PGconn *);
  PGTransactionStatusType (*transactionStatus)(const PGconn *);
  char *(*errorMessage)(const PGconn *);
  int (*socket)(const PGconn *);
  int (*setClientEncoding)(PGconn *, const char *);
  PGresult *(*exec)(PGconn *, const char *);
  PGresult *(*prepare)(PGconn *, const char *, const char *, int, const Oid *);
  int (*sendQueryParams)(PGconn *, const char *, int, const Oid *, const char *const *,
                         const int *, const int *, int);
  int (*sendQueryPrepared)(PGconn *, const char *, int, const char *const *, const int *,
                           const int *, int);
  PGresult *(*getResult)(PGconn *);
  PGpipelineStatus (*pipelineStatus)(const PGconn *);
  int (*enterPipelineMode)(PGconn *);
  int (*exitPipelineMode)(PGconn *);
  int (*pipelineSync)(PGconn *);
  int (*consumeInput)(PGconn *);
  PGnotify *(*notifies)(PGconn *);
  void (*freemem)(void *);
  ExecStatusType (*resultStatus)(const PGresult *);
  char *(*resultErrorField)(const PGresult *, int);
  int (*ntuples)(const PGresult *);
  char *(*cmdTuples)(PGresult *);
  char *(*getvalue)(const PGresult *, int, int);
  int (*getlength)(const PGresult *, int, int);
  int (*getisnull)(const PGresult *, int, int);
  void (*clear)(PGresult *);
} api;

static const struct {
  const char *name;
  void **slot;
} symbols[] = {
    {"PQconnectdb", (void **)&api.connectdb},
    {"PQconnectdbParams", (void **)&api.connectdbParams},
    {"PQfinish", (void **)&api.finish},
    {"PQreset", (void **)&api.reset},
    {"PQconninfo", (void **)&api.conninfo},
    {"PQconninfoFree", (void **)&api.conninfoFree},
    {"PQstatus", (void **)&api.status},
    {"PQtransactionStatus", (void **)&api.transactionStatus},
    {"PQerrorMessage", (void **)&api.errorMessage},
    {"PQsocket", (void **)&api.socket},
    {"PQsetClientEncoding", (void **)&api.setClientEncoding},
    {"PQexec", (void **)&api.exec},
    {"PQprepare", (void **)&api.prepare},
    {"PQsendQueryParams", (void **)&api.sendQueryParams},
    {"PQsendQueryPrepared", (void **)&api.sendQueryPrepared},
    {"PQgetResult", (void **)&api.getResult},
    {"PQpipelineStatus", (void **)&api.pipelineStatus},
    {"PQenterPipelineMode", (void **)&api.enterPipelineMode},
    {"PQexitPipelineMode", (void **)&api.exitPipelineMode},
    {"PQpipelineSync", (void **)&api.pipelineSync},
    {"PQconsumeInput", (void **)&api.consumeInput},
    {"PQnotifies", (void **)&api.notifies},
    {"PQfreemem", (void **)&api.freemem},
    {"PQresultStatus", (void **)&api.resultStatus},
    {"PQresultErrorField", (void **)&api.resultErrorField},
    {"PQntuples", (void **)&api.ntuples},
    {"PQcmdTuples", (void **)&api.cmdTuples},
    {"PQgetvalue", (void **)&api.getvalue},
    {"PQgetlength", (void **)&api.getlength},
    {"PQgetisnull", (void **)&api.getisnull},
    {"PQclear", (void **)&api.clear},
};

// The names the library is opened by: the Debian package libpq5's, then Homebrew's.
static const char *const libraryNames[] = {
#if defined(__APPLE__)
    "libpq.5.dylib",
    "/opt/homebrew/opt/libpq/lib/libpq.5.dylib",
    "/usr/local/opt/libpq/lib/libpq.5.dylib",
#else
    "libpq.so.5",
#endif
};

static pthread_once_t opening = PTHREAD_ONCE_INIT;
static char failure[512];
static int isOpen;

static void openLibrary(void) {
  void *library = NULL;
  for (size_t i = 0; i < sizeof libraryNames / sizeof *libraryNames && !library; i++) {
    library = dlopen(libraryNames[i], RTLD_NOW | RTLD_LOCAL);
  }
  if (!library) {
    const char *reason = dlerror();
    snprintf(failure, sizeof failure,
             "PostgreSQL needs libpq, which is not installed: install the libpq5 package "
             "(apt-get install libpq5) (%s)",
             reason ? reason : "libpq.so.5 not found");
    return;
  }
  for (size_t i = 0; i < sizeof symbols / sizeof *symbols; i++) {
    *symbols[i].slot = dlsym(library, symbols[i].name);
    if (!*symbols[i].slot) {
      snprintf(failure, sizeof failure,
               "the installed libpq has no %s: install libpq5 version 14 or later",
               symbols[i].name);
      return;
    }
  }
  isOpen = 1;
}

static int opened(void) {
  pthread_once(&opening, openLibrary);
  return isOpen;
}

const char *wordbook_pq_unavailable(void) { return opened() ? NULL : failure; }

const char *wordbook_pq_sqlstate(const PGresult *result) {
  return opened() ? api.resultErrorField(result, 'C') : NULL;
}

const char *wordbook_pq_message(const PGresult *result) {
  return opened() ? api.resultErrorField(result, 'M') : NULL;
}

PGconn *PQconnectdb(const char *conninfo) {
  return opened() ? api.connectdb(conninfo) : NULL;
}

PGconn *PQconnectdbParams(const char *const *keywords, const char *const *values,
                          int expand_dbname) {
  return opened() ? api.connectdbParams(keywords, values, expand_dbname) : NULL;
}

void PQfinish(PGconn *conn) {
  if (opened()) api.finish(conn);
}

void PQreset(PGconn *conn) {
  if (opened()) api.reset(conn);
}

PQconninfoOption *PQconninfo(PGconn *conn) { return opened() ? api.conninfo(conn) : NULL; }

void PQconninfoFree(PQconninfoOption *options) {
  if (opened()) api.conninfoFree(options);
}

ConnStatusType PQstatus(const PGconn *conn) {
  return opened() ? api.status(conn) : CONNECTION_BAD;
}

PGTransactionStatusType PQtransactionStatus(const PGconn *conn) {
  return opened() ? api.transactionStatus(conn) : PQTRANS_UNKNOWN;
}

char *PQerrorMessage(const PGconn *conn) {
  return opened() ? api.errorMessage(conn) : failure;
}

int PQsocket(const PGconn *conn) { return opened() ? api.socket(conn) : -1; }

int PQsetClientEncoding(PGconn *conn, const char *encoding) {
  return opened() ? api.setClientEncoding(conn, encoding) : -1;
}

PGresult *PQexec(PGconn *conn, const char *query) {
  return opened() ? api.exec(conn, query) : NULL;
}

PGresult *PQprepare(PGconn *conn, const char *name, const char *query, int count,
                    const Oid *types) {
  return opened() ? api.prepare(conn, name, query, count, types) : NULL;
}

int PQsendQueryParams(PGconn *conn, const char *command, int count, const Oid *types,
                      const char *const *values, const int *lengths, const int *formats,
                      int resultFormat) {
  return opened() ? api.sendQueryParams(conn, command, count, types, values, lengths, formats,
                                        resultFormat)
                  : 0;
}

int PQsendQueryPrepared(PGconn *conn, const char *name, int count, const char *const *values,
                        const int *lengths, const int *formats, int resultFormat) {
  return opened() ? api.sendQueryPrepared(conn, name, count, values, lengths, formats,
                                          resultFormat)
                  : 0;
}

PGresult *PQgetResult(PGconn *conn) { return opened() ? api.getResult(conn) : NULL; }

PGpipelineStatus PQpipelineStatus(const PGconn *conn) {
  return opened() ? api.pipelineStatus(conn) : PQ_PIPELINE_OFF;
}

int PQenterPipelineMode(PGconn *conn) { return opened() ? api.enterPipelineMode(conn) : 0; }

int PQexitPipelineMode(PGconn *conn) { return opened() ? api.exitPipelineMode(conn) : 0; }

int PQpipelineSync(PGconn *conn) { return opened() ? api.pipelineSync(conn) : 0; }

int PQconsumeInput(PGconn *conn) { return opened() ? api.consumeInput(conn) : 0; }

PGnotify *PQnotifies(PGconn *conn) { return opened() ? api.notifies(conn) : NULL; }

void PQfreemem(void *pointer) {
  if (opened()) api.freemem(pointer);
}

ExecStatusType PQresultStatus(const PGresult *result) {
  return opened() ? api.resultStatus(result) : PGRES_FATAL_ERROR;
}

int PQntuples(const PGresult *result) { return opened() ? api.ntuples(result) : 0; }

char *PQcmdTuples(PGresult *result) {
  static char none[1];
  return opened() ? api.cmdTuples(result) : none;
}

char *PQgetvalue(const PGresult *result, int row, int column) {
  return opened() ? api.getvalue(result, row, column) : NULL;
}

int PQgetlength(const PGresult *result, int row, int column) {
  return opened() ? api.getlength(result, row, column) : 0;
}

int PQgetisnull(const PGresult *result, int row, int column) {
  return opened() ? api.getisnull(result, row, column) : 1;
}

void PQclear(PGresult *result) {
  if (opened()) api.clear(result);
}
