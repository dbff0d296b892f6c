/* SPDX-License-Identifier: MIT */
/* Misere quotients grown until proved (grundy_misere_solve: where each was found and proved,
 * against grundy_misere_extend to the same heap); their presentations: the generators against
 * the smallest generating set found by brute force over all subsets of elements, the normal
 * forms and relations evaluated back in the monoid; and quotient files: a loaded quotient
 * answers exactly as the one saved, and damaged files are refused. */
#include "check.h"

#include <grundy/misere.h>

#include <unistd.h>

static grundy_rule *parse(const char *text) {
    grundy_rule *r = NULL;
    CHECK_EQ(grundy_rule_parse(text, &r, NULL), GRUNDY_STATUS_OK);
    return r;
}

/* Kayles' quotient has order 40, reached at heap 27 and proved at 168 = 2*71 + 2*12 + 2
 * (MisereSolver finds the same order and P-portion); the others are Plambeck-Siegel's. */
static void expect_solved(const char *rule, uint32_t order, uint64_t found, uint64_t proved_at) {
    grundy_rule *r = parse(rule);
    grundy_misere *q = NULL, *e = NULL;
    CHECK_EQ(grundy_misere_create(r, NULL, &q), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_misere_solve(q, 100000), GRUNDY_STATUS_OK);
    uint64_t p = 0, n0 = 0;
    CHECK(grundy_misere_proved(q, &p, &n0));
    CHECK_EQ(grundy_misere_order(q), order);
    CHECK_U64(grundy_misere_stable_from(q), found);
    CHECK_U64(grundy_misere_proved_at(q), proved_at);
    CHECK_U64(grundy_misere_max_heap(q), proved_at);
    /* the same quotient as extending to that heap, element for element */
    CHECK_EQ(grundy_misere_create(r, NULL, &e), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_misere_extend(e, proved_at + 5), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_misere_order(e), order);
    CHECK_U64(grundy_misere_proved_at(e), proved_at);
    for (uint64_t h = 0; h <= proved_at + 200; h++) {
        uint32_t x = 0, y = 0;
        CHECK_EQ(grundy_misere_image(q, h, &x), GRUNDY_STATUS_OK);
        CHECK_EQ(grundy_misere_image(e, h, &y), GRUNDY_STATUS_OK);
        CHECK_EQ(x, y);
    }
    for (uint32_t x = 0; x < order; x++) {
        CHECK_EQ(grundy_misere_is_p(q, x), grundy_misere_is_p(e, x));
        for (uint32_t y = 0; y < order; y++) {
            CHECK_EQ(grundy_misere_mul(q, x, y), grundy_misere_mul(e, x, y));
        }
    }
    if (grundy_misere_proved_at(q) != proved_at) {
        fprintf(stderr, "  rule %s\n", rule);
    }
    grundy_misere_destroy(e);
    grundy_misere_destroy(q);
    grundy_rule_destroy(r);
}

/* The same order, products, P-portion and images (the presentation may be short of its
 * relations where a bound refused them). */
static void expect_same_structure(const grundy_misere *q, const grundy_misere *e) {
    const uint32_t m = grundy_misere_order(q);
    CHECK_EQ(grundy_misere_order(e), m);
    CHECK_U64(grundy_misere_max_heap(e), grundy_misere_max_heap(q));
    for (uint64_t h = 0; h <= grundy_misere_max_heap(q); h++) {
        uint32_t x = 0, y = 0;
        CHECK_EQ(grundy_misere_image(q, h, &x), GRUNDY_STATUS_OK);
        CHECK_EQ(grundy_misere_image(e, h, &y), GRUNDY_STATUS_OK);
        CHECK_EQ(x, y);
    }
    for (uint32_t x = 0; x < m && m == grundy_misere_order(e); x++) {
        CHECK_EQ(grundy_misere_is_p(q, x), grundy_misere_is_p(e, x));
        for (uint32_t y = 0; y < m; y++) {
            CHECK_EQ(grundy_misere_mul(q, x, y), grundy_misere_mul(e, x, y));
        }
    }
}

static void test_solve(void) {
    expect_solved("kayles", 40, 27, 168);
    expect_solved("0.75", 8, 5, 22);
    expect_solved("0.123", 20, 9, 23);
    expect_solved("0.312", 12, 4, 17);
    expect_solved("0.31", 6, 2, 12);
    /* a cap before the proof: the partial quotient, not proved */
    grundy_rule *r = parse("kayles");
    grundy_misere *q = NULL;
    uint64_t p = 0, n0 = 0;
    CHECK_EQ(grundy_misere_create(r, NULL, &q), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_misere_solve(q, 100), GRUNDY_STATUS_OK);
    CHECK_U64(grundy_misere_max_heap(q), 100);
    CHECK(!grundy_misere_proved(q, &p, &n0));
    CHECK_U64(grundy_misere_proved_at(q), 0);
    grundy_misere_destroy(q);
    grundy_rule_destroy(r);
    /* no proof covers a tail (Nim) or a split without taking (4.7): solve stops at
     * GRUNDY_MISERE_UNPROVABLE_HEAPS, extend goes where it is told */
    static const char *const unprovable[] = {"nim", "4.7", "0.[3]", "4.07"};
    for (size_t i = 0; i < sizeof unprovable / sizeof unprovable[0]; i++) {
        r = parse(unprovable[i]);
        CHECK(!grundy_misere_provable(r));
        CHECK_EQ(grundy_misere_create(r, NULL, &q), GRUNDY_STATUS_OK);
        CHECK_EQ(grundy_misere_solve(q, 100000), GRUNDY_STATUS_OK);
        CHECK_U64(grundy_misere_max_heap(q), GRUNDY_MISERE_UNPROVABLE_HEAPS);
        grundy_misere_destroy(q);
        grundy_rule_destroy(r);
    }
    static const char *const provable[] = {"kayles", "0.75", "S(2,5)", "0.137"};
    for (size_t i = 0; i < sizeof provable / sizeof provable[0]; i++) {
        r = parse(provable[i]);
        CHECK(grundy_misere_provable(r));
        grundy_rule_destroy(r);
    }
    r = parse("nim");
    CHECK_EQ(grundy_misere_create(r, NULL, &q), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_misere_extend(q, 40), GRUNDY_STATUS_OK);
    CHECK_U64(grundy_misere_max_heap(q), 40);
    grundy_misere_destroy(q);
    grundy_rule_destroy(r);
}

/* ---- presentations ---- */

/* Does `set` (count elements) generate the whole monoid? */
static int generates_all(const grundy_misere *q, const uint32_t *set, size_t count) {
    const uint32_t m = grundy_misere_order(q);
    uint8_t *in = calloc(m, 1);
    uint32_t *list = malloc(m * sizeof *list);
    size_t len = 1;
    in[0] = 1;
    list[0] = 0;
    for (size_t i = 0; i < len; i++) {
        for (size_t g = 0; g < count; g++) {
            const uint32_t y = grundy_misere_mul(q, list[i], set[g]);
            if (!in[y]) {
                in[y] = 1;
                list[len++] = y;
            }
        }
    }
    free(in);
    free(list);
    return len == m;
}

/* The size of the smallest generating set, by trying every subset of the non-identity
 * elements of size 0, 1, 2, ... up to `most` (returns most + 1 when none is smaller). */
static size_t smallest_generating_set(const grundy_misere *q, size_t most) {
    const uint32_t m = grundy_misere_order(q);
    uint32_t set[32], idx[32];
    for (size_t k = 0; k <= most && k < 32 && k < m; k++) {
        for (size_t i = 0; i < k; i++) {
            idx[i] = (uint32_t)(i + 1);
        }
        for (;;) {
            for (size_t i = 0; i < k; i++) {
                set[i] = idx[i];
            }
            if (generates_all(q, set, k)) {
                return k;
            }
            size_t i = k;
            while (i > 0 && idx[i - 1] == m - k + i - 1) {
                i--;
            }
            if (i == 0) {
                break;
            }
            idx[i - 1]++;
            for (size_t j = i; j < k; j++) {
                idx[j] = idx[j - 1] + 1;
            }
        }
    }
    return most + 1;
}

/* The element a word ("1", "ab^2c", "g27^3") names, with generator i the image of its heap. */
static uint32_t eval_word(const grundy_misere *q, const char *w) {
    uint32_t x = 0;
    while (*w != '\0' && *w != ' ') {
        size_t g = 0;
        char *end = NULL;
        if (*w == '1') {
            w++;
            continue;
        }
        if (*w == 'g' && w[1] >= '0' && w[1] <= '9') {
            g = strtoul(w + 1, &end, 10) - 1;
            w = end;
        } else {
            g = (size_t)(*w++ - 'a');
        }
        unsigned long e = 1;
        if (*w == '^') {
            e = strtoul(w + 1, &end, 10);
            w = end;
        }
        uint32_t y = 0;
        CHECK_EQ(grundy_misere_image(q, grundy_misere_generator_heap(q, g), &y), GRUNDY_STATUS_OK);
        for (unsigned long k = 0; k < e; k++) {
            x = grundy_misere_mul(q, x, y);
        }
    }
    return x;
}

/* Normal forms name their elements; each relation's two sides are equal. */
static int presentation_holds(const grundy_misere *q) {
    char buf[4096];
    int ok = 1;
    for (uint32_t x = 0; x < grundy_misere_order(q); x++) {
        grundy_misere_format_element(q, x, buf, sizeof buf);
        ok &= eval_word(q, buf) == x;
    }
    for (size_t i = 0; i < grundy_misere_relation_count(q); i++) {
        grundy_misere_format_relation(q, i, buf, sizeof buf);
        const char *rhs = strstr(buf, " = ");
        ok &= rhs != NULL && eval_word(q, buf) == eval_word(q, rhs + 3);
    }
    return ok;
}

static void random_rule(check_rng *r, char *buf, size_t cap) {
    if (check_rng_below(r, 4) == 0) {
        snprintf(buf, cap, "S(%u,%u)", (unsigned)(1 + check_rng_below(r, 2)),
                 (unsigned)(3 + check_rng_below(r, 3)));
        return;
    }
    const size_t digits = 1 + check_rng_below(r, 3);
    size_t len = (size_t)snprintf(buf, cap, check_rng_below(r, 8) == 0 ? "4." : "0.");
    for (size_t i = 0; i < digits; i++) {
        buf[len++] = (char)('0' + check_rng_below(r, 8));
    }
    buf[len - 1] = (char)('1' + check_rng_below(r, 7)); /* a last digit with a move */
    buf[len] = '\0';
}

/* Generator counts against the brute force on small quotients of random rules and heaps. */
static void test_minimal_generators(uint64_t seed) {
    check_rng r = {seed};
    size_t compared = 0;
    for (int round = 0; round < 400; round++) {
        char text[32];
        random_rule(&r, text, sizeof text);
        const uint64_t n = 1 + check_rng_below(&r, 16);
        grundy_rule *rule = parse(text);
        grundy_misere_opts o = GRUNDY_MISERE_OPTS_INIT;
        o.max_quotient = 40;
        grundy_misere *q = NULL;
        CHECK_EQ(grundy_misere_create(rule, &o, &q), GRUNDY_STATUS_OK);
        if (grundy_misere_extend(q, n) == GRUNDY_STATUS_OK && grundy_misere_order(q) <= 40) {
            const size_t have = grundy_misere_generator_count(q);
            const size_t best = smallest_generating_set(q, have);
            const int holds = presentation_holds(q);
            CHECK_EQ(have, best);
            CHECK(holds);
            if (have != best || !holds) {
                fprintf(stderr,
                        "  seed %llu: rule %s to heap %llu: %zu generators, brute force %zu\n",
                        (unsigned long long)seed, text, (unsigned long long)n, have, best);
            }
            compared++;
        }
        grundy_misere_destroy(q);
        grundy_rule_destroy(rule);
    }
    CHECK(compared >= 200);
}

/* MisereSolver's counts where the first heap-by-heap choice kept redundant generators. */
static void expect_generators(const char *rule, uint64_t n, size_t count) {
    grundy_rule *r = parse(rule);
    grundy_misere *q = NULL;
    CHECK_EQ(grundy_misere_create(r, NULL, &q), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_misere_extend(q, n), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_misere_generator_count(q), count);
    CHECK(presentation_holds(q));
    grundy_misere_destroy(q);
    grundy_rule_destroy(r);
}

static void test_published_generators(void) {
    expect_generators("0.07", 30, 11);
    expect_generators("4.7", 20, 14);
    expect_generators("kayles", 30, 7);
}

/* Every counted allocation refused in turn: a sweep of --max-bytes stops the quotient at each
 * table in turn; each stop must leave the last quotient completed intact (the same as one
 * computed afresh to that heap), free everything (the sanitizer build checks), and need more
 * than the bound it was refused at. */
static void test_byte_bound_sweep(void) {
    grundy_rule *r = parse("0.07");
    size_t stops = 0;
    for (uint64_t bound = 2048; bound < 400000; bound += bound / 16) {
        grundy_misere_opts o = GRUNDY_MISERE_OPTS_INIT;
        o.max_bytes = bound;
        grundy_misere *q = NULL, *fresh = NULL;
        const grundy_status made = grundy_misere_create(r, &o, &q);
        if (made == GRUNDY_STATUS_LIMIT) {
            CHECK(q == NULL);
            continue;
        }
        CHECK_EQ(made, GRUNDY_STATUS_OK);
        const grundy_status st = grundy_misere_extend(q, 26);
        uint64_t need = 0;
        if (st == GRUNDY_STATUS_LIMIT) {
            stops++;
            CHECK_EQ(grundy_misere_limit(q, &need), GRUNDY_MISERE_LIMIT_BYTES);
            CHECK(need > bound);
        } else {
            CHECK_EQ(st, GRUNDY_STATUS_OK);
        }
        CHECK_EQ(grundy_misere_create(r, NULL, &fresh), GRUNDY_STATUS_OK);
        CHECK_EQ(grundy_misere_extend(fresh, grundy_misere_max_heap(q)), GRUNDY_STATUS_OK);
        expect_same_structure(q, fresh);
        grundy_misere_destroy(fresh);
        grundy_misere_destroy(q);
    }
    CHECK(stops >= 20);
    grundy_rule_destroy(r);
}

/* ---- quotient files ---- */

static char *read_all(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    char *d = malloc(1 << 22);
    *len = f != NULL && d != NULL ? fread(d, 1, 1 << 22, f) : 0;
    if (f != NULL) {
        fclose(f);
    }
    return d;
}

static void write_all(const char *path, const char *d, size_t len) {
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL && fwrite(d, 1, len, f) == len);
    if (f != NULL) {
        fclose(f);
    }
}

/* The file's checksum made right again after a change (FNV-1a of every byte before it). */
static void reseal(char *d, size_t len) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i + 8 < len; i++) {
        h = (h ^ (uint8_t)d[i]) * 0x100000001b3ull;
    }
    for (unsigned i = 0; i < 8; i++) {
        d[len - 8 + i] = (char)(h >> (8 * i));
    }
}

static grundy_status load(const grundy_rule *r, const char *path, grundy_misere **q, char *why) {
    return grundy_misere_load(r, path, NULL, q, why, 128);
}

/* Everything a quotient answers, the same from q and from its copy l. */
static void expect_same(const grundy_misere *q, const grundy_misere *l, uint64_t upto) {
    char a[4096], b[4096];
    const uint32_t m = grundy_misere_order(q);
    uint64_t p1 = 0, n1 = 0, p2 = 0, n2 = 0;
    CHECK_EQ(grundy_misere_order(l), m);
    CHECK_EQ(grundy_misere_p_size(l), grundy_misere_p_size(q));
    CHECK_U64(grundy_misere_max_heap(l), grundy_misere_max_heap(q));
    CHECK_U64(grundy_misere_stable_from(l), grundy_misere_stable_from(q));
    CHECK_EQ(grundy_misere_proved(l, &p2, &n2), grundy_misere_proved(q, &p1, &n1));
    CHECK_U64(p1, p2);
    CHECK_U64(n1, n2);
    CHECK_U64(grundy_misere_proved_at(l), grundy_misere_proved_at(q));
    CHECK_EQ(grundy_misere_tame(l), grundy_misere_tame(q));
    for (uint32_t x = 0; x < m; x++) {
        CHECK_EQ(grundy_misere_is_p(l, x), grundy_misere_is_p(q, x));
        for (uint32_t y = 0; y < m; y++) {
            CHECK_EQ(grundy_misere_mul(l, x, y), grundy_misere_mul(q, x, y));
        }
        grundy_misere_format_element(q, x, a, sizeof a);
        grundy_misere_format_element(l, x, b, sizeof b);
        CHECK(strcmp(a, b) == 0);
    }
    CHECK_EQ(grundy_misere_relation_count(l), grundy_misere_relation_count(q));
    for (size_t i = 0; i < grundy_misere_relation_count(q); i++) {
        grundy_misere_format_relation(q, i, a, sizeof a);
        grundy_misere_format_relation(l, i, b, sizeof b);
        CHECK(strcmp(a, b) == 0);
    }
    for (uint64_t h = 0; h <= upto; h++) {
        uint32_t x = 0, y = 0;
        const grundy_status s1 = grundy_misere_image(q, h, &x);
        CHECK_EQ(grundy_misere_image(l, h, &y), s1);
        CHECK_EQ(x, y);
    }
}

static void test_files(void) {
    char path[64], bad[80], why[128];
    snprintf(path, sizeof path, "test_misere_solve.%ld.mq", (long)getpid());
    snprintf(bad, sizeof bad, "%s.bad", path);
    const char *rules[] = {"kayles", "0.07", "0.75", "nim"};
    const uint64_t heaps[] = {0, 20, 0, 8}; /* 0: until proved */
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        grundy_rule *r = parse(rules[i]), *other = parse("0.137");
        grundy_misere *q = NULL, *l = NULL;
        CHECK_EQ(grundy_misere_create(r, NULL, &q), GRUNDY_STATUS_OK);
        CHECK_EQ(heaps[i] ? grundy_misere_extend(q, heaps[i]) : grundy_misere_solve(q, 100000),
                 GRUNDY_STATUS_OK);
        CHECK_EQ(grundy_misere_save(q, path), GRUNDY_STATUS_OK);
        CHECK_EQ(load(r, path, &l, why), GRUNDY_STATUS_OK);
        if (l != NULL) {
            expect_same(q, l, grundy_misere_max_heap(q) + 500);
            /* it covers its heaps only: past them, unless proved, it says so */
            const grundy_status st = grundy_misere_extend(l, grundy_misere_max_heap(q) + 1);
            uint64_t p = 0, n0 = 0;
            if (!grundy_misere_proved(q, &p, &n0)) {
                CHECK_EQ(st, GRUNDY_STATUS_LIMIT);
                CHECK_EQ(grundy_misere_limit(l, NULL), GRUNDY_MISERE_LIMIT_LOADED);
            }
            grundy_misere_destroy(l);
            l = NULL;
        }
        CHECK_EQ(load(other, path, &l, why), GRUNDY_STATUS_PARSE);
        CHECK(strcmp(why, "made for another rule") == 0);
        size_t len = 0;
        char *d = read_all(path, &len);
        for (size_t cut = 0; cut < len; cut += 1 + cut / 7) { /* truncated anywhere */
            write_all(bad, d, cut);
            CHECK_EQ(load(r, bad, &l, why), GRUNDY_STATUS_PARSE);
            CHECK(l == NULL);
        }
        for (size_t at = 0; at < len; at += 1 + at / 5) { /* a byte changed anywhere */
            d[at] ^= 0x10;
            write_all(bad, d, len);
            CHECK_EQ(load(r, bad, &l, why), GRUNDY_STATUS_PARSE);
            CHECK(l == NULL);
            d[at] ^= 0x10;
        }
        /* a table that is not commutative, its checksum made right */
        const size_t table = 16 + grundy_rule_format(r, NULL, 0) + 24;
        if (grundy_misere_order(q) > 2) {
            d[table + 4 * (grundy_misere_order(q) + 2)] ^= 1;
            reseal(d, len);
            write_all(bad, d, len);
            CHECK_EQ(load(r, bad, &l, why), GRUNDY_STATUS_PARSE);
            CHECK(strcmp(why, "corrupt: not a misere quotient") == 0);
        }
        free(d);
        grundy_misere_destroy(q);
        grundy_rule_destroy(other);
        grundy_rule_destroy(r);
    }
    remove(path);
    remove(bad);
}

int main(void) {
    const uint64_t seed = check_seed(33);
    test_solve();
    test_byte_bound_sweep();
    test_files();
    test_published_generators();
    test_minimal_generators(seed);
    return check_report("test_misere_solve");
}
