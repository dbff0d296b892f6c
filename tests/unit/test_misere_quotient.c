/* SPDX-License-Identifier: MIT */
/* Misere quotients: published facts (tame quotients, 0.75, 0.07 to heap 30, 0.3122's infinite
 * quotient) and an independent brute force (outcomes of every position up to a size, classes of
 * indistinguishability by explicit tests) against the incremental engine on random rules. */
#include "check.h"

#include "heap/rule/heap_moves.h"

#include <grundy/misere.h>
#include <grundy/position.h>

static grundy_rule *parse(const char *text) {
    grundy_rule *r = NULL;
    CHECK_EQ(grundy_rule_parse(text, &r, NULL), GRUNDY_STATUS_OK);
    return r;
}

static grundy_misere *quotient(const grundy_rule *r, uint64_t n, grundy_status want) {
    grundy_misere *q = NULL;
    CHECK_EQ(grundy_misere_create(r, NULL, &q), GRUNDY_STATUS_OK);
    if (q != NULL) {
        CHECK_EQ(grundy_misere_extend(q, n), want);
    }
    return q;
}

static void expect(const char *rule, uint64_t n, uint32_t order, uint32_t p_size, int tame) {
    grundy_rule *r = parse(rule);
    grundy_misere *q = r != NULL ? quotient(r, n, GRUNDY_STATUS_OK) : NULL;
    if (q != NULL) {
        CHECK_EQ(grundy_misere_order(q), order);
        CHECK_EQ(grundy_misere_p_size(q), p_size);
        CHECK_EQ(grundy_misere_tame(q), tame);
        if (grundy_misere_order(q) != order) {
            fprintf(stderr, "  rule %s to heap %llu\n", rule, (unsigned long long)n);
        }
    }
    grundy_misere_destroy(q);
    grundy_rule_destroy(r);
}

/* Conway's tame quotients: |T0| = 1, |T1| = 2, |Tk| = 2^k + 2; Nim's heaps 1, 2, 4, 8 bring T1..T4
 * (Plambeck-Siegel, section 3). */
static void test_published(void) {
    expect("nim", 0, 1, 0, 0);
    expect("nim", 1, 2, 1, 1);
    expect("nim", 2, 6, 2, 2);
    expect("nim", 3, 6, 2, 2);
    expect("nim", 4, 10, 2, 3);
    expect("nim", 7, 10, 2, 3);
    expect("nim", 8, 18, 2, 4);
    expect("nim", 16, 34, 2, 5);
    /* 0.75: order 8, P-portion 2 (the quotient R8). */
    expect("0.75", 40, 8, 2, -1);
    /* Dawson's Kayles to heap 30: order 360 (Siegel, MisereSolver). */
    expect("0.07", 30, 360, 65, -1);
    /* 0.3122 to heap 7 is infinite (Weimerskirch): the engine must stop at its bound. */
    grundy_rule *r = parse("0.3122");
    grundy_misere_opts o = GRUNDY_MISERE_OPTS_INIT;
    o.max_quotient = 1000;
    grundy_misere *q = NULL;
    if (r != NULL && grundy_misere_create(r, &o, &q) == GRUNDY_STATUS_OK) {
        CHECK_EQ(grundy_misere_extend(q, 7), GRUNDY_STATUS_LIMIT);
        CHECK_EQ(grundy_misere_max_heap(q), 6);
    }
    grundy_misere_destroy(q);
    grundy_rule_destroy(r);
}

/* The presentation of R8 (0.75). */
static void test_presentation(void) {
    grundy_rule *r = parse("0.75");
    grundy_misere *q = r != NULL ? quotient(r, 14, GRUNDY_STATUS_OK) : NULL;
    char buf[64];
    if (q != NULL) {
        CHECK_EQ(grundy_misere_generator_count(q), 3);
        CHECK_EQ(grundy_misere_relation_count(q), 4);
        grundy_misere_format_relation(q, 0, buf, sizeof buf);
        CHECK_STR(buf, "a^2 = 1");
        grundy_misere_format_relation(q, 1, buf, sizeof buf);
        CHECK_STR(buf, "bc = ab");
        uint32_t x = 0;
        CHECK_EQ(grundy_misere_image(q, 12, &x), GRUNDY_STATUS_OK);
        grundy_misere_format_element(q, x, buf, sizeof buf);
        CHECK_STR(buf, "b");
        CHECK_EQ(grundy_misere_image(q, 15, &x), GRUNDY_STATUS_RANGE);
        /* phi from heap 6: b c b ab^2 b ab^2 ...: period 2 from heap 8, seen three times by 14 */
        uint64_t period = 0, preperiod = 0;
        CHECK(grundy_misere_phi_period(q, &period, &preperiod));
        CHECK_U64(period, 2);
        CHECK_U64(preperiod, 8);
    }
    grundy_misere_destroy(q);
    grundy_rule_destroy(r);
}

/* ---- the brute force: positions are exponent vectors over heaps 1..n of at most T tokens ---- */

typedef struct brute {
    const grundy_rule *rule;
    size_t n, tokens;
    size_t radix[16], stride[16];
    size_t size;
    signed char *outcome; /* 1 win for the player to move, 0 loss, -1 unknown */
} brute;

static size_t index_of(const brute *b, const size_t *e) {
    size_t i = 0;
    for (size_t h = 1; h <= b->n; h++) {
        i += e[h] * b->stride[h];
    }
    return i;
}

static size_t tokens_of(const brute *b, const size_t *e) {
    size_t t = 0;
    for (size_t h = 1; h <= b->n; h++) {
        t += h * e[h];
    }
    return t;
}

static int solve(brute *b, size_t *e);

typedef struct move_ctx {
    brute *b;
    size_t *e;
    size_t heap;
    int win;
} move_ctx;

static int try_option(void *ctx, const grundy_heap_move *m) {
    move_ctx *c = ctx;
    c->e[c->heap]--;
    for (unsigned j = 0; j < m->parts; j++) {
        c->e[m->left[j]]++;
    }
    c->win = !solve(c->b, c->e);
    for (unsigned j = 0; j < m->parts; j++) {
        c->e[m->left[j]]--;
    }
    c->e[c->heap]++;
    return c->win;
}

/* Misere: a position with no move is a win for the player to move. */
static int solve(brute *b, size_t *e) {
    const size_t i = index_of(b, e);
    if (b->outcome[i] >= 0) {
        return b->outcome[i];
    }
    move_ctx c = {b, e, 0, 0};
    int any = 0;
    for (size_t h = 1; h <= b->n && !c.win; h++) {
        int has = 0;
        if (e[h] > 0) {
            CHECK_EQ(grundy_heap_has_move(b->rule, h, &has), GRUNDY_STATUS_OK);
        }
        if (has) {
            any = 1;
            c.heap = h;
            grundy_heap_moves_each(b->rule, h, try_option, &c, NULL);
        }
    }
    b->outcome[i] = (signed char)(any ? c.win : 1);
    return b->outcome[i];
}

/* Next exponent vector of at most b->tokens tokens; 0 when done. */
static int next_position(const brute *b, size_t *e) {
    for (size_t h = 1; h <= b->n; h++) {
        e[h]++;
        if (tokens_of(b, e) <= b->tokens) {
            return 1;
        }
        e[h] = 0;
    }
    return 0;
}

static uint32_t image(const grundy_misere *q, const size_t *e, size_t n) {
    uint32_t x = 0, y = 0;
    for (size_t h = 1; h <= n; h++) {
        grundy_misere_image(q, h, &y);
        for (size_t k = 0; k < e[h]; k++) {
            x = grundy_misere_mul(q, x, y);
        }
    }
    return x;
}

/* Outcomes of all positions up to `tokens`, then: two positions of at most `small` tokens with
 * the same image must agree on every test position X (G + X within `tokens`), and the number of
 * classes the tests separate must be the number of images. */
static void compare(const grundy_rule *rule, const char *text, size_t n, size_t tokens,
                    size_t small) {
    brute b = {rule, n, tokens, {0}, {0}, 1, NULL};
    for (size_t h = 1; h <= n; h++) {
        b.radix[h] = tokens / h + 1;
        b.stride[h] = b.size;
        b.size *= b.radix[h];
    }
    b.outcome = malloc(b.size);
    size_t *e = calloc(n + 1, sizeof *e), *x = calloc(n + 1, sizeof *x);
    grundy_misere *q = quotient(rule, n, GRUNDY_STATUS_OK);
    if (b.outcome == NULL || e == NULL || x == NULL || q == NULL) {
        CHECK(0);
        goto done;
    }
    memset(b.outcome, -1, b.size);
    int bad = 0;
    do {
        const int win = solve(&b, e);
        bad += win != !grundy_misere_is_p(q, image(q, e, n));
    } while (next_position(&b, e));
    CHECK_EQ(bad, 0);
    /* Signatures of the small positions: their outcomes with every test position. */
    const uint32_t order = grundy_misere_order(q);
    size_t *first = calloc(order, sizeof *first); /* an index + 1 per image */
    size_t distinct_images = 0, classes = 0, mismatch = 0;
    uint8_t *sig = NULL, *sigs = NULL;
    size_t sig_len = 0, small_count = 0;
    const brute tests = {rule, n, tokens - small, {0}, {0}, 0, NULL};
    const brute smalls = {rule, n, small, {0}, {0}, 0, NULL};
    size_t small_total = 0;
    memset(e, 0, (n + 1) * sizeof *e);
    do {
        sig_len++;
    } while (next_position(&tests, e));
    memset(e, 0, (n + 1) * sizeof *e);
    do {
        small_total++;
    } while (next_position(&smalls, e));
    memset(e, 0, (n + 1) * sizeof *e);
    sigs = malloc(small_total * sig_len + 1);
    sig = malloc(sig_len + 1);
    if (first == NULL || sigs == NULL || sig == NULL) {
        CHECK(0);
        goto sig_done;
    }
    do {
        memset(x, 0, (n + 1) * sizeof *x);
        size_t k = 0;
        do {
            size_t sum[16];
            for (size_t h = 1; h <= n; h++) {
                sum[h] = e[h] + x[h];
            }
            sig[k++] = (uint8_t)solve(&b, sum);
        } while (next_position(&tests, x));
        const uint32_t img = image(q, e, n);
        if (first[img] == 0) {
            distinct_images++;
            first[img] = small_count + 1;
        } else if (memcmp(sigs + (first[img] - 1) * sig_len, sig, sig_len) != 0) {
            mismatch++; /* same image, told apart by a test: the engine is wrong */
        }
        size_t j = 0;
        while (j < small_count && memcmp(sigs + j * sig_len, sig, sig_len) != 0) {
            j++;
        }
        classes += j == small_count;
        memcpy(sigs + small_count * sig_len, sig, sig_len);
        small_count++;
    } while (next_position(&smalls, e));
    CHECK_EQ(mismatch, 0);
    CHECK_EQ(classes, distinct_images);
    if (mismatch != 0 || classes != distinct_images || bad != 0) {
        fprintf(stderr, "  rule %s, heaps to %zu: %zu classes, %zu images, order %u\n", text, n,
                classes, distinct_images, order);
    }
sig_done:
    free(first);
    free(sigs);
    free(sig);
done:
    grundy_misere_destroy(q);
    free(b.outcome);
    free(e);
    free(x);
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

static void test_brute(uint64_t seed) {
    check_rng r = {seed};
    const char *fixed[] = {"nim", "kayles", "0.07", "0.75", "grundy-game", "0.3122", "0.137"};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        grundy_rule *rule = parse(fixed[i]);
        if (rule != NULL) {
            compare(rule, fixed[i], 6, 24, 12);
        }
        grundy_rule_destroy(rule);
    }
    for (int t = 0; t < 40; t++) {
        char text[32];
        random_rule(&r, text, sizeof text);
        grundy_rule *rule = parse(text);
        const size_t n = 3 + (size_t)check_rng_below(&r, 4);
        const int before = check_failures;
        if (rule != NULL) {
            compare(rule, text, n, 4 * n, 2 * n);
        }
        if (check_failures != before) {
            fprintf(stderr, "  seed %" PRIu64 " (GRUNDY_TEST_SEED), rule %s\n", seed, text);
        }
        grundy_rule_destroy(rule);
    }
}

/* Outcomes only, on more heaps than compare affords: every position of heaps 1..n with at most
 * `tokens` tokens must be a misere P-position exactly when its image is in P. This covers
 * positions that mix many heaps, where the check's pruning of dominated states does its work. */
static void compare_outcomes(const grundy_rule *rule, const char *text, size_t n, size_t tokens) {
    brute b = {rule, n, tokens, {0}, {0}, 1, NULL};
    for (size_t h = 1; h <= n; h++) {
        b.radix[h] = tokens / h + 1;
        b.stride[h] = b.size;
        b.size *= b.radix[h];
    }
    b.outcome = malloc(b.size);
    size_t *e = calloc(n + 1, sizeof *e);
    grundy_misere *q = quotient(rule, n, GRUNDY_STATUS_OK);
    size_t bad = 0;
    if (b.outcome != NULL && e != NULL && q != NULL) {
        memset(b.outcome, -1, b.size);
        do {
            bad += solve(&b, e) != !grundy_misere_is_p(q, image(q, e, n));
        } while (next_position(&b, e));
    }
    CHECK(b.outcome != NULL && e != NULL && q != NULL);
    CHECK_EQ(bad, 0);
    if (bad != 0) {
        fprintf(stderr, "  rule %s, heaps to %zu, %zu tokens: %zu wrong\n", text, n, tokens, bad);
    }
    grundy_misere_destroy(q);
    free(b.outcome);
    free(e);
}

static void test_brute_outcomes(uint64_t seed) {
    check_rng r = {seed ^ 0x9E3779B97F4A7C15u};
    const char *fixed[] = {"0.667", "0.07", "0.137", "kayles", "0.4"};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        grundy_rule *rule = parse(fixed[i]);
        if (rule != NULL) {
            compare_outcomes(rule, fixed[i], 12, 16);
        }
        grundy_rule_destroy(rule);
    }
    for (int t = 0; t < 40; t++) {
        char text[32];
        random_rule(&r, text, sizeof text);
        grundy_rule *rule = parse(text);
        const size_t n = 7 + (size_t)check_rng_below(&r, 6);
        const int before = check_failures;
        if (rule != NULL) {
            compare_outcomes(rule, text, n, 16);
        }
        if (check_failures != before) {
            fprintf(stderr, "  seed %" PRIu64 " (GRUNDY_TEST_SEED), rule %s\n", seed, text);
        }
        grundy_rule_destroy(rule);
    }
}

/* ---- an independent exact check: every state (x, U) that positions reach, no pruning ---- */

/* The check as it was before states were pruned: visit every state (x, U) reached from the
 * empty position by adding heaps (x = phi(G), U = { w : some option G' of G has phi(G') w in P })
 * and require phi(G) in P exactly when G is not empty and no option maps into P. */
typedef struct ref_check {
    const grundy_misere *q;
    const grundy_rule *rule;
    size_t words, count, cap, *slot, slot_cap;
    uint32_t *x, *opt_start, *opt, opt_len, cur;
    uint64_t *u, *inv_p;
} ref_check;

static int ref_add_option(void *ctx, const grundy_heap_move *m) {
    ref_check *c = ctx;
    uint32_t x = 0, y = 0;
    for (unsigned j = 0; j < m->parts; j++) {
        grundy_misere_image(c->q, m->left[j], &y);
        x = grundy_misere_mul(c->q, x, y);
    }
    c->opt[c->opt_len++] = x;
    return 0;
}

static size_t ref_find(const ref_check *c, uint32_t x, const uint64_t *u) {
    uint64_t h = x * 0x9E3779B97F4A7C15u;
    for (size_t i = 0; i < c->words; i++) {
        h = (h ^ u[i]) * 0xBF58476D1CE4E5B9u;
    }
    size_t k = (size_t)(h >> 7) & (c->slot_cap - 1);
    while (c->slot[k] != 0 && (c->x[c->slot[k] - 1] != x ||
                               memcmp(c->u + (c->slot[k] - 1) * c->words, u, c->words * 8) != 0)) {
        k = (k + 1) & (c->slot_cap - 1);
    }
    return k;
}

/* 1 when the pretension passes, 0 when a state fails, -1 past max_states (not decided). */
static int ref_run(ref_check *c, size_t n, size_t max_states, uint64_t *tmp) {
    const uint32_t order = grundy_misere_order(c->q), empty = 0x80000000u;
    c->x[0] = empty;
    memset(c->u, 0, c->words * 8);
    c->count = 1;
    c->slot[ref_find(c, empty, c->u)] = 1;
    for (size_t i = 0; i < c->count; i++) {
        const uint32_t x = c->x[i] & ~empty;
        const uint64_t *u = c->u + i * c->words;
        const int some_p = (int)(u[0] & 1u);
        if ((c->x[i] == empty && grundy_misere_is_p(c->q, 0)) ||
            (c->x[i] != empty && grundy_misere_is_p(c->q, x) == some_p)) {
            return 0;
        }
        for (size_t h = 1; h <= n; h++) {
            uint32_t phi = 0;
            grundy_misere_image(c->q, h, &phi);
            if (c->opt_start[h] == c->opt_start[h + 1]) {
                continue;
            }
            memset(tmp, 0, c->words * 8);
            for (uint32_t w = 0; w < order; w++) {
                const uint32_t y = grundy_misere_mul(c->q, phi, w);
                tmp[w >> 6] |= ((u[y >> 6] >> (y & 63)) & 1u) << (w & 63);
            }
            for (uint32_t k = c->opt_start[h]; k < c->opt_start[h + 1]; k++) {
                const uint64_t *d = c->inv_p + grundy_misere_mul(c->q, x, c->opt[k]) * c->words;
                for (size_t j = 0; j < c->words; j++) {
                    tmp[j] |= d[j];
                }
            }
            const uint32_t y = grundy_misere_mul(c->q, x, phi);
            const size_t k = ref_find(c, y, tmp);
            if (c->slot[k] != 0) {
                continue;
            }
            if (c->count == max_states) {
                return -1;
            }
            c->x[c->count] = y;
            memcpy(c->u + c->count * c->words, tmp, c->words * 8);
            c->slot[k] = (uint32_t)++c->count;
        }
    }
    return 1;
}

/* The engine's quotient of `text` to heap n (or as far as its bounds let it go) passes the
 * reference check (or the check is too big for max_states states: then nothing is said). */
static void reference_check(const char *text, size_t n, size_t max_states, uint64_t seed) {
    grundy_rule *rule = parse(text);
    grundy_misere *q = NULL;
    if (rule == NULL || grundy_misere_create(rule, NULL, &q) != GRUNDY_STATUS_OK) {
        CHECK(0);
        grundy_rule_destroy(rule);
        return;
    }
    const grundy_status st = grundy_misere_extend(q, n); /* LIMIT: check what was computed */
    CHECK(st == GRUNDY_STATUS_OK || st == GRUNDY_STATUS_LIMIT);
    n = grundy_misere_max_heap(q);
    const uint32_t order = grundy_misere_order(q);
    ref_check c = {
        q,    rule, (order + 63) / 64, 0, max_states, NULL, 4 * max_states, NULL, NULL, NULL, 0, 0,
        NULL, NULL};
    c.slot = calloc(c.slot_cap, sizeof *c.slot);
    c.x = malloc(max_states * sizeof *c.x);
    c.u = malloc(max_states * c.words * 8);
    c.inv_p = calloc((size_t)order * c.words, 8);
    c.opt_start = calloc(n + 2, sizeof *c.opt_start);
    uint64_t *tmp = malloc(c.words * 8);
    size_t total = 0;
    for (size_t h = 1; h <= n; h++) {
        total += h * h; /* at most h^2 moves of a heap of h: enough for octal codes */
    }
    c.opt = malloc((total + 1) * sizeof *c.opt);
    if (!c.slot || !c.x || !c.u || !c.inv_p || !c.opt_start || !tmp || !c.opt) {
        CHECK(0);
        goto done;
    }
    for (uint32_t y = 0; y < order; y++) {
        for (uint32_t w = 0; w < order; w++) {
            if (grundy_misere_is_p(q, grundy_misere_mul(q, y, w))) {
                c.inv_p[y * c.words + (w >> 6)] |= (uint64_t)1 << (w & 63);
            }
        }
    }
    for (size_t h = 1; h <= n; h++) {
        c.opt_start[h] = c.opt_len;
        grundy_heap_moves_each(rule, h, ref_add_option, &c, NULL);
    }
    c.opt_start[n + 1] = c.opt_len;
    const int verdict = ref_run(&c, n, max_states, tmp);
    CHECK(verdict != 0);
    if (verdict == 0) {
        fprintf(stderr, "  seed %" PRIu64 " (GRUNDY_TEST_SEED): rule %s to heap %zu fails\n", seed,
                text, n);
    }
done:
    free(c.slot);
    free(c.x);
    free(c.u);
    free(c.inv_p);
    free(c.opt_start);
    free(c.opt);
    free(tmp);
    grundy_misere_destroy(q);
    grundy_rule_destroy(rule);
}

static void test_reference_check(uint64_t seed) {
    check_rng r = {seed ^ 0xD1B54A32D192ED03u};
    reference_check("0.667", 45, (size_t)1 << 18, seed);
    reference_check("0.07", 24, (size_t)1 << 18, seed);
    reference_check("0.137", 22, (size_t)1 << 18, seed);
    reference_check("kayles", 80, (size_t)1 << 18, seed);
    for (int t = 0; t < 30; t++) {
        char text[32];
        random_rule(&r, text, sizeof text);
        reference_check(text, 10 + (size_t)check_rng_below(&r, 15), (size_t)1 << 16, seed);
    }
}

/* 0.667 keeps an order-108 quotient from heap 62 to 332 and changes at heap 333 to order 172
 * (Siegel's MisereSolver finds the same): the incremental check must reach it quickly. */
static void test_late_change(void) {
    grundy_rule *r = parse("0.667");
    grundy_misere *q = r != NULL ? quotient(r, 332, GRUNDY_STATUS_OK) : NULL;
    if (q != NULL) {
        CHECK_EQ(grundy_misere_order(q), 108);
        CHECK_EQ(grundy_misere_stable_from(q), 62);
        CHECK_EQ(grundy_misere_extend(q, 340), GRUNDY_STATUS_OK);
        CHECK_EQ(grundy_misere_order(q), 172);
        CHECK_EQ(grundy_misere_p_size(q), 7);
        CHECK_EQ(grundy_misere_stable_from(q), 333);
    }
    grundy_misere_destroy(q);
    grundy_rule_destroy(r);
}

/* ---- genus ---- */

/* Kinds of tame genera: 0^120 and 1^031 (small), the others tame but not small, -1 wild. */
enum { GENUS_ZERO, GENUS_ONE, GENUS_TAME, GENUS_WILD };

static int genus_kind(const grundy_genus *x) {
    const uint64_t g = x->normal;
    const uint8_t *t = x->misere;
    const size_t len = x->len;
    if (len == 3 && g == 0 && t[0] == 1 && t[1] == 2 && t[2] == 0) {
        return GENUS_ZERO;
    }
    if (len == 3 && g == 1 && t[0] == 0 && t[1] == 3 && t[2] == 1) {
        return GENUS_ONE;
    }
    if (len == 2 && t[0] == g && t[1] == (g ^ 2)) {
        return GENUS_TAME; /* g^(g, g+2): 0^02, 1^13, 2^20, 3^31, ... */
    }
    return GENUS_WILD;
}

/* Nim's genera in closed form: 0^120, 1^031, n^(n, n xor 2) for n >= 2. */
static void test_nim_genus(void) {
    grundy_rule *r = parse("nim");
    grundy_genus g[21];
    CHECK_EQ(r != NULL ? grundy_misere_genus(r, 20, 1u << 20, 0, g) : GRUNDY_STATUS_PARSE,
             GRUNDY_STATUS_OK);
    for (uint64_t n = 0; n <= 20 && r != NULL; n++) {
        CHECK_U64(g[n].normal, n);
        CHECK_EQ(genus_kind(&g[n]), n == 0 ? GENUS_ZERO : n == 1 ? GENUS_ONE : GENUS_TAME);
    }
    grundy_rule_destroy(r);
}

/* The memo's byte bound is a limit, not a crash or a wrong row: 0.07's genus to heap 12 needs
 * more than 4 KiB of memo, and the same search with the default bound succeeds. */
static void test_genus_byte_bound(void) {
    grundy_rule *r = parse("0.07");
    grundy_genus g[13];
    CHECK_EQ(r != NULL ? grundy_misere_genus(r, 12, 1u << 20, 4096, g) : GRUNDY_STATUS_PARSE,
             GRUNDY_STATUS_LIMIT);
    CHECK_EQ(r != NULL ? grundy_misere_genus(r, 12, 1u << 20, 0, g) : GRUNDY_STATUS_PARSE,
             GRUNDY_STATUS_OK);
    grundy_rule_destroy(r);
}

/* For a rule whose quotient to heap n is tame, every heap's genus is tame and Conway's rule
 * decides every position: with only 0^120 and 1^031 parts, a P-position iff the count of 1^031
 * is odd; otherwise iff the nim-sum of the normal values is 0. Checked against the brute force
 * over every position of at most 4n tokens. Returns 1 when the rule was tame. */
static int check_tame_by_genus(const grundy_rule *rule, const char *text, size_t n) {
    grundy_misere *q = quotient(rule, n, GRUNDY_STATUS_OK);
    const int tame = q != NULL ? grundy_misere_tame(q) : -1;
    grundy_misere_destroy(q);
    if (tame < 0) {
        return 0;
    }
    int kind[16];
    uint64_t normal[16];
    grundy_genus gen[16];
    CHECK_EQ(grundy_misere_genus(rule, n, 1u << 20, 0, gen), GRUNDY_STATUS_OK);
    for (size_t h = 1; h <= n; h++) {
        normal[h] = gen[h].normal;
        kind[h] = genus_kind(&gen[h]);
        CHECK(kind[h] != GENUS_WILD);
    }
    brute b = {rule, n, 4 * n, {0}, {0}, 1, NULL};
    for (size_t h = 1; h <= n; h++) {
        b.radix[h] = b.tokens / h + 1;
        b.stride[h] = b.size;
        b.size *= b.radix[h];
    }
    b.outcome = malloc(b.size);
    size_t *e = calloc(n + 1, sizeof *e);
    int bad = 0;
    if (b.outcome != NULL && e != NULL) {
        memset(b.outcome, -1, b.size);
        do {
            size_t ones = 0, big = 0;
            uint64_t sum = 0;
            for (size_t h = 1; h <= n; h++) {
                ones += kind[h] == GENUS_ONE ? e[h] : 0;
                big += kind[h] == GENUS_TAME ? e[h] : 0;
                sum ^= (e[h] & 1u) ? normal[h] : 0;
            }
            const int p = big == 0 ? (ones & 1u) == 1 : sum == 0;
            bad += solve(&b, e) == p;
        } while (next_position(&b, e));
    }
    CHECK_EQ(bad, 0);
    if (bad != 0) {
        fprintf(stderr, "  rule %s to heap %zu: %d positions wrong through genus\n", text, n, bad);
    }
    free(b.outcome);
    free(e);
    return 1;
}

static void test_tame_genus(uint64_t seed) {
    check_rng r = {seed};
    int tame = 0;
    grundy_rule *nim = parse("nim");
    if (nim != NULL) {
        CHECK(check_tame_by_genus(nim, "nim", 6));
    }
    grundy_rule_destroy(nim);
    for (int t = 0; t < 200 && tame < 15; t++) {
        char text[32];
        random_rule(&r, text, sizeof text);
        grundy_rule *rule = parse(text);
        if (rule != NULL) {
            tame += check_tame_by_genus(rule, text, 3 + (size_t)check_rng_below(&r, 4));
        }
        grundy_rule_destroy(rule);
    }
    CHECK(tame >= 5); /* the test must see tame rules other than Nim */
}

/* ---- play: the quotient against the theory-free search ---- */

static int same_moves(const grundy_move *a, const grundy_move *b, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (a[i].heap != b[i].heap || a[i].take != b[i].take ||
            a[i].leaves_count != b[i].leaves_count ||
            memcmp(a[i].leaves, b[i].leaves, a[i].leaves_count * sizeof a[i].leaves[0]) != 0) {
            return 0;
        }
    }
    return 1;
}

/* Two answers to one position agree: outcome, move count, the moves listed. */
static void expect_same_play(const grundy_play_result *a, const grundy_move *ma,
                             const grundy_play_result *b, const grundy_move *mb) {
    CHECK_EQ(a->win, b->win);
    CHECK_U64(a->move_count, b->move_count);
    CHECK_EQ(a->moves_listed, b->moves_listed);
    CHECK(
        same_moves(ma, mb, a->moves_listed < b->moves_listed ? a->moves_listed : b->moves_listed));
}

/* Apply move m to the position: heap m->heap replaced by the heaps it leaves. */
static size_t apply_move(const uint64_t *heaps, size_t count, const grundy_move *m, uint64_t *out) {
    size_t k = 0;
    for (size_t i = 0; i < count; i++) {
        if (i != m->heap) {
            out[k++] = heaps[i];
        }
    }
    for (unsigned j = 0; j < m->leaves_count; j++) {
        out[k++] = m->leaves[j];
    }
    return k;
}

static void test_play(uint64_t seed) {
    check_rng r = {seed};
    const char *fixed[] = {"kayles", "0.07", "0.75", "grundy-game", "0.137", "0.3122", "S(2,5)"};
    int positions = 0;
    for (int t = 0; t < 24; t++) {
        char text[32];
        if (t < 7) {
            snprintf(text, sizeof text, "%s", fixed[t]);
        } else {
            random_rule(&r, text, sizeof text);
        }
        grundy_rule *rule = parse(text);
        grundy_position_opts fast = GRUNDY_POSITION_OPTS_INIT, slow = GRUNDY_POSITION_OPTS_INIT;
        slow.quotient_max_heap = 0;
        grundy_position *pf = NULL, *ps = NULL;
        if (rule == NULL || grundy_position_create(rule, &fast, &pf) != GRUNDY_STATUS_OK ||
            grundy_position_create(rule, &slow, &ps) != GRUNDY_STATUS_OK) {
            CHECK(0);
        }
        for (int k = 0; k < 25 && ps != NULL; k++, positions++) {
            uint64_t heaps[5], child[5 + GRUNDY_RULE_MAX_LEFT];
            const size_t count = 1 + (size_t)check_rng_below(&r, 5);
            for (size_t i = 0; i < count; i++) {
                heaps[i] = check_rng_below(&r, 13);
            }
            grundy_move mf[64], ms[64];
            grundy_play_result rf, rs, rc;
            CHECK_EQ(grundy_position_play(pf, heaps, count, 1, mf, 64, &rf), GRUNDY_STATUS_OK);
            CHECK_EQ(grundy_position_play(ps, heaps, count, 1, ms, 64, &rs), GRUNDY_STATUS_OK);
            const int before = check_failures;
            expect_same_play(&rf, mf, &rs, ms);
            for (size_t i = 0; i < rf.moves_listed; i++) { /* each leads to a P-position */
                const size_t c = apply_move(heaps, count, &mf[i], child);
                CHECK_EQ(grundy_position_play(ps, child, c, 1, NULL, 0, &rc), GRUNDY_STATUS_OK);
                CHECK_EQ(rc.win, 0);
            }
            if (check_failures != before) {
                fprintf(stderr, "  seed %" PRIu64 ", rule %s, %zu heaps from %llu\n", seed, text,
                        count, (unsigned long long)heaps[0]);
            }
        }
        grundy_position_destroy(pf);
        grundy_position_destroy(ps);
        grundy_rule_destroy(rule);
    }
    CHECK(positions >= 500);
}

/* Sums of 10^5 heaps through the quotient. A Kayles heap of 1 is *, and * + * = 0 in misere
 * play too (Conway, ONAG ch. 12), so G plus an even number of heaps of 1 has G's outcome, which
 * the search finds; plus an odd number, that of G + *. */
static void test_many_heaps(uint64_t seed) {
    check_rng r = {seed};
    grundy_rule *rule = parse("kayles");
    grundy_position *p = NULL, *ps = NULL;
    grundy_position_opts slow = GRUNDY_POSITION_OPTS_INIT;
    enum { COUNT = 100000 };
    uint64_t *heaps = malloc((COUNT + 4) * sizeof *heaps);
    grundy_play_result res, want;
    slow.quotient_max_heap = 0;
    if (rule == NULL || heaps == NULL || grundy_position_create(rule, NULL, &p) != 0 ||
        grundy_position_create(rule, &slow, &ps) != 0) {
        CHECK(0);
    } else {
        for (int t = 0; t < 20; t++) {
            const size_t g = 1 + (size_t)check_rng_below(&r, 3), ones = COUNT - (size_t)t;
            for (size_t i = 0; i < g; i++) {
                heaps[i] = 2 + check_rng_below(&r, 20);
            }
            heaps[g] = 1;
            CHECK_EQ(grundy_position_play(ps, heaps, g + (ones & 1u), 1, NULL, 0, &want), 0);
            for (size_t i = 0; i < ones; i++) {
                heaps[g + i] = 1;
            }
            CHECK_EQ(grundy_position_play(p, heaps, g + ones, 1, NULL, 0, &res), 0);
            CHECK_EQ(res.win, want.win);
        }
    }
    grundy_position_destroy(p);
    grundy_position_destroy(ps);
    grundy_rule_destroy(rule);
    free(heaps);
}

/* A proved period predicts the images that a longer computation finds, and the rules outside the
 * proof are never claimed. */
static void expect_proved(const char *rule, uint64_t n, uint64_t period, uint64_t preperiod) {
    grundy_rule *r = parse(rule);
    grundy_misere *q = r != NULL ? quotient(r, n, GRUNDY_STATUS_OK) : NULL;
    grundy_misere *longer = r != NULL ? quotient(r, 2 * n, GRUNDY_STATUS_OK) : NULL;
    uint64_t p = 0, n0 = 0;
    if (q != NULL && longer != NULL) {
        CHECK(grundy_misere_proved(q, &p, &n0));
        CHECK_U64(p, period);
        CHECK_U64(n0, preperiod);
        CHECK_EQ(grundy_misere_order(longer), grundy_misere_order(q));
        int same = 1;
        for (uint64_t h = 0; h <= 2 * n; h++) {
            uint32_t x = 0, y = 0;
            CHECK_EQ(grundy_misere_image(q, h, &x), GRUNDY_STATUS_OK);
            grundy_misere_image(longer, h, &y);
            char a[64], b[64];
            grundy_misere_format_element(q, x, a, sizeof a);
            grundy_misere_format_element(longer, y, b, sizeof b);
            same = same && strcmp(a, b) == 0;
        }
        CHECK(same);
        uint32_t x = 0;
        CHECK_EQ(grundy_misere_image(q, (uint64_t)1 << 60, &x), GRUNDY_STATUS_OK);
    }
    grundy_misere_destroy(q);
    grundy_misere_destroy(longer);
    grundy_rule_destroy(r);
}

static void test_proved(void) {
    expect_proved("kayles", 200, 12, 71);
    expect_proved("S(2,5)", 40, 7, 1);
    expect_proved("0.75", 30, 2, 8);
    /* a tail, a split without removing, '!' on two heaps */
    const char *never[] = {"nim", "grundy-game", "0.77!"};
    const uint64_t heaps[] = {16, 12, 20};
    for (size_t i = 0; i < sizeof never / sizeof never[0]; i++) {
        grundy_rule *r = parse(never[i]);
        grundy_misere *q = r != NULL ? quotient(r, heaps[i], GRUNDY_STATUS_OK) : NULL;
        uint64_t p = 0, n0 = 0;
        if (q != NULL) {
            CHECK(!grundy_misere_proved(q, &p, &n0));
            uint32_t x = 0;
            CHECK_EQ(grundy_misere_image(q, heaps[i] + 1, &x), GRUNDY_STATUS_RANGE);
        }
        grundy_misere_destroy(q);
        grundy_rule_destroy(r);
    }
}

/* Heaps past the quotient's range through its proved period: with the range cut to 200 (Kayles
 * is proved there: period 12 from 71), positions of heaps up to 700 are answered through the
 * period and must agree with the quotient computed to 700 (range 1000): outcome, move count,
 * listed moves. And a heap of 10^18 has the outcome of its representative. */
static void test_huge_heaps(uint64_t seed) {
    check_rng r = {seed};
    grundy_rule *rule = parse("kayles");
    grundy_position_opts cut = GRUNDY_POSITION_OPTS_INIT, full = GRUNDY_POSITION_OPTS_INIT;
    grundy_position *pc = NULL, *pf = NULL;
    cut.quotient_max_heap = 200;
    if (rule == NULL || grundy_position_create(rule, &cut, &pc) != 0 ||
        grundy_position_create(rule, &full, &pf) != 0) {
        CHECK(0);
    }
    for (int t = 0; t < 40 && pf != NULL; t++) {
        uint64_t heaps[4];
        const size_t count = 1 + (size_t)check_rng_below(&r, 4);
        for (size_t i = 0; i < count; i++) {
            heaps[i] = check_rng_below(&r, 3) == 0 ? check_rng_below(&r, 30)
                                                   : 201 + check_rng_below(&r, 500);
        }
        grundy_move mc[32], mf[32];
        grundy_play_result rc, rf;
        CHECK_EQ(grundy_position_play(pc, heaps, count, 1, mc, 32, &rc), GRUNDY_STATUS_OK);
        CHECK_EQ(grundy_position_play(pf, heaps, count, 1, mf, 32, &rf), GRUNDY_STATUS_OK);
        const int before = check_failures;
        expect_same_play(&rc, mc, &rf, mf);
        if (check_failures != before) {
            fprintf(stderr, "  seed %" PRIu64 ": %zu heaps from %llu\n", seed, count,
                    (unsigned long long)heaps[0]);
        }
    }
    /* 10^18 = 71 + 12 k + 1: the heap of 72's image; with a heap of 3 beside it. */
    const uint64_t huge[2] = {1000000000000000000u, 3},
                   small[2] = {71 + (1000000000000000000u - 71) % 12, 3};
    grundy_play_result a, b;
    if (pf != NULL) {
        CHECK_EQ(grundy_position_play(pf, huge, 2, 1, NULL, 0, &a), GRUNDY_STATUS_OK);
        CHECK_EQ(grundy_position_play(pf, small, 2, 1, NULL, 0, &b), GRUNDY_STATUS_OK);
        CHECK_EQ(a.win, b.win);
        CHECK(a.move_count > b.move_count || !a.win); /* many more splits of the huge heap */
    }
    grundy_position_destroy(pc);
    grundy_position_destroy(pf);
    grundy_rule_destroy(rule);
}

int main(void) {
    const uint64_t seed = check_seed(14);
    test_published();
    test_presentation();
    test_proved();
    test_brute(seed);
    test_brute_outcomes(seed);
    test_late_change();
    test_reference_check(seed);
    test_nim_genus();
    test_genus_byte_bound();
    test_tame_genus(seed);
    test_play(seed);
    test_many_heaps(seed);
    test_huge_heaps(seed);
    return check_report("test_misere_quotient");
}
