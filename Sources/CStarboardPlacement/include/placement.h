#ifndef STARBOARD_PLACEMENT_H
#define STARBOARD_PLACEMENT_H

/// Restricts the calling thread (and what it starts afterwards: threads, child processes) to
/// CPU `cpu`; a negative `cpu` allows every online CPU again. Returns 0, or an errno value.
int starboard_pin_calling_thread(int cpu);

#endif
