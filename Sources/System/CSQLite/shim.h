#include <sqlite3.h>
#include <stdint.h>
/// SQLITE_TRANSIENT is a macro Swift cannot import.
static inline void (*csqlite_transient(void))(void *) { return SQLITE_TRANSIENT; }
/// sqlite3_config is variadic, which Swift cannot call. Turns off SQLite's memory statistics: with them on, every
/// allocation of every connection takes one process-wide mutex, which the server's request threads then queue on.
/// Must run before the library initialises (the first open); later it returns SQLITE_MISUSE and changes nothing.
static inline int csqlite_disable_memory_statistics(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }
