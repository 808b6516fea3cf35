#include <zlib.h>

/* deflateInit2 and inflateInit2 are macros (they pass the library version and the stream size); Swift sees these. */
static inline int marks_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

static inline int marks_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 15 + 16);
}
