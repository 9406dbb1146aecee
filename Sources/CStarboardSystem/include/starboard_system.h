#ifndef STARBOARD_SYSTEM_H
#define STARBOARD_SYSTEM_H

/* glibc functions Swift's Glibc module does not export. */

/// Returns the free memory of every malloc arena to the system (malloc_trim(0)); 1 when some
/// memory was released.
int starboard_release_free_memory(void);

#endif
