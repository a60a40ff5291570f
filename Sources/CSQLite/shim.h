#include <sqlite3.h>

/// sqlite3_db_config for the options that take an int and an int pointer: the C function is
/// variadic, which Swift cannot call.
static inline int wordbook_sqlite3_db_config_flag(sqlite3 *db, int option, int value) {
  int current = 0;
  return sqlite3_db_config(db, option, value, &current);
}
