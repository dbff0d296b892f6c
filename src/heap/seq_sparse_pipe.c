/* SPDX-License-Identifier: MIT */
/* The sparse engine's pipeline for cheap rules on two threads (issue 12): one thread computes
 * each heap's common gap and guesses its value, another settles the doubts behind it. */
#include "seq_sparse_internal.h"

#include "../util/pool.h"
#include "../util/try.h"

#include <sched.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define PIPE_PAUSE() _mm_pause()
#else
#define PIPE_PAUSE() ((void)0)
#endif

/*
 * A heap's value is its common gap c (the smallest common value no option has, exact from the
 * marks of the splits with a rare part) unless a doubt, a rare value below c, is no option; the
 * labelling makes rare positions rare (0.1777: 15 of the first 2^25 heaps), so g(n) = c almost
 * always, and the scan of the ordinary splits that settles the doubts (about half of a cheap
 * rule's work) only confirms it. So the guessing thread marks heap n's options, takes c and
 * writes it as g(n) ahead of the sequence (grundy_seq_ahead), with the doubts in a ring; the
 * checking thread settles each heap's doubts in order, from values below the heap (all guessed
 * or checked before it), and books the checked values. A heap whose doubt is no option was
 * guessed wrong: the checker stops there, the guesser stops at its next look, and the true value
 * (the smallest doubt left) is pushed the usual way, with everything after it guessed afresh.
 * Every value pushed was checked exactly as the one-thread scan settles it (the same marks, the
 * same doubts, scanned over every split when needed), so the values are the single thread's.
 * The labelling, the bits and the rare list stay fixed while the pipeline runs: a value needing
 * a new bit (c = 2^bits), a rare value found by the guesser (more doubts than the ring holds,
 * settled at once) or a wrong guess ends the run at that heap, which the caller books.
 */
#define PIPE_RING      4096 /* heaps the guesser may run ahead of the checker */
#define PIPE_DOUBTS    15   /* the most doubts a ring slot holds (more: settled at once) */
#define PIPE_PUBLISH   16   /* heaps between two looks at the other thread */
#define PIPE_MAX_BITS  8    /* values below 2^8: one byte each, in the ring too */
#define PIPE_MIN_N     256  /* from this heap on */
#define PIPE_MIN_MARKS 512  /* rules with fewer rare marks a heap (blocks cost them more) */

typedef struct pipe_slot {
    uint8_t count;
    uint8_t v[PIPE_DOUBTS];
} pipe_slot;

typedef struct pipe {
    sparse *s;
    uint8_t *g; /* the storage, g(n) written ahead for n >= n0 */
    uint64_t n0, end;
    pipe_slot *ring;
    sparse_mark *check_seen; /* the checker's marks (its scans' short stretches) */
    uint64_t *check_doubt;
    /* the guesser's side */
    _Alignas(64) atomic_uint_fast64_t guessed; /* heaps below it are guessed (release) */
    atomic_int guess_done;                     /* guessed is final */
    uint64_t stop;                             /* the heap the guesser stopped at */
    /* the checker's side */
    _Alignas(64) atomic_uint_fast64_t checked; /* heaps below it are checked and booked */
    atomic_int wrong;                          /* a wrong guess at heap `checked` */
    uint64_t wrong_value;                      /* its true value (before wrong is set) */
} pipe;

/* Spin briefly, then give the core away: on a loaded machine the other thread may be off. */
static void pipe_wait(unsigned *spins) {
    if (++*spins < 64) {
        PIPE_PAUSE();
    } else {
        sched_yield();
    }
}

static uint64_t split_max(const take *t, uint64_t m) {
    return t->distinct ? (m - 1) / 2 : m / 2;
}

/* Heap n's options that leave one heap or split off a rare part (n past every take). */
static void pipe_marks(const sparse *s, const heap_ctx *h, uint64_t n) {
    for (size_t i = 0; i < s->one_count; i++) {
        h->seen[load(h, n - s->one[i].k)] = h->stamp;
    }
    const size_t count = (size_t)s->rare_count;
    const int all_below = count == 0 || s->rare_pos[count - 1] < n - s->max_split_take;
    for (size_t i = 0; i < s->split_count; i++) {
        const uint64_t m = n - s->split[i].k;
        if (all_below && !s->split[i].distinct) {
            grundy_sparse_mark_rare(h, m, s->rare_pos, s->rare_val, 0, count);
        } else {
            grundy_sparse_mark_rare_span(s, h, m, s->split[i].distinct, 1, m, 0, count);
        }
    }
}

/* Scan every take's ordinary splits for the doubts d; the smallest left is g(n), else c. */
static uint64_t pipe_settle(const sparse *s, const heap_ctx *h, uint64_t n, uint64_t c, doubts *d) {
    for (size_t i = 0; i < s->split_count && d->count > 0; i++) {
        const uint64_t m = n - s->split[i].k;
        grundy_sparse_scan_splits(h, m, 1, split_max(&s->split[i], m), d);
    }
    return d->count > 0 ? d->v[0] : c;
}

static sparse_mark next_stamp(sparse_mark *seen, uint64_t cap, sparse_mark stamp) {
    if (++stamp == 0) { /* the stamps wrapped: forget every old mark */
        memset(seen, 0, (size_t)cap * sizeof *seen);
        stamp = 1;
    }
    return stamp;
}

/* The guesser: heaps n0 .. until end, a wrong guess behind it, or a heap it cannot guess. */
static void guess(pipe *p) {
    sparse *s = p->s;
    const uint64_t top = (uint64_t)1 << s->bits;
    heap_ctx h = {p->g, 1, s->seen, s->stamp, s->doubt, s->simd};
    uint64_t checked = p->n0, n = p->n0;
    for (; n < p->end; n++) {
        if ((n & (PIPE_PUBLISH - 1)) == 0) {
            atomic_store_explicit(&p->guessed, n, memory_order_release);
            if (atomic_load_explicit(&p->wrong, memory_order_relaxed)) {
                break;
            }
        }
        unsigned spins = 0;
        while (n - checked >= PIPE_RING && !atomic_load_explicit(&p->wrong, memory_order_relaxed)) {
            pipe_wait(&spins);
            checked = atomic_load_explicit(&p->checked, memory_order_acquire);
        }
        if (n - checked >= PIPE_RING) {
            break; /* a wrong guess behind: the checker has stopped */
        }
        h.stamp = next_stamp(s->seen, s->seen_cap, h.stamp);
        pipe_marks(s, &h, n);
        doubts d = {h.doubt, 0};
        const uint64_t c = grundy_sparse_gap(&h, s->common[position_parity(s, n)], top, &d);
        pipe_slot *slot = &p->ring[n % PIPE_RING];
        if (c >= top) {
            break; /* a new bit: the caller books it */
        }
        if (d.count <= PIPE_DOUBTS) {
            slot->count = (uint8_t)d.count;
            for (size_t i = 0; i < d.count; i++) {
                slot->v[i] = (uint8_t)d.v[i];
            }
        } else if (pipe_settle(s, &h, n, c, &d) == c) {
            slot->count = 0; /* settled here: nothing left to check */
        } else {
            break; /* a rare value: the caller books it */
        }
        p->g[n] = (uint8_t)c;
    }
    s->stamp = h.stamp;
    p->stop = n;
    atomic_store_explicit(&p->guessed, n, memory_order_release);
    atomic_store_explicit(&p->guess_done, 1, memory_order_release);
}

/* The checker: each guessed heap's doubts settled, in order; its value booked (histogram). */
static void check(pipe *p) {
    sparse *s = p->s;
    heap_ctx h = {p->g, 1, p->check_seen, 0, p->check_doubt, s->simd};
    uint64_t n = p->n0, guessed = p->n0;
    for (;;) {
        if (n == guessed) {
            atomic_store_explicit(&p->checked, n, memory_order_release);
            unsigned spins = 0;
            for (;;) {
                const int done = atomic_load_explicit(&p->guess_done, memory_order_acquire);
                guessed = atomic_load_explicit(&p->guessed, memory_order_acquire);
                if (guessed > n || done) {
                    break;
                }
                pipe_wait(&spins);
            }
            if (guessed == n) {
                break; /* the guesser has stopped and everything is checked */
            }
        }
        const pipe_slot *slot = &p->ring[n % PIPE_RING];
        const uint64_t c = LOAD(uint8_t, p->g, n);
        if (slot->count > 0) {
            h.stamp = next_stamp(p->check_seen, s->seen_cap, h.stamp);
            doubts d = {h.doubt, slot->count};
            for (size_t i = 0; i < d.count; i++) {
                d.v[i] = slot->v[i];
            }
            const uint64_t v = pipe_settle(s, &h, n, c, &d);
            if (v != c) {
                p->wrong_value = v;
                atomic_store_explicit(&p->checked, n, memory_order_release);
                atomic_store_explicit(&p->wrong, 1, memory_order_release);
                return;
            }
        }
        if (s->hist != NULL) {
            s->hist[(c << 1) | position_parity(s, n)]++;
        }
        n++;
        if ((n & (PIPE_PUBLISH - 1)) == 0) {
            atomic_store_explicit(&p->checked, n, memory_order_release);
        }
    }
}

static void pipe_role(void *arg, uint64_t i, unsigned w) {
    (void)w;
    if (i == 0) {
        guess(arg);
    } else {
        check(arg);
    }
}

int grundy_sparse_pipe_fits(const sparse *s, uint64_t n) {
    return s->threads >= 2 && s->expanded && !s->dense && !s->may_drop && n >= PIPE_MIN_N &&
           n > s->max_take + 1 && s->bits <= PIPE_MAX_BITS &&
           s->rare_count * s->split_count < PIPE_MIN_MARKS;
}

/* Heap n the one-thread way, after the pipeline stopped there (every value below it pushed). */
static grundy_status one_heap(grundy_seq *seq, sparse *s, uint64_t n) {
    s->stamp = next_stamp(s->seen, s->seen_cap, s->stamp);
    heap_ctx h = {NULL, 0, s->seen, s->stamp, s->doubt, s->simd};
    h.raw = grundy_seq_raw(seq, &h.width);
    pipe_marks(s, &h, n);
    size_t left;
    return grundy_sparse_finish_heap(seq, s, n, grundy_sparse_settle(s, &h, n, 1, &left));
}

grundy_status grundy_sparse_run_pipe(grundy_seq *seq, sparse *s, uint64_t n0, uint64_t end,
                                     uint64_t *next) {
    grundy_status st = GRUNDY_STATUS_OK;
    pipe *p = NULL;
    *next = n0;
    unsigned width;
    (void)grundy_seq_raw(seq, &width);
    uint8_t *g = width == 1 ? grundy_seq_ahead(seq, end) : NULL;
    if (g == NULL) { /* the storage cannot take values ahead: one heap the usual way */
        GRUNDY_TRY(one_heap(seq, s, n0));
        *next = n0 + 1;
        goto cleanup;
    }
    const uint64_t bytes = sizeof *p + PIPE_RING * sizeof(pipe_slot) + s->seen_cap * 9;
    GRUNDY_TRY(grundy_seq_charge(seq, grundy_sparse_bytes(s) + bytes));
    if (s->pool == NULL) {
        GRUNDY_TRY(grundy_pool_create(s->threads, &s->pool));
    }
    p = aligned_alloc(64, (sizeof *p + 63) / 64 * 64);
    GRUNDY_CHECK(p != NULL, GRUNDY_STATUS_NOMEM);
    memset(p, 0, sizeof *p);
    p->s = s;
    p->g = g;
    p->n0 = n0;
    p->end = end;
    p->ring = malloc(PIPE_RING * sizeof *p->ring);
    p->check_seen = calloc((size_t)s->seen_cap, sizeof *p->check_seen);
    p->check_doubt = malloc((size_t)s->seen_cap * sizeof *p->check_doubt);
    GRUNDY_CHECK(p->ring != NULL && p->check_seen != NULL && p->check_doubt != NULL,
                 GRUNDY_STATUS_NOMEM);
    atomic_init(&p->guessed, n0);
    atomic_init(&p->checked, n0);
    atomic_init(&p->guess_done, 0);
    atomic_init(&p->wrong, 0);
    grundy_pool_run(s->pool, pipe_role, p, 2);
    const uint64_t checked = atomic_load(&p->checked);
    grundy_seq_push_ahead(seq, checked - n0);
    *next = checked;
    if (atomic_load(&p->wrong)) {
        GRUNDY_TRY(grundy_sparse_finish_heap(seq, s, checked, p->wrong_value));
        *next = checked + 1;
    } else if (checked < end) {
        GRUNDY_TRY(one_heap(seq, s, checked)); /* the heap the guesser could not guess */
        *next = checked + 1;
    }
cleanup:
    if (p != NULL) {
        free(p->ring);
        free(p->check_seen);
        free(p->check_doubt);
        free(p);
    }
    return st;
}
