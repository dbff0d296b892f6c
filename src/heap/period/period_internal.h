/* SPDX-License-Identifier: MIT */
/* Closed forms of Grundy sequences, shared by period.c (which proves with them) and query.c
 * (which evaluates and counts with them). Library-internal. */
#ifndef GRUNDY_HEAP_PERIOD_INTERNAL_H
#define GRUNDY_HEAP_PERIOD_INTERNAL_H

#include <grundy/rule.h>

/**
 * A rule whose only class takes any k in [a, b] (step 1) and may leave 0 or 1 heap.
 *   b finite:  S(a-b), g(n) = floor((n mod (a + b)) / a): period a + b, preperiod 0.
 *   b = GRUNDY_NUMBER_MAX (a tail): g(n) = floor(n / a): period a, saltus 1 (Nim for a = 1).
 */
typedef struct grundy_closed_form {
    uint64_t a, b;
    int bounded; /* b is finite */
} grundy_closed_form;

/** Nonzero (and *cf filled) when the rule has a closed form. */
int grundy_closed_form_of(const grundy_rule *rule, grundy_closed_form *cf);

/** g(n) by the closed form. */
uint64_t grundy_closed_form_value(const grundy_closed_form *cf, uint64_t n);

/** The heaps m in [from, to] (from <= to) with g(m) == value, counted in O(1). */
uint64_t grundy_closed_form_count(const grundy_closed_form *cf, uint64_t from, uint64_t to,
                                  uint64_t value);

#endif
