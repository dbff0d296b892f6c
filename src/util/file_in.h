/* SPDX-License-Identifier: MIT */
/* Files read back (sequence files, checkpoints, survey files, solved tables): regular files only
 * (library-internal; file_in.c). */
#ifndef GRUNDY_UTIL_FILE_IN_H
#define GRUNDY_UTIL_FILE_IN_H

#include <stdio.h>

/** fopen(path, "rb") for a regular file: a FIFO, a device or a directory is refused with errno
 *  EINVAL (a FIFO would block the reader until a writer came). NULL with errno set. */
FILE *grundy_fopen_regular(const char *path);

#endif
