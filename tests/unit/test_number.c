/* SPDX-License-Identifier: MIT */
/* Overflow-checked number parsing at every boundary. */
#include <grundy/number.h>

#include "check.h"

static grundy_status parse(const char *text, uint64_t *out) {
    return grundy_parse_u64(text, GRUNDY_NUMBER_MAX, out);
}

static void test_boundaries(void) {
    uint64_t v = 7;
    CHECK_EQ(parse("0", &v), GRUNDY_STATUS_OK);
    CHECK_U64(v, 0);
    CHECK_EQ(parse("9223372036854775807", &v), GRUNDY_STATUS_OK); /* 2^63 - 1 */
    CHECK_U64(v, 9223372036854775807ull);
    CHECK_EQ(parse("1000000000000000000", &v), GRUNDY_STATUS_OK); /* 10^18 */
    CHECK_U64(v, 1000000000000000000ull);
    CHECK_EQ(parse("0009", &v), GRUNDY_STATUS_OK);
    CHECK_U64(v, 9);
    v = 7;
    CHECK_EQ(parse("9223372036854775808", &v), GRUNDY_STATUS_RANGE);  /* 2^63 */
    CHECK_EQ(parse("18446744073709551615", &v), GRUNDY_STATUS_RANGE); /* 2^64 - 1 */
    CHECK_EQ(parse("18446744073709551616", &v), GRUNDY_STATUS_RANGE); /* 2^64 */
    CHECK_EQ(parse("10000000000000000000", &v), GRUNDY_STATUS_RANGE); /* 10^19 */
    CHECK_EQ(parse("99999999999999999999999999999999999999", &v), GRUNDY_STATUS_RANGE);
    CHECK_U64(v, 7); /* untouched on failure */
}

static void test_junk(void) {
    uint64_t v = 7;
    CHECK_EQ(parse("", &v), GRUNDY_STATUS_PARSE);
    CHECK_EQ(parse("-1", &v), GRUNDY_STATUS_PARSE);
    CHECK_EQ(parse("+1", &v), GRUNDY_STATUS_PARSE);
    CHECK_EQ(parse("12abc", &v), GRUNDY_STATUS_PARSE);
    CHECK_EQ(parse(" 12", &v), GRUNDY_STATUS_PARSE);
    CHECK_EQ(parse("12 ", &v), GRUNDY_STATUS_PARSE);
    CHECK_EQ(parse("0x10", &v), GRUNDY_STATUS_PARSE);
    CHECK_EQ(parse("1e5", &v), GRUNDY_STATUS_PARSE);
    CHECK_EQ(parse("99999999999999999999x", &v), GRUNDY_STATUS_PARSE);
    CHECK_U64(v, 7);
}

static void test_max_and_scan(void) {
    uint64_t v = 0;
    CHECK_EQ(grundy_parse_u64("30", 30, &v), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_parse_u64("31", 30, &v), GRUNDY_STATUS_RANGE);
    CHECK_EQ(grundy_parse_u64("9", 5, &v), GRUNDY_STATUS_RANGE);
    const char text[] = "123-456)";
    const char *p = text;
    CHECK_EQ(grundy_scan_u64(&p, text + sizeof text - 1, GRUNDY_NUMBER_MAX, &v), GRUNDY_STATUS_OK);
    CHECK_U64(v, 123);
    CHECK_EQ(p - text, 3);
    CHECK_EQ(grundy_scan_u64(&p, text + sizeof text - 1, GRUNDY_NUMBER_MAX, &v),
             GRUNDY_STATUS_PARSE);
    CHECK_EQ(p - text, 3); /* no digit: the cursor stays */
}

/* Every value round-trips through its decimal text, and one more digit is out of range. */
static void test_random_round_trips(void) {
    check_rng rng = {check_seed(306)};
    for (int i = 0; i < 20000; i++) {
        const uint64_t x = check_rng_next(&rng) >> (1 + check_rng_below(&rng, 63));
        char text[32];
        uint64_t v = 0;
        snprintf(text, sizeof text, "%llu", (unsigned long long)x);
        CHECK_EQ(parse(text, &v), GRUNDY_STATUS_OK);
        CHECK_U64(v, x);
        if (x > GRUNDY_NUMBER_MAX / 10) {
            snprintf(text, sizeof text, "%llu0", (unsigned long long)x);
            CHECK_EQ(parse(text, &v), GRUNDY_STATUS_RANGE);
        }
    }
}

int main(void) {
    test_boundaries();
    test_junk();
    test_max_and_scan();
    test_random_round_trips();
    return check_report("test_number");
}
