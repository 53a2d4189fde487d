#define _GNU_SOURCE
#include "bl_threads.h"

#include <pthread.h>
#include <sched.h>
#include <unistd.h>

int bl_thread_set_name(const char *name) { return pthread_setname_np(pthread_self(), name); }

int bl_usable_processor_count(void) {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int count = CPU_COUNT(&set);
        if (count > 0) return count;
    }
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? (int)online : 1;
}
