/* SPDX-License-Identifier: MIT */
/* Counting n <= N with n*c1 ^ n*c2 ^ ... = 0 by a digit automaton over the carries (no
 * enumeration). */
#include <grundy/nimber.h>

#include <stdlib.h>

/*
 * Read n from its lowest bit up. Bit b of n*c is (c * n_b + carry) mod 2, and the carry into bit
 * b + 1 is floor((c * n_b + carry) / 2); by induction carry < c, so the carries of all multipliers
 * together take at most prod(c_i) values: that tuple is the automaton's state. A bit of n is
 * allowed when the bits it makes in the products have even parity (their XOR is 0). After the
 * last bit of N, n has no more bits and each product's higher bits are its carry written out in
 * binary, so n is counted iff the carries XOR to 0. Whether n <= N is one more state bit, read
 * from the low end: "n's low bits exceed N's" (set when n's bit exceeds N's, cleared when it is
 * below, kept when equal). Cost: O(states * multipliers) for the steps, then
 * O(64 * states), independent of N.
 */

typedef struct automaton {
    const uint64_t *mult; /* the multipliers that matter (c >= 1) */
    size_t count;
    size_t states; /* prod(c_i) */
} automaton;

/* The carry tuple for state s, in mixed radix c_0, c_1, ...; returns it through carry[]. */
static void decode(const automaton *a, size_t s, uint64_t *carry) {
    for (size_t i = 0; i < a->count; i++) {
        carry[i] = s % a->mult[i];
        s /= a->mult[i];
    }
}

/* Feed bit x of n to state s: the next state, or SIZE_MAX when the product bits' XOR is 1. */
static size_t step(const automaton *a, size_t s, unsigned x, uint64_t *carry) {
    decode(a, s, carry);
    unsigned parity = 0;
    size_t next = 0, radix = 1;
    for (size_t i = 0; i < a->count; i++) {
        const uint64_t sum = a->mult[i] * x + carry[i]; /* < 2 c_i, no overflow for c_i < 2^62 */
        parity ^= (unsigned)(sum & 1u);
        next += (size_t)(sum >> 1) * radix;
        radix *= (size_t)a->mult[i];
    }
    return parity != 0 ? SIZE_MAX : next;
}

static int carries_cancel(const automaton *a, size_t s, uint64_t *carry) {
    decode(a, s, carry);
    uint64_t x = 0;
    for (size_t i = 0; i < a->count; i++) {
        x ^= carry[i];
    }
    return x == 0;
}

/* The step of every state on bits 0 and 1 (they do not depend on the bit's position). */
static void build_steps(const automaton *a, size_t *steps, uint64_t *carry) {
    for (size_t s = 0; s < a->states; s++) {
        steps[2 * s] = step(a, s, 0, carry);
        steps[2 * s + 1] = step(a, s, 1, carry);
    }
}

/* The number of 0 <= n <= to accepted; cur[2 * s + gt] counts the prefixes in state s. */
static uint64_t run(const automaton *a, const size_t *steps, uint64_t to, uint64_t *cur,
                    uint64_t *next, uint64_t *carry) {
    unsigned bits = 0;
    while (bits < 64 && (to >> bits) != 0) {
        bits++;
    }
    for (size_t k = 0; k < 2 * a->states; k++) {
        cur[k] = 0;
    }
    cur[0] = 1; /* no bits read: carries 0, n's (empty) low part equals N's */
    for (unsigned b = 0; b < bits; b++) {
        const unsigned y = (unsigned)(to >> b) & 1u;
        for (size_t k = 0; k < 2 * a->states; k++) {
            next[k] = 0;
        }
        for (size_t k = 0; k < 2 * a->states; k++) {
            const uint64_t c = cur[k];
            for (unsigned x = 0; c != 0 && x < 2; x++) {
                const size_t t = steps[2 * (k / 2) + x];
                if (t != SIZE_MAX) {
                    next[2 * t + (x != y ? x > y : k % 2)] += c;
                }
            }
        }
        uint64_t *const swap = cur;
        cur = next;
        next = swap;
    }
    uint64_t total = 0;
    for (size_t s = 0; s < a->states; s++) {
        if (cur[2 * s] != 0 && carries_cancel(a, s, carry)) {
            total += cur[2 * s];
        }
    }
    return total;
}

grundy_status grundy_nim_count_zero(const uint64_t *multipliers, size_t count, uint64_t from,
                                    uint64_t to, size_t max_states, uint64_t *out,
                                    size_t *states_needed) {
    grundy_status st = GRUNDY_STATUS_OK;
    uint64_t *mult = NULL, *counts = NULL, *carry = NULL;
    size_t *steps = NULL;
    uint64_t states = 1;
    automaton a = {NULL, 0, 1};
    if (to > GRUNDY_NUMBER_MAX || from > to || (count > 0 && multipliers == NULL)) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    for (size_t i = 0; i < count; i++) {
        if (multipliers[i] > GRUNDY_NIM_COUNT_MAX_MULTIPLIER) {
            return GRUNDY_STATUS_RANGE;
        }
        if (multipliers[i] != 0) {
            /* the product saturates at UINT64_MAX: it is only compared with max_states */
            states = states > UINT64_MAX / multipliers[i] ? UINT64_MAX : states * multipliers[i];
        }
    }
    if (states_needed != NULL) {
        *states_needed = states > SIZE_MAX ? SIZE_MAX : (size_t)states;
    }
    if (states > max_states || states > SIZE_MAX / (4 * sizeof(uint64_t))) {
        return GRUNDY_STATUS_LIMIT;
    }
    a.states = (size_t)states;
    mult = malloc((count > 0 ? count : 1) * sizeof *mult);
    carry = malloc((count > 0 ? count : 1) * sizeof *carry);
    counts = malloc(4 * a.states * sizeof *counts);
    steps = malloc(2 * a.states * sizeof *steps);
    if (mult == NULL || carry == NULL || counts == NULL || steps == NULL) {
        st = GRUNDY_STATUS_NOMEM;
        goto cleanup;
    }
    for (size_t i = 0; i < count; i++) {
        if (multipliers[i] != 0) {
            mult[a.count++] = multipliers[i];
        }
    }
    a.mult = mult;
    build_steps(&a, steps, carry);
    {
        /* n = 0 always qualifies; count(from..to) = run(to) - run(from - 1), n = 0 excluded. */
        const uint64_t upto = run(&a, steps, to, counts, counts + 2 * a.states, carry);
        const uint64_t below =
            from == 0 ? 0 : run(&a, steps, from - 1, counts, counts + 2 * a.states, carry);
        *out = upto - below;
    }
cleanup:
    free(mult);
    free(carry);
    free(counts);
    free(steps);
    return st;
}
