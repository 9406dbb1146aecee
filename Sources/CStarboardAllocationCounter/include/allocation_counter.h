#ifndef STARBOARD_ALLOCATION_COUNTER_H
#define STARBOARD_ALLOCATION_COUNTER_H

/// 1 when allocations are counted; 0 in builds with ThreadSanitizer or AddressSanitizer, which
/// replace malloc themselves, so the counter leaves it alone there and always counts 0.
int starboard_allocation_counter_available(void);

/// Counts heap allocations (malloc, calloc, realloc, memalign, aligned_alloc, posix_memalign) made by the calling thread while counting
/// is on for it, for `starboard bench`. Off by default: other threads and other times pay one
/// thread-local test per allocation and nothing else.
void starboard_allocation_counting(int on);

/// Allocations counted on the calling thread since it first turned counting on.
unsigned long long starboard_allocation_count(void);

/// Calls `body(context)`: the only function whose instructions `starboard-bench --render-cost`
/// counts under callgrind (`--collect-atstart=no --toggle-collect=starboard_cost_measured`).
void starboard_cost_measured(void (*body)(void *), void *context);

#endif
