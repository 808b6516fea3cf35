// libmicrohttpd 0.9.75 answers some requests itself, before any callback of ours runs: headers too large,
// a malformed request line, an unsupported HTTP version, HTTP/1.1 without Host, a bad Content-Length or chunk.
// Those answers are fixed HTML pages built in its connection.c and queued through MHD_queue_response, with no
// hook to add headers. This file defines MHD_queue_response itself: the executable's definition comes first in
// the dynamic linker's lookup, so libmicrohttpd's own calls (through its PLT) arrive here too. Each response
// that lacks `X-Content-Type-Options` or `Content-Security-Policy` gets `nosniff` and `default-src 'none'`;
// then libmicrohttpd's function (found with RTLD_NEXT) queues it. Responses of Marks already carry both and
// pass through unchanged. Only the HTTPServer wrapper depends on this target.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <microhttpd.h>
#include "CMicroHTTPDHeaders.h"

typedef enum MHD_Result (*queue_response_function)(struct MHD_Connection *, unsigned int, struct MHD_Response *);

static queue_response_function libmicrohttpd_queue_response;

__attribute__((constructor)) static void find_libmicrohttpd_queue_response(void) {
    libmicrohttpd_queue_response = (queue_response_function) dlsym(RTLD_NEXT, "MHD_queue_response");
}

enum MHD_Result MHD_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                   struct MHD_Response *response) {
    if (libmicrohttpd_queue_response == NULL) return MHD_NO;
    if (response != NULL) {
        if (MHD_get_response_header(response, "X-Content-Type-Options") == NULL) {
            (void) MHD_add_response_header(response, "X-Content-Type-Options", "nosniff");
        }
        if (MHD_get_response_header(response, "Content-Security-Policy") == NULL) {
            (void) MHD_add_response_header(response, "Content-Security-Policy", "default-src 'none'");
        }
    }
    return libmicrohttpd_queue_response(connection, status_code, response);
}

int marks_mhd_error_page_headers_active(void) {
    return libmicrohttpd_queue_response != NULL
        && dlsym(RTLD_DEFAULT, "MHD_queue_response") == (void *) MHD_queue_response;
}
