#ifndef STARBOARD_CHARFBUZZ_SHIM_H
#define STARBOARD_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif
