// CLibXML2: the parts of libxml2 that HTMLExtraction uses, plus small wrappers for what Swift cannot
// call directly (macros, C globals such as xmlFree, variadic callback types).
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/encoding.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

static inline void clibxml2_free(void *p) { xmlFree(p); }

static void clibxml2_ignore_structured_error(void *context, xmlErrorPtr error) {
    (void)context;
    (void)error;
}

static void clibxml2_ignore_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/// Installs no-op error handlers for the calling thread (libxml2 keeps these per thread), so that no
/// parser message ever reaches stderr.
static inline void clibxml2_silence_errors_on_this_thread(void) {
    xmlSetStructuredErrorFunc(NULL, clibxml2_ignore_structured_error);
    xmlSetGenericErrorFunc(NULL, clibxml2_ignore_generic_error);
}

/// True when the calling thread's structured error handler is the no-op one (used by tests).
static inline int clibxml2_errors_are_silenced_on_this_thread(void) {
    return xmlStructuredError == clibxml2_ignore_structured_error
        && xmlGenericError == clibxml2_ignore_generic_error;
}

/// True when libxml2 knows the encoding (built in or through iconv).
static inline int clibxml2_encoding_is_supported(const char *name) {
    xmlCharEncodingHandlerPtr handler = xmlFindCharEncodingHandler(name);
    if (handler == NULL) { return 0; }
    xmlCharEncCloseFunc(handler);
    return 1;
}
