/* SPDX-License-Identifier: MIT */
/* Reading the seeds' input formats: numbers separated by blanks and newlines, with the line of
 * each problem, for the games that read a file (mirror-board, left-stack). */
#include "game_text.h"

#include <grundy/number.h>

#include <stdio.h>
#include <string.h>

grundy_status grundy_game_text_fail(grundy_diag *diag, size_t line, grundy_status st,
                                    const char *msg) {
    if (diag != NULL) {
        diag->line = line;
        diag->column = 0;
        snprintf(diag->message, sizeof diag->message, "%s", msg);
    }
    return st;
}

const char *grundy_game_text_skip(const char *p, const char *end, size_t *line) {
    for (; p != end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'); p++) {
        *line += *p == '\n';
    }
    return p;
}

grundy_status grundy_game_text_number(const char **cur, const char *end, size_t *line,
                                      size_t eof_line, const char *ending, uint64_t lo, uint64_t hi,
                                      const char *what, uint64_t *out, grundy_diag *diag) {
    char msg[120];
    *cur = grundy_game_text_skip(*cur, end, line);
    if (*cur == end) {
        snprintf(msg, sizeof msg, "missing %s (%s)", what, ending);
        return grundy_game_text_fail(diag, eof_line != 0 ? eof_line : *line, GRUNDY_STATUS_PARSE,
                                     msg);
    }
    const grundy_status st = grundy_scan_u64(cur, end, GRUNDY_NUMBER_MAX, out);
    if (st == GRUNDY_STATUS_PARSE || (*cur != end && !strchr(" \t\r\n", **cur))) {
        snprintf(msg, sizeof msg, "%s is not a non-negative decimal integer", what);
        return grundy_game_text_fail(diag, *line, GRUNDY_STATUS_PARSE, msg);
    }
    if (st == GRUNDY_STATUS_RANGE || *out < lo || *out > hi) {
        if (lo == 0) {
            snprintf(msg, sizeof msg, "%s must be at most %llu", what, (unsigned long long)hi);
        } else {
            snprintf(msg, sizeof msg, "%s must be between %llu and %llu", what,
                     (unsigned long long)lo, (unsigned long long)hi);
        }
        return grundy_game_text_fail(diag, *line, GRUNDY_STATUS_RANGE, msg);
    }
    return GRUNDY_STATUS_OK;
}
