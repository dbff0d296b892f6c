/* SPDX-License-Identifier: MIT */
/* libFuzzer target for survey class patterns (grundy_survey_expand): the first byte's low bit
 * picks --hex, the rest (to a NUL) is the pattern. Properties: OK names base^q codes (q the
 * '?' count, base 8 or 16), RANGE exactly when that is past GRUNDY_SURVEY_MAX_CODES; code c keeps
 * every other byte and writes c's digits in base at the '?', the last '?' fastest, so the codes
 * come in numeric order. Patterns are capped at 64 bytes, as the CLI caps them, so a run of
 * 65536 codes stays small. */
#include <grundy/survey.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_PATTERN 64

/* The count the pattern names, or 0 when it is past GRUNDY_SURVEY_MAX_CODES. */
static uint64_t expected_count(const char *pattern, uint64_t base) {
    uint64_t total = 1;
    for (const char *p = pattern; *p != '\0'; p++) {
        if (*p == '?') {
            total *= base;
            if (total > GRUNDY_SURVEY_MAX_CODES) {
                return 0;
            }
        }
    }
    return total;
}

/* Code c of the pattern by its definition, in out (the pattern's length + 1 bytes). */
static void expected_code(const char *pattern, uint64_t base, uint64_t c, char *out) {
    static const char digits[] = "0123456789ABCDEF";
    const size_t len = strlen(pattern);
    memcpy(out, pattern, len + 1);
    for (size_t i = len; i-- > 0;) {
        if (out[i] == '?') {
            out[i] = digits[c % base];
            c /= base;
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) {
        return 0;
    }
    const int hex = data[0] & 1;
    const uint64_t base = hex ? 16 : 8;
    char pattern[MAX_PATTERN + 1];
    size_t len = size - 1 < MAX_PATTERN ? size - 1 : MAX_PATTERN;
    memcpy(pattern, data + 1, len);
    pattern[len] = '\0';
    len = strlen(pattern);
    char **codes = NULL;
    size_t count = 0;
    const grundy_status st = grundy_survey_expand(pattern, hex, &codes, &count);
    const uint64_t want = expected_count(pattern, base);
    if (st == GRUNDY_STATUS_NOMEM) {
        return 0;
    }
    if ((want == 0) != (st == GRUNDY_STATUS_RANGE) || (st == GRUNDY_STATUS_OK && count != want) ||
        (st != GRUNDY_STATUS_OK && (codes != NULL || count != 0))) {
        abort();
    }
    char code[MAX_PATTERN + 1];
    for (size_t c = 0; c < count; c++) {
        expected_code(pattern, base, c, code);
        if (strlen(codes[c]) != len || strcmp(codes[c], code) != 0) {
            abort();
        }
    }
    free(codes);
    return 0;
}
