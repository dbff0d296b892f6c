/* SPDX-License-Identifier: MIT */
/* Sequence files and checkpoints: g(0..count-1) of one rule on disk, checked when read back
 * (the format is docs/file-formats.md's). */
#ifndef GRUNDY_SEQFILE_H
#define GRUNDY_SEQFILE_H

#include <grundy/seq.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The format version this library writes and reads. */
#define GRUNDY_SEQFILE_VERSION 1u

/** What a file was written as; both hold the same thing and either may be read back. */
typedef enum grundy_seqfile_kind {
    GRUNDY_SEQFILE_SEQUENCE = 1,   /**< --save: values to reuse */
    GRUNDY_SEQFILE_CHECKPOINT = 2, /**< --checkpoint: a run to resume */
    /** the windowed checkpoint: a sequence with opts.memory (grundy_seqfile_save writes it
     *  for GRUNDY_SEQFILE_CHECKPOINT): the prefix, the window, the engine's state and the spill
     *  file's table, not every value; read back only by a sequence with the same opts.memory
     *  (and opts.spill when it had one). */
    GRUNDY_SEQFILE_WINDOWED = 3
} grundy_seqfile_kind;

/** Why a file was refused (GRUNDY_STATUS_PARSE), or GRUNDY_SEQFILE_FINE. */
typedef enum grundy_seqfile_problem {
    GRUNDY_SEQFILE_FINE,
    GRUNDY_SEQFILE_NOT_OURS,    /**< no magic: not a grundy sequence file */
    GRUNDY_SEQFILE_BAD_VERSION, /**< another format version */
    GRUNDY_SEQFILE_BAD_HEADER,  /**< a header field out of range */
    GRUNDY_SEQFILE_TRUNCATED,   /**< shorter than its header says */
    GRUNDY_SEQFILE_CORRUPT,     /**< checksum mismatch, trailing bytes, values not as the header */
    GRUNDY_SEQFILE_OTHER_RULE,  /**< made for another rule */
    GRUNDY_SEQFILE_OTHER_RUN    /**< windowed: another opts.memory, engine or spill file */
} grundy_seqfile_problem;

/** What a file holds, and why it was refused. */
typedef struct grundy_seqfile_info {
    unsigned version;
    grundy_seqfile_kind kind;
    grundy_seq_engine engine; /**< the engine that computed the values (informative) */
    unsigned width;           /**< bytes per value in the file: 1, 2, 4 or 8 */
    uint64_t count;           /**< the file holds g(0..count-1) */
    uint64_t max_value;
    grundy_seqfile_problem problem;
    char message[256]; /**< on failure: one line saying what is wrong */
} grundy_seqfile_info;

/**
 * Write g(0..count-1) of `seq` (count <= grundy_seq_length(seq)) to `path`, atomically: into a
 * temporary file beside it, fsync, rename over `path`, fsync the directory. A kill at any moment
 * leaves the old file or the new one, whole.
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_IO (errno tells why; no temporary file is left);
 *         GRUNDY_STATUS_INVALID_ARG when count exceeds the sequence; GRUNDY_STATUS_NOMEM;
 *         GRUNDY_STATUS_LIMIT when the sequence (opts.memory) no longer holds every value in one
 *         array (grundy_seq_limit says so).
 */
GRUNDY_API grundy_status grundy_seqfile_save(const grundy_seq *seq, uint64_t count,
                                             grundy_seqfile_kind kind, const char *path);

/**
 * Read `path` back into `seq`, whose rule it must be made for: when the file holds more values
 * than the sequence, they replace the sequence's and the engine goes on from them (a resumed
 * run gives exactly the values an uninterrupted one gives); otherwise the sequence is kept.
 * Everything is checked before the sequence is touched.
 * @param[out] info what the file holds; on GRUNDY_STATUS_PARSE also the problem and a message.
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_PARSE (refused: info->problem says why);
 *         GRUNDY_STATUS_IO (cannot open or read: errno); GRUNDY_STATUS_LIMIT (max_bytes);
 *         GRUNDY_STATUS_NOMEM.
 */
GRUNDY_API grundy_status grundy_seqfile_load(const char *path, grundy_seq *seq,
                                             grundy_seqfile_info *info);

/**
 * grundy_seqfile_save, and for a checkpoint of a sequence with opts.memory (written as
 * GRUNDY_SEQFILE_WINDOWED, count = its length) `extra`, `extra_len` bytes of the caller's own
 * state (e.g. a streamed statistic's accumulator, which the values dropped could not rebuild),
 * under the same checksum. The windowed file is written from what the sequence holds: its size is
 * of the order of opts.memory, and with opts.spill the spill file is fsynced first and kept after
 * the run (the checkpoint refers to it).
 */
GRUNDY_API grundy_status grundy_seqfile_save_extra(const grundy_seq *seq, uint64_t count,
                                                   grundy_seqfile_kind kind, const char *path,
                                                   const void *extra, size_t extra_len);

/**
 * grundy_seqfile_load, giving back a windowed checkpoint's extra bytes (*extra malloc'ed, NULL
 * with *extra_len 0 when none; the caller frees it). A windowed checkpoint is read only into a
 * sequence that holds no value yet, with the opts.memory (and opts.spill, whose file must be the
 * one it was written with: header, id, size and every block's checksum) it was made with; else
 * GRUNDY_STATUS_PARSE with GRUNDY_SEQFILE_OTHER_RUN.
 */
GRUNDY_API grundy_status grundy_seqfile_load_extra(const char *path, grundy_seq *seq,
                                                   grundy_seqfile_info *info, void **extra,
                                                   size_t *extra_len);

#ifdef __cplusplus
}
#endif
#endif
