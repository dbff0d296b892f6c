/* SPDX-License-Identifier: MIT */
/* Fixed word lists (formats, engines, rule names): what the parsers check against and the
 * completion offers. Apart from cli.c, so that a reader linked without it (the fuzz targets
 * give their own cli_fail) can use them. */
#include "cli.h"

#include <string.h>

const char *cli_word_of(const char *const *words, size_t i) {
    for (size_t k = 0; k < i; k++) {
        if (words[k] == NULL) {
            return NULL;
        }
    }
    return words[i];
}

int cli_word_index(const char *const *words, const char *text) {
    for (int k = 0; words[k] != NULL; k++) {
        if (strcmp(words[k], text) == 0) {
            return k;
        }
    }
    return -1;
}

const char *cli_rule_word(const char *option, size_t i) {
    return option == NULL ? grundy_rule_known_name(i) : NULL;
}
