/* SPDX-License-Identifier: MIT */
/* Internal: reading the seeds' whitespace-separated input formats, with line numbers. */
#ifndef GRUNDY_SOLVER_GAME_TEXT_H
#define GRUNDY_SOLVER_GAME_TEXT_H

#include <grundy/common.h>

/** Fill diag (may be NULL) with `line` and `msg`; return st. */
grundy_status grundy_game_text_fail(grundy_diag *diag, size_t line, grundy_status st,
                                    const char *msg);

/** Skip blanks and newlines from p, counting the newlines into *line. */
const char *grundy_game_text_skip(const char *p, const char *end, size_t *line);

/**
 * Read one decimal number in [lo, hi] named `what` (e.g. "row r") at *cur.
 * An input that ends first is "missing WHAT (ENDING)" at line `eof_line` (0: where it ends); a
 * token that is not a number, or one out of range, is reported at the current line.
 * @return OK, PARSE, RANGE.
 */
grundy_status grundy_game_text_number(const char **cur, const char *end, size_t *line,
                                      size_t eof_line, const char *ending, uint64_t lo, uint64_t hi,
                                      const char *what, uint64_t *out, grundy_diag *diag);

#endif
