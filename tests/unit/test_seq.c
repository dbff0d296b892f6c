/* SPDX-License-Identifier: MIT */
/* The naive engine and sequence storage: against an independent mex written from the digit
 * definition (ref_mex.h) on random codes and sets, known sequences from the literature
 * (tests/data), widening, doubling rounds and memory limits. */
#include <grundy/grundy.h>

#include "check.h"
#include "ref_mex.h"

#include <stdio.h>

static const char digit_chars[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

static grundy_rule *parse(const char *text) {
    grundy_rule *rule = NULL;
    if (grundy_rule_parse(text, &rule, NULL) != GRUNDY_STATUS_OK) {
        fprintf(stderr, "cannot parse %s\n", text);
        return NULL;
    }
    return rule;
}

/* Compute g(0..n-1) with the naive engine, in one call or in `steps` growing calls. */
static grundy_seq *naive_seq(const grundy_rule *rule, uint64_t n, unsigned steps) {
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *seq = NULL;
    opts.engine = GRUNDY_SEQ_NAIVE;
    if (grundy_seq_create(rule, &opts, &seq) != GRUNDY_STATUS_OK) {
        return NULL;
    }
    for (unsigned i = 1; i <= steps; i++) {
        if (grundy_seq_extend(seq, n * i / steps) != GRUNDY_STATUS_OK) {
            grundy_seq_destroy(seq);
            return NULL;
        }
    }
    return seq;
}

/* Compare the engine with expected values g[0..n-1]; report the first difference. */
static void check_against(const char *what, uint64_t seed, const grundy_rule *rule,
                          const uint64_t *g, uint64_t n, unsigned steps) {
    grundy_seq *seq = naive_seq(rule, n, steps);
    CHECK(seq != NULL);
    if (seq == NULL) {
        return;
    }
    CHECK_U64(grundy_seq_length(seq), n);
    uint64_t max = 0;
    for (uint64_t i = 0; i < n; i++) {
        max = g[i] > max ? g[i] : max;
        if (grundy_seq_get(seq, i) != g[i]) {
            fprintf(stderr, "%s (seed %llu): g(%llu) = %llu, reference %llu\n", what,
                    (unsigned long long)seed, (unsigned long long)i,
                    (unsigned long long)grundy_seq_get(seq, i), (unsigned long long)g[i]);
            CHECK_U64(grundy_seq_get(seq, i), g[i]);
            break;
        }
    }
    CHECK_U64(grundy_seq_max_value(seq), max);
    CHECK(grundy_seq_get_engine(seq) == GRUNDY_SEQ_NAIVE);
    grundy_seq_destroy(seq);
}

static size_t put_digit(char *out, unsigned d) {
    size_t n = 0;
    out[n++] = digit_chars[d & 31u];
    if (d & 0x100u) {
        out[n++] = '!';
    }
    return n;
}

/* A random code: d0 splits only; digits up to base 32, octal half of the time; '!' now and
 * then; a tail a quarter of the time. */
static void random_code(check_rng *rng, ref_code *c, char *text) {
    size_t w = 0;
    memset(c, 0, sizeof *c);
    c->len = 2 + (size_t)check_rng_below(rng, 5);
    const unsigned base = check_rng_below(rng, 2) ? 8u : 32u;
    for (size_t k = 0; k < c->len; k++) {
        unsigned d = (unsigned)check_rng_below(rng, base);
        if (k == 0) {
            d = check_rng_below(rng, 3) == 0 ? d & 28u : 0u;
        }
        if (check_rng_below(rng, 4) == 0 && (d & 28u) != 0) {
            d |= 0x100u;
        }
        c->digits[k] = d;
    }
    if (check_rng_below(rng, 4) == 0) {
        c->tail_len = 1 + (size_t)check_rng_below(rng, 2);
        for (size_t j = 0; j < c->tail_len; j++) {
            c->tail[j] = (unsigned)check_rng_below(rng, 8);
        }
    }
    w += put_digit(text + w, c->digits[0]);
    text[w++] = '.';
    for (size_t k = 1; k < c->len; k++) {
        w += put_digit(text + w, c->digits[k]);
    }
    if (c->tail_len > 0) {
        text[w++] = '[';
        for (size_t j = 0; j < c->tail_len; j++) {
            w += put_digit(text + w, c->tail[j]);
        }
        text[w++] = ']';
    }
    text[w] = '\0';
}

static void test_random_codes(void) {
    const uint64_t seed = check_seed(306);
    check_rng rng = {seed};
    uint64_t g[64];
    for (int trial = 0; trial < 400; trial++) {
        ref_code c;
        char text[64];
        random_code(&rng, &c, text);
        grundy_rule *rule = parse(text);
        CHECK(rule != NULL);
        if (rule == NULL) {
            continue;
        }
        const uint64_t n = 24 + check_rng_below(&rng, 24);
        ref_sequence(&c, n, g);
        check_against(text, seed, rule, g, n, 1 + (unsigned)check_rng_below(&rng, 3));
        grundy_rule_destroy(rule);
    }
}

/* Subtraction sets, huge ranges included: g(h) = mex{g(h - k) : k in S, k <= h}. */
static void test_random_sets(void) {
    const uint64_t seed = check_seed(1966);
    check_rng rng = {seed};
    static uint64_t g[300];
    for (int trial = 0; trial < 200; trial++) {
        uint64_t lo[3], hi[3];
        char text[200];
        int w = snprintf(text, sizeof text, "S(");
        const size_t ranges = 1 + (size_t)check_rng_below(&rng, 3);
        for (size_t i = 0; i < ranges; i++) {
            lo[i] = 1 + check_rng_below(&rng, 12);
            hi[i] = lo[i] + check_rng_below(&rng, 6);
            if (check_rng_below(&rng, 5) == 0) {
                hi[i] = 1000000000000000000ull - check_rng_below(&rng, 1000);
            }
            w += snprintf(text + w, sizeof text - (size_t)w, "%s%llu-%llu", i ? "," : "",
                          (unsigned long long)lo[i], (unsigned long long)hi[i]);
        }
        snprintf(text + w, sizeof text - (size_t)w, ")");
        const uint64_t n = 100 + check_rng_below(&rng, 200);
        for (uint64_t h = 0; h < n; h++) {
            unsigned char seen[301] = {0};
            for (uint64_t k = 1; k <= h; k++) {
                for (size_t i = 0; i < ranges; i++) {
                    if (k >= lo[i] && k <= hi[i]) {
                        seen[g[h - k]] = 1;
                    }
                }
            }
            g[h] = 0;
            while (seen[g[h]]) {
                g[h]++;
            }
        }
        grundy_rule *rule = parse(text);
        CHECK(rule != NULL);
        if (rule != NULL) {
            check_against(text, seed, rule, g, n, 1 + (unsigned)check_rng_below(&rng, 3));
        }
        grundy_rule_destroy(rule);
    }
}

/* ---------------------------------------------------------------- known sequences */

static int digit_of(char ch) {
    const char *p = strchr(digit_chars, ch);
    return ch != '\0' && p != NULL ? (int)(p - digit_chars) : -1;
}

/* The test's own reading of a code "d0[!].d1[!]..[tail]" (upper case, as the data files write
 * it) or a set "S(a,b,...)" (as digit 3 at each k), for ref_sequence. */
static int ref_parse(const char *text, ref_code *c) {
    memset(c, 0, sizeof *c);
    if (text[0] == 'S' && text[1] == '(') {
        for (const char *p = text + 2; *p != ')' && *p != '\0';) {
            char *end;
            const unsigned long k = strtoul(p, &end, 10);
            if (end == p || k >= 64) {
                return 0;
            }
            c->digits[k] = 3;
            c->len = k + 1 > c->len ? k + 1 : c->len;
            p = *end == ',' ? end + 1 : end;
        }
        return 1;
    }
    int in_tail = 0;
    for (const char *p = text; *p != '\0'; p++) {
        unsigned *slot = in_tail ? &c->tail[c->tail_len] : &c->digits[c->len];
        if (*p == '.' || *p == ']') {
            continue;
        }
        if (*p == '[') {
            in_tail = 1;
        } else if (*p == '!') {
            *(in_tail ? &c->tail[c->tail_len - 1] : &c->digits[c->len - 1]) |= 0x100u;
        } else if (digit_of(*p) >= 0) {
            *slot = (unsigned)digit_of(*p);
            in_tail ? c->tail_len++ : c->len++;
        } else {
            return 0;
        }
    }
    return 1;
}

#include "data_file.h"

static void test_known(const char *file) {
    char path[512], rule_text[128] = "";
    static uint64_t g[REF_MAX_N], ref[REF_MAX_N];
    uint64_t n;
    ref_code c;
    snprintf(path, sizeof path, "%s/%s", GRUNDY_TEST_DATA_DIR, file);
    CHECK(read_data(path, rule_text, sizeof rule_text, g, REF_MAX_N, &n));
    CHECK(ref_parse(rule_text, &c));
    grundy_rule *rule = parse(rule_text);
    CHECK(rule != NULL);
    if (rule == NULL || n == 0) {
        return;
    }
    ref_sequence(&c, n, ref);
    for (uint64_t i = 0; i < n; i++) {
        if (ref[i] != g[i]) {
            fprintf(stderr, "%s: the reference mex gives g(%llu) = %llu, the file %llu\n", file,
                    (unsigned long long)i, (unsigned long long)ref[i], (unsigned long long)g[i]);
            CHECK_U64(ref[i], g[i]);
            break;
        }
    }
    check_against(file, 0, rule, g, n, 2);
    grundy_rule_destroy(rule);
}

/* ---------------------------------------------------------------- storage */

/* Nim's values pass every width: 255, 65535 and beyond; a capped range keeps O(1) per value. */
static void test_widening(void) {
    grundy_rule *nim = parse("0.[3]");
    grundy_rule *capped = parse("S(1-1000000000000000000)");
    grundy_seq *a = naive_seq(nim, 70000, 7);
    grundy_seq *b = naive_seq(capped, 70000, 1);
    CHECK(a != NULL && b != NULL);
    if (a != NULL && b != NULL) {
        for (uint64_t i = 0; i < 70000; i += 997) {
            CHECK_U64(grundy_seq_get(a, i), i);
            CHECK_U64(grundy_seq_get(b, i), i);
        }
        CHECK_U64(grundy_seq_get(a, 69999), 69999);
        CHECK_U64(grundy_seq_max_value(b), 69999);
    }
    grundy_seq_destroy(a);
    grundy_seq_destroy(b);
    grundy_rule_destroy(nim);
    grundy_rule_destroy(capped);
}

/* A memory limit stops the computation with LIMIT; the values computed stay valid. */
static void test_limits(void) {
    grundy_rule *rule = parse("0.07");
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *seq = NULL;
    opts.max_bytes = 4096;
    CHECK(grundy_seq_create(rule, &opts, &seq) == GRUNDY_STATUS_OK);
    CHECK(grundy_seq_extend(seq, 100) == GRUNDY_STATUS_OK);
    CHECK(grundy_seq_extend(seq, 100000) == GRUNDY_STATUS_LIMIT);
    CHECK(grundy_seq_length(seq) >= 100);
    CHECK_U64(grundy_seq_get(seq, 4), 2);
    CHECK(grundy_seq_extend(seq, GRUNDY_NUMBER_MAX + 1) == GRUNDY_STATUS_RANGE);
    grundy_seq_destroy(seq);
    opts.engine = GRUNDY_SEQ_SPARSE;
    seq = NULL;
    const grundy_status st = grundy_seq_create(rule, &opts, &seq);
    CHECK(st == GRUNDY_STATUS_OK || st == GRUNDY_STATUS_UNSUPPORTED);
    CHECK((seq == NULL) == (st != GRUNDY_STATUS_OK));
    grundy_seq_destroy(seq);
    grundy_rule_destroy(rule);
}

/* Threads: the naive engine with 2 and 3 threads against one thread (itself checked against
 * the reference above) on random codes past the heap where blocks start (64): splits into two,
 * three and four heaps, windows, '!' and tails; computed in random steps. */
static void test_threads(void) {
    const uint64_t seed = check_seed(1212);
    check_rng rng = {seed};
    for (int trial = 0; trial < 120; trial++) {
        ref_code c;
        char text[64];
        random_code(&rng, &c, text);
        grundy_rule *rule = parse(text);
        CHECK(rule != NULL);
        if (rule == NULL) {
            continue;
        }
        const unsigned left = grundy_rule_max_heaps_left(rule);
        const uint64_t n = left >= 4   ? 90 + check_rng_below(&rng, 60)
                           : left == 3 ? 150 + check_rng_below(&rng, 250)
                                       : 300 + check_rng_below(&rng, 1500);
        grundy_seq *one = naive_seq(rule, n, 1);
        CHECK(one != NULL);
        for (unsigned threads = 2; threads <= 3 && one != NULL; threads++) {
            grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
            grundy_seq *many = NULL;
            opts.engine = GRUNDY_SEQ_NAIVE;
            opts.threads = threads;
            CHECK_EQ(grundy_seq_create(rule, &opts, &many), GRUNDY_STATUS_OK);
            uint64_t len = 0;
            while (many != NULL && len < n) {
                len += 1 + check_rng_below(&rng, n / 2);
                len = len < n ? len : n;
                CHECK_EQ(grundy_seq_extend(many, len), GRUNDY_STATUS_OK);
            }
            for (uint64_t i = 0; many != NULL && i < n; i++) {
                if (grundy_seq_get(many, i) != grundy_seq_get(one, i)) {
                    fprintf(stderr, "%s, %u threads (seed %llu): g(%llu) = %llu, one thread %llu\n",
                            text, threads, (unsigned long long)seed, (unsigned long long)i,
                            (unsigned long long)grundy_seq_get(many, i),
                            (unsigned long long)grundy_seq_get(one, i));
                    CHECK_U64(grundy_seq_get(many, i), grundy_seq_get(one, i));
                    break;
                }
            }
            grundy_seq_destroy(many);
        }
        grundy_seq_destroy(one);
        grundy_rule_destroy(rule);
    }
}

int main(void) {
    test_threads();
    test_random_codes();
    test_random_sets();
    test_known("kayles.txt");
    test_known("dawson_kayles.txt");
    test_known("dawson_chess.txt");
    test_known("grundy_game.txt");
    test_known("lasker_nim.txt");
    test_known("subtraction_134.txt");
    test_known("subtraction_123.txt");
    test_known("hexadecimal_08.txt");
    test_widening();
    test_limits();
    return check_report("test_seq");
}
