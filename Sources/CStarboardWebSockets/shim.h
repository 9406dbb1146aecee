#ifndef STARBOARD_CLIBWEBSOCKETS_SHIM_H
#define STARBOARD_CLIBWEBSOCKETS_SHIM_H

#include <libwebsockets.h>

/* Swift cannot import function-like macros, so the few libwebsockets values
 * defined that way are re-exposed here as inline functions. */

/* Headroom lws_write() needs in front of every payload (LWS_PRE). */
static inline size_t starboard_lws_pre(void) { return LWS_PRE; }

/* Server option bits, widened from `long long` macros to one unsigned type. */
static inline uint64_t starboard_lws_option_disable_ipv6(void) { return (uint64_t)LWS_SERVER_OPTION_DISABLE_IPV6; }
static inline uint64_t starboard_lws_option_validate_utf8(void) { return (uint64_t)LWS_SERVER_OPTION_VALIDATE_UTF8; }
static inline uint64_t starboard_lws_option_explicit_vhosts(void) { return (uint64_t)LWS_SERVER_OPTION_EXPLICIT_VHOSTS; }

/* Sentinels that are cast macros. */
static inline int starboard_lws_to_kill_async(void) { return LWS_TO_KILL_ASYNC; }

#endif
