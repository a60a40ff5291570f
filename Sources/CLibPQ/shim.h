#include <libpq-fe.h>

/// The SQLSTATE of a failed result, or NULL: `PG_DIAG_SQLSTATE` is a character macro, which
/// Swift does not import.
static inline const char *wordbook_pq_sqlstate(const PGresult *result) {
  return PQresultErrorField(result, PG_DIAG_SQLSTATE);
}

/// The primary message of a failed result, or NULL.
static inline const char *wordbook_pq_message(const PGresult *result) {
  return PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY);
}
