/* SPDX-License-Identifier: MIT */
/* What the theorems prove about a rule, before any value is computed: the closed forms (one move
 * class taking a run of tokens), the theorem that covers the rule, and how many values its proof
 * of a period needs. The period finder (period.c, period_scan.c) and the query (query.c) stand on
 * this file. */
#include <grundy/period.h>

#include "heap/period/period_internal.h"

const char *grundy_proof_name(grundy_proof proof) {
    switch (proof) {
    case GRUNDY_PROOF_GUY_SMITH:
        return "guy-smith";
    case GRUNDY_PROOF_K_HEAP:
        return "k-heap";
    case GRUNDY_PROOF_WINDOW:
        return "window";
    case GRUNDY_PROOF_CLOSED_FORM:
        return "closed-form";
    case GRUNDY_PROOF_NONE:
        break;
    }
    return NULL;
}

/* ---------------------------------------------------------------- closed forms */

int grundy_closed_form_of(const grundy_rule *rule, grundy_closed_form *cf) {
    size_t count;
    const grundy_move_class *c = grundy_rule_classes(rule, &count);
    if (count != 1 || c->take_step != 1 || c->leaves != 3u || c->take_first == 0) {
        return 0;
    }
    cf->a = c->take_first;
    cf->b = c->take_last;
    cf->bounded = c->take_last != GRUNDY_NUMBER_MAX;
    return 1;
}

/* Why these hold, by induction on n (every option of n is a smaller heap):
 *  - take k in [a, inf): the options of n are g(0..n-a), i.e. floor(m/a) for m <= n - a, every
 *    value 0..floor((n-a)/a) and no other, so g(n) = floor((n-a)/a) + 1 = floor(n/a) (0 when
 *    n < a: no move).
 *  - take k in [a, b]: the options of n are g(m) for m in [n-b, n-a] (m >= 0). Write
 *    n = q(a+b) + r. The window holds a + b - a + 1 = b - a + 1 consecutive heaps; by induction
 *    their values run through the block pattern 0^a 1^a ... of length a + b, and one checks
 *    that the values 0..floor(r/a)-1 appear and floor(r/a) does not. The unit tests compare the
 *    formula with the naive engine on every small a, b. */
uint64_t grundy_closed_form_value(const grundy_closed_form *cf, uint64_t n) {
    if (!cf->bounded) {
        return n / cf->a;
    }
    return (n % (cf->a + cf->b)) / cf->a;
}

/* Heaps m in [0, x] with m mod period in [lo, lo + width - 1] (width <= period - lo). */
static uint64_t residues_upto(uint64_t x, uint64_t period, uint64_t lo, uint64_t width) {
    const uint64_t full = x / period, rest = x % period + 1;
    const uint64_t partial = rest > lo ? (rest - lo < width ? rest - lo : width) : 0;
    return full * width + partial;
}

uint64_t grundy_closed_form_count(const grundy_closed_form *cf, uint64_t from, uint64_t to,
                                  uint64_t value) {
    const uint64_t a = cf->a;
    if (value > GRUNDY_NUMBER_MAX / a) {
        return 0; /* value * a is past every heap */
    }
    const uint64_t lo = value * a;
    if (!cf->bounded) {
        const uint64_t hi = lo + (a - 1); /* <= 2^64 - 1: no overflow */
        const uint64_t first = lo > from ? lo : from, last = hi < to ? hi : to;
        return first <= last ? last - first + 1 : 0;
    }
    const uint64_t period = a + cf->b;
    if (lo >= period) {
        return 0;
    }
    const uint64_t width = period - lo < a ? period - lo : a;
    const uint64_t upto_to = residues_upto(to, period, lo, width);
    return from == 0 ? upto_to : upto_to - residues_upto(from - 1, period, lo, width);
}

/* ---------------------------------------------------------------- theorems */

/* A rule given by a function: its octal shape's code, whose moves it was checked to have on every
 * heap computed and promised to have beyond; NULL when it declared none (no theorem). */
static const grundy_rule *theorem_rule(const grundy_rule *rule) {
    if (grundy_rule_get_kind(rule) != GRUNDY_RULE_CALLBACK) {
        return rule;
    }
    return grundy_rule_shape_code(rule);
}

grundy_proof grundy_period_theorem(const grundy_rule *rule) {
    grundy_closed_form cf;
    if (grundy_rule_get_kind(rule) == GRUNDY_RULE_CALLBACK) {
        rule = theorem_rule(rule);
        if (rule == NULL) {
            return GRUNDY_PROOF_NONE;
        }
        if (grundy_closed_form_of(rule, &cf)) {
            return GRUNDY_PROOF_WINDOW; /* the closed forms are for rules of classes; a bounded
                                           take leaving at most one heap has the window test */
        }
    }
    if (grundy_closed_form_of(rule, &cf)) {
        return GRUNDY_PROOF_CLOSED_FORM;
    }
    if (grundy_rule_max_take(rule) == GRUNDY_NUMBER_MAX || grundy_rule_has_distinct(rule)) {
        return GRUNDY_PROOF_NONE;
    }
    const unsigned k = grundy_rule_max_heaps_left(rule);
    return k <= 1 ? GRUNDY_PROOF_WINDOW : k == 2 ? GRUNDY_PROOF_GUY_SMITH : GRUNDY_PROOF_K_HEAP;
}

static uint64_t sat_add(uint64_t x, uint64_t y) {
    return x > UINT64_MAX - y ? UINT64_MAX : x + y;
}

static uint64_t sat_mul(uint64_t x, uint64_t k) {
    return k != 0 && x > UINT64_MAX / k ? UINT64_MAX : x * k;
}

/* t: the largest take (the index of the last nonzero digit). A tail has no largest take; the
 * window a theorem "would need" then uses the last digit written, prefix and one tail period. */
static uint64_t last_take(const grundy_rule *rule) {
    const uint64_t t = grundy_rule_max_take(rule);
    if (t != GRUNDY_NUMBER_MAX) {
        return t;
    }
    size_t prefix_len, tail_len;
    grundy_rule_digits(rule, &prefix_len, &tail_len);
    return (uint64_t)(prefix_len + tail_len - 1);
}

/*
 * The bounds, and why they suffice. Let the moves take at most t tokens and leave at most k
 * heaps, and suppose g(i + p) = g(i) for every n0 <= i < N. We show that heaps N and N + p have
 * the same option values once N is large enough; then g(N + p) = g(N) and induction on N
 * covers every heap, so checking g(i + p) = g(i) for n0 <= i < N* needs N* + p values.
 *  - Moves leaving one heap (take k <= t): heap N reaches g(N - k), heap N + p reaches
 *    g(N + p - k) = g(N - k) when N - k >= n0: N >= n0 + t. For N > t no move takes the whole
 *    heap, from N or from N + p.
 *  - Window test (no move leaves two heaps, t finite): for N > t the options of N are a fixed
 *    function of g(N - t .. N - 1), so N* = max(n0, 1) + t suffices (max(n0, 1) > 0 keeps
 *    N > t); values needed: max(n0, 1) + t + p.
 *  - Guy-Smith (two heaps, no '!'): a split a + b = N - k with b the larger part maps to
 *    a + (b + p) = N + p - k, which needs b >= n0; b >= (N - t) / 2, so N >= 2 n0 + t. The
 *    converse maps a + b' = N + p - k (b' the larger) to a + (b' - p) = N - k, which needs
 *    b' - p >= max(n0, 1) (a part must stay non-empty): b' - p >= (N - p - t) / 2, so
 *    N >= 2 max(n0, 1) + p + t. Both parts keep their sizes or move by p, so a '!' (unequal
 *    parts) could break the map: '!' codes have no theorem. Values needed:
 *    N* + p = 2 max(n0, 1) + 2p + t (the classic 2 n0 + 2p + t for n0 >= 1; the seed's
 *    section 9 checks more, up to 2 n0 + 2p + 2 + p, which is also enough).
 *  - k-heap form (three or four heaps): the largest part is >= (N - t) / k, and the same maps
 *    need N >= k max(n0, 1) + (k - 1) p + t; we use CGSuite's k n0 + k p + t + k values, which
 *    is never less than N* + p.
 */
uint64_t grundy_period_values_needed(const grundy_rule *rule, uint64_t n0, uint64_t p) {
    /* A rule given by a function without an octal shape proves nothing: the window of an
     * observation uses its declared max_take (0 when unknown) and max_heaps_left. */
    const int shapeless = theorem_rule(rule) == NULL;
    rule = shapeless ? rule : theorem_rule(rule);
    const uint64_t declared = grundy_rule_max_take(rule);
    const uint64_t t = !shapeless ? last_take(rule) : declared == GRUNDY_NUMBER_MAX ? 0 : declared;
    const uint64_t k = grundy_rule_max_heaps_left(rule);
    const uint64_t n0_pos = n0 > 0 ? n0 : 1;
    if (k <= 1) {
        return sat_add(sat_add(n0_pos, p), t);
    }
    if (k == 2) {
        return sat_add(sat_mul(sat_add(n0_pos, p), 2), t);
    }
    return sat_add(sat_mul(sat_add(sat_add(n0, p), 1), k), t);
}
