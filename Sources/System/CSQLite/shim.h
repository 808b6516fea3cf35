#include <sqlite3.h>
#include <stdint.h>
/// SQLITE_TRANSIENT is a macro Swift cannot import.
static inline void (*csqlite_transient(void))(void *) { return SQLITE_TRANSIENT; }
