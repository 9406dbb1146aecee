#include "allocation_counter.h"
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

#else

// glibc's own entry points, which it exports for exactly this: replacing malloc in a program
// while still using glibc's allocator underneath. free() is left to glibc, which owns every block.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

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

#endif
