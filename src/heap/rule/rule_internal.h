/* SPDX-License-Identifier: MIT */
/* Internal: the rule object, shared by the parser (rule.c) and the rules given by a function
 * (rule_callback.c). */
#ifndef GRUNDY_RULE_INTERNAL_H
#define GRUNDY_RULE_INTERNAL_H

#include "heap/rule/heap_moves.h"

typedef struct rule_callback rule_callback;

/* A rule given by a function (grundy_rule_from_moves). It carries the two things the rule object
 * (rule.c) and the move lister (heap_moves.c) need of it, so that neither calls into
 * rule_callback.c, which stands on both. */
struct rule_callback {
    /* grundy_heap_moves_each for the rule: its moves of n, checked (heaps smaller than n, the
     * declared shape, the octal code), each once, by take ascending, then the number of heaps
     * left, then the heaps in lexicographic order. */
    grundy_status (*each)(const grundy_rule *rule, uint64_t n, grundy_heap_move_fn fn, void *ctx,
                          int *stopped);
    /* Free this and what it holds (grundy_rule_destroy). */
    void (*destroy)(rule_callback *cb);
    grundy_rule_moves_fn moves;
    void *ctx;
    grundy_rule_shape shape;
    grundy_rule *code; /* octal shape: the code read off the moves; NULL otherwise */
    char *problem;     /* the last problem (GRUNDY_RULE_PROBLEM_CAP bytes), "" for none */
};

#define GRUNDY_RULE_PROBLEM_CAP 160

struct grundy_rule {
    grundy_rule_kind kind;
    unsigned *digits; /* codes: prefix (d0 first) then tail, canonical; NULL for sets */
    size_t prefix_len, tail_len;
    grundy_move_class *classes;
    size_t class_count;
    char *text; /* canonical form */
    size_t text_len;
    unsigned max_left;
    uint64_t max_take;
    int has_distinct;
    rule_callback *callback; /* GRUNDY_RULE_CALLBACK only */
};

#endif
