/* SPDX-License-Identifier: MIT */
/*
 * Misere play of sums of heaps through the rule's misere quotient (Plambeck-Siegel): a position
 * is a P-position iff the product of its heaps' images lies in the P-portion, and a move wins iff
 * what it leaves does. One product per distinct heap size gives the outcome; each size's winning
 * moves are found once (every copy of a size sees the same rest of the position). Heaps past the
 * computed range are answered through a proved period of the pretending function (misere.h,
 * grundy_misere_proved): their images repeat, and the splits of a huge heap fall into residue
 * classes, counted by arithmetic and listed in order.
 */
#include "heap/rule/heap_moves.h"
#include "heap/play/player.h"
#include "util/try.h"

#include <stdlib.h>
#include <string.h>

/* The quotient is computed with this bound on its order: beyond, the search answers. */
#define QUOTIENT_MAX_ORDER 1024u
/* Heaps past the range are tried through a period proved by extending to 64, 128, ... */
#define PROOF_FIRST_HEAP 64u

/* The quotient, extended to heap `top`, or far enough to prove a period; NULL when it cannot be
 * had (no error: the search answers instead). */
static grundy_status quotient_for(grundy_position *p, uint64_t top, grundy_misere **out) {
    grundy_status st = GRUNDY_STATUS_OK;
    const uint64_t range = p->opts.quotient_max_heap;
    uint64_t period = 0, preperiod = 0;
    *out = NULL;
    if (range == 0) {
        return GRUNDY_STATUS_OK;
    }
    if (p->quotient == NULL) {
        grundy_misere_opts o = GRUNDY_MISERE_OPTS_INIT;
        o.max_quotient = QUOTIENT_MAX_ORDER;
        o.max_bytes = p->opts.max_bytes; /* the same memory bound as the search */
        o.max_work = p->opts.quotient_max_work;
        o.progress = p->opts.quotient_progress;
        o.progress_ctx = p->opts.quotient_progress_ctx;
        GRUNDY_TRY(grundy_misere_create(p->rule, &o, &p->quotient));
    }
    grundy_misere *q = p->quotient;
    uint64_t want = top <= range ? top : PROOF_FIRST_HEAP < range ? PROOF_FIRST_HEAP : range;
    for (;;) {
        if (grundy_misere_max_heap(q) >= top || grundy_misere_proved(q, &period, &preperiod)) {
            *out = q;
            break;
        }
        if (p->quotient_failed != 0 && want >= p->quotient_failed) {
            break;
        }
        st = grundy_misere_extend(q, want);
        if (st == GRUNDY_STATUS_LIMIT) {
            p->quotient_failed = grundy_misere_max_heap(q) + 1;
            st = GRUNDY_STATUS_OK;
            break;
        }
        GRUNDY_TRY(st);
        if (grundy_misere_max_heap(q) >= top || grundy_misere_proved(q, &period, &preperiod)) {
            *out = q;
            break;
        }
        if (want >= range) {
            break;
        }
        want = 2 * want < range ? 2 * want : range;
    }
cleanup:
    return st;
}

/* The winning moves of one heap size, given the image of the rest of the position: the first
 * `cap` kept, all counted. */
typedef struct size_scan {
    const grundy_misere *q;
    uint32_t others;
    grundy_heap_move *moves; /* every size's first ones, one after the other */
    size_t len, room;
    size_t base, cap; /* this size's first move in moves[]; how many to keep per size */
    uint64_t total;   /* this size's winning moves */
    int nomem;
} size_scan;

static uint32_t image(const grundy_misere *q, uint64_t h) {
    uint32_t x = 0;
    grundy_misere_image(q, h, &x); /* in range: checked by the caller */
    return x;
}

static int full(const size_scan *s) {
    return s->len - s->base >= s->cap;
}

static void keep(size_scan *s, uint64_t take, unsigned parts, const uint64_t *left) {
    if (!full(s) && s->len == s->room) {
        const size_t room = s->room ? 2 * s->room : 64;
        grundy_heap_move *more = realloc(s->moves, room * sizeof *more);
        if (more == NULL) {
            s->nomem = 1;
            s->cap = 0; /* keep counting; the caller reports the failure */
        } else {
            s->moves = more;
            s->room = room;
        }
    }
    if (!full(s)) {
        grundy_heap_move *m = &s->moves[s->len++];
        m->take = take;
        m->parts = parts;
        for (unsigned j = 0; j < parts; j++) {
            m->left[j] = left[j];
        }
    }
    s->total++;
}

static int wins_into(const size_scan *s, unsigned parts, const uint64_t *left) {
    uint32_t x = s->others;
    for (unsigned j = 0; j < parts; j++) {
        x = grundy_misere_mul(s->q, x, image(s->q, left[j]));
    }
    return grundy_misere_is_p(s->q, x);
}

static int scan_move(void *ctx, const grundy_heap_move *m) {
    size_scan *s = ctx;
    if (wins_into(s, m->parts, m->left)) {
        keep(s, m->take, m->parts, m->left);
    }
    return 0;
}

/* Splits of r into a + (r - a), 1 <= a <= r/2, r past the range: a >= n0 has both parts in the
 * periodic part, so whether it wins depends on a mod p alone. */
static grundy_status huge_splits(size_scan *s, uint64_t take, uint64_t r) {
    uint64_t p = 0, n0 = 0;
    grundy_misere_proved(s->q, &p, &n0);
    const uint64_t half = r / 2;
    uint64_t left[2];
    for (uint64_t a = 1; a <= half && a < n0; a++) { /* the preperiod, one by one */
        left[0] = a;
        left[1] = r - a;
        if (wins_into(s, 2, left)) {
            keep(s, take, 2, left);
        }
    }
    uint64_t counted = 0; /* by residue: a = n0 + j, n0 + j + p, ... up to half */
    for (uint64_t j = 0; j < p && n0 + j <= half; j++) {
        left[0] = n0 + j;
        left[1] = r - n0 - j;
        if (wins_into(s, 2, left)) {
            counted += (half - n0 - j) / p + 1;
        }
    }
    /* List the first ones in order, then count the rest. */
    for (uint64_t a = n0; a <= half && !full(s) && counted > 0; a++) {
        left[0] = a;
        left[1] = r - a;
        if (wins_into(s, 2, left)) {
            keep(s, take, 2, left);
            counted--;
        }
    }
    if (s->total > UINT64_MAX - counted) {
        return GRUNDY_STATUS_LIMIT;
    }
    s->total += counted;
    return GRUNDY_STATUS_OK;
}

/* The moves of a heap past the computed range, in grundy_heap_moves_each's order: classes, takes
 * ascending, one heap left before two. The proof behind the period admits takes of at most t
 * tokens leaving at most two heaps (no '!' on splits). */
static grundy_status huge_moves(size_scan *s, const grundy_rule *rule, uint64_t n) {
    grundy_status st = GRUNDY_STATUS_OK;
    size_t count = 0;
    grundy_rule_classes(rule, &count);
    grundy_move_class *c = malloc((2 * count + 1) * sizeof *c);
    GRUNDY_CHECK(c != NULL, GRUNDY_STATUS_NOMEM);
    GRUNDY_TRY(grundy_rule_moves(rule, n, c, 2 * count + 1, &count));
    for (size_t i = 0; i < count; i++) {
        for (uint64_t take = c[i].take_first; take <= c[i].take_last; take += c[i].take_step) {
            const uint64_t r = n - take;
            if (c[i].leaves == 1u && wins_into(s, 0, NULL)) {
                keep(s, take, 0, NULL);
            }
            if ((c[i].leaves & 2u) && r >= 1 && wins_into(s, 1, &r)) {
                keep(s, take, 1, &r);
            }
            if (c[i].leaves & 4u) {
                GRUNDY_TRY(huge_splits(s, take, r));
            }
            if (c[i].take_last - take < c[i].take_step) {
                break;
            }
        }
    }
cleanup:
    free(c);
    return st;
}

/* Image of heap h to the power k, by squaring. */
static uint32_t image_power(const grundy_misere *q, uint64_t h, uint64_t k) {
    uint32_t x = 0, y = image(q, h);
    for (; k > 0; k >>= 1) {
        if (k & 1u) {
            x = grundy_misere_mul(q, x, y);
        }
        y = grundy_misere_mul(q, y, y);
    }
    return x;
}

static int cmp_u64(const void *a, const void *b) {
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* A position as distinct sizes with their copies, and each size's winning moves. */
typedef struct sized {
    uint64_t *size, *copies;
    size_t n;
    size_t *first, *len; /* each size's moves in scan.moves */
    uint64_t *total;
} sized;

static grundy_status sized_init(sized *z, const uint64_t *heaps, size_t count) {
    memset(z, 0, sizeof *z);
    z->size = malloc((count + 1) * sizeof *z->size);
    z->copies = malloc((count + 1) * sizeof *z->copies);
    z->first = malloc((count + 1) * sizeof *z->first);
    z->len = calloc(count + 1, sizeof *z->len);
    z->total = calloc(count + 1, sizeof *z->total);
    if (!z->size || !z->copies || !z->first || !z->len || !z->total) {
        return GRUNDY_STATUS_NOMEM;
    }
    memcpy(z->size, heaps, count * sizeof *heaps);
    qsort(z->size, count, sizeof *z->size, cmp_u64);
    for (size_t i = 0; i < count; i++) {
        if (z->n > 0 && z->size[z->n - 1] == z->size[i]) {
            z->copies[z->n - 1]++;
        } else {
            z->size[z->n] = z->size[i];
            z->copies[z->n++] = 1;
        }
    }
    return GRUNDY_STATUS_OK;
}

static void sized_free(sized *z) {
    free(z->size);
    free(z->copies);
    free(z->first);
    free(z->len);
    free(z->total);
}

static size_t find_size(const sized *z, uint64_t h) {
    size_t lo = 0, hi = z->n;
    while (hi - lo > 1) {
        const size_t mid = lo + (hi - lo) / 2;
        if (z->size[mid] <= h) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    return lo;
}

/* Every size's winning moves, given the rest of the position (prefix and suffix products). */
static grundy_status scan_sizes(const grundy_misere *q, const grundy_rule *rule, sized *z,
                                size_scan *s) {
    grundy_status st = GRUNDY_STATUS_OK;
    uint32_t *suffix = malloc((z->n + 1) * sizeof *suffix);
    GRUNDY_CHECK(suffix != NULL, GRUNDY_STATUS_NOMEM);
    suffix[z->n] = 0;
    for (size_t i = z->n; i-- > 0;) {
        suffix[i] = grundy_misere_mul(q, suffix[i + 1], image_power(q, z->size[i], z->copies[i]));
    }
    uint32_t prefix = 0;
    for (size_t i = 0; i < z->n; i++) {
        const uint32_t rest = image_power(q, z->size[i], z->copies[i] - 1);
        s->others = grundy_misere_mul(q, grundy_misere_mul(q, prefix, rest), suffix[i + 1]);
        prefix = grundy_misere_mul(q, prefix, image_power(q, z->size[i], z->copies[i]));
        s->total = 0;
        s->base = z->first[i] = s->len;
        if (z->size[i] <= grundy_misere_max_heap(q)) {
            GRUNDY_TRY(grundy_heap_moves_each(rule, z->size[i], scan_move, s, NULL));
        } else {
            GRUNDY_TRY(huge_moves(s, rule, z->size[i]));
        }
        GRUNDY_CHECK(!s->nomem, GRUNDY_STATUS_NOMEM);
        z->len[i] = s->len - z->first[i];
        z->total[i] = s->total;
    }
cleanup:
    free(suffix);
    return st;
}

grundy_status grundy_misere_quotient_play(grundy_position *p, const uint64_t *heaps, size_t count,
                                          grundy_move_sink *sink, int *win, int *answered) {
    grundy_status st = GRUNDY_STATUS_OK;
    uint64_t top = 0;
    grundy_misere *q = NULL;
    sized z;
    size_scan s = {NULL, 0, NULL, 0, 0, 0, sink->cap, 0, 0};
    *answered = 0;
    for (size_t i = 0; i < count; i++) {
        top = heaps[i] > top ? heaps[i] : top;
    }
    GRUNDY_TRY(sized_init(&z, heaps, count));
    GRUNDY_TRY(quotient_for(p, top, &q));
    if (q == NULL) {
        goto cleanup;
    }
    s.q = q;
    uint32_t total = 0;
    for (size_t i = 0; i < z.n; i++) {
        total = grundy_misere_mul(q, total, image_power(q, z.size[i], z.copies[i]));
    }
    *answered = 1;
    *win = !grundy_misere_is_p(q, total);
    if (*win) {
        /* each size keeps at most sink->cap moves: the most one heap can show */
        GRUNDY_TRY(scan_sizes(q, p->rule, &z, &s));
        for (size_t i = 0; i < count; i++) {
            const size_t k = find_size(&z, heaps[i]);
            for (size_t j = 0; j < z.len[k]; j++) {
                const grundy_heap_move *m = &s.moves[z.first[k] + j];
                grundy_move_sink_add(sink, i, heaps[i], m->take, m->parts, m->left);
            }
            GRUNDY_TRY(grundy_move_sink_count(sink, z.total[k] - z.len[k]));
        }
    }
cleanup:
    sized_free(&z);
    free(s.moves);
    return st;
}
