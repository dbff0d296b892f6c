/* SPDX-License-Identifier: MIT */
/* Surveys: every code of a class run, its period proved where a theorem allows, and codes with
 * equal (or shifted) sequences grouped, the way the published tables of octal games are made. */
#ifndef GRUNDY_SURVEY_H
#define GRUNDY_SURVEY_H

#include <grundy/period.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The most codes one class may name (four hex digits; more is refused). */
#define GRUNDY_SURVEY_MAX_CODES ((uint64_t)1 << 16)
/** Codes a and b are compared with every shift g_a(n + s) = g_b(n), 0 <= s <= this. */
#define GRUNDY_SURVEY_MAX_SHIFT 4
/** Fingerprints are kept for prefixes of 2^k values, k from this up to log2 of what is known. */
#define GRUNDY_SURVEY_FP_MIN_LOG 4
#define GRUNDY_SURVEY_FP_LOGS    48

/**
 * Expand a class pattern into its codes: each '?' stands for every octal digit 0-7 (every hex
 * digit 0-F with `hex`), the other characters are kept, so "0.??" names 0.00 ... 0.77 in order.
 * A pattern without '?' names itself.
 * @param[out] codes  `*count` NUL-terminated strings in one allocation, freed with free(*codes)
 *                    (the array and the strings are one block).
 * @return OK; RANGE when the class has more than GRUNDY_SURVEY_MAX_CODES codes; NOMEM.
 */
GRUNDY_API grundy_status grundy_survey_expand(const char *pattern, int hex, char ***codes,
                                              size_t *count);

/** How a code stands after its computation. */
typedef enum grundy_survey_status {
    GRUNDY_SURVEY_PROVED,   /**< a period proved by the rule's theorem */
    GRUNDY_SURVEY_OBSERVED, /**< a period seen over the theorem's window, but no theorem applies */
    GRUNDY_SURVEY_UNSOLVED  /**< no period within the bound */
} grundy_survey_status;

/** "proved", "observed" or "unsolved". */
GRUNDY_API const char *grundy_survey_status_name(grundy_survey_status status);

/**
 * One code's row. Fingerprints: fp[s][k] is a 64-bit hash of g(s), ..., g(s + 2^k - 1), for the
 * k with 2^k + s <= known (see below) and k >= GRUNDY_SURVEY_FP_MIN_LOG; other entries are 0.
 * `known` is how many values are known: values_computed, or for a proved period the row's
 * `reach` (the values are then extended through the period).
 */
typedef struct grundy_survey_row {
    char code[64];       /**< as the class wrote it */
    char canonical[128]; /**< the canonical form ("0.0" for a code without moves) */
    int trivial;         /**< the canonical form is shorter: the same game as a shorter code */
    grundy_survey_status status;
    grundy_period_result period; /**< found, preperiod, period, saltus, proof, max_value */
    uint64_t values_computed;
    uint64_t max_value, max_value_heap; /**< the largest value computed and its first heap */
    /** The rare/common labelling of grundy_stats (stats.h, grundy_stats_is_rare) over heaps
     *  1 .. values_computed - 1: mask and mask_parity are its mask and use_parity (both 0: no
     *  mask), with its rare heaps' count and the last of them (0 when none). */
    uint64_t mask;
    unsigned mask_parity;
    uint64_t rare_count, last_rare;
    double seconds; /**< CPU time spent on the code (its thread's) */
    uint64_t known;
    uint64_t fp[GRUNDY_SURVEY_MAX_SHIFT + 1][GRUNDY_SURVEY_FP_LOGS];
    /** For a proved plain period (saltus 0) with preperiod + period <= GRUNDY_SURVEY_MAX_PREFIX:
     *  g(0 .. preperiod + period - 1), which determines every value; else NULL. Owned by the
     *  row (free it with grundy_survey_row_clear). */
    uint32_t *prefix;
    uint64_t prefix_len;
    /* when grundy_survey_game returned LIMIT (the sequence's memory, opts.seq.max_bytes):
     * the values it had computed, and the least max_bytes its next step needed (0: unknown) */
    uint64_t limit_length, limit_need_bytes;
} grundy_survey_row;
#define GRUNDY_SURVEY_MAX_PREFIX ((uint64_t)1 << 20)

/** Limits for one code; GRUNDY_SURVEY_OPTS_INIT gives the defaults. */
typedef struct grundy_survey_opts {
    uint64_t max_n;       /**< the largest heap computed [default 2^20] */
    double time_per_game; /**< CPU seconds: no round is started that the rounds before it
                               predict would end past it; 0: none */
    uint64_t reach; /**< proved rows' fingerprints cover g(0 .. reach - 1) [default max_n+1] */
    /* New fields go above: the nested struct stays last (grundy/common.h). */
    grundy_seq_opts seq; /**< engine and memory */
} grundy_survey_opts;
#define GRUNDY_SURVEY_OPTS_INIT                                                                    \
    { .max_n = (uint64_t)1 << 20, .seq = GRUNDY_SEQ_OPTS_INIT }

/**
 * Compute one code's row: parse it, search its period in doubling rounds up to opts.max_n
 * (stopping at a proof or past time_per_game), and fill the statistics and fingerprints.
 * @return OK; PARSE for a code that is no rule (row->code and row->canonical stay empty but
 *         the code); LIMIT (memory); NOMEM.
 */
GRUNDY_API grundy_status grundy_survey_game(const char *code, const grundy_survey_opts *opts,
                                            grundy_survey_row *row);

/** Free what a row owns (its prefix) and zero it; NULL allowed. */
GRUNDY_API void grundy_survey_row_clear(grundy_survey_row *row);

/** Called after each row of grundy_survey_run, one call at a time, in the order rows finish. */
typedef void (*grundy_survey_done_fn)(void *ctx, size_t index, grundy_status status,
                                      const grundy_survey_row *row);

/**
 * How many threads each code's sequence gets when `codes` codes share `threads` threads: 1 when
 * there are at least as many codes as threads (codes are independent: spread over the threads,
 * they scale with no serial part, where one sequence on several threads keeps the engine's
 * serial steps), else threads / codes (the threads that would idle go into the sequences). Pass
 * it as opts->seq.threads to grundy_survey_run.
 */
GRUNDY_API unsigned grundy_survey_code_threads(unsigned threads, size_t codes);

/**
 * Compute rows[i] = grundy_survey_game(codes[i]) for every i with todo[i] nonzero (todo NULL:
 * all), on `threads` threads in all (0 or 1: this thread): threads / opts->seq.threads codes at
 * once (at least one), each taking the next code not yet taken and computing its sequence on
 * opts->seq.threads threads (grundy_survey_code_threads chooses it; opts->seq.max_bytes is then
 * each code's memory). statuses[i] receives each code's status (PARSE for a code that is no
 * rule). The rows do not depend on the thread counts.
 * @param done NULL, or called after each row (serialized).
 * @return OK, or NOMEM (nothing surveyed) when one of the threads cannot be started: the survey
 *         never runs on fewer threads than asked for.
 */
GRUNDY_API grundy_status grundy_survey_run(char *const *codes, size_t count,
                                           const unsigned char *todo,
                                           const grundy_survey_opts *opts, unsigned threads,
                                           grundy_survey_row *rows, grundy_status *statuses,
                                           grundy_survey_done_fn done, void *ctx);

/** How two codes' sequences relate, as far as their rows tell. */
typedef struct grundy_survey_relation {
    size_t a, b;    /**< rows: g_a(n + shift) = g_b(n) for every n checked */
    unsigned shift; /**< 0: equal sequences */
    uint64_t upto;  /**< checked for n < upto (through fingerprints) */
    int proved;     /**< for every n: the same canonical rule, or both periods proved and the
                         values compared over the whole span their periods need */
} grundy_survey_relation;

/**
 * Every relation between rows: equal sequences (shift 0) and shifted ones (1..MAX_SHIFT), each
 * pair once, a < b for shift 0. Rows without a rule (status PARSE) must not be passed.
 * Two rows are related when their fingerprints agree at the longest prefix both know (and at
 * least 2^GRUNDY_SURVEY_FP_MIN_LOG values).
 * @param[out] out  malloc'ed array of *count relations (free it).
 * @return OK, NOMEM.
 */
GRUNDY_API grundy_status grundy_survey_relate(const grundy_survey_row *rows, size_t count,
                                              grundy_survey_relation **out, size_t *out_count);

/** What a survey file is for: resuming is refused unless all of it matches. */
typedef struct grundy_survey_header {
    char pattern[256]; /**< the class as given (a pattern, or "@FILE" for a list of rules) */
    int hex;
    uint64_t max_n;
    double time_per_game;
    uint64_t reach;
} grundy_survey_header;

/**
 * Write the finished rows (have[i] nonzero) to `path`, atomically: a temporary file beside it,
 * fsynced and renamed, so a kill leaves the old file or the new one whole. The format (text, one
 * row a line, an FNV-1a checksum line at the end) is in docs/survey.md.
 * @return OK, IO.
 */
GRUNDY_API grundy_status grundy_survey_save(const char *path, const grundy_survey_header *header,
                                            const grundy_survey_row *rows,
                                            const unsigned char *have, size_t count);

/**
 * Read back a survey file for the same header and codes: rows[i] and have[i] = 1 for each row
 * it holds.
 * @return OK; NOT_FOUND when the file does not exist; PARSE when it is not a survey file, is
 *         truncated or corrupt (checksum), or was made for another class or other options
 *         (diag says which, with the line); IO; NOMEM.
 */
GRUNDY_API grundy_status grundy_survey_load(const char *path, const grundy_survey_header *header,
                                            char *const *codes, size_t count,
                                            grundy_survey_row *rows, unsigned char *have,
                                            grundy_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
