/* SPDX-License-Identifier: MIT */
/* "Did you mean": the known word closest to a mistyped one, by edit distance. */
#ifndef GRUNDY_CLI_SUGGEST_H
#define GRUNDY_CLI_SUGGEST_H

#include <stddef.h>

/**
 * The words of `words` (`count` of them, or up to a NULL entry) close enough to `typed` to be
 * what was meant, by Damerau-Levenshtein distance (a swap of two neighbours counts once): at most
 * 1 edit for words of up to 4 letters, 2 up to 8, 3 beyond, fewer edits than letters kept, and at
 * most one edit more than the closest. Written into buf as "'value' or 'values'" (up to three,
 * closest first, each after `prefix`, such as "--"); returns buf, or NULL when none is close.
 */
const char *cli_suggest(const char *typed, const char *const *words, size_t count,
                        const char *prefix, char *buf, size_t cap);

/** Bytes that hold any cli_suggest answer. */
#define CLI_SUGGEST_CAP 256

#endif
