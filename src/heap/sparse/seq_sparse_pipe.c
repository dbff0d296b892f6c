/* SPDX-License-Identifier: MIT */
/* The sparse engine's pipeline for cheap rules on two threads: one thread computes
 * each heap's common gap and guesses its value, another settles the doubts behind it. On one
 * thread the AVX2 guesser settles each heap's doubts itself (the cheapest one-thread way). */
#include "heap/sparse/sparse_state.h"

#include "util/pool.h"
#include "util/try.h"
#include "util/waiter.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define PIPE_X86 1
#else
#define PIPE_X86 0
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
#define PIPE_PUBLISH   16   /* heaps between two stores of a side's progress */
#define PIPE_LOOK      256  /* heaps between two looks at the other side (below) */
#define PIPE_MAX_BITS  8    /* values below 2^8: one byte each, in the ring too */
#define PIPE_MIN_N     256  /* from this heap on */
#define PIPE_MIN_MARKS 512  /* rules with fewer rare marks a heap (blocks cost them more) */
#define PIPE_BATCH     16   /* heaps the AVX2 pass marks at once */
#define PIPE_FAST_BITS 7    /* values below 2^7: the AVX2 pass's 128-bit sets */
#define PIPE_CHECK_GAP 128  /* the checker stays this far behind the guesser (below) */
#define PIPE_SPAN      64   /* heaps whose deep marks the checker makes at once (below) */
#define PIPE_DEEP      256  /* the deep pairs' least o (below) */
#define PIPE_SHARE_LAG 1024 /* the checker takes shares while at most this far behind */
#define PIPE_WAKE_RUN  2048 /* heaps of the other side's progress that wake a sleeper (below) */

/* A side stores its progress every PIPE_PUBLISH heaps (a release store: the store buffer hides the
 * line's move to the other core) but looks at the other side (the fence of grundy_waiter_wake,
 * then a read of the other side's line: both wait for the other core) every PIPE_LOOK heaps, and
 * always before it waits itself. A look a batch cost 0.1777 a third of each role's time (two
 * threads 27.7 s of CPU, one thread 17.0 s); a sleeper wakes at most PIPE_LOOK heaps late, within
 * its PIPE_WAKE_RUN. */

/* One heap's doubts: a list (the portable pass), or bit v of lo:hi for doubt v (the AVX2 pass,
 * values below 128). */
typedef union pipe_slot {
    struct {
        uint8_t count;
        uint8_t v[PIPE_DOUBTS];
    } list;
    struct {
        uint64_t lo, hi;
    } bits;
} pipe_slot;

/* A mark the AVX2 pass makes for each heap n of the run: g(n - o) ^ w (w = 0: a move that leaves
 * one heap; else the split off the rare part r = o - k of the take k, w = g(r)). */
typedef struct pipe_pairs {
    uint64_t *o;
    uint8_t *w;
    size_t far, count; /* [0, far): o >= PIPE_BATCH, marked for PIPE_BATCH heaps at once */
    size_t deep;       /* [0, deep): o >= 2 * span, markable a span ahead (below) */
} pipe_pairs;

typedef struct pipe {
    sparse *s;
    /* The storage, g(n) written ahead for n >= n0: g(i) = g[i - first] (the memory window:
     * first > 0, the AVX2 pass alone) for every value the guess reads, and the doubts' scans read
     * their small parts from view.raw up to grundy_sparse_scan_end (view.hi = g when windowed). */
    uint8_t *g;
    uint64_t first;
    heap_ctx view;
    uint64_t n0, end;
    pipe_slot *ring;
    sparse_mark *check_seen; /* the checker's marks (its scans' short stretches) */
    uint64_t *check_doubt;
    /* the AVX2 pass (fast != 0): the marks, and the common values of either parity as bits */
    int fast;
    int alone;         /* one thread: the AVX2 guesser settles every heap itself */
    uint64_t help_lag; /* the guesser settles heaps itself when the checker is this far behind */
    pipe_pairs pairs;
    size_t near_end; /* the near pairs [far, near_end) go by one shuffle of the last 16 values */
    uint8_t near_idx[16], near_w[16];
    size_t *late; /* rare indices (times split_count) whose splits need checks */
    size_t late_count;
    uint64_t com[2][2]; /* com[par]: the common values below 2^bits, lo and hi words */
    /* The checker's share of the guess (the AVX2 pass on two threads): the span [b, b + span)
     * reads its deep pairs' values (o >= deep) below b + span - deep only, so the checker marks
     * the first share_pairs of them while the guesser is up to deep - span heaps before it. A
     * span, not a batch (16 heaps, 1 us on 0.354): counters and marks crossing the cores once a
     * batch cost the guesser more than it handed over. */
    size_t share_pairs;
    uint64_t span, deep; /* PIPE_SPAN and PIPE_DEEP; PIPE_BATCH and 2 * PIPE_BATCH for the tests
                          * (more pairs are deep in short runs) */
    int share_always;    /* the guesser never marks the share itself (the tests) */
    uint64_t own_span;   /* the guesser's: the span it claimed itself, or UINT64_MAX */
    uint64_t ready_seen; /* the guesser's: share_ready, as last read */
    uint64_t shares[PIPE_DEEP]; /* span b's marks below 64 from shares[(b - n0) % deep] on */
    /* the guesser's side */
    _Alignas(64) atomic_uint_fast64_t guessed; /* heaps below it are guessed (release) */
    atomic_int guess_done;                     /* guessed is final */
    grundy_waiter to_check; /* the checker's sleep: on the line that the checker reads anyway */
    uint64_t stop;          /* the heap the guesser stopped at */
    /* the share's spans: share_next is the first not claimed (by either side, compare and
     * swap), share_ready the end of the last batch the checker marked (release) */
    _Alignas(64) atomic_uint_fast64_t share_next;
    atomic_uint_fast64_t share_ready;
    /* the checker's side */
    _Alignas(64) atomic_uint_fast64_t checked; /* heaps below it are checked and booked */
    atomic_int wrong;                          /* a wrong guess at heap `checked` */
    grundy_waiter to_guesser;                  /* the guesser's sleep, likewise */
    uint64_t wrong_value; /* its true value, or SPARSE_UNSETTLED (before wrong is set) */
} pipe;

/* What a side waits for: the other side's progress past `at`, or the end. */
typedef struct pipe_until {
    pipe *p;
    uint64_t at;
} pipe_until;

/* The guesser may go on: the ring has room below heap `at`, or a wrong guess stopped the checker.
 */
static int ring_has_room(const void *arg) {
    const pipe_until *u = arg;
    return u->at - atomic_load_explicit(&u->p->checked, memory_order_acquire) <= PIPE_RING ||
           atomic_load_explicit(&u->p->wrong, memory_order_acquire);
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
        grundy_sparse_scan_splits(h, m, 1, grundy_sparse_a_max(s->split[i].distinct, m), d);
    }
    return d->count > 0 ? d->v[0] : c;
}

/* The checker may mark the share of the span from b: its values guessed, whole, and the
 * checker (lag heaps behind the guesser) near the front: it takes a share when it has time to
 * spare, so that the roles balance themselves whatever their costs on the rule at hand. */
static int share_due(const pipe *p, uint64_t b, uint64_t guessed, uint64_t lag) {
    return p->share_pairs > 0 && b + p->span <= guessed + p->deep && b + p->span <= p->end &&
           (lag <= PIPE_SHARE_LAG || p->share_always);
}

/* Wait until the ring has room for the heaps below n; 0 when a wrong guess stopped the checker.
 * A checker asleep since the guesser's last look is woken first. */
static int room(pipe *p, uint64_t n, uint64_t *checked) {
    if (n - *checked > PIPE_RING) {
        grundy_waiter_wake(&p->to_check, atomic_load_explicit(&p->guessed, memory_order_relaxed));
        const pipe_until u = {p, n};
        grundy_waiter_wait(&p->to_guesser, ring_has_room, &u, n - PIPE_RING + PIPE_WAKE_RUN);
        *checked = atomic_load_explicit(&p->checked, memory_order_acquire);
    }
    return n - *checked <= PIPE_RING;
}

/* Heaps below n are guessed (release); at a look, the checker is woken if it sleeps. 1 when a
 * look finds that a wrong guess stopped the checker. */
static int publish_guessed(pipe *p, uint64_t n, int look) {
    atomic_store_explicit(&p->guessed, n, memory_order_release);
    if (!look) {
        return 0;
    }
    grundy_waiter_wake(&p->to_check, n);
    return atomic_load_explicit(&p->wrong, memory_order_relaxed);
}

static void guess_done(pipe *p, uint64_t n) {
    p->stop = n;
    atomic_store_explicit(&p->guessed, n, memory_order_release);
    atomic_store_explicit(&p->guess_done, 1, memory_order_release);
    grundy_waiter_wake(&p->to_check, UINT64_MAX);
}

/* The guesser: heaps n0 .. until end, a wrong guess behind it, or a heap it cannot guess. */
static void guess(pipe *p) {
    sparse *s = p->s;
    heap_ctx h = {
        p->g, 1, s->seen, s->stamp, s->doubt, s->isa, (uint8_t)grundy_sparse_isa_doubts(s),
        NULL, 0, 0};
    uint64_t checked = p->n0, n = p->n0;
    for (; n < p->end; n++) {
        if ((n & (PIPE_PUBLISH - 1)) == 0 && publish_guessed(p, n, (n & (PIPE_LOOK - 1)) == 0)) {
            break;
        }
        if (!room(p, n + 1, &checked)) {
            break; /* a wrong guess behind: the checker has stopped */
        }
        h.stamp = grundy_sparse_next_stamp(s->seen, s->seen_cap, h.stamp);
        pipe_marks(s, &h, n);
        doubts d = {h.doubt, 0};
        const sparse_plan plan = grundy_sparse_plan(s, n);
        const uint64_t c = grundy_sparse_gap(&h, plan.common, plan.top, &d);
        pipe_slot *slot = &p->ring[n % PIPE_RING];
        if (c >= plan.top) {
            break; /* a new bit: the caller books it */
        }
        if (d.count <= PIPE_DOUBTS) {
            slot->list.count = (uint8_t)d.count;
            for (size_t i = 0; i < d.count; i++) {
                slot->list.v[i] = (uint8_t)d.v[i];
            }
        } else if (pipe_settle(s, &h, n, c, &d) == c) {
            slot->list.count = 0; /* settled here: nothing left to check */
        } else {
            break; /* a rare value: the caller books it */
        }
        p->g[n] = (uint8_t)c;
    }
    s->stamp = h.stamp;
    guess_done(p, n);
}

/* ---------------------------------------------------------------- the AVX2 pass */

static void set_bit(uint64_t v, uint64_t *lo, uint64_t *hi) {
    *lo |= (uint64_t)(v < 64) << (v & 63);
    *hi |= (uint64_t)(v >= 64) << (v & 63);
}

static void clear_bit(uint64_t v, uint64_t *lo, uint64_t *hi) {
    *lo &= ~((uint64_t)(v < 64) << (v & 63));
    *hi &= ~((uint64_t)(v >= 64) << (v & 63));
}

static uint64_t check_fast(const pipe *p, uint64_t n, uint64_t c, uint64_t lo, uint64_t hi);

/* Heap n's guess from lo, the marks below 64 of the pairs below `first`: the other pairs and the
 * late rare splits marked (wide: values up to 127; lazy: the first pairs' marks of 64 and more
 * when the gap is past 63), g(n) = c written and the doubts below c put in its slot (settled here
 * when help); 0 when c = 2^bits or a rare value was found. */
static inline __attribute__((always_inline)) int
guess_heap(pipe *p, uint64_t n, uint64_t lo, size_t first, int wide, int help, int lazy) {
    const sparse *s = p->s;
    uint64_t hi = 0;
    const uint8_t *g = p->g;
    const uint64_t at = n - p->first; /* g(n) = g[at] */
    if (wide) {
        for (size_t i = first; i < p->pairs.count; i++) {
            set_bit(p->pairs.w[i] ^ LOAD(uint8_t, g, at - p->pairs.o[i]), &lo, &hi);
        }
    } else { /* values below 64: one word */
        for (size_t i = first; i < p->pairs.count; i++) {
            lo |= (uint64_t)1 << (p->pairs.w[i] ^ LOAD(uint8_t, g, at - p->pairs.o[i]));
        }
    }
    for (size_t i = 0; i < p->late_count; i++) {
        const take *t = &s->split[p->late[i] % s->split_count];
        const size_t j = p->late[i] / s->split_count;
        const uint64_t m = n - t->k, r = s->rare_pos[j];
        if (r < m && !(t->distinct && 2 * r == m)) {
            set_bit(s->rare_val[j] ^ LOAD(uint8_t, g, m - r - p->first), &lo, &hi);
        }
    }
    const unsigned par = position_parity(s, n);
    const uint64_t free_lo = ~lo & p->com[par][0];
    if (lazy && free_lo == 0) {
        /* The pairs below `first` gave their marks below 64 only: the gap is past 63 (0.354:
         * 36 heaps of 100,000 near heap 2 million), so their marks of 64 and more now. */
        for (size_t i = 0; i < first; i++) {
            const uint64_t v = p->pairs.w[i] ^ LOAD(uint8_t, g, at - p->pairs.o[i]);
            hi |= (uint64_t)(v >= 64) << (v & 63);
        }
    }
    const uint64_t free_hi = ~hi & p->com[par][1];
    const uint64_t c = free_lo != 0   ? (uint64_t)__builtin_ctzll(free_lo)
                       : free_hi != 0 ? 64 + (uint64_t)__builtin_ctzll(free_hi)
                                      : 128;
    if (c >= ((uint64_t)1 << s->bits)) {
        return 0;
    }
    /* The rare values below c that no mark gave (the common ones below c are all marked). */
    const uint64_t below_lo = c >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << c) - 1;
    const uint64_t below_hi = c >= 64 ? ((uint64_t)1 << (c - 64)) - 1 : 0;
    pipe_slot *slot = &p->ring[n % PIPE_RING];
    slot->bits.lo = ~lo & ~p->com[par][0] & below_lo;
    slot->bits.hi = ~hi & ~p->com[par][1] & below_hi;
    if (help && (slot->bits.lo | slot->bits.hi) != 0) {
        /* The checker is behind: settle this heap here (a rare value stops the run). */
        if (check_fast(p, n, c, slot->bits.lo, slot->bits.hi) != c) {
            return 0; /* or a doubt left where the kept values end: the caller's pass takes it */
        }
        slot->bits.lo = slot->bits.hi = 0;
    }
    p->g[at] = (uint8_t)c;
    return 1;
}

#if PIPE_X86

/* The marks below 64 of the far pairs [from, to) for heaps b .. b + 15, or'ed into mlo[j] for
 * heap b + j: one 16-byte load of g(b - o .. b - o + 15) per pair, known before the batch as
 * o >= 16, and a variable shift per mark (vpsllvq gives 0 for counts of 64 or more). */
__attribute__((target("avx2"), always_inline)) static inline void
far_marks(const uint8_t *g, uint64_t b, const pipe_pairs *pp, size_t from, size_t to,
          uint64_t *mlo) {
    const __m256i one = _mm256_set1_epi64x(1);
    __m256i lo[4];
    for (int q = 0; q < 4; q++) {
        lo[q] = _mm256_loadu_si256((const __m256i *)(const void *)(mlo + 4 * q));
    }
    for (size_t i = from; i < to; i++) {
        const __m128i x = _mm_xor_si128(
            _mm_loadu_si128((const __m128i *)(const void *)RUN(uint8_t, g, b - pp->o[i])),
            _mm_set1_epi8((char)pp->w[i]));
        const __m256i x4[4] = {_mm256_cvtepu8_epi64(x), _mm256_cvtepu8_epi64(_mm_srli_si128(x, 4)),
                               _mm256_cvtepu8_epi64(_mm_srli_si128(x, 8)),
                               _mm256_cvtepu8_epi64(_mm_srli_si128(x, 12))};
        for (int q = 0; q < 4; q++) {
            lo[q] = _mm256_or_si256(lo[q], _mm256_sllv_epi64(one, x4[q]));
        }
    }
    for (int q = 0; q < 4; q++) {
        _mm256_storeu_si256((__m256i *)(void *)(mlo + 4 * q), lo[q]);
    }
}

/* OR of 1 << lane over the 16 lanes of v (vpsllvq gives 0 for lanes of 64 or more). */
__attribute__((target("avx2"), always_inline)) static inline uint64_t lanes_bits(__m128i v) {
    const __m256i one = _mm256_set1_epi64x(1);
    const __m256i x0 = _mm256_cvtepu8_epi64(v), x1 = _mm256_cvtepu8_epi64(_mm_srli_si128(v, 4));
    const __m256i x2 = _mm256_cvtepu8_epi64(_mm_srli_si128(v, 8));
    const __m256i x3 = _mm256_cvtepu8_epi64(_mm_srli_si128(v, 12));
    const __m256i acc =
        _mm256_or_si256(_mm256_or_si256(_mm256_sllv_epi64(one, x0), _mm256_sllv_epi64(one, x1)),
                        _mm256_or_si256(_mm256_sllv_epi64(one, x2), _mm256_sllv_epi64(one, x3)));
    __m128i r = _mm_or_si128(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
    r = _mm_or_si128(r, _mm_unpackhi_epi64(r, r));
    return (uint64_t)_mm_cvtsi128_si64(r);
}

/* The guesser may take batch `at`'s share: the checker has marked it, or has stopped. */
static int share_marked(const void *arg) {
    const pipe_until *u = arg;
    return atomic_load_explicit(&u->p->share_ready, memory_order_acquire) >= u->at + PIPE_BATCH ||
           atomic_load_explicit(&u->p->wrong, memory_order_acquire);
}

/* The checker's side: claim the next span's share when it is due and mark it, a batch at a time
 * (the guesser may wait on the first ones). */
__attribute__((target("avx2"))) static void share_mark(pipe *p, uint64_t guessed) {
    uint_fast64_t b = atomic_load_explicit(&p->share_next, memory_order_relaxed);
    if (!share_due(p, b, guessed, 0) ||
        !atomic_compare_exchange_strong_explicit(&p->share_next, &b, b + p->span,
                                                 memory_order_relaxed, memory_order_relaxed)) {
        return;
    }
    uint64_t *marks = p->shares + (b - p->n0) % p->deep;
    memset(marks, 0, p->span * sizeof *marks);
    for (uint64_t j = 0; j < p->span; j += PIPE_BATCH) {
        far_marks(p->g, b + j - p->first, &p->pairs, 0, p->share_pairs, marks + j);
        atomic_store_explicit(&p->share_ready, b + j + PIPE_BATCH, memory_order_release);
    }
    grundy_waiter_wake(&p->to_guesser, b + p->span); /* one look a span (PIPE_LOOK) */
}

/* The guesser's side: mlo[j] starts from the checker's share of heap n + j's marks, or 0 where
 * the guesser claimed the span itself (the checker was busy or away, or it is the run's last);
 * the pairs marked, or SIZE_MAX when a wrong guess stopped the checker first. */
static size_t share_take(pipe *p, uint64_t n, uint64_t *mlo) {
    memset(mlo, 0, PIPE_BATCH * sizeof *mlo);
    const uint64_t span = n - (n - p->n0) % p->span;
    uint_fast64_t claim = n;
    if (p->alone || p->share_pairs == 0 || span + p->span > p->end || span == p->own_span) {
        return 0;
    }
    if (n == span && !p->share_always &&
        atomic_compare_exchange_strong_explicit(&p->share_next, &claim, n + p->span,
                                                memory_order_relaxed, memory_order_relaxed)) {
        p->own_span = span;
        return 0;
    }
    if (p->ready_seen < n + PIPE_BATCH) {
        const pipe_until u = {p, n};
        grundy_waiter_wait(&p->to_guesser, share_marked, &u, n + PIPE_BATCH);
        p->ready_seen = atomic_load_explicit(&p->share_ready, memory_order_acquire);
        if (p->ready_seen < n + PIPE_BATCH) {
            return SIZE_MAX;
        }
    }
    memcpy(mlo, p->shares + (n - p->n0) % p->deep, PIPE_BATCH * sizeof *mlo);
    return p->share_pairs;
}

/* Heaps n .. n + 15: the far pairs' marks at once (some by the checker), then heap by heap the
 * near pairs (o < 16) by one shuffle of the window g(n + j - 16 .. n + j - 1), kept in a
 * register, and the guess; the heaps guessed (fewer when one could not be). */
__attribute__((target("avx2"), always_inline)) static inline uint64_t
guess_batch(pipe *p, uint64_t n, int help, int wide) {
    uint64_t mlo[PIPE_BATCH];
    const uint64_t at = n - p->first; /* g(n) = p->g[at] */
    const size_t shared = share_take(p, n, mlo);
    if (shared == SIZE_MAX) {
        return 0;
    }
    far_marks(p->g, at, &p->pairs, shared, p->pairs.far, mlo);
    const int near = p->near_end > p->pairs.far;
    const __m128i idx = _mm_loadu_si128((const __m128i *)(const void *)p->near_idx);
    const __m128i w = _mm_loadu_si128((const __m128i *)(const void *)p->near_w);
    __m128i win = _mm_loadu_si128((const __m128i *)(const void *)RUN(uint8_t, p->g, at - 16));
    for (uint64_t j = 0; j < PIPE_BATCH; j++) {
        uint64_t lo = mlo[j];
        if (near) {
            lo |= lanes_bits(_mm_xor_si128(_mm_shuffle_epi8(win, idx), w));
        }
        if (!guess_heap(p, n + j, lo, p->near_end, wide, help, wide)) {
            return j;
        }
        /* shift in g(n + j): byte 0 of a cvtsi32 moved to byte 15 */
        win = _mm_or_si128(_mm_srli_si128(win, 1),
                           _mm_slli_si128(_mm_cvtsi32_si128((int)LOAD(uint8_t, p->g, at + j)), 15));
    }
    return PIPE_BATCH;
}

__attribute__((target("avx2"))) static uint64_t guess_batch_narrow(pipe *p, uint64_t n, int help) {
    return guess_batch(p, n, help, 0);
}

__attribute__((target("avx2"))) static uint64_t guess_batch_wide(pipe *p, uint64_t n, int help) {
    return guess_batch(p, n, help, 1);
}

#endif

/* The checker's look at heap n's doubts lo:hi (bits), guessed c: its true value; SPARSE_UNSETTLED
 * when a doubt is left at the last split that the kept values hold (the memory window). */
static uint64_t check_fast(const pipe *p, uint64_t n, uint64_t c, uint64_t lo, uint64_t hi) {
    const sparse *s = p->s;
    const uint8_t *small = p->view.raw;
    for (size_t i = 0; i < s->split_count && (lo | hi) != 0; i++) {
        const uint64_t m = n - s->split[i].k, a_max = grundy_sparse_a_max(s->split[i].distinct, m);
        const uint64_t a_end = grundy_sparse_scan_end(&p->view, m, a_max), m_at = m - p->first;
        uint64_t a = 1;
#if PIPE_X86
        for (; a + 63 <= a_end && (lo | hi) != 0; a += 64) {
            grundy_sparse_drop_found64(small, p->g, m_at, a, &lo, &hi);
        }
#endif
        for (; a <= a_end && (lo | hi) != 0; a++) {
            clear_bit(LOAD(uint8_t, small, a) ^ LOAD(uint8_t, p->g, m_at - a), &lo, &hi);
        }
        if (a_end < a_max && (lo | hi) != 0) {
            return SPARSE_UNSETTLED;
        }
    }
    return lo != 0   ? (uint64_t)__builtin_ctzll(lo)
           : hi != 0 ? 64 + (uint64_t)__builtin_ctzll(hi)
                     : c;
}

/* Book the values of heaps [a, b) (the histogram), as the checker does for the heaps it checks. */
static void book(const pipe *p, uint64_t a, uint64_t b) {
    const sparse *s = p->s;
    if (s->hist != NULL) {
        for (uint64_t n = a; n < b; n++) {
            s->hist[(LOAD(uint8_t, p->g, n - p->first) << 1) | position_parity(s, n)]++;
        }
    }
}

/* The AVX2 guesser: batches of PIPE_BATCH heaps, the far pairs marked at once. Alone (one
 * thread), it settles every heap's doubts itself and books its values: nothing waits on a
 * checker, and heaps below `guessed` are final. */
static void guess_fast(pipe *p) {
    uint64_t checked = p->n0, n = p->n0, looked = p->n0;
    const int wide = p->s->bits > 6;
    while (n < p->end) {
        const uint64_t count = p->end - n < PIPE_BATCH ? 1 : PIPE_BATCH;
        if (!p->alone) {
            const int look = n == p->n0 || n - looked >= PIPE_LOOK;
            if (publish_guessed(p, n, look) || !room(p, n + count, &checked)) {
                break;
            }
            if (look) { /* the guesser settles heaps itself while the checker is far behind */
                looked = n;
                checked = atomic_load_explicit(&p->checked, memory_order_acquire);
            }
        }
        const int help = p->alone || n - checked > p->help_lag;
        uint64_t j = 0;
        if (count == 1) { /* the last few heaps: every pair one by one */
            j = (uint64_t)guess_heap(p, n, 0, 0, 1, help, 0);
        } else {
#if PIPE_X86
            j = wide ? guess_batch_wide(p, n, help) : guess_batch_narrow(p, n, help);
#else
            (void)wide; /* not reached: the pass needs AVX2 */
#endif
        }
        if (p->alone) {
            book(p, n, n + j);
        }
        n += j;
        if (j < count) {
            break; /* a new bit, or a rare value found here */
        }
    }
    guess_done(p, n);
}

static int pair_band(uint64_t o, uint64_t deep) {
    return o >= deep ? 0 : o >= PIPE_BATCH ? 1 : 2;
}

/* The pairs of the run from heap n0 on: a split off the rare part r of take k is a pair when
 * r < n0 - k (and 2r < n0 - k when the parts must differ), so that every heap of the run has it;
 * the rest are late, checked heap by heap. */
static grundy_status make_pairs(pipe *p) {
    const sparse *s = p->s;
    const size_t most = s->one_count + (size_t)s->rare_count * s->split_count;
    p->pairs.o = malloc((most + 1) * sizeof *p->pairs.o);
    p->pairs.w = malloc(most + 1);
    p->late = malloc((most + 1) * sizeof *p->late);
    if (p->pairs.o == NULL || p->pairs.w == NULL || p->late == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    /* the deep pairs first (band 0: o >= deep), then the other far ones (band 1), then
     * the near ones (band 2) */
    for (int band = 0; band < 3; band++) {
        const int near = band == 2;
        if (band == 1) {
            p->pairs.deep = p->pairs.count;
        } else if (near) {
            p->pairs.far = p->pairs.count;
        }
        for (size_t i = 0; i < s->one_count; i++) {
            if (pair_band(s->one[i].k, p->deep) == band) {
                p->pairs.o[p->pairs.count] = s->one[i].k;
                p->pairs.w[p->pairs.count++] = 0;
            }
        }
        for (size_t i = 0; i < s->split_count; i++) {
            const take *t = &s->split[i];
            for (size_t j = 0; j < s->rare_count; j++) {
                const uint64_t r = s->rare_pos[j];
                const int fits = r + t->k < p->n0 && (!t->distinct || 2 * r + t->k < p->n0);
                if (fits && pair_band(r + t->k, p->deep) == band) {
                    p->pairs.o[p->pairs.count] = r + t->k;
                    p->pairs.w[p->pairs.count++] = (uint8_t)s->rare_val[j];
                } else if (!fits && near) {
                    p->late[p->late_count++] = j * s->split_count + i;
                }
            }
        }
    }
    const size_t near = p->pairs.count - p->pairs.far < 16 ? p->pairs.count - p->pairs.far : 16;
    p->near_end = p->pairs.far + near;
    for (size_t i = 0; i < 16; i++) { /* lanes past the near pairs repeat the first one */
        const size_t at = p->pairs.far + (i < near ? i : 0);
        p->near_idx[i] = near > 0 ? (uint8_t)(16 - p->pairs.o[at]) : 0;
        p->near_w[i] = near > 0 ? p->pairs.w[at] : 0;
    }
    for (unsigned par = 0; par < 2; par++) {
        for (uint64_t v = 0; v < ((uint64_t)1 << s->bits); v++) {
            if (s->common[par][v]) {
                p->com[par][v >> 6] |= (uint64_t)1 << (v & 63);
            }
        }
    }
    return GRUNDY_STATUS_OK;
}

/* The checker may take heap `at` - PIPE_CHECK_GAP, or the share is due, or the guesser stopped. */
static int check_may_go(const void *arg) {
    const pipe_until *u = arg;
    const uint64_t guessed = atomic_load_explicit(&u->p->guessed, memory_order_acquire);
    return guessed >= u->at || atomic_load_explicit(&u->p->guess_done, memory_order_acquire) ||
           share_due(u->p, atomic_load_explicit(&u->p->share_next, memory_order_relaxed), guessed,
                     0);
}

/* Heaps below n are checked (release); at a look, the guesser is woken if it sleeps. */
static void publish_checked(pipe *p, uint64_t n, int look) {
    atomic_store_explicit(&p->checked, n, memory_order_release);
    if (look) {
        grundy_waiter_wake(&p->to_guesser, n);
    }
}

/* The guesser's progress that wakes a sleeping checker at heap n: a run of PIPE_WAKE_RUN heaps
 * past the gap (a wake a batch cost 0.1777 10 s of system time under load); no share (its wake
 * costs more than the marks), unless the guesser waits for it. */
static uint64_t check_wake_at(const pipe *p, uint64_t n) {
    const uint64_t b = atomic_load_explicit(&p->share_next, memory_order_relaxed);
    const uint64_t run = n + PIPE_CHECK_GAP + PIPE_WAKE_RUN;
    return p->share_always && share_due(p, b, b, 0) && b + p->span - p->deep < run
               ? b + p->span - p->deep
               : run;
}

/* Wait until the checker's next heap n may be checked: PIPE_CHECK_GAP heaps behind the guesser
 * (it reads values and ring slots that the guesser has finished writing, not lines that move
 * between the cores while both use them), or any guessed heap once the guesser has stopped.
 * Marks the share whenever it is due (a look a heap); 0 when the guesser has stopped and every
 * heap is checked. */
static int check_next(pipe *p, uint64_t n, uint64_t *guessed) {
    /* Far behind, the guesser's line is read once a look (PIPE_LOOK): a read a batch waited for
     * the other core (0.1777: 135 ns a batch, 3.8 s of the checker's time). A stale guessed only
     * delays the share (it is taken for values below guessed). */
    int look = n + PIPE_CHECK_GAP > *guessed || (n & (PIPE_LOOK - 1)) == 0;
    for (;;) {
        int done = 0;
        if (look) {
            done = atomic_load_explicit(&p->guess_done, memory_order_acquire);
            *guessed = atomic_load_explicit(&p->guessed, memory_order_acquire);
        }
        look = 1;
#if PIPE_X86
        if (!done && p->fast &&
            share_due(p, atomic_load_explicit(&p->share_next, memory_order_relaxed), *guessed,
                      *guessed - n)) {
            share_mark(p, *guessed);
        }
#endif
        if (*guessed >= n + PIPE_CHECK_GAP || (done && *guessed > n)) {
            return 1;
        }
        if (done) {
            return 0;
        }
        publish_checked(p, n, 1);
        const pipe_until u = {p, n + PIPE_CHECK_GAP};
        grundy_waiter_wait(&p->to_check, check_may_go, &u, check_wake_at(p, n));
    }
}

/* The checker: each guessed heap's doubts settled, in order; its value booked (histogram). */
static void check(pipe *p) {
    sparse *s = p->s;
    const uint8_t test = (uint8_t)grundy_sparse_isa_doubts(s);
    heap_ctx h = {p->g, 1, p->check_seen, 0, p->check_doubt, s->isa, test, NULL, 0, 0};
    uint64_t n = p->n0, guessed = p->n0;
    for (;;) {
        /* the share looked at once a batch while far behind (the guesser's progress once a look) */
        if ((n + PIPE_CHECK_GAP > guessed || (n & (PIPE_BATCH - 1)) == 0) &&
            !check_next(p, n, &guessed)) {
            publish_checked(p, n, 1);
            break; /* the guesser has stopped and everything is checked */
        }
        const pipe_slot *slot = &p->ring[n % PIPE_RING];
        const uint64_t c = LOAD(uint8_t, p->g, n - p->first);
        uint64_t v = c;
        if (p->fast) {
            v = check_fast(p, n, c, slot->bits.lo, slot->bits.hi);
        } else if (slot->list.count > 0) {
            h.stamp = grundy_sparse_next_stamp(p->check_seen, s->seen_cap, h.stamp);
            doubts d = {h.doubt, slot->list.count};
            for (size_t i = 0; i < d.count; i++) {
                d.v[i] = slot->list.v[i];
            }
            v = pipe_settle(s, &h, n, c, &d);
        }
        if (v != c) {
            p->wrong_value = v;
            atomic_store_explicit(&p->checked, n, memory_order_release);
            atomic_store_explicit(&p->wrong, 1, memory_order_release);
            grundy_waiter_wake(&p->to_guesser, UINT64_MAX);
            return;
        }
        if (s->hist != NULL) {
            s->hist[(c << 1) | position_parity(s, n)]++;
        }
        n++;
        if ((n & (PIPE_PUBLISH - 1)) == 0) {
            publish_checked(p, n, (n & (PIPE_LOOK - 1)) == 0);
        }
    }
}

static void pipe_role(void *arg, uint64_t i, unsigned w) {
    pipe *p = arg;
    (void)w;
    if (i == 0 && p->fast) {
        guess_fast(p);
    } else if (i == 0) {
        guess(p);
    } else {
        check(arg);
    }
}

/* The AVX2 pass runs: AVX2 and values below 2^PIPE_FAST_BITS. */
static int fast_fits(sparse_isa isa, unsigned bits) {
    return PIPE_X86 && isa >= SPARSE_ISA_AVX2 && bits <= PIPE_FAST_BITS;
}

/* On one thread, the AVX2 pass alone is the cheapest way for cheap rules: the guess marks 16
 * heaps' pairs at once as bits of a word (no table of marks, no stamps, the gap a count of
 * trailing zeros), only the heaps with doubts left scan their splits, and the values are pushed
 * in bulk. period 0.354: 2.8x less CPU than the batched rare pass; 0.1777 to 4.5 * 10^8: 2.6x
 * less than one heap at a time, and less than two threads' pipeline uses in all. */
int grundy_sparse_pipe_fits(const sparse_facts *f, uint64_t *end) {
    *end = f->length < f->next_choice ? f->length : f->next_choice;
    const int cheap = f->rare_count * f->split_count < PIPE_MIN_MARKS;
    const int alone_fits = f->threads < 2 && fast_fits(f->isa, f->bits);
    /* Where values may be dropped, only the AVX2 pass reads them through the prefix and the
     * window (the portable guess and check read one array). */
    const int two_fit = f->threads >= 2 && (!f->may_drop || fast_fits(f->isa, f->bits));
    return (two_fit || alone_fits) && !f->dense && f->n >= PIPE_MIN_N && f->n >= f->past &&
           f->bits <= PIPE_MAX_BITS && cheap && f->n < *end;
}

/* The ways of sharing the work that the tests ask for (GRUNDY_SPARSE_PIPE). */
static void share_mode(pipe *p) {
    const char *mode = getenv("GRUNDY_SPARSE_PIPE");
    /* help: the guesser settles every heap it can (the tests' second path) */
    p->help_lag = mode != NULL && strcmp(mode, "help") == 0 ? 0 : PIPE_RING / 2;
    /* share: the checker marks the deep pairs of every span, and spans are one batch long (the
     * shortest, so that short runs have deep pairs); the guesser waits for them (the third) */
    p->share_always = mode != NULL && strcmp(mode, "share") == 0;
    p->span = p->share_always ? PIPE_BATCH : PIPE_SPAN;
    p->deep = p->share_always ? 2 * PIPE_BATCH : PIPE_DEEP;
}

/* The checker's share of a span's marks (the AVX2 pass on two threads): the deep pairs, at most
 * half the far ones (the guess keeps the rest, and the checker its own scans). */
static size_t share_size(const pipe *p) {
    if (p->alone || !p->fast) {
        return 0;
    }
    return p->share_always || p->pairs.deep < p->pairs.far / 2 ? p->pairs.deep : p->pairs.far / 2;
}

/* Heaps from n0 on find every value the AVX2 pass reads in g(i) = g[i - first] (first > 0: the
 * window): the options that leave one heap and the rare splits' partners lie at most
 * max_take + r_max below (grundy_sparse_window_flat), the near pairs' register 16 below, and the
 * doubt scans stop where the kept values end (grundy_sparse_scan_end). */
static int pipe_window_holds(const grundy_seq *seq, const sparse *s, uint64_t n0, uint64_t first) {
    if (first == 0) {
        return 1;
    }
    const uint64_t r_max = s->rare_count > 0 ? s->rare_pos[s->rare_count - 1] : 0;
    const uint64_t reach = s->max_take + r_max > 16 ? s->max_take + r_max : 16;
    return grundy_sparse_window_fits(s, n0) && n0 >= first + reach &&
           grundy_sparse_window_flat(seq, s, n0);
}

/* Heap n the one-thread way, after the pipeline stopped there (every value below it pushed);
 * where values may be dropped, over them as they are kept. */
static grundy_status one_heap(grundy_seq *seq, sparse *s, uint64_t n) {
    if (s->may_drop) {
        return grundy_sparse_window_one(seq, s, n);
    }
    s->stamp = grundy_sparse_next_stamp(s->seen, s->seen_cap, s->stamp);
    unsigned width;
    const void *raw = grundy_seq_raw(seq, &width);
    const heap_ctx h = {
        raw,  width, s->seen, s->stamp, s->doubt, s->isa, (uint8_t)grundy_sparse_isa_doubts(s),
        NULL, 0,     0};
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
    /* Where values may be dropped the AVX2 pass runs (alone or beside the checker), writing ahead
     * in the prefix or the window, end lowered to its room: the window slides (drops or spills
     * its older half) only in grundy_seq_ahead_view, before the threads start, and the run ends
     * where the window is full, so no value is dropped while a thread may still read it; the
     * next run slides it as the pushes would. */
    const int alone = s->threads < 2, fast = fast_fits((sparse_isa)s->isa, s->bits);
    const uint64_t bytes = sizeof *p + PIPE_RING * sizeof(pipe_slot) + s->seen_cap * 9;
    uint64_t first = 0;
    uint8_t *g = width == 1 && (fast || !alone)
                     ? grundy_seq_ahead_view(seq, grundy_sparse_bytes(s) + bytes, &end, &first)
                     : NULL;
    if (s->may_drop && (g == NULL || !fast || !pipe_window_holds(seq, s, n0, first))) {
        goto cleanup; /* no room for the scratch or the values ahead, or the window lacks some
                       * value the guess reads: nothing done, the path table's next rows go on */
    }
    if (g == NULL || (alone && !fast)) { /* the storage cannot take values ahead, or one thread
                                          * has no pass of its own: one heap the usual way */
        GRUNDY_TRY(one_heap(seq, s, n0));
        *next = n0 + 1;
        goto cleanup;
    }
    GRUNDY_TRY(grundy_seq_charge(seq, grundy_sparse_bytes(s) + bytes));
    if (s->pool == NULL && !alone) {
        GRUNDY_TRY(grundy_pool_create(s->threads, &s->pool));
    }
    p = aligned_alloc(64, (sizeof *p + 63) / 64 * 64);
    GRUNDY_CHECK(p != NULL, GRUNDY_STATUS_NOMEM);
    memset(p, 0, sizeof *p);
    p->s = s;
    p->g = g;
    p->first = first;
    p->view = grundy_sparse_view_ctx(seq, s, s->seen, s->stamp, s->doubt);
    if (first == 0) { /* every value the pass reads is in g */
        p->view.raw = g;
        p->view.hi = NULL;
        p->view.first = p->view.lo_end = 0;
    } else {
        p->view.hi = g;
        p->view.first = first;
    }
    p->n0 = n0;
    p->end = end;
    p->ring = malloc(PIPE_RING * sizeof *p->ring);
    p->check_seen = calloc((size_t)s->seen_cap, sizeof *p->check_seen);
    p->check_doubt = malloc((size_t)s->seen_cap * sizeof *p->check_doubt);
    GRUNDY_CHECK(p->ring != NULL && p->check_seen != NULL && p->check_doubt != NULL,
                 GRUNDY_STATUS_NOMEM);
    p->fast = fast;
    p->alone = alone;
    share_mode(p);
    if (p->fast) {
        GRUNDY_TRY(make_pairs(p));
    }
    p->share_pairs = share_size(p);
    p->own_span = UINT64_MAX;
    p->ready_seen = n0;
    atomic_init(&p->share_next, n0);
    atomic_init(&p->share_ready, n0);
    atomic_init(&p->guessed, n0);
    atomic_init(&p->checked, n0);
    atomic_init(&p->guess_done, 0);
    atomic_init(&p->wrong, 0);
    if (alone) {
        guess_fast(p);
        atomic_store(&p->checked, p->stop); /* every heap guessed is settled and booked */
    } else {
        grundy_pool_run(s->pool, pipe_role, p, 2);
    }
    const uint64_t checked = atomic_load(&p->checked);
    grundy_seq_push_ahead(seq, checked - n0);
    *next = checked;
    if (atomic_load(&p->wrong) && p->wrong_value != SPARSE_UNSETTLED) {
        GRUNDY_TRY(grundy_sparse_finish_heap(seq, s, checked, p->wrong_value));
        *next = checked + 1;
    } else if (checked < end) {
        /* the heap the guesser could not guess, or whose doubt is left where the kept values
         * end (the checker's SPARSE_UNSETTLED: the windowed pass takes it) */
        GRUNDY_TRY(one_heap(seq, s, checked));
        *next = checked + 1;
    }
cleanup:
    if (p != NULL) {
        free(p->ring);
        free(p->check_seen);
        free(p->check_doubt);
        free(p->pairs.o);
        free(p->pairs.w);
        free(p->late);
        free(p);
    }
    return st;
}
