#include "allocation_counter.h"
#include <errno.h>
#include <stddef.h>

// ThreadSanitizer and AddressSanitizer replace malloc themselves, and a program that replaces it
// again crashes before main (`swift test --sanitize=thread|address`). Sanitized builds leave
// malloc alone and say that they count nothing.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define STARBOARD_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define STARBOARD_SANITIZED 1
#endif

#if defined(STARBOARD_SANITIZED)

int starboard_allocation_counter_available(void) {
    return 0;
}

void starboard_allocation_counting(int on) {
    (void)on;
}

unsigned long long starboard_allocation_count(void) {
    return 0;
}

void starboard_cost_measured(void (*body)(void *), void *context) {
    body(context);
}

#else

// glibc's own entry points, which it exports for exactly this: replacing malloc in a program
// while still using glibc's allocator underneath. free() is left to glibc, which owns every block.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

// Initial-exec thread-locals of the executable: reading them never allocates.
static _Thread_local int counting;
static _Thread_local unsigned long long count;

int starboard_allocation_counter_available(void) {
    return 1;
}

void starboard_allocation_counting(int on) {
    counting = on;
}

unsigned long long starboard_allocation_count(void) {
    return count;
}

void *malloc(size_t size) {
    if (counting) count += 1;
    return __libc_malloc(size);
}

void *calloc(size_t number, size_t size) {
    if (counting) count += 1;
    return __libc_calloc(number, size);
}

void *realloc(void *pointer, size_t size) {
    if (counting) count += 1;
    return __libc_realloc(pointer, size);
}

// The aligned entry points: Swift asks for them for types aligned beyond 16 bytes, and a
// counter that missed them would report an allocation-free render that is not.
void *memalign(size_t alignment, size_t size) {
    if (counting) count += 1;
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (counting) count += 1;
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    // As glibc checks: a power of two that is a multiple of the pointer size.
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) return EINVAL;
    if (counting) count += 1;
    void *block = __libc_memalign(alignment, size);
    if (block == NULL) return ENOMEM;
    *result = block;
    return 0;
}

// Called around the renders whose instructions `starboard-bench --render-cost` counts: callgrind
// runs with collection off and `--toggle-collect=starboard_cost_measured`, so only what `body`
// does is counted. In C, so the name is the symbol callgrind sees and the call is never inlined.
__attribute__((noinline)) void starboard_cost_measured(void (*body)(void *), void *context) {
    body(context);
}

#endif
