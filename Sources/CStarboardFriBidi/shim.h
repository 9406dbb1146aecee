#ifndef STARBOARD_CFRIBIDI_SHIM_H
#define STARBOARD_CFRIBIDI_SHIM_H
#include <fribidi.h>

/* The paragraph directions are macros built from other macros, which Swift does not import. */
static inline FriBidiParType starboard_fribidi_weak_ltr(void) { return FRIBIDI_PAR_WLTR; }
static inline FriBidiParType starboard_fribidi_weak_rtl(void) { return FRIBIDI_PAR_WRTL; }
#endif
