/* SPDX-License-Identifier: MIT */
/* Files written whole or not at all: every file the library and the tool write (sequence files,
 * checkpoints, solved tables, survey files, plots) goes to a temporary file of its own beside
 * the target, is synced and renamed over it, so that a kill or a full disk leaves the old file or
 * the new one (docs/file-formats.md, "Writing files"). */
#ifndef GRUNDY_FILE_H
#define GRUNDY_FILE_H

#include <grundy/common.h>

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A file being written: a temporary file beside its target until committed. */
typedef struct grundy_file_out grundy_file_out;

/**
 * Start writing `path`: a new temporary file in its directory, named `path`.tmp.PID.XXXXXX and
 * created by mkstemp (a file or a link already there is never opened), with mode 0666 less the
 * umask. A `path` that exists and is not a regular file (a directory, a FIFO, a device) is
 * refused: nothing is renamed over it.
 * @return OK; IO with errno set (EISDIR, or EINVAL for another kind that is not a regular file);
 *         NOMEM.
 */
GRUNDY_API grundy_status grundy_file_out_open(const char *path, grundy_file_out **out);

/** The stream to write to (buffered; the commit flushes it). */
GRUNDY_API FILE *grundy_file_out_stream(grundy_file_out *out);

/** Flush, sync and close the temporary file, rename it over the target and sync the directory;
 *  on any failure the temporary file is removed and the target left as it was. Frees `out`.
 *  @return OK, or IO with errno set. */
GRUNDY_API grundy_status grundy_file_out_commit(grundy_file_out *out);

/** Close and remove the temporary file, leaving the target as it was; frees `out` (NULL is
 *  allowed). errno is kept. */
GRUNDY_API void grundy_file_out_discard(grundy_file_out *out);

/** May `path` be written: the checks of grundy_file_out_open, and a temporary file created and
 *  removed in its directory (a directory that does not exist or cannot be written, before any
 *  work is done). @return OK, IO with errno set, NOMEM. */
GRUNDY_API grundy_status grundy_file_out_probe(const char *path);

#ifdef __cplusplus
}
#endif

#endif
