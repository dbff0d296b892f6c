/* SPDX-License-Identifier: MIT */
/* Internal: the pieces of the misere quotient engine (misere_monoid.c, misere_check.c,
 * misere_quotient.c): finite commutative monoids, the words that name their elements, the
 * P-portion a candidate monoid implies, its reduction, and the exact check of a pretension. */
#ifndef GRUNDY_MISERE_QUOTIENT_PARTS_H
#define GRUNDY_MISERE_QUOTIENT_PARTS_H

#include <grundy/misere.h>

/* What a quotient may spend, shared by its checks and candidates: the bounds of
 * grundy_misere_opts, the work spent, and why the last LIMIT came. */
typedef struct mq_budget {
    uint64_t max_states, max_bytes, max_work; /* max_bytes, max_work 0: none */
    uint64_t work;                            /* check steps: states reached times heaps */
    uint64_t heap;                            /* the heap being added, for progress */
    grundy_misere_limit_reason reason;
    uint64_t need_bytes; /* LIMIT_BYTES: the refused table's estimate */
    uint64_t ticks;      /* states reached, for the progress calls */
    uint64_t used, peak; /* bytes of the counted blocks alive now, and at most (misere_ledger.c) */
    int refused;         /* the last mq_alloc or mq_grow failed at max_bytes, not in malloc */
    grundy_misere_progress_fn progress;
    void *progress_ctx;
} mq_budget;

/* LIMIT for `reason` (recorded in b) */
grundy_status mq_budget_refuse(mq_budget *b, grundy_misere_limit_reason reason, uint64_t need);

/* Counted allocation (misere_ledger.c): count * size bytes charged to b (refused, with b's
 * reason LIMIT_BYTES and need_bytes the least max_bytes that would have held it, when the total
 * passes b->max_bytes less a reserve of 1/16, at most 1 MiB, for what is not counted).
 * mq_alloc zeroes; mq_grow is realloc (p NULL or from mq_alloc/mq_grow), and charges the old and
 * the new block together while it resizes. NULL on failure: then
 * mq_alloc_failure(b) says LIMIT (the bound) or NOMEM (malloc). mq_free gives the bytes back. */
void *mq_alloc(mq_budget *b, size_t count, size_t size);
void *mq_grow(mq_budget *b, void *p, size_t count, size_t size);
void mq_free(void *p);
grundy_status mq_alloc_failure(const mq_budget *b);

/* A finite commutative monoid given by its table, with a P-portion: elements 0..size-1, 0 the
 * identity, mul[a * size + b] the product. */
typedef struct mq_monoid {
    uint32_t size;
    uint32_t *mul;
    uint8_t *is_p;
} mq_monoid;

void mq_monoid_free(mq_monoid *m);

static inline uint32_t mq_mul(const mq_monoid *m, uint32_t a, uint32_t b) {
    return m->mul[(size_t)a * m->size + b];
}

/* A candidate monoid, before reduction: an explicit monoid `base` times cyclic monoids
 * C(index, period) = <g | g^(index + period) = g^index>, one per component. An element is
 * base + base.size * (e_1 + len_1 * (e_2 + ...)) with e_j < len_j = index_j + period_j. */
#define MQ_MAX_CYCLIC 8
typedef struct mq_product {
    const mq_monoid *base;
    unsigned cyclic;
    uint32_t index[MQ_MAX_CYCLIC], period[MQ_MAX_CYCLIC];
    uint64_t size;
} mq_product;

uint32_t mq_product_mul(const mq_product *p, uint32_t a, uint32_t b);

/* The heaps as generators of a monoid: heap h (1..heaps) maps to phi[h]; its options (the
 * positions one move leaves) map to opt[opt_start[h] .. opt_start[h + 1] - 1] (distinct).
 * Heaps without a move have phi 0 and no options: they are the empty game. */
typedef struct mq_gens {
    size_t heaps;
    const uint32_t *phi;
    const uint32_t *opt;
    const size_t *opt_start;
} mq_gens;

/* Words in the heaps, as exponent vectors of heaps + 1 entries (entry 0 unused). */

/* The option words of every heap 0..n of a rule, each a list of at most GRUNDY_RULE_MAX_LEFT
 * heaps (0-terminated when shorter). */
typedef struct mq_options {
    size_t heaps;
    size_t *start; /* heaps + 2 entries: the options of h are start[h] .. start[h + 1] - 1 */
    size_t start_cap;
    uint32_t *parts; /* GRUNDY_RULE_MAX_LEFT per option */
    size_t count, cap;
} mq_options;

grundy_status mq_options_add_heap(mq_options *o, const grundy_rule *rule, size_t heap,
                                  uint64_t max_options, mq_budget *b);
void mq_options_free(mq_options *o);

/* A monoid's product, for code shared by explicit monoids and candidate products. */
typedef uint32_t (*mq_mul_fn)(const void *monoid, uint32_t a, uint32_t b);
uint32_t mq_monoid_mul_fn(const void *monoid, uint32_t a, uint32_t b);  /* an mq_monoid */
uint32_t mq_product_mul_fn(const void *monoid, uint32_t a, uint32_t b); /* an mq_product */

/* The images of every heap 0..heaps' options under phi in a monoid of `size` elements, distinct
 * per heap: (*opt)[(*start)[h] .. (*start)[h + 1] - 1], both replaced (the old ones freed). */
grundy_status mq_option_images(const mq_options *o, size_t heaps, const void *monoid, mq_mul_fn mul,
                               uint64_t size, const uint32_t *phi, mq_budget *b, uint32_t **opt,
                               size_t **start);
/* The same for heaps first..heaps only, when *opt and *start already hold those of heaps below
 * `first` (first > 0; the arrays grow in place: on failure they stay the caller's, still valid
 * below `first`). */
grundy_status mq_option_images_from(const mq_options *o, size_t first, size_t heaps,
                                    const void *monoid, mq_mul_fn mul, uint64_t size,
                                    const uint32_t *phi, mq_budget *b, uint32_t **opt,
                                    size_t **start);

/*
 * The P-portion a candidate implies, and its reduction: enumerate words in colex order (the
 * largest heap most significant) and stop lengthening a word as soon as its element was already
 * reached, so that every element of the image is visited once, at its colex-least word, after
 * all of that word's options (an option is colex-smaller: it lowers a heap's exponent and raises
 * only smaller heaps'). The element is then declared P exactly when the word is not empty and
 * no option's element is P. The reduction merges the elements no product tells apart (Moore's
 * partition refinement over the heaps' images), giving a reduced bipartite monoid.
 * @param[out] out   the reduced monoid, identity 0, elements numbered by their colex-least word.
 * @param[out] phi   heaps + 1 entries: each heap's image in `out`.
 * @return OK, LIMIT (the product past max_elements), NOMEM.
 */
grundy_status mq_imply_and_reduce(const mq_product *prod, const mq_options *opts,
                                  const uint32_t *prod_phi, uint64_t max_elements, mq_budget *b,
                                  mq_monoid *out, uint32_t *phi);

/* A word that the check found wrong, smallest in (tokens, then most heaps). */
typedef struct mq_failure {
    int found;
    uint32_t *exp; /* heaps + 1 exponents, caller-allocated */
} mq_failure;

/* The explored states of the exact check of a pretension, kept between heaps (misere_check.c). */
typedef struct mq_states mq_states;

/*
 * The exact check of a pretension (Q, P, phi) on every position of heaps 1..gens->heaps: each
 * position G must have phi(G) in P exactly when G is not empty and no option of G maps into P
 * (the empty position must map outside P). Then phi(G) in P iff G is a misere P-position, by
 * induction on G. Two kinds of failure (as in Siegel's MisereSolver):
 *   - a P-failure G = X + h maps into P with an option X + t (t an option of h) in P: it depends
 *     on phi(X) and h alone, so the pairs (x, h) are checked, each x at its least word;
 *   - an N-failure maps outside P with no option in P. What decides it for G and all G + Y is the
 *     state (x, U), x = phi(G) and U = { w in Q : some option G' of G has phi(G') w in P }; adding
 *     heap h maps it to (x phi(h), { w : phi(h) w in U } u U_{t in opt(h)} { w : x t w in P }),
 *     monotone in U. So a state whose U contains the U of an explored state with the same
 *     element needs no exploring (its extensions' N-failures are the explored one's), nor does a
 *     heap h whose image is a smaller heap h''s with opt(h') inside opt(h): the search explores
 *     the minimal states only, smallest words first (Dijkstra on tokens, then on heaps), with
 *     the heaps no smaller heap dominates, and reports the least failure of either kind, whose
 *     options are all correctly predicted.
 *
 * Full mode (*states NULL on entry): from the empty position; on success *states holds the
 * explored states. Seeded mode: *states holds those of heaps 1..heaps-1 under the same (Q, P)
 * and phi; only positions that contain heap gens->heaps are checked (its pairs (x, heap), and
 * heap alone against the explored states; when that does not settle it and `search` is set,
 * a search from every explored state plus the heap); on success the new explored states are
 * added; on failure (or when unsettled without `search`) fail->found is set, without a word,
 * and *states is as it was.
 * @return OK (fail->found says whether a word failed), LIMIT (more than b->max_states states,
 *         their bytes past b->max_bytes, the work past b->max_work: b->reason says which), NOMEM.
 */
grundy_status mq_check(const mq_monoid *q, const mq_gens *gens, int search, mq_budget *b,
                       mq_states **states, mq_failure *fail);

void mq_states_free(mq_states *s);
size_t mq_states_count(const mq_states *s);

/* The presentation of a reduced monoid whose elements are the images of heaps 1..heaps under
 * phi (misere_present.c): generators gen_elem[0..gen_count-1] (the images of heaps gen_heap[]),
 * a minimal generating set; nf, gen_count exponents per element: its normal form, the least word
 * in colex order (later generators more significant); relations rel_lhs (gen_count exponents
 * each) = rel_rhs (an element), the minimal words that are not normal forms: a confluent
 * rewriting system whose irreducible words are the normal forms. */
typedef struct mq_presentation {
    size_t gen_count;
    uint64_t *gen_heap;
    uint32_t *gen_elem;
    uint32_t *nf;
    size_t rel_count;
    uint32_t *rel_lhs;
    uint32_t *rel_rhs;
} mq_presentation;

grundy_status mq_present(const mq_monoid *q, const uint32_t *phi, size_t heaps, mq_budget *b,
                         mq_presentation *p);
void mq_presentation_free(mq_presentation *p);
/* The element of a word (gen_count exponents). */
uint32_t mq_word_element(const mq_monoid *q, const mq_presentation *p, const uint32_t *exp);

/* Quotient files (misere_file.c). What is saved: */
typedef struct mq_saved {
    const char *rule; /* canonical form */
    size_t rule_len;
    uint64_t heaps, stable_from;
    const mq_monoid *q;
    const uint32_t *phi; /* heaps + 1 */
} mq_saved;

/* What is read back, checked (the monoid and phi allocated from the budget). */
typedef struct mq_loaded {
    uint64_t heaps, stable_from;
    mq_monoid q;
    uint32_t *phi;
} mq_loaded;

/* @return OK, IO (errno set), NOMEM. */
grundy_status mq_file_save(const char *path, const mq_saved *s);
/* @return OK; PARSE (why says what is wrong: not such a file, another version, truncated,
 *         corrupt, made for another rule); IO (errno set); NOMEM or LIMIT (the budget). */
grundy_status mq_file_load(const char *path, const char *rule, mq_budget *b, mq_loaded *s,
                           char *why, size_t cap);

#endif
