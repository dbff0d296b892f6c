/* SPDX-License-Identifier: MIT */
/* libFuzzer target for grundy nim's operands (cli/nim_args.c compiled in). The first byte's low
 * bit picks a nimber (nim sum, product, inverse) or a --multipliers list (nim count); the rest,
 * cut at a NUL as argv would be, is the text. The parser agrees with a reference: a nimber is 1 or
 * more digits of value at most 2^64 - 1; a list is 1 to 64 such fields, separated by single
 * commas, each at most 2^40; a refusal is exit 3 and one message that names the text, "too large"
 * exactly when the first bad field is all digits. (The arithmetic on what is parsed has its laws
 * and Conway's mex definition checked in tests/unit/test_nimber.c.) */
#include "cli_fail_kept.h"
#include "nim_args.h"

#include <grundy/nimber.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum field { FIELD_OK, FIELD_RANGE, FIELD_JUNK };

/* [s, s + len) as one field: digits only, at least one, value at most max. */
static enum field reference_field(const char *s, size_t len, uint64_t max, uint64_t *value) {
    uint64_t x = 0;
    int over = 0;
    if (len == 0) {
        return FIELD_JUNK;
    }
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') {
            return FIELD_JUNK;
        }
        const uint64_t d = (uint64_t)(s[i] - '0');
        over |= x > (UINT64_MAX - d) / 10 || x * 10 + d > max;
        x = over ? 0 : x * 10 + d;
    }
    *value = x;
    return over ? FIELD_RANGE : FIELD_OK;
}

static void expect_refusal(int rc, const char *text, const char *words) {
    if (rc != CLI_EXIT_VALUE || fuzz_fails != 1 || strstr(fuzz_last_message, words) == NULL ||
        (strlen(text) < 64 && strstr(fuzz_last_message, text) == NULL)) {
        abort();
    }
}

static void check_nimber(const char *text) {
    uint64_t want = 0, got = 0;
    const enum field ref = reference_field(text, strlen(text), UINT64_MAX, &want);
    fuzz_fail_reset();
    const int rc = nim_parse_nimber(&fuzz_command, text, &got);
    if (ref == FIELD_OK) {
        if (rc != 0 || fuzz_fails != 0 || got != want) {
            abort();
        }
        return;
    }
    expect_refusal(rc, text, ref == FIELD_RANGE ? "too large" : "not a non-negative");
}

/* The list field by field; the first bad one decides the message. */
static void check_multipliers(const char *text) {
    uint64_t want[NIM_MAX_MULTIPLIERS], got[NIM_MAX_MULTIPLIERS];
    size_t n = 0, k = 0;
    const char *words = NULL;
    for (const char *p = text;; p++) {
        const char *comma = strchr(p, ',');
        const size_t len = comma != NULL ? (size_t)(comma - p) : strlen(p);
        if (n == NIM_MAX_MULTIPLIERS) {
            words = "at most 64 values";
            break;
        }
        const enum field f = reference_field(p, len, GRUNDY_NIM_COUNT_MAX_MULTIPLIER, &want[n]);
        if (f != FIELD_OK) {
            words = f == FIELD_RANGE ? "too large" : "expected numbers";
            break;
        }
        n++;
        if (comma == NULL) {
            break;
        }
        p = comma;
    }
    fuzz_fail_reset();
    const int rc = nim_parse_multipliers(&fuzz_command, text, got, &k);
    if (words != NULL) {
        expect_refusal(rc, strcmp(words, "at most 64 values") == 0 ? "" : text, words);
        return;
    }
    if (rc != 0 || fuzz_fails != 0 || k != n || memcmp(got, want, n * sizeof *got) != 0) {
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0 || size > 4096) {
        return 0;
    }
    char text[4096];
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    if (data[0] & 1u) {
        check_multipliers(text);
    } else {
        check_nimber(text);
    }
    return 0;
}
