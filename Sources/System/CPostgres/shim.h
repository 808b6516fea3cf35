#include <libpq-fe.h>
#include <poll.h>

/// PG_DIAG_* are character-literal macros Swift does not import: one function per field the wrapper reads.
static inline int cpostgres_diag_sqlstate(void) { return PG_DIAG_SQLSTATE; }
static inline int cpostgres_diag_message_primary(void) { return PG_DIAG_MESSAGE_PRIMARY; }
static inline int cpostgres_diag_constraint_name(void) { return PG_DIAG_CONSTRAINT_NAME; }
