/* SPDX-License-Identifier: MIT */
/* grundy_stats_compute against a direct computation (every mask tried, rare heaps counted one
 * by one, the split takes' parity read off the code's digits) on seeded random codes, and the
 * same statistics from the naive engine, the sparse engine and a resumed run. */
#include <grundy/grundy.h>

#include "check.h"

#include <unistd.h>

static const char digit_chars[] = "0123456789ABCDEF";

static grundy_seq *make(const grundy_rule *rule, grundy_seq_engine engine, uint64_t n) {
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *seq = NULL;
    opts.engine = engine;
    if (grundy_seq_create(rule, &opts, &seq) != GRUNDY_STATUS_OK ||
        grundy_seq_extend(seq, n) != GRUNDY_STATUS_OK) {
        grundy_seq_destroy(seq);
        return NULL;
    }
    return seq;
}

static unsigned parity(uint64_t x) {
    unsigned p = 0;
    for (; x != 0; x >>= 1) {
        p ^= (unsigned)(x & 1u);
    }
    return p;
}

/* The split takes' parity from a code "0.d1d2...": allowed when every k whose digit has bit 4
 * has one parity. */
static int code_parity(const char *code, unsigned *kpar) {
    int have = 0, allowed = 1;
    *kpar = 0;
    for (size_t k = 1; code[1 + k] != '\0'; k++) {
        const char c = code[1 + k];
        const unsigned d = (unsigned)(c <= '9' ? c - '0' : c - 'A' + 10);
        if (d & 4u) {
            if (have && (k & 1u) != *kpar) {
                allowed = 0;
            }
            *kpar = have ? *kpar : (unsigned)(k & 1u);
            have = 1;
        }
    }
    if (!allowed) {
        *kpar = 0;
    }
    return allowed;
}

/* The direct computation of every statistic, compared with the library's. */
static void check_direct(const char *code, const grundy_seq *seq, uint64_t count, uint64_t seed) {
    grundy_stats s;
    CHECK(grundy_stats_compute(seq, count, &s) == GRUNDY_STATUS_OK);
    uint64_t max = 0, max_heap = 0;
    for (uint64_t n = 0; n < count; n++) {
        if (grundy_seq_get(seq, n) > max) {
            max = grundy_seq_get(seq, n);
            max_heap = n;
        }
    }
    CHECK_U64(s.max_value, max);
    CHECK_U64(s.max_heap, max_heap);
    for (uint64_t v = 0; v <= max; v++) {
        uint64_t f = 0;
        for (uint64_t n = 0; n < count; n++) {
            f += grundy_seq_get(seq, n) == v;
        }
        CHECK_U64(s.freq[v], f);
    }
    unsigned kpar;
    const int allowed = code_parity(code, &kpar);
    unsigned bits = 1;
    while ((max >> bits) != 0) {
        bits++;
    }
    uint64_t best_rare = UINT64_MAX, best_mask = 0, best_last = 0;
    unsigned best_up = 0;
    for (uint64_t i = 1; i < ((uint64_t)2 << bits); i++) {
        const uint64_t mask = i >> 1;
        const unsigned up = (unsigned)(i & 1u);
        if (up && !allowed) {
            continue;
        }
        uint64_t rare = 0, last = 0;
        for (uint64_t n = 1; n < count; n++) {
            if ((parity(grundy_seq_get(seq, n) & mask) ^ (up & ((n ^ kpar) & 1u))) == 0) {
                rare++;
                last = n;
            }
        }
        if (rare < best_rare) {
            best_rare = rare;
            best_mask = mask;
            best_up = up;
            best_last = last;
        }
    }
    CHECK(s.has_mask);
    if (s.mask != best_mask || s.use_parity != best_up || s.rare_count != best_rare) {
        fprintf(stderr,
                "%s to %llu (seed %llu): mask %llu/%u rare %llu, direct %llu/%u rare %llu\n", code,
                (unsigned long long)count, (unsigned long long)seed, (unsigned long long)s.mask,
                s.use_parity, (unsigned long long)s.rare_count, (unsigned long long)best_mask,
                best_up, (unsigned long long)best_rare);
        CHECK(0);
    }
    CHECK_EQ(s.has_rare, best_rare > 0);
    if (best_rare > 0) {
        CHECK_U64(s.last_rare, best_last);
    }
    CHECK_EQ(s.parity_bit, kpar);
    grundy_stats_free(&s);
}

/* The labelling from the values as an array (what plot calls) is the sequence's, and
 * grundy_stats_is_rare calls exactly rare_count heaps rare, the last one last_rare; the mask text
 * is the decimal mask, " parity" after it for the parity variant. */
static void check_values(const grundy_seq *seq, uint64_t count) {
    grundy_stats x, y;
    uint64_t *values = malloc((size_t)count * sizeof *values);
    CHECK(values != NULL && grundy_stats_compute(seq, count, &x) == GRUNDY_STATUS_OK);
    for (uint64_t n = 0; n < count; n++) {
        values[n] = grundy_seq_get(seq, n);
    }
    CHECK(grundy_stats_of_values(grundy_seq_rule(seq), values, count, &y) == GRUNDY_STATUS_OK);
    CHECK_U64(x.mask, y.mask);
    CHECK_U64(x.use_parity, y.use_parity);
    CHECK_U64(x.parity_bit, y.parity_bit);
    CHECK_U64(x.rare_count, y.rare_count);
    CHECK_U64(x.last_rare, y.last_rare);
    uint64_t rare = 0, last = 0;
    for (uint64_t n = 0; n < count; n++) {
        if (grundy_stats_is_rare(&y, n, values[n])) {
            rare++;
            last = n;
        }
    }
    CHECK_EQ(grundy_stats_is_rare(&y, 0, 0), 0); /* heap 0 is not labelled */
    CHECK_U64(rare, y.rare_count);
    CHECK_U64(last, y.has_rare ? y.last_rare : 0);
    char text[GRUNDY_STATS_MASK_TEXT_CAP], want[GRUNDY_STATS_MASK_TEXT_CAP];
    grundy_stats_mask_text(y.mask, y.use_parity, text, sizeof text);
    snprintf(want, sizeof want, "%llu%s", (unsigned long long)y.mask,
             y.use_parity ? " parity" : "");
    CHECK(strcmp(text, want) == 0);
    grundy_stats_mask_text(UINT64_MAX, 1, text, sizeof text);
    CHECK(strcmp(text, "18446744073709551615 parity") == 0);
    grundy_stats_free(&x);
    grundy_stats_free(&y);
    free(values);
}

/* Statistics from a sequence computed another way: identical. */
static void check_same(const grundy_seq *a, const grundy_seq *b, uint64_t count) {
    grundy_stats x, y;
    CHECK(grundy_stats_compute(a, count, &x) == GRUNDY_STATUS_OK);
    CHECK(grundy_stats_compute(b, count, &y) == GRUNDY_STATUS_OK);
    CHECK_U64(x.max_value, y.max_value);
    CHECK_U64(x.max_heap, y.max_heap);
    CHECK_U64(x.mask, y.mask);
    CHECK_U64(x.use_parity, y.use_parity);
    CHECK_U64(x.rare_count, y.rare_count);
    CHECK_U64(x.last_rare, y.last_rare);
    CHECK(memcmp(x.freq, y.freq, (size_t)(x.max_value + 1) * sizeof *x.freq) == 0);
    grundy_stats_free(&x);
    grundy_stats_free(&y);
}

int main(void) {
    const uint64_t seed = check_seed(2026);
    check_rng rng = {seed};
    char path[64];
    const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"; /* fsync is cheap */
    snprintf(path, sizeof path, "%s/grundy_test_stats.%ld", dir, (long)getpid());
    for (int t = 0; t < 150; t++) {
        char code[16] = "0.";
        const size_t digits = 1 + (size_t)check_rng_below(&rng, 4);
        for (size_t i = 0; i < digits; i++) {
            code[2 + i] = digit_chars[check_rng_below(&rng, 8)];
        }
        code[2 + digits] = digit_chars[1 + check_rng_below(&rng, 7)];
        code[3 + digits] = '\0';
        grundy_rule *rule = NULL;
        CHECK(grundy_rule_parse(code, &rule, NULL) == GRUNDY_STATUS_OK);
        const uint64_t n = 2 + check_rng_below(&rng, 600);
        grundy_seq *naive = make(rule, GRUNDY_SEQ_NAIVE, n);
        CHECK(naive != NULL);
        check_direct(code, naive, n, seed);
        check_values(naive, n);
        if (grundy_rule_max_heaps_left(rule) == 2) {
            grundy_seq *sparse = make(rule, GRUNDY_SEQ_SPARSE, n);
            check_same(naive, sparse, n);
            grundy_seq_destroy(sparse);
        }
        /* Resumed from a file of the first half: the same statistics. */
        grundy_seqfile_info info;
        grundy_seq *resumed = make(rule, GRUNDY_SEQ_AUTO, 0);
        CHECK(grundy_seqfile_save(naive, n / 2, GRUNDY_SEQFILE_CHECKPOINT, path) ==
              GRUNDY_STATUS_OK);
        CHECK(grundy_seqfile_load(path, resumed, &info) == GRUNDY_STATUS_OK);
        CHECK(grundy_seq_extend(resumed, n) == GRUNDY_STATUS_OK);
        check_same(naive, resumed, n);
        grundy_seq_destroy(resumed);
        grundy_seq_destroy(naive);
        grundy_rule_destroy(rule);
    }
    remove(path);
    return check_report("test_stats");
}
