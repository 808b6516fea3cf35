// CMicroHTTPDHeaders: the two headers every answer carries, also on the pages libmicrohttpd builds itself.
#ifndef MARKS_CMICROHTTPD_HEADERS_H
#define MARKS_CMICROHTTPD_HEADERS_H

/// 1 when libmicrohttpd's own calls reach the wrapper in ErrorPageHeaders.c (the dynamic linker bound them to it),
/// 0 when they do not (libmicrohttpd linked statically or with its symbols bound at its own link time).
int marks_mhd_error_page_headers_active(void);

#endif
