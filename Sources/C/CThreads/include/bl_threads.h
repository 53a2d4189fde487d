#ifndef BLUELIBRARY_CTHREADS_H
#define BLUELIBRARY_CTHREADS_H
// Two GNU extensions that Swift's Glibc module does not declare (they need _GNU_SOURCE), and
// CPU_COUNT, a macro Swift cannot call.

/// Names the calling thread (Linux keeps at most 15 bytes); returns 0 or an errno value.
int bl_thread_set_name(const char *name);

/// How many processors this process may run on: those in its CPU affinity mask (`taskset`, a
/// container's cpuset), else the processors online; at least 1.
int bl_usable_processor_count(void);

#endif
