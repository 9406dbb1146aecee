#include "starboard_system.h"

#include <malloc.h>

int starboard_release_free_memory(void) {
    return malloc_trim(0);
}
