#ifndef BLUELIBRARY_CTHREADNAME_H
#define BLUELIBRARY_CTHREADNAME_H
// Names the calling thread. pthread_setname_np is a GNU extension that Swift's Glibc module does not
// declare (it needs _GNU_SOURCE), so this one function wraps it.

/// Names the calling thread (Linux keeps at most 15 bytes); returns 0 or an errno value.
int bl_thread_set_name(const char *name);

#endif
