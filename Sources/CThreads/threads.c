#define _GNU_SOURCE
#include "bl_thread_name.h"

#include <pthread.h>

int bl_thread_set_name(const char *name) { return pthread_setname_np(pthread_self(), name); }
