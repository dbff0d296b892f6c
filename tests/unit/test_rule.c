/* SPDX-License-Identifier: MIT */
/* Unit tests for rule parsing, canonical forms, move classes and the moves of one heap, checked
 * against an independent model of what a code's digits mean. */
#include <grundy/rule.h>

#include "check.h"

#define MAXN GRUNDY_NUMBER_MAX
#define DIST GRUNDY_RULE_DIGIT_DISTINCT

static uint64_t seed;

/* ---------------------------------------------------------------- helpers */

/* The canonical form of text, or "<error>". */
static const char *canon(const char *text) {
    static char buf[64 * 1024];
    grundy_rule *r = NULL;
    if (grundy_rule_parse(text, &r, NULL) != GRUNDY_STATUS_OK) {
        return "<error>";
    }
    grundy_rule_format(r, buf, sizeof buf);
    grundy_rule_destroy(r);
    return buf;
}

static void expect_canon(const char *text, const char *want) {
    const char *got = canon(text);
    CHECK_STR(got, want);
    if (strcmp(got, want) != 0) {
        fprintf(stderr, "  input: \"%s\"\n", text);
    }
}

static void expect_error(const char *text, grundy_status st, size_t column, const char *msg) {
    grundy_rule *r = NULL;
    grundy_diag d = {0, 0, ""};
    const grundy_status got = grundy_rule_parse(text, &r, &d);
    const int ok =
        got == st && r == NULL && d.line == 1 && d.column == column && strcmp(d.message, msg) == 0;
    CHECK(ok);
    if (!ok) {
        fprintf(stderr,
                "  input \"%s\": status %d line %zu column %zu \"%s\"; want %d, %zu, \"%s\"\n",
                text, (int)got, d.line, d.column, d.message, (int)st, column, msg);
    }
    grundy_rule_destroy(got == GRUNDY_STATUS_OK ? r : NULL);
}

static int same_class(const grundy_move_class *a, const grundy_move_class *b) {
    return a->take_first == b->take_first && a->take_last == b->take_last &&
           a->take_step == b->take_step && a->leaves == b->leaves &&
           (a->distinct != 0) == (b->distinct != 0);
}

/* Two rules are the same: kind, classes, digits, summaries and text. */
static int same_rule(const grundy_rule *a, const grundy_rule *b) {
    size_t na, nb, pa, pb, ta, tb;
    const grundy_move_class *ca = grundy_rule_classes(a, &na);
    const grundy_move_class *cb = grundy_rule_classes(b, &nb);
    const unsigned *da = grundy_rule_digits(a, &pa, &ta);
    const unsigned *db = grundy_rule_digits(b, &pb, &tb);
    char sa[64 * 1024], sb[64 * 1024];
    if (grundy_rule_get_kind(a) != grundy_rule_get_kind(b) || na != nb || pa != pb || ta != tb ||
        (da == NULL) != (db == NULL)) {
        return 0;
    }
    for (size_t i = 0; i < na; i++) {
        if (!same_class(&ca[i], &cb[i])) {
            return 0;
        }
    }
    if (da != NULL && memcmp(da, db, (pa + ta) * sizeof *da) != 0) {
        return 0;
    }
    grundy_rule_format(a, sa, sizeof sa);
    grundy_rule_format(b, sb, sizeof sb);
    return strcmp(sa, sb) == 0 && grundy_rule_max_take(a) == grundy_rule_max_take(b) &&
           grundy_rule_max_heaps_left(a) == grundy_rule_max_heaps_left(b) &&
           grundy_rule_has_distinct(a) == grundy_rule_has_distinct(b);
}

/* parse(format(r)) is r, and formatting is a fixed point. Returns 1 when it holds. */
static int round_trip(const grundy_rule *r) {
    char text[64 * 1024];
    grundy_rule *again = NULL;
    const size_t len = grundy_rule_format(r, text, sizeof text);
    if (len != strlen(text) || grundy_rule_parse(text, &again, NULL) != GRUNDY_STATUS_OK) {
        return 0;
    }
    const int same = same_rule(r, again);
    grundy_rule_destroy(again);
    return same;
}

static void expect_round_trip(const char *text) {
    grundy_rule *r = NULL;
    CHECK_EQ(grundy_rule_parse(text, &r, NULL), GRUNDY_STATUS_OK);
    if (r == NULL) {
        fprintf(stderr, "  input: \"%s\"\n", text);
        return;
    }
    const int ok = round_trip(r);
    CHECK(ok);
    if (!ok) {
        fprintf(stderr, "  round trip of \"%s\" failed\n", text);
    }
    grundy_rule_destroy(r);
}

/* ---------------------------------------------------------------- an independent model */

/* What the user wrote, digit by digit (codes) or range by range (sets). */
typedef struct model {
    int is_set;
    unsigned d[80]; /* d0 first, then the prefix, then the tail */
    size_t pre, tail;
    uint64_t lo[8], hi[8];
    size_t nranges;
} model;

/* The digit of take k, with '!' kept only where a move leaves two or more heaps. */
static unsigned model_digit(const model *m, uint64_t k) {
    unsigned d = 0;
    if (m->is_set) {
        for (size_t i = 0; i < m->nranges; i++) {
            if (k >= m->lo[i] && k <= m->hi[i]) {
                d = 3;
            }
        }
        return d;
    }
    if (k < m->pre) {
        d = m->d[k];
    } else if (m->tail > 0) {
        d = m->d[m->pre + (k - m->pre) % m->tail];
    }
    return (d & 28u) ? d : (d & 31u);
}

/* The digit of take k according to the rule's classes (which never overlap). */
static unsigned class_digit(const grundy_move_class *cs, size_t n, uint64_t k) {
    unsigned d = 0;
    for (size_t i = 0; i < n; i++) {
        const grundy_move_class *c = &cs[i];
        if (k >= c->take_first && k <= c->take_last && (k - c->take_first) % c->take_step == 0) {
            d |= c->leaves | (c->distinct ? DIST : 0u);
        }
    }
    return d;
}

/* The bits a heap of n may use with take k, straight from the digit: bit 1 needs k == n (the
 * heap is gone), the other bits need k < n (tokens remain to form heaps); take 0 only splits. */
static unsigned expected_move_bits(const model *m, uint64_t n, uint64_t k) {
    const unsigned d = model_digit(m, k);
    unsigned bits = 0;
    if (k == n && n > 0) {
        bits |= d & 1u;
    }
    if (k < n) {
        bits |= d & 30u;
    }
    if (bits & 28u) {
        bits |= d & DIST;
    }
    return bits;
}

/* Sample takes: everything up to 40, the 40 below n, and around each range's ends. */
static void check_moves_at(const model *m, const grundy_rule *r, uint64_t n) {
    grundy_move_class buf[2 * 128];
    size_t count = 99, ncls;
    grundy_rule_classes(r, &ncls);
    CHECK(ncls <= 128);
    if (ncls > 128) {
        return;
    }
    CHECK_EQ(grundy_rule_moves(r, n, buf, 2 * ncls, &count), GRUNDY_STATUS_OK);
    for (size_t i = 0; i < count; i++) {
        const grundy_move_class *c = &buf[i];
        const int shape = c->take_step >= 1 && c->take_first <= c->take_last && c->take_last <= n &&
                          (c->take_last - c->take_first) % c->take_step == 0 &&
                          ((c->leaves & 1u) == 0 || (c->leaves == 1u && c->take_first == n &&
                                                     c->take_last == n && !c->distinct));
        CHECK(shape);
    }
    uint64_t takes[200];
    size_t nt = 0;
    for (uint64_t k = 0; k <= 40 && k <= n; k++) {
        takes[nt++] = k;
    }
    for (uint64_t k = 0; k <= 40 && k <= n; k++) {
        takes[nt++] = n - k;
    }
    for (size_t i = 0; m->is_set && i < m->nranges; i++) {
        const uint64_t around[4] = {m->lo[i] - 1, m->lo[i], m->hi[i], m->hi[i] + 1};
        for (int j = 0; j < 4; j++) {
            if (around[j] <= n) {
                takes[nt++] = around[j];
            }
        }
    }
    for (size_t i = 0; i < nt; i++) {
        const unsigned want = expected_move_bits(m, n, takes[i]);
        const unsigned got = class_digit(buf, count, takes[i]);
        CHECK_EQ(got, want);
        if (got != want) {
            fprintf(stderr, "  seed %" PRIu64 ": n %" PRIu64 " take %" PRIu64 "\n", seed, n,
                    takes[i]);
        }
    }
}

/* ---------------------------------------------------------------- random rules */

static const char upper_digits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
static const char lower_digits[] = "0123456789abcdefghijklmnopqrstuv";

static size_t put(char *out, size_t n, unsigned digit, check_rng *rng) {
    const char *const set = check_rng_below(rng, 2) ? upper_digits : lower_digits;
    out[n++] = set[digit & 31u];
    if (digit & DIST) {
        out[n++] = '!';
    }
    return n;
}

/* Small digits often (so tails repeat and rotate), any digit sometimes. */
static unsigned random_digit(check_rng *rng) {
    static const unsigned common[] = {0, 0, 1, 3, 7, 4, 5};
    unsigned d = check_rng_below(rng, 3) ? common[check_rng_below(rng, 7)]
                                         : (unsigned)check_rng_below(rng, 32);
    if (check_rng_below(rng, 5) == 0) {
        d |= DIST;
    }
    return d;
}

static void random_code(check_rng *rng, model *m, char *text) {
    static const unsigned splits[] = {0, 0, 4, 8, 12, 16, 20, 24, 28};
    size_t n = 0;
    memset(m, 0, sizeof *m);
    m->d[0] = splits[check_rng_below(rng, 9)] | (check_rng_below(rng, 4) == 0 ? DIST : 0u);
    m->pre = 1 + (size_t)check_rng_below(rng, 9);
    m->tail = check_rng_below(rng, 2) ? (size_t)check_rng_below(rng, 7) : 0;
    for (size_t i = 1; i < m->pre + m->tail; i++) {
        m->d[i] = random_digit(rng);
    }
    if (m->d[0] != 0 || check_rng_below(rng, 2)) {
        n = put(text, n, m->d[0], rng);
    }
    text[n++] = '.';
    for (size_t i = 1; i < m->pre + m->tail; i++) {
        if (i == m->pre) {
            text[n++] = '[';
        }
        n = put(text, n, m->d[i], rng);
    }
    if (m->tail > 0) {
        text[n++] = ']';
    }
    text[n] = '\0';
}

static uint64_t random_bound(check_rng *rng) {
    switch (check_rng_below(rng, 3)) {
    case 0:
        return 1 + check_rng_below(rng, 30);
    case 1:
        return MAXN - check_rng_below(rng, 30);
    default:
        return 1 + check_rng_below(rng, MAXN);
    }
}

static size_t blanks(char *out, size_t n, check_rng *rng) {
    while (check_rng_below(rng, 4) == 0) {
        out[n++] = ' ';
    }
    return n;
}

static void random_set(check_rng *rng, model *m, char *text) {
    size_t n = 0;
    memset(m, 0, sizeof *m);
    m->is_set = 1;
    m->nranges = (size_t)check_rng_below(rng, 7);
    text[n++] = check_rng_below(rng, 2) ? 'S' : 's';
    text[n++] = '(';
    n = blanks(text, n, rng);
    for (size_t i = 0; i < m->nranges; i++) {
        uint64_t a = random_bound(rng), b = check_rng_below(rng, 3) ? random_bound(rng) : a;
        m->lo[i] = a < b ? a : b;
        m->hi[i] = a < b ? b : a;
        if (i > 0) {
            text[n++] = ',';
            n = blanks(text, n, rng);
        }
        n += (size_t)sprintf(text + n, "%" PRIu64, m->lo[i]);
        n = blanks(text, n, rng);
        if (m->lo[i] != m->hi[i] || check_rng_below(rng, 4) == 0) {
            text[n++] = '-';
            n = blanks(text, n, rng);
            n += (size_t)sprintf(text + n, "%" PRIu64, m->hi[i]);
            n = blanks(text, n, rng);
        }
    }
    text[n++] = ')';
    text[n] = '\0';
}

/* ---------------------------------------------------------------- checks of one random rule */

/* The canonical code digits are the shortest form: minimal tail, no rotation left, no trailing
 * zeros, '!' only on split digits. */
static int canonical_digits(const unsigned *d, size_t pre, size_t tail) {
    for (size_t i = 0; i < pre + tail; i++) {
        if ((d[i] & DIST) && (d[i] & 28u) == 0) {
            return 0;
        }
    }
    if (tail == 0) {
        return pre >= 2 && (pre == 2 || d[pre - 1] != 0);
    }
    for (size_t p = 1; p < tail; p++) {
        size_t i = 0;
        while (tail % p == 0 && i < tail && d[pre + i] == d[pre + i % p]) {
            i++;
        }
        if (tail % p == 0 && i == tail) {
            return 0;
        }
    }
    return pre >= 1 && !(tail == 1 && d[pre] == 0) && (pre == 1 || d[pre - 1] != d[pre + tail - 1]);
}

/* Set classes are sorted, apart (not even adjacent), and printed as the text says. */
static int canonical_set(const grundy_rule *r) {
    size_t n;
    const grundy_move_class *c = grundy_rule_classes(r, &n);
    char want[64 * 1024], got[64 * 1024];
    size_t len = (size_t)sprintf(want, "S(");
    for (size_t i = 0; i < n; i++) {
        if (c[i].take_step != 1 || c[i].leaves != 3 || c[i].distinct || c[i].take_first == 0 ||
            c[i].take_first > c[i].take_last ||
            (i > 0 && c[i].take_first <= c[i - 1].take_last + 1)) {
            return 0;
        }
        len += (size_t)sprintf(want + len, "%s%" PRIu64, i > 0 ? "," : "", c[i].take_first);
        if (c[i].take_last != c[i].take_first) {
            len += (size_t)sprintf(want + len, "-%" PRIu64, c[i].take_last);
        }
    }
    sprintf(want + len, ")");
    grundy_rule_format(r, got, sizeof got);
    return strcmp(want, got) == 0 && grundy_rule_digits(r, NULL, NULL) == NULL;
}

static void check_random_rule(const model *m, const char *text, check_rng *rng) {
    grundy_rule *r = NULL;
    size_t ncls, pre = 0, tail = 0;
    CHECK_EQ(grundy_rule_parse(text, &r, NULL), GRUNDY_STATUS_OK);
    if (r == NULL) {
        fprintf(stderr, "  seed %" PRIu64 ": \"%s\"\n", seed, text);
        return;
    }
    const grundy_move_class *cs = grundy_rule_classes(r, &ncls);
    const unsigned *d = grundy_rule_digits(r, &pre, &tail);
    int ok = round_trip(r);
    ok = ok && (m->is_set ? canonical_set(r) : canonical_digits(d, pre, tail));
    for (uint64_t k = 0; ok && k < 200; k++) {
        ok = class_digit(cs, ncls, k) == model_digit(m, k) &&
             class_digit(cs, ncls, MAXN - k) == model_digit(m, MAXN - k);
    }
    CHECK(ok);
    if (!ok) {
        fprintf(stderr, "  seed %" PRIu64 ": \"%s\" -> \"%s\"\n", seed, text, canon(text));
    }
    for (uint64_t n = 0; n < 30; n++) {
        check_moves_at(m, r, n);
    }
    check_moves_at(m, r, MAXN);
    check_moves_at(m, r, MAXN - 1 - check_rng_below(rng, 100));
    grundy_rule_destroy(r);
}

static void test_random_rules(void) {
    check_rng rng = {seed};
    char text[512];
    model m;
    for (int i = 0; i < 3000; i++) {
        if (i % 3 == 2) {
            random_set(&rng, &m, text);
        } else {
            random_code(&rng, &m, text);
        }
        check_random_rule(&m, text, &rng);
    }
}

/* ---------------------------------------------------------------- garbage never crashes */

/* Either a rule whose canonical form parses back to it, or an error that points into the text. */
static void check_any_text(const char *text) {
    grundy_rule *r = NULL;
    grundy_diag d = {0, 0, ""};
    const grundy_status st = grundy_rule_parse(text, &r, &d);
    if (st == GRUNDY_STATUS_OK) {
        const int ok = r != NULL && round_trip(r);
        CHECK(ok);
        if (!ok) {
            fprintf(stderr, "  seed %" PRIu64 ": round trip of \"%s\"\n", seed, text);
        }
        grundy_rule_destroy(r);
        return;
    }
    const int ok = (st == GRUNDY_STATUS_PARSE || st == GRUNDY_STATUS_RANGE) && r == NULL &&
                   d.line == 1 && d.column >= 1 && d.column <= strlen(text) + 1 &&
                   d.message[0] != '\0';
    CHECK(ok);
    if (!ok) {
        fprintf(stderr, "  seed %" PRIu64 ": \"%s\" -> %d column %zu\n", seed, text, (int)st,
                d.column);
    }
}

static void mutate(char *text, check_rng *rng) {
    static const char alphabet[] = "0123456789AFGVWavz.![]()S,- ?=&{}\t\x01\xC3";
    const size_t len = strlen(text);
    const size_t at = (size_t)check_rng_below(rng, len + 1);
    const char c = alphabet[check_rng_below(rng, sizeof alphabet - 1)];
    switch (check_rng_below(rng, 3)) {
    case 0: /* insert */
        memmove(text + at + 1, text + at, len - at + 1);
        text[at] = c;
        break;
    case 1: /* delete */
        if (at < len) {
            memmove(text + at, text + at + 1, len - at);
        }
        break;
    default: /* replace */
        if (at < len) {
            text[at] = c;
        }
    }
}

static void test_garbage(void) {
    check_rng rng = {seed ^ 0x5eed};
    char text[600];
    model m;
    for (int i = 0; i < 3000; i++) {
        const size_t len = (size_t)check_rng_below(&rng, 24);
        for (size_t j = 0; j < len; j++) {
            text[j] = (char)(1 + check_rng_below(&rng, 255));
        }
        text[len] = '\0';
        check_any_text(text);
    }
    for (int i = 0; i < 6000; i++) {
        if (i % 3 == 2) {
            random_set(&rng, &m, text);
        } else {
            random_code(&rng, &m, text);
        }
        const int times = 1 + (int)check_rng_below(&rng, 3);
        for (int t = 0; t < times; t++) {
            mutate(text, &rng);
        }
        check_any_text(text);
    }
}

/* ---------------------------------------------------------------- fixed cases */

static void test_canonical(void) {
    expect_canon(".07", "0.07");
    expect_canon("0.07", "0.07");
    expect_canon("s(5,2)", "S(2,5)");
    expect_canon("kayles", "0.77");
    expect_canon("KAYLES", "0.77");
    expect_canon("nim", "0.[3]");
    expect_canon("Dawson-Kayles", "0.07");
    expect_canon("dawson-chess", "0.137");
    expect_canon("grundy-game", "4!.0");
    expect_canon("4!.0", "4!.0");
    expect_canon("4.", "4.0");
    expect_canon("4.7", "4.7");
    expect_canon(".", "0.0");
    expect_canon("0.f", "0.F");
    expect_canon("c!.v", "C!.V");
    expect_canon("0.770", "0.77");
    expect_canon("0.000", "0.0");
    expect_canon("0.3!", "0.3");
    expect_canon("0.0!", "0.0");
    expect_canon("0!.3", "0.3");
    expect_canon("0.4!", "0.4!");
    expect_canon("0.7!7", "0.7!7");
    expect_canon("0.3[3]", "0.[3]");
    expect_canon("0.[33]", "0.[3]");
    expect_canon("0.333[3]", "0.[3]");
    expect_canon("0.1[21]", "0.[12]");
    expect_canon("0.12[12]", "0.[12]");
    expect_canon("0.1[2121]", "0.[12]");
    expect_canon("0.3[0]", "0.3");
    expect_canon("0.30[00]", "0.3");
    expect_canon("0.[0]", "0.0");
    expect_canon("4.00[0]", "4.0");
    expect_canon("0.[3!]", "0.[3]");
    expect_canon("0.[7!7!]", "0.[7!]");
    expect_canon("0.[77!]", "0.[77!]");
    expect_canon("0.7[07]", "0.[70]");
    expect_canon("0.00[3]", "0.00[3]");
    expect_canon("4.[4]", "4.[4]");
    expect_canon("0.[03]", "0.[03]");
    expect_canon("0.1[23]", "0.1[23]");
    expect_canon("S(1-3,4)", "S(1-4)");
    expect_canon("S(1-3,5)", "S(1-3,5)");
    expect_canon("S(4,1-3)", "S(1-4)");
    expect_canon("S(1-10,2-3)", "S(1-10)");
    expect_canon("S(5-9,1-6)", "S(1-9)");
    expect_canon("S(1-2)", "S(1-2)");
    expect_canon("S(2-2)", "S(2)");
    expect_canon("S(2,2,2)", "S(2)");
    expect_canon("S( 2 , 5 - 7 )", "S(2,5-7)");
    expect_canon("S(\t2,\t3)", "S(2-3)");
    expect_canon("S()", "S()");
    expect_canon("S( )", "S()");
    expect_canon("S(007)", "S(7)");
    expect_canon("S(1-1000000000)", "S(1-1000000000)");
    expect_canon("S(9223372036854775807,1-9223372036854775806)", "S(1-9223372036854775807)");
    expect_canon("S(9223372036854775807)", "S(9223372036854775807)");
}

static void test_errors(void) {
    const grundy_status P = GRUNDY_STATUS_PARSE, R = GRUNDY_STATUS_RANGE;
    expect_error("", P, 1, "empty rule");
    expect_error("0.0?", P, 4, "'?' is not supported");
    expect_error("=", P, 1, "'=' is not supported");
    expect_error("&5;", P, 1, "'&' is not supported");
    expect_error("{", P, 1, "'{' is not supported");
    expect_error("0.{3}", P, 3, "'{' is not supported");
    expect_error("3.7", P, 1, "d0 must be a split digit only (bits 4, 8, 16): '3' has bit 1 or 2");
    expect_error("f.7", P, 1, "d0 must be a split digit only (bits 4, 8, 16): 'f' has bit 1 or 2");
    expect_error("0.7W", P, 4, "'W' is not a base-32 digit (0-9, A-V)");
    expect_error("0.7w", P, 4, "'w' is not a base-32 digit (0-9, A-V)");
    expect_error("0.[3", P, 3, "unclosed '['");
    expect_error("0.[]", P, 4, "empty tail '[]'");
    expect_error("0.[3]1", P, 6, "trailing characters after ']'");
    expect_error("0.[3][4]", P, 6, "trailing characters after ']'");
    expect_error("0.[3[4]]", P, 5, "nested '['");
    expect_error("0.7]", P, 4, "']' without '['");
    expect_error("0.7.7", P, 4, "a code has only one '.'");
    expect_error("0.!", P, 3, "'!' must follow a digit");
    expect_error("0.7!!", P, 5, "'!' must follow a digit");
    expect_error("0.[!3]", P, 4, "'!' must follow a digit");
    expect_error("!.3", P, 1, "'!' must follow a digit");
    expect_error("12.3", P, 2, "only one digit before the point");
    expect_error("4!4.3", P, 3, "only one digit before the point");
    expect_error("0", P, 2, "expected '.' after the first digit");
    expect_error("0,7", P, 2, "',' where '.' was expected");
    expect_error("0.7 7", P, 4, "whitespace is not allowed in a code");
    expect_error(" 0.7", P, 1, "whitespace is not allowed in a code");
    expect_error("0.7\t", P, 4, "whitespace is not allowed in a code");
    expect_error("0.7\xC3\xA9", P, 4, "a non-ASCII character is not allowed");
    expect_error("0.\x01", P, 3, "control character 0x01 is not allowed");
    expect_error("foo", P, 1,
                 "unknown name (known: nim, kayles, dawson-kayles, dawson-chess, grundy-game)");
    expect_error("kayle", P, 1,
                 "unknown name (known: nim, kayles, dawson-kayles, dawson-chess, grundy-game)");
    expect_error("nim2", P, 1,
                 "unknown name (known: nim, kayles, dawson-kayles, dawson-chess, grundy-game)");
    expect_error("S(3-1)", P, 3, "a range needs lo <= hi");
    expect_error("S(1, 9-8)", P, 6, "a range needs lo <= hi");
    expect_error("S(0)", P, 3, "take 0 is not allowed");
    expect_error("S(1-0)", P, 5, "take 0 is not allowed");
    expect_error("S(1,99999999999999999999)", R, 5, "number too large (max 9223372036854775807)");
    expect_error("S(9223372036854775808)", R, 3, "number too large (max 9223372036854775807)");
    expect_error("S(2 3)", P, 5, "expected ',' or ')'");
    expect_error("S(2", P, 4, "expected ',' or ')'");
    expect_error("S(", P, 3, "expected a number");
    expect_error("S(2,)", P, 5, "expected a number");
    expect_error("S(,2)", P, 3, "expected a number");
    expect_error("S(-3)", P, 3, "expected a number");
    expect_error("S(1-)", P, 5, "expected a number");
    expect_error("S(2))", P, 5, "trailing characters after ')'");
    expect_error("S(2) ", P, 5, "trailing characters after ')'");
}

/* The digit limit counts d0 (always stored), so the canonical form of a code at the limit,
 * which writes d0, still parses. */
static void test_limits(void) {
    static char text[64 * 1024];
    memset(text, 0, sizeof text);
    memcpy(text, "0.", 2);
    memset(text + 2, '1', 4095);
    expect_round_trip(text);
    text[2 + 4095] = '1';
    expect_error(text, GRUNDY_STATUS_RANGE, 4098, "code has more than 4096 digits");
    memmove(text, text + 1, strlen(text)); /* ".111...": the 4096th digit after the point */
    expect_error(text, GRUNDY_STATUS_RANGE, 4097, "code has more than 4096 digits");

    size_t n = (size_t)sprintf(text, "S(");
    for (int i = 0; i < 4096; i++) {
        n += (size_t)sprintf(text + n, "%s%d", i > 0 ? "," : "", 2 * i + 1);
    }
    sprintf(text + n, ")");
    expect_round_trip(text);
    sprintf(text + n, ",9999)");
    expect_error(text, GRUNDY_STATUS_RANGE, 1, "more than 4096 ranges after merging");
    n = (size_t)sprintf(text, "S(");
    for (int i = 0; i < 5000; i++) {
        n += (size_t)sprintf(text + n, "%s%d", i > 0 ? "," : "", i + 1);
    }
    sprintf(text + n, ")");
    expect_canon(text, "S(1-5000)");
}

static void expect_class(const grundy_move_class *c, uint64_t first, uint64_t last, uint64_t step,
                         unsigned leaves, int distinct) {
    const grundy_move_class want = {first, last, step, leaves, distinct};
    const int ok = same_class(c, &want);
    CHECK(ok);
    if (!ok) {
        fprintf(stderr, "  got {%" PRIu64 ", %" PRIu64 ", %" PRIu64 ", %u, %d}\n", c->take_first,
                c->take_last, c->take_step, c->leaves, c->distinct);
    }
}

/* Parse text (which must succeed) and check its class count and summaries. */
static grundy_rule *parse_ok(const char *text, size_t classes, unsigned left, uint64_t take,
                             int distinct) {
    grundy_rule *r = NULL;
    size_t n = 0;
    CHECK_EQ(grundy_rule_parse(text, &r, NULL), GRUNDY_STATUS_OK);
    if (r == NULL) {
        fprintf(stderr, "  input: \"%s\"\n", text);
        exit(check_report("test_rule"));
    }
    grundy_rule_classes(r, &n);
    CHECK_EQ(n, classes);
    CHECK_EQ(grundy_rule_max_heaps_left(r), left);
    CHECK_U64(grundy_rule_max_take(r), take);
    CHECK_EQ(grundy_rule_has_distinct(r), distinct);
    return r;
}

static void test_classes(void) {
    size_t n, pre, tail;
    grundy_rule *r = parse_ok("grundy-game", 1, 2, 0, 1);
    const grundy_move_class *c = grundy_rule_classes(r, &n);
    const unsigned *d = grundy_rule_digits(r, &pre, &tail);
    expect_class(&c[0], 0, 0, 1, 4, 1);
    CHECK_EQ(grundy_rule_get_kind(r), GRUNDY_RULE_CODE);
    CHECK(pre == 2 && tail == 0 && d[0] == (4 | DIST) && d[1] == 0);
    grundy_rule_destroy(r);

    r = parse_ok("dawson-chess", 3, 2, 3, 0);
    c = grundy_rule_classes(r, &n);
    expect_class(&c[0], 1, 1, 1, 1, 0);
    expect_class(&c[1], 2, 2, 1, 3, 0);
    expect_class(&c[2], 3, 3, 1, 7, 0);
    grundy_rule_destroy(r);

    r = parse_ok("0.77", 1, 2, 2, 0); /* equal neighbours merge */
    expect_class(grundy_rule_classes(r, &n), 1, 2, 1, 7, 0);
    grundy_rule_destroy(r);

    r = parse_ok("0.[3]", 1, 1, MAXN, 0);
    expect_class(grundy_rule_classes(r, &n), 1, MAXN, 1, 3, 0);
    d = grundy_rule_digits(r, &pre, &tail);
    CHECK(pre == 1 && tail == 1 && d[0] == 0 && d[1] == 3);
    grundy_rule_destroy(r);

    r = parse_ok("0.1[23]", 3, 1, MAXN, 0);
    c = grundy_rule_classes(r, &n);
    expect_class(&c[0], 1, 1, 1, 1, 0);
    expect_class(&c[1], 2, MAXN, 2, 2, 0);
    expect_class(&c[2], 3, MAXN, 2, 3, 0);
    grundy_rule_destroy(r);

    r = parse_ok("8.0F1", 3, 3, 3, 0);
    c = grundy_rule_classes(r, &n);
    expect_class(&c[0], 0, 0, 1, 8, 0);
    expect_class(&c[1], 2, 2, 1, 15, 0);
    expect_class(&c[2], 3, 3, 1, 1, 0);
    grundy_rule_destroy(r);

    r = parse_ok("G.1", 2, 4, 1, 0);
    grundy_rule_destroy(r);
    r = parse_ok("0.0", 0, 0, 0, 0);
    grundy_rule_destroy(r);
    r = parse_ok("0.3!7!", 2, 2, 2, 1);
    c = grundy_rule_classes(r, &n);
    expect_class(&c[0], 1, 1, 1, 3, 0);
    expect_class(&c[1], 2, 2, 1, 7, 1);
    grundy_rule_destroy(r);

    r = parse_ok("S( 5-7 , 2)", 2, 1, 7, 0);
    c = grundy_rule_classes(r, &n);
    expect_class(&c[0], 2, 2, 1, 3, 0);
    expect_class(&c[1], 5, 7, 1, 3, 0);
    CHECK_EQ(grundy_rule_get_kind(r), GRUNDY_RULE_SET);
    CHECK(grundy_rule_digits(r, &pre, &tail) == NULL && pre == 0 && tail == 0);
    grundy_rule_destroy(r);

    r = parse_ok("S()", 0, 0, 0, 0);
    grundy_rule_destroy(r);
}

static void test_format_truncates(void) {
    grundy_rule *r = parse_ok("kayles", 1, 2, 2, 0);
    char buf[8] = "xxxxxxx";
    CHECK_EQ(grundy_rule_format(r, NULL, 0), 4);
    CHECK_EQ(grundy_rule_format(r, buf, 3), 4);
    CHECK_STR(buf, "0.");
    CHECK_EQ(grundy_rule_format(r, buf, 5), 4);
    CHECK_STR(buf, "0.77");
    grundy_rule_destroy(r);
}

/* The rule in words, as `grundy rule` prints it, and truncated like snprintf. */
static void test_describe(void) {
    grundy_rule *r = parse_ok("dawson-kayles", 1, 2, 2, 0);
    const char *want = "0.07 (Dawson's Kayles)\n"
                       "  moves leave at most 2 heaps; a move may:\n"
                       "  - take 2 tokens, leaving 0, 1 or 2 heaps\n";
    char buf[256];
    CHECK_EQ(grundy_rule_describe(r, NULL, 0), strlen(want));
    CHECK_EQ(grundy_rule_describe(r, buf, sizeof buf), strlen(want));
    CHECK_STR(buf, want);
    CHECK_EQ(grundy_rule_describe(r, buf, 9), strlen(want));
    CHECK_STR(buf, "0.07 (Da");
    grundy_rule_destroy(r);
    r = parse_ok("4!.[3]", 2, 2, GRUNDY_NUMBER_MAX, 1);
    grundy_rule_describe(r, buf, sizeof buf);
    CHECK_STR(buf, "4!.[3]\n"
                   "  moves leave at most 2 heaps; a move may:\n"
                   "  - split a heap into 2 heaps without taking a token (the heaps left pairwise "
                   "unequal)\n"
                   "  - take 1 or more tokens, leaving 0 or 1 heaps\n");
    grundy_rule_destroy(r);
    r = parse_ok("S()", 0, 0, 0, 0);
    grundy_rule_describe(r, buf, sizeof buf);
    CHECK_STR(buf, "S()\n  no moves: every heap is a loss for the player to move\n");
    grundy_rule_destroy(r);
}

/* Moves of one heap, spelled out, including n = 0 and heaps near 2^63. */
static void test_moves_fixed(void) {
    grundy_move_class buf[4];
    size_t count = 99;
    grundy_rule *r = parse_ok("nim", 1, 1, MAXN, 0);
    CHECK_EQ(grundy_rule_moves(r, 0, buf, 4, &count), GRUNDY_STATUS_OK);
    CHECK_EQ(count, 0);
    CHECK_EQ(grundy_rule_moves(r, 1, buf, 4, &count), GRUNDY_STATUS_OK);
    CHECK_EQ(count, 1);
    expect_class(&buf[0], 1, 1, 1, 1, 0);
    CHECK_EQ(grundy_rule_moves(r, MAXN, buf, 4, &count), GRUNDY_STATUS_OK);
    CHECK_EQ(count, 2);
    expect_class(&buf[0], 1, MAXN - 1, 1, 2, 0);
    expect_class(&buf[1], MAXN, MAXN, 1, 1, 0);
    CHECK_EQ(grundy_rule_moves(r, MAXN + 1, buf, 4, &count), GRUNDY_STATUS_RANGE);
    CHECK_EQ(count, 0);
    CHECK_EQ(grundy_rule_moves(r, 5, buf, 1, &count), GRUNDY_STATUS_RANGE);
    CHECK_EQ(count, 0);
    grundy_rule_destroy(r);

    r = parse_ok("0.[03]", 1, 1, MAXN, 0); /* takes 2, 4, 6, ...; MAXN is odd */
    CHECK_EQ(grundy_rule_moves(r, MAXN, buf, 4, &count), GRUNDY_STATUS_OK);
    CHECK_EQ(count, 1);
    expect_class(&buf[0], 2, MAXN - 1, 2, 2, 0);
    CHECK_EQ(grundy_rule_moves(r, MAXN - 1, buf, 4, &count), GRUNDY_STATUS_OK);
    CHECK_EQ(count, 2);
    expect_class(&buf[0], 2, MAXN - 3, 2, 2, 0);
    expect_class(&buf[1], MAXN - 1, MAXN - 1, 1, 1, 0);
    grundy_rule_destroy(r);

    r = parse_ok("S(9223372036854775800-9223372036854775807)", 1, 1, MAXN, 0);
    CHECK_EQ(grundy_rule_moves(r, MAXN, buf, 4, &count), GRUNDY_STATUS_OK);
    CHECK_EQ(count, 2);
    expect_class(&buf[0], MAXN - 7, MAXN - 1, 1, 2, 0);
    expect_class(&buf[1], MAXN, MAXN, 1, 1, 0);
    CHECK_EQ(grundy_rule_moves(r, MAXN - 7, buf, 4, &count), GRUNDY_STATUS_OK);
    CHECK_EQ(count, 1);
    expect_class(&buf[0], MAXN - 7, MAXN - 7, 1, 1, 0);
    CHECK_EQ(grundy_rule_moves(r, MAXN - 8, buf, 4, &count), GRUNDY_STATUS_OK);
    CHECK_EQ(count, 0);
    grundy_rule_destroy(r);

    r = parse_ok("4!.0", 1, 2, 0, 1);
    CHECK_EQ(grundy_rule_moves(r, 0, buf, 0, &count), GRUNDY_STATUS_OK);
    CHECK_EQ(count, 0);
    CHECK_EQ(grundy_rule_moves(r, 1, buf, 4, &count), GRUNDY_STATUS_OK);
    CHECK_EQ(count, 1);
    expect_class(&buf[0], 0, 0, 1, 4, 1);
    grundy_rule_destroy(r);
}

static void test_forms_round_trip(void) {
    static const char *const forms[] = {
        "0.07",         ".07",          "4.",      "4!.0",   "0.[3]",
        "0.1[23]",      "0.[7!7!]",     "S(2,5)",  "s(5,2)", "S()",
        "S(1-3,4)",     "S( 1 - 9 ,3)", "nim",     "kayles", "DAWSON-kayles",
        "dawson-chess", "grundy-game",  "C!.V!u!", "0.F[0]", "4.00[0]",
    };
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        expect_round_trip(forms[i]);
    }
    CHECK_EQ(grundy_rule_parse(NULL, NULL, NULL), GRUNDY_STATUS_INVALID_ARG);
    grundy_rule_destroy(NULL);
}

/* The names titles use, by canonical form: a rule given by its code is named too. */
static void test_names(void) {
    static const char *const named[][2] = {
        {"kayles", "Kayles"},        {"0.77", "Kayles"},        {"0.07", "Dawson's Kayles"},
        {"0.6", "Officers"},         {"4!.0", "Grundy's game"}, {"nim", "Nim"},
        {"0.137", "Dawson's Chess"}, {"0.770", "Kayles"},
    };
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
        grundy_rule *r = NULL;
        CHECK_EQ(grundy_rule_parse(named[i][0], &r, NULL), GRUNDY_STATUS_OK);
        const char *name = grundy_rule_name(r);
        CHECK(name != NULL && strcmp(name, named[i][1]) == 0);
        grundy_rule_destroy(r);
    }
    grundy_rule *r = NULL;
    CHECK_EQ(grundy_rule_parse("S(1,3,4)", &r, NULL), GRUNDY_STATUS_OK);
    CHECK(grundy_rule_name(r) == NULL);
    grundy_rule_destroy(r);
    CHECK(grundy_rule_name(NULL) == NULL);
}

int main(void) {
    seed = check_seed(20240601);
    test_names();
    test_canonical();
    test_errors();
    test_limits();
    test_classes();
    test_format_truncates();
    test_describe();
    test_moves_fixed();
    test_forms_round_trip();
    test_random_rules();
    test_garbage();
    if (check_failures > 0) {
        fprintf(stderr, "test_rule: seed %" PRIu64 " (set GRUNDY_TEST_SEED to replay)\n", seed);
    }
    return check_report("test_rule");
}
