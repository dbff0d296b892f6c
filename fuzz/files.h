/* SPDX-License-Identifier: MIT */
/* Files for the fuzz targets that go through the loaders' paths (sequence, survey and batch files):
 * a per-process temporary name, and whole-file writes and reads. */
#ifndef GRUNDY_FUZZ_FILES_H
#define GRUNDY_FUZZ_FILES_H

#include <stddef.h>

/** "DIR/fuzz_TARGET.PID.WHAT" in buf, DIR /dev/shm where it is writable (a loader's fsync costs
 *  nothing on tmpfs), else /tmp. */
void fuzz_temp_path(char *buf, size_t cap, const char *target, const char *what);

/** Write size bytes to path, replacing it; nonzero on success. */
int fuzz_write_all(const char *path, const void *data, size_t size);

/** The whole file with a NUL after it, or NULL; *size its length. The caller frees it. */
char *fuzz_read_all(const char *path, size_t *size);

#endif
