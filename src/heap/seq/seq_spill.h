/* SPDX-License-Identifier: MIT */
/* The spill file of a windowed sequence (memory beyond RAM): values dropped from memory, appended
 * in order, read back by block (library-internal; seq_spill.c, docs/memory.md). */
#ifndef GRUNDY_HEAP_SEQ_SPILL_H
#define GRUNDY_HEAP_SEQ_SPILL_H

#include "heap/seq/seq_internal.h"

#include <stdint.h>

typedef struct grundy_seq_spill grundy_seq_spill;

/** May `path` be used as a spill file: OK when it does not exist, is an empty regular file (left
 *  empty after the run, never removed) or is an old spill file; PARSE when it is some other
 *  file, a link, a FIFO or a device (never written, never removed); IO when it cannot be read. */
grundy_status grundy_spill_probe(const char *path);

/** Create the spill file at `path` (grundy_spill_probe first) for the rule whose canonical text
 *  is `rule`, its buffers sized to `memory` (the sequence's bound: about a 64th of it).
 *  @return OK, PARSE, IO, NOMEM. */
grundy_status grundy_spill_open(const char *path, const char *rule, uint64_t memory,
                                grundy_seq_spill **out);

/** Close and remove the file; NULL is allowed. */
void grundy_spill_close(grundy_seq_spill *sp);

/** Forget every value held (the sequence's values were replaced): end = 0. */
void grundy_spill_reset(grundy_seq_spill *sp);

/** The file holds g(0..end-1). */
uint64_t grundy_spill_end(const grundy_seq_spill *sp);

/** Append g(end..end+count-1), `count` values of `width` bytes at `raw` (host order).
 *  @return OK, IO, NOMEM. */
grundy_status grundy_spill_append(grundy_seq_spill *sp, const void *raw, unsigned width,
                                  uint64_t count);

/** g(i), i < end, read back (a block at a time, checked against its checksum).
 *  @return OK, PARSE (the block changed or was cut short), IO. */
grundy_status grundy_spill_load(grundy_seq_spill *sp, uint64_t i, uint64_t *value);

/** The block holding g(i), i < end, as a run (valid until the spill's SPILL_SLOTS-th next
 *  read: two runs at a time stay valid). @return as grundy_spill_load. */
grundy_status grundy_spill_run(grundy_seq_spill *sp, uint64_t i, grundy_seq_run *run);

/** Memory the spill holds: its buffers and its table of blocks. */
uint64_t grundy_spill_bytes(const grundy_seq_spill *sp);

/** What went wrong with the file (one line), or NULL. */
const char *grundy_spill_problem(const grundy_seq_spill *sp);

/** Checkpoints: write the spill's table (its id, blocks, checksums and the block
 *  being filled) to `out`, after an fsync of the file; from then on the file stays after the
 *  run (the checkpoint refers to it). @return OK, IO. */
grundy_status grundy_spill_save(grundy_seq_spill *sp, grundy_seq_stream *out);

/** Read the table back and adopt the file it describes (opened, not yet written): the header,
 *  id, size and every block's checksum must match, and every value be at most `max` (the
 *  sequence's largest value in the checkpoint), else PARSE with the reason in in->problem.
 *  `length`: the sequence's length in the checkpoint. @return OK, PARSE, IO, NOMEM. */
grundy_status grundy_spill_adopt(grundy_seq_spill *sp, grundy_seq_stream *in, uint64_t length,
                                 uint64_t max);

#endif
