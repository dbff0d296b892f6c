/* SPDX-License-Identifier: MIT */
/* libFuzzer target for the number readers: grundy_parse_u64 and grundy_scan_u64 agree with a
 * plain reference (digits only, value by overflow-checked arithmetic) on every input and bound. */
#include <grundy/number.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The reference: 1 OK, 0 not a number, -1 past max; *v the value when 1. */
static int reference(const char *s, size_t len, uint64_t max, uint64_t *v) {
    uint64_t x = 0;
    int over = 0;
    if (len == 0) {
        return 0;
    }
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') {
            return 0;
        }
        const uint64_t d = (uint64_t)(s[i] - '0');
        if (!over && (x > (UINT64_MAX - d) / 10 || x * 10 + d > max)) {
            over = 1;
        }
        x = over ? 0 : x * 10 + d;
    }
    *v = x;
    return over ? -1 : 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint64_t max = GRUNDY_NUMBER_MAX;
    if (size >= 8) { /* the first 8 bytes, when there are enough, pick the bound */
        memcpy(&max, data, sizeof max);
        data += 8;
        size -= 8;
    }
    char *text = malloc(size + 1);
    if (text == NULL) {
        return 0;
    }
    memcpy(text, data, size);
    text[size] = '\0';
    uint64_t got = 12345, want = 0;
    const grundy_status st = grundy_parse_u64(text, max, &got);
    /* parse_u64 never accepts more than GRUNDY_NUMBER_MAX, whatever max says */
    const uint64_t parse_max = max < GRUNDY_NUMBER_MAX ? max : GRUNDY_NUMBER_MAX;
    if (strlen(text) == size) { /* a NUL inside ends the string early: no reference for that */
        const int ref = reference(text, size, parse_max, &want);
        if ((ref == 1) != (st == GRUNDY_STATUS_OK) || (ref == -1) != (st == GRUNDY_STATUS_RANGE) ||
            (ref == 1 && got != want) || (ref != 1 && got != 12345)) {
            abort();
        }
    }
    /* scan: the digits at the start, the cursor just past them */
    const char *cur = text, *const end = text + size;
    size_t digits = 0;
    while (digits < size && text[digits] >= '0' && text[digits] <= '9') {
        digits++;
    }
    uint64_t scanned = 0;
    const grundy_status ss = grundy_scan_u64(&cur, end, max, &scanned);
    const int sref = reference(text, digits, max, &want);
    if ((sref == 1) != (ss == GRUNDY_STATUS_OK) || (sref == -1) != (ss == GRUNDY_STATUS_RANGE) ||
        (sref == 1 && (scanned != want || cur != text + digits))) {
        abort();
    }
    free(text);
    return 0;
}
