#ifndef STARBOARD_CFONTCONFIG_SHIM_H
#define STARBOARD_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
