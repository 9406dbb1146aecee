#include "allocation_counter.h"
#include <stddef.h>

// glibc's own entry points, which it exports for exactly this: replacing malloc in a program
// while still using glibc's allocator underneath. free() is left to glibc, which owns every block.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

// Initial-exec thread-locals of the executable: reading them never allocates.
static _Thread_local int counting;
static _Thread_local unsigned long long count;

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
