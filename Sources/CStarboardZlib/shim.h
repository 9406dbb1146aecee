#ifndef STARBOARD_CZLIB_SHIM_H
#define STARBOARD_CZLIB_SHIM_H

#include <zlib.h>

/* deflateInit2 and inflateInit2 are function-like macros (they pass the library version and the
 * stream's size), which Swift cannot import; these wrap them. Negative window bits mean raw
 * deflate, as permessage-deflate (RFC 7692) uses it. */
static inline int starboard_deflate_init(z_stream *stream, int level, int windowBits, int memLevel) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, memLevel, Z_DEFAULT_STRATEGY);
}

static inline int starboard_inflate_init(z_stream *stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

#endif
