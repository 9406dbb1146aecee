#define _GNU_SOURCE
#include "placement.h"
#include <errno.h>
#include <sched.h>
#include <unistd.h>

int starboard_pin_calling_thread(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (cpu >= 0) {
        CPU_SET(cpu, &set);
    } else {
        long count = sysconf(_SC_NPROCESSORS_ONLN);
        for (long index = 0; index < count && index < CPU_SETSIZE; index++) CPU_SET((int)index, &set);
    }
    return sched_setaffinity(0, sizeof(set), &set) == 0 ? 0 : errno;
}
