/* SPDX-License-Identifier: MIT */
/* Decimal parsing with overflow checks: the seed PE 306 program overflowed on 2^31; we never do. */
#include <grundy/number.h>

static int is_digit(char c) {
    return c >= '0' && c <= '9';
}

grundy_status grundy_scan_u64(const char **cursor, const char *end, uint64_t max, uint64_t *out) {
    const char *p = *cursor;
    uint64_t value = 0;
    int overflow = 0;
    if (p == end || !is_digit(*p)) {
        return GRUNDY_STATUS_PARSE;
    }
    for (; p != end && is_digit(*p); p++) {
        const uint64_t digit = (uint64_t)(*p - '0');
        /* value * 10 + digit > max  <=>  value > (max - digit) / 10, checked before it happens. */
        if (overflow || digit > max || value > (max - digit) / 10) {
            overflow = 1;
            continue;
        }
        value = value * 10 + digit;
    }
    *cursor = p;
    if (overflow) {
        return GRUNDY_STATUS_RANGE;
    }
    *out = value;
    return GRUNDY_STATUS_OK;
}

grundy_status grundy_parse_u64(const char *text, uint64_t max, uint64_t *out) {
    const char *p = text;
    const char *end = text;
    uint64_t value = 0;
    grundy_status st;
    if (max > GRUNDY_NUMBER_MAX) {
        max = GRUNDY_NUMBER_MAX;
    }
    while (*end != '\0') {
        end++;
    }
    st = grundy_scan_u64(&p, end, max, &value);
    if (st == GRUNDY_STATUS_RANGE && p != end) {
        return GRUNDY_STATUS_PARSE; /* "99999999999999999999x" is junk first, too large second */
    }
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    if (p != end) {
        return GRUNDY_STATUS_PARSE;
    }
    *out = value;
    return GRUNDY_STATUS_OK;
}
