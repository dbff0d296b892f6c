/* SPDX-License-Identifier: MIT */
/* "Did you mean": the optimal string alignment distance (Levenshtein with adjacent swaps), so
 * that `valeu` finds `values` and `--form` finds `--format`. */
#include "suggest.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Words longer than this are never suggested from or to: nobody mistypes 64 letters. */
#define SUGGEST_MAX_LEN 63

static size_t min3(size_t a, size_t b, size_t c) {
    const size_t m = a < b ? a : b;
    return m < c ? m : c;
}

/* The distance between a and b (both at most SUGGEST_MAX_LEN bytes), three rows of the table. */
static size_t distance(const char *a, size_t la, const char *b, size_t lb) {
    size_t rows[3][SUGGEST_MAX_LEN + 2];
    size_t *before = rows[0], *prev = rows[1], *cur = rows[2];
    for (size_t j = 0; j <= lb; j++) {
        prev[j] = j;
    }
    for (size_t i = 1; i <= la; i++) {
        cur[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            const size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            cur[j] = min3(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                before[j - 2] + 1 < cur[j]) {
                cur[j] = before[j - 2] + 1;
            }
        }
        size_t *const spare = before;
        before = prev;
        prev = cur;
        cur = spare;
    }
    return prev[lb];
}

static size_t allowed_edits(size_t len) {
    return len <= 4 ? 1 : len <= 8 ? 2 : 3;
}

/* The distance from typed to each word, SIZE_MAX where it is too far to be meant. */
static size_t close_distance(const char *typed, size_t lt, const char *word) {
    const size_t lw = strlen(word);
    if (lw > SUGGEST_MAX_LEN) {
        return SIZE_MAX;
    }
    const size_t d = distance(typed, lt, word, lw);
    const size_t shorter = lt < lw ? lt : lw;
    return d <= allowed_edits(lw) && d < shorter ? d : SIZE_MAX;
}

const char *cli_suggest(const char *typed, const char *const *words, size_t count,
                        const char *prefix, char *buf, size_t cap) {
    enum { SHOWN = 3 };
    const size_t lt = strlen(typed);
    size_t best = SIZE_MAX, shown = 0;
    if (lt == 0 || lt > SUGGEST_MAX_LEN) {
        return NULL;
    }
    for (size_t i = 0; i < count && words[i] != NULL; i++) {
        const size_t d = close_distance(typed, lt, words[i]);
        best = d < best ? d : best;
    }
    if (best == SIZE_MAX) {
        return NULL;
    }
    buf[0] = '\0';
    for (size_t d = best; d <= best + 1; d++) { /* closest first */
        for (size_t i = 0; i < count && words[i] != NULL && shown < SHOWN; i++) {
            if (close_distance(typed, lt, words[i]) == d) {
                const size_t used = strlen(buf);
                snprintf(buf + used, cap - used, "%s'%s%s'", shown > 0 ? " or " : "", prefix,
                         words[i]);
                shown++;
            }
        }
    }
    return buf;
}
