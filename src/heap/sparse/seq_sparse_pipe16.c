/* SPDX-License-Identifier: MIT */
/* The sparse engine's guess-and-check pipeline for values up to 2^9 on two threads (0.6,
 * Officers): one thread marks the rare splits of batches of heaps and guesses each heap's value,
 * the other settles the doubts of the heaps behind it with the doubt table (AVX-512). */
#include "heap/sparse/sparse_bits.h"
#include "heap/sparse/sparse_mark_bits.h"
#include "heap/sparse/sparse_state.h"

#include "util/pool.h"
#include "util/try.h"

#include <sched.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define PIPE16_PAUSE() _mm_pause()
#else
#define PIPE16_PAUSE() ((void)0)
#endif

/*
 * As in seq_sparse_pipe.c: a heap's value is its common gap c (exact from the marks of the
 * options that leave one heap and of the splits with a rare part) unless a doubt, a rare value
 * below c, is no option; rare values are rare, so g(n) = c almost always and the scan of the
 * ordinary splits that settles the doubts only confirms it. The one-thread batch (0.6: 48% of
 * the CPU marking the rare splits, 42% the doubt table's scan) splits in two about equal halves:
 * the guesser marks SPARSE_BATCH heaps' rare splits at once as seq_sparse_batch.c does (with
 * AVX-512 every other rare position as bits of the small values, seq_sparse_bits.c: a heap whose
 * common gap their bound does not decide is marked again), takes each heap's common gap and writes
 * it as g(n) ahead of the sequence (grundy_seq_ahead), its doubts (all below SPARSE_BITSET_VALUES)
 * as a 512-bit table in a ring; the checker settles each heap's doubts in order with the values
 * below it (guessed before it, and checked), by the doubt table's scan where it applies (AVX-512 or
 * AVX2, 16-bit values), else by the list, and books each value checked. A doubt that no split gives
 * is the heap's true value: the guess was wrong, both threads stop there, and the caller books the
 * true value (a rare position: the rare list grows) the usual way. The labelling, the bits and the
 * rare list stay fixed while the pipeline runs (a guess of 2^bits ends it too), so every value
 * pushed is the one the one-thread engine computes.
 *
 * The guesser is the longer role (0.6: the batch's marks and the common gap are 53% of the work),
 * so the checker takes a share of its marks, where they do not wait on the guesses: heap
 * nb + B + j's split with the rare part r of take k reads g(nb + B - k - r + j), below nb for
 * every j < B when r >= 2B - k, so most rare splits of the next batch are known once the
 * guesser starts batch nb. The guesser posts that job as it starts a batch; the checker takes it
 * between two heaps, marks each take's rare positions from[i] up to the batch's end of the list
 * (the far end: partners long written) in its own tables and hands them over as 64 bytes of bits
 * a heap (sparse_mark_bits.h), which the guesser sets in its tables before it marks the rest. A
 * job the checker has not taken when the guesser gets there is dropped and marked by the
 * guesser; one it has taken is waited for. The marks are the same set whoever makes them. The
 * share follows the ring: the nearer the checker is to the guesses, the more it takes.
 */
#define PIPE16_RING      1024 /* heaps the guesser may run ahead of the checker */
#define PIPE16_PUBLISH   16   /* heaps between two looks at the other thread */
#define PIPE16_MAX_BITS  9    /* every value, so every doubt, below SPARSE_BITSET_VALUES */
#define PIPE16_MIN_BATCH (4 * SPARSE_BATCH)
#define PIPE16_SHARE_ONE 256 /* the checker marks share / PIPE16_SHARE_ONE of the far splits */
#define PIPE16_SHARE_MAX 64  /* the most it takes unless the tests ask for more */

enum { PIPE16_GUESSER = 1, PIPE16_CHECKER = 2 };

/* The states of the job (low two bits; the batch's first heap above them). */
enum { JOB_POSTED, JOB_TAKEN, JOB_DONE, JOB_DROPPED };
#define PIPE16_JOB(nb, state) ((uint64_t)(nb) << 2 | (uint64_t)(state))

/* The checker's marks for the guesser's batch: for each take i the rare positions from[i] up to
 * the batch's end of the list, as bits a heap (values below 2^9); none when `any` is 0. */
typedef struct pipe16_help {
    uint64_t bits[SPARSE_BATCH][SPARSE_TABLE_WORDS];
    size_t from[SPARSE_BATCH_TAKES];
    int any;
} pipe16_help;

/* One heap's doubts: bit v of w[v / 64] for doubt v. */
typedef struct pipe16_slot {
    uint64_t w[SPARSE_TABLE_WORDS];
} pipe16_slot;

typedef struct pipe16 {
    sparse *s;
    void *g; /* g(i) = g[i], written ahead for i >= n0 */
    unsigned width;
    uint64_t n0, end;
    pipe16_slot *ring;
    sparse_mark *guess_seen; /* the guesser's SPARSE_BATCH tables of SPARSE_BATCH_STRIDE */
    uint64_t *guess_doubt;
    sparse_mark *check_seen; /* the checker's marks (its list scans' short stretches) */
    uint64_t *check_doubt;
    sparse_mark *help_seen; /* the checker's tables for the guesser's marks, as guess_seen */
    atomic_uint roles;      /* PIPE16_GUESSER | PIPE16_CHECKER: the roles claimed (pipe16_role) */
    int test; /* GRUNDY_SPARSE_PIPE16=any: the share varies by batch, some jobs left */
    /* the job's state on a line of its own (both threads write it); the checker's marks for it
     * and their stamp (written a job each) off the lines that the guesser reads all the time */
    _Alignas(64) atomic_uint_fast64_t job; /* PIPE16_JOB(batch, state) */
    _Alignas(64) pipe16_help help;         /* written by the checker while the job is taken */
    sparse_mark help_stamp;
    /* the guesser's side */
    _Alignas(64) atomic_uint_fast64_t guessed; /* heaps below it are guessed (release) */
    atomic_int guess_done;                     /* guessed is final */
    /* the checker's side */
    _Alignas(64) atomic_uint_fast64_t checked; /* heaps below it are checked and booked */
    atomic_int wrong;                          /* a wrong guess at heap `checked` */
    uint64_t wrong_value;                      /* its true value (before wrong is set) */
} pipe16;

/* GRUNDY_SPARSE_PIPE16=any: the pipeline for every rule with values below 2^9 and any doubt
 * test, from heap 4 * SPARSE_BATCH on (the tests' way to run it on short random sequences). */
static int pipe16_any(void) {
    const char *env = getenv("GRUNDY_SPARSE_PIPE16");
    return env != NULL && strcmp(env, "any") == 0;
}

/* Two threads, every value in one array, a rare list, values below 2^9, past the takes by a
 * batch; by default only where one thread takes the doubt table on AVX-512 with 16-bit values
 * (there the blocks lose to one thread, and the second thread had nothing to do). The variable
 * is read last, where every other fact fits. */
int grundy_sparse_pipe16_fits(const sparse_facts *f, uint64_t *end) {
    *end = f->length < f->next_choice ? f->length : f->next_choice;
    const int table =
        f->isa == SPARSE_ISA_AVX512 && f->doubts == SPARSE_DOUBTS_TABLE && f->bits > 8;
    return f->threads >= 2 && !f->may_drop && !f->dense && f->bits <= PIPE16_MAX_BITS &&
           f->past != UINT64_MAX && f->n >= f->past + SPARSE_BATCH && f->n >= PIPE16_MIN_BATCH &&
           f->n < *end && (table || pipe16_any());
}

/* Spin briefly (the checker waits a few microseconds for each batch), then give the core away,
 * then sleep: on a loaded machine the other thread may be off for a whole time slice, and a loop
 * of yields cost two threads up to 30% more CPU than one on 0.6 (system time). */
static void pipe16_wait(unsigned *spins) {
    if (++*spins < 64) {
        PIPE16_PAUSE();
    } else if (*spins < 128) {
        sched_yield();
    } else {
        const struct timespec nap = {0, 20000};
        nanosleep(&nap, NULL);
    }
}

static uint64_t pipe16_load(const pipe16 *p, uint64_t i) {
    return p->width == 1 ? LOAD(uint8_t, p->g, i) : LOAD(uint16_t, p->g, i);
}

static void pipe16_store(pipe16 *p, uint64_t i, uint64_t v) {
    if (p->width == 1) {
        ((uint8_t *)p->g)[i] = (uint8_t)v;
    } else {
        ((uint16_t *)p->g)[i] = (uint16_t)v;
    }
}

/* The rare ranges of heaps nb .. nb + SPARSE_BATCH - 1 for each take i: the rare r in [lo, hi)
 * read g(nb - k - r + j), all guessed before the batch (r >= B - k and r < nb - k); the rest
 * heap by heap. A take whose parts must differ goes heap by heap (mark_rare_checked). */
static void batch_ranges(const sparse *s, uint64_t nb, size_t *lo, size_t *hi) {
    const size_t count = (size_t)s->rare_count;
    for (size_t i = 0; i < s->split_count; i++) {
        const take *t = &s->split[i];
        if (t->distinct) {
            lo[i] = hi[i] = count;
            continue;
        }
        lo[i] = t->k >= SPARSE_BATCH
                    ? 0
                    : grundy_sparse_count_below(s->rare_pos, count, SPARSE_BATCH - t->k);
        hi[i] = grundy_sparse_count_below(s->rare_pos, count, nb - t->k);
        hi[i] = hi[i] < lo[i] ? lo[i] : hi[i];
    }
}

/* The guesser's batched marks of heaps nb .. nb + SPARSE_BATCH - 1, take i's rare positions
 * [lo[i], upto[i]) (the checker marked the rest): bytes, or (limit > 0) every other rare position
 * as bits of the values below limit, as the one-thread batch marks (seq_sparse_bits.c). */
static void batch_marks(const pipe16 *p, sparse_mark stamp, uint64_t nb, unsigned limit,
                        const size_t *lo, const size_t *upto) {
    const sparse *s = p->s;
    if (limit == 0) {
        for (size_t i = 0; i < s->split_count; i++) {
            grundy_sparse_batch_rare(p->guess_seen, stamp, p->g, p->width, nb - s->split[i].k,
                                     s->rare_pos, s->rare_val, lo[i], upto[i]);
        }
        return;
    }
    sparse_bits bits;
    memset(&bits, 0, sizeof bits);
    for (size_t i = 0; i < s->split_count; i++) {
        grundy_sparse_bits_rare(&bits, p->guess_seen, stamp, p->g, p->width, nb - s->split[i].k,
                                s->rare_pos, s->rare_val, lo[i], upto[i]);
    }
    grundy_sparse_bits_store(&bits, p->guess_seen, stamp, limit);
}

/* Heap n's common gap is decided by its marks below limit when some common value below it is
 * unmarked (seq_sparse_bits.c); else the values from limit on, which the bits leave out, may
 * decide it: the guesser's batched rare splits of heap n are marked again, every value. */
static void complete_marks(const sparse *s, const heap_ctx *h, uint64_t n, const sparse_plan *plan,
                           unsigned limit, const size_t *lo, const size_t *upto) {
    if (limit > 0 && plan->top > limit &&
        grundy_sparse_bits_short(h->seen, h->stamp, plan->common, limit)) {
        for (size_t i = 0; i < s->split_count; i++) {
            grundy_sparse_mark_rare(h, n - s->split[i].k, s->rare_pos, s->rare_val, lo[i], upto[i]);
        }
    }
}

/* Heap n's marks that the batch left out, in order (every value below n guessed). */
static void heap_marks(const sparse *s, const heap_ctx *h, uint64_t n, const size_t *lo,
                       const size_t *hi) {
    for (size_t i = 0; i < s->one_count; i++) {
        h->seen[load(h, n - s->one[i].k)] = h->stamp;
    }
    for (size_t i = 0; i < s->split_count; i++) {
        const uint64_t m = n - s->split[i].k;
        const int distinct = s->split[i].distinct;
        grundy_sparse_mark_rare_checked(s, h, m, distinct, 0, 0, lo[i]);
        grundy_sparse_mark_rare_checked(s, h, m, distinct, 0, hi[i], (size_t)s->rare_count);
    }
}

/* Heap n's guess from its marks: the common gap, its doubts set in slot; 0 when the gap is
 * 2^bits (a new bit, or a doubt is the value: the caller's heap). */
static int guess_heap(pipe16 *p, const heap_ctx *h, uint64_t n, const sparse_plan plan,
                      pipe16_slot *slot) {
    memset(slot, 0, sizeof *slot);
    uint64_t c;
    if (grundy_sparse_table_fits(h, plan.top)) {
        size_t count;
        c = grundy_sparse_gap_table(h, plan.common, plan.top, slot->w, &count);
    } else {
        doubts d = {h->doubt, 0};
        c = grundy_sparse_gap(h, plan.common, plan.top, &d);
        for (size_t i = 0; i < d.count; i++) {
            slot->w[d.v[i] / 64] |= (uint64_t)1 << (d.v[i] % 64);
        }
    }
    if (c >= plan.top || (c >> (8 * p->width)) != 0) {
        return 0;
    }
    pipe16_store(p, n, c);
    return 1;
}

/* Wait until the ring has room for the heaps below n; 0 when a wrong guess stopped the checker. */
static int room(pipe16 *p, uint64_t n, uint64_t *checked) {
    unsigned spins = 0;
    while (n - *checked > PIPE16_RING) {
        if (atomic_load_explicit(&p->wrong, memory_order_relaxed)) {
            return 0;
        }
        pipe16_wait(&spins);
        *checked = atomic_load_explicit(&p->checked, memory_order_acquire);
    }
    return 1;
}

/* The checker's marks for batch nb where it made them: a job it has taken is waited for, one it
 * has not is dropped (the guesser marks it all). */
static const pipe16_help *take_help(pipe16 *p, uint64_t nb) {
    uint64_t job = PIPE16_JOB(nb, JOB_POSTED);
    if (atomic_compare_exchange_strong_explicit(&p->job, &job, PIPE16_JOB(nb, JOB_DROPPED),
                                                memory_order_acquire, memory_order_acquire)) {
        return NULL;
    }
    unsigned spins = 0;
    while (job == PIPE16_JOB(nb, JOB_TAKEN)) {
        pipe16_wait(&spins);
        job = atomic_load_explicit(&p->job, memory_order_acquire);
    }
    return job == PIPE16_JOB(nb, JOB_DONE) ? &p->help : NULL;
}

/* Heaps nb .. nb + SPARSE_BATCH - 1's marks from the checker (none: help NULL): its tables as
 * bits, set in the guesser's; take i's rare positions from[i] on are marked (from[i] = hi[i]: the
 * guesser marks them all). */
static void merge_help(const pipe16 *p, const pipe16_help *help, sparse_mark stamp,
                       const size_t *hi, size_t *from) {
    const sparse *s = p->s;
    memcpy(from, help != NULL ? help->from : hi, s->split_count * sizeof *from);
    for (size_t j = 0; help != NULL && help->any && j < SPARSE_BATCH; j++) {
        grundy_sparse_bits_to_marks(help->bits[j], (uint64_t)1 << s->bits, (sparse_isa)s->isa,
                                    p->guess_seen + j * SPARSE_BATCH_STRIDE, stamp);
    }
}

/* The guesser: batches of SPARSE_BATCH heaps from n0 until end, a wrong guess behind it, or a
 * heap it cannot guess. */
static void guess(pipe16 *p) {
    const sparse *s = p->s;
    heap_ctx h = grundy_sparse_heap_ctx(s, p->g, p->width, p->guess_seen, 0, p->guess_doubt);
    sparse_mark stamp = 0;
    size_t lo[SPARSE_BATCH_TAKES], hi[SPARSE_BATCH_TAKES], from[SPARSE_BATCH_TAKES];
    const unsigned limit = grundy_sparse_bits_limit(s, p->width); /* the bits stay fixed */
    uint64_t checked = p->n0, n = p->n0;
    while (n < p->end) {
        const uint64_t count = p->end - n < SPARSE_BATCH ? p->end - n : SPARSE_BATCH;
        atomic_store_explicit(&p->guessed, n, memory_order_release);
        if (atomic_load_explicit(&p->wrong, memory_order_relaxed) ||
            !room(p, n + count, &checked)) {
            break;
        }
        stamp = grundy_sparse_next_stamp(p->guess_seen, SPARSE_BATCH * SPARSE_BATCH_STRIDE, stamp);
        h.stamp = stamp;
        batch_ranges(s, n, lo, hi);
        merge_help(p, take_help(p, n), stamp, hi, from);
        if (n + SPARSE_BATCH < p->end) { /* every value below n is guessed: the next batch's job */
            atomic_store_explicit(&p->job, PIPE16_JOB(n + SPARSE_BATCH, JOB_POSTED),
                                  memory_order_release);
        }
        batch_marks(p, stamp, n, limit, lo, from);
        uint64_t j = 0;
        for (; j < count; j++) {
            h.seen = p->guess_seen + j * SPARSE_BATCH_STRIDE;
            heap_marks(s, &h, n + j, lo, hi);
            const sparse_plan plan = grundy_sparse_plan(s, n + j);
            complete_marks(s, &h, n + j, &plan, limit, lo, from);
            if (!guess_heap(p, &h, n + j, plan, &p->ring[(n + j) % PIPE16_RING])) {
                break;
            }
        }
        n += j;
        if (j < count) {
            break;
        }
    }
    atomic_store_explicit(&p->guessed, n, memory_order_release);
    atomic_store_explicit(&p->guess_done, 1, memory_order_release);
}

/* The share of the far splits the checker takes for batch nb, its own next heap n: the more the
 * nearer it is to the guesses, none with the ring full. The lag integrates the two roles'
 * difference in speed, so it settles where the share balances them (0.6: near 32, the ring half
 * full); a share stepped up and down by the lag's trend swung instead (an empty ring, then a full
 * one). The tests' mode varies it by batch, from none to all. */
static unsigned help_share(const pipe16 *p, uint64_t nb, uint64_t n) {
    if (p->test) {
        return (unsigned)(nb / SPARSE_BATCH * 37 % (PIPE16_SHARE_ONE + 1));
    }
    const uint64_t lag = n + SPARSE_BATCH < nb ? nb - SPARSE_BATCH - n : 0;
    return lag < PIPE16_RING ? (unsigned)(PIPE16_SHARE_MAX * (PIPE16_RING - lag) / PIPE16_RING) : 0;
}

/* The checker's share of batch nb's marks: each take's far rare positions (r >= 2B - k: every
 * partner below the batch before), the last `share` of them, into help as bits. */
static void help_marks(pipe16 *p, uint64_t nb, unsigned share) {
    const sparse *s = p->s;
    const size_t count = (size_t)s->rare_count;
    size_t lo[SPARSE_BATCH_TAKES], hi[SPARSE_BATCH_TAKES];
    batch_ranges(s, nb, lo, hi);
    p->help_stamp =
        grundy_sparse_next_stamp(p->help_seen, SPARSE_BATCH * SPARSE_BATCH_STRIDE, p->help_stamp);
    p->help.any = 0;
    for (size_t i = 0; i < s->split_count; i++) {
        const uint64_t k = s->split[i].k;
        size_t far = k >= 2 * SPARSE_BATCH
                         ? 0
                         : grundy_sparse_count_below(s->rare_pos, count, 2 * SPARSE_BATCH - k);
        far = far < lo[i] ? lo[i] : far;
        const size_t from =
            far < hi[i] ? hi[i] - (size_t)((uint64_t)(hi[i] - far) * share / PIPE16_SHARE_ONE)
                        : hi[i];
        p->help.from[i] = from;
        if (from < hi[i]) {
            grundy_sparse_batch_rare(p->help_seen, p->help_stamp, p->g, p->width, nb - k,
                                     s->rare_pos, s->rare_val, from, hi[i]);
            p->help.any = 1;
        }
    }
    for (size_t j = 0; p->help.any && j < SPARSE_BATCH; j++) {
        grundy_sparse_marks_to_bits(p->help_seen + j * SPARSE_BATCH_STRIDE, p->help_stamp,
                                    (uint64_t)1 << s->bits, (sparse_isa)s->isa, p->help.bits[j]);
    }
}

/* The guesser's job, if it has posted one the checker may take (the tests' mode leaves every
 * fifth batch to the guesser); n: the checker's next heap. */
static void help(pipe16 *p, uint64_t n) {
    uint64_t job = atomic_load_explicit(&p->job, memory_order_relaxed);
    if ((job & 3u) != JOB_POSTED || (p->test && (job >> 2) / SPARSE_BATCH % 5 == 3) ||
        !atomic_compare_exchange_strong_explicit(&p->job, &job, PIPE16_JOB(job >> 2, JOB_TAKEN),
                                                 memory_order_acquire, memory_order_relaxed)) {
        return;
    }
    help_marks(p, job >> 2, help_share(p, job >> 2, n));
    atomic_store_explicit(&p->job, PIPE16_JOB(job >> 2, JOB_DONE), memory_order_release);
}

/* Heap n's true value, guessed c with the doubts of slot: the first take's splits by the doubt
 * table where it applies (as the one-thread heaps settle), then the doubts left as a list over
 * every take's splits; the smallest left is g(n), else c. */
static uint64_t check_heap(const pipe16 *p, heap_ctx *h, uint64_t n, uint64_t c,
                           const pipe16_slot *slot) {
    const sparse *s = p->s;
    uint64_t table[SPARSE_TABLE_WORDS];
    size_t count = 0; /* the doubts, counted up to one past SPARSE_BITSET_MIN */
    for (size_t w = 0; w < SPARSE_TABLE_WORDS; w++) {
        table[w] = slot->w[w];
        for (uint64_t bits = table[w]; bits != 0 && count <= SPARSE_BITSET_MIN; bits &= bits - 1u) {
            count++;
        }
    }
    if (count == 0) {
        return c;
    }
    uint64_t a0 = 1;
    const uint64_t top = (uint64_t)1 << s->bits;
    if (grundy_sparse_table_fits(h, top) && count > SPARSE_BITSET_MIN && s->split_count > 0) {
        const uint64_t m = n - s->split[0].k, a_max = grundy_sparse_a_max(s->split[0].distinct, m);
        if (a_max >= SPARSE_SCAN_BLOCK) {
            a0 = grundy_sparse_scan_table(h, m, 1, a_max, table);
        }
    }
    doubts d = {h->doubt, 0};
    for (size_t w = 0; w < SPARSE_TABLE_WORDS; w++) {
        for (uint64_t bits = table[w]; bits != 0; bits &= bits - 1u) {
            d.v[d.count++] = 64 * w + (unsigned)__builtin_ctzll(bits);
        }
    }
    if (d.count > 0) {
        h->stamp = grundy_sparse_next_stamp(h->seen, s->seen_cap, h->stamp);
    }
    for (size_t i = 0; i < s->split_count && d.count > 0; i++) {
        const uint64_t m = n - s->split[i].k;
        grundy_sparse_scan_splits(h, m, i == 0 ? a0 : 1,
                                  grundy_sparse_a_max(s->split[i].distinct, m), &d);
    }
    return d.count > 0 ? d.v[0] : c;
}

/* The checker: each guessed heap's doubts settled, in order; its value booked (histogram). */
static void check(pipe16 *p) {
    sparse *s = p->s;
    heap_ctx h = grundy_sparse_heap_ctx(s, p->g, p->width, p->check_seen, 0, p->check_doubt);
    uint64_t n = p->n0, guessed = p->n0;
    for (;;) {
        help(p, n);
        if (n == guessed) {
            atomic_store_explicit(&p->checked, n, memory_order_release);
            unsigned spins = 0;
            for (;;) {
                help(p, n);
                const int done = atomic_load_explicit(&p->guess_done, memory_order_acquire);
                guessed = atomic_load_explicit(&p->guessed, memory_order_acquire);
                if (guessed > n || done) {
                    break;
                }
                pipe16_wait(&spins);
            }
            if (guessed == n) {
                break; /* the guesser has stopped and everything is checked */
            }
        }
        const uint64_t c = pipe16_load(p, n);
        const uint64_t v = check_heap(p, &h, n, c, &p->ring[n % PIPE16_RING]);
        if (v != c) {
            p->wrong_value = v;
            atomic_store_explicit(&p->checked, n, memory_order_release);
            atomic_store_explicit(&p->wrong, 1, memory_order_release);
            return;
        }
        if (s->hist != NULL) {
            s->hist[(c << 1) | position_parity(s, n)]++;
        }
        n++;
        if ((n & (PIPE16_PUBLISH - 1)) == 0) {
            atomic_store_explicit(&p->checked, n, memory_order_release);
        }
    }
}

/* The two roles, the guesser to the calling thread where it takes part (w == 0), so that its CPU
 * time (bench_threads) is the guesser's and bounds an idle machine's wall time with the rest's;
 * each call claims the role it prefers unless the other call has it. */
static void pipe16_role(void *arg, uint64_t i, unsigned w) {
    (void)i;
    pipe16 *p = arg;
    const unsigned prefer = w == 0 ? PIPE16_GUESSER : PIPE16_CHECKER;
    const unsigned role = atomic_fetch_or(&p->roles, prefer) & prefer ? prefer ^ 3u : prefer;
    atomic_fetch_or(&p->roles, role);
    if (role == PIPE16_GUESSER) {
        guess(p);
    } else {
        check(p);
    }
}

static void pipe16_free(pipe16 *p) {
    if (p != NULL) {
        free(p->ring);
        free(p->guess_seen);
        free(p->guess_doubt);
        free(p->check_seen);
        free(p->check_doubt);
        free(p->help_seen);
        free(p);
    }
}

grundy_status grundy_sparse_run_pipe16(grundy_seq *seq, sparse *s, uint64_t n0, uint64_t end,
                                       uint64_t *next) {
    grundy_status st = GRUNDY_STATUS_OK;
    pipe16 *p = NULL;
    *next = n0;
    unsigned width;
    (void)grundy_seq_raw(seq, &width);
    const uint64_t tables = SPARSE_BATCH * SPARSE_BATCH_STRIDE * sizeof(sparse_mark);
    const uint64_t bytes = sizeof *p + PIPE16_RING * sizeof(pipe16_slot) + 2 * tables +
                           s->seen_cap * (1 + 2 * sizeof(uint64_t));
    void *g = width <= 2 ? grundy_seq_ahead(seq, end) : NULL;
    if (g == NULL) { /* the storage cannot take the values ahead: one heap the usual way */
        GRUNDY_TRY(grundy_sparse_run_one(seq, s, n0));
        *next = n0 + 1;
        goto cleanup;
    }
    GRUNDY_TRY(grundy_seq_charge(seq, grundy_sparse_bytes(s) + bytes));
    if (s->pool == NULL) {
        GRUNDY_TRY(grundy_pool_create(s->threads, &s->pool));
    }
    p = aligned_alloc(64, (sizeof *p + 63) / 64 * 64);
    GRUNDY_CHECK(p != NULL, GRUNDY_STATUS_NOMEM);
    memset(p, 0, sizeof *p);
    p->s = s;
    p->g = g;
    p->width = width;
    p->n0 = n0;
    p->end = end;
    p->ring = malloc(PIPE16_RING * sizeof *p->ring);
    p->guess_seen = calloc(SPARSE_BATCH * SPARSE_BATCH_STRIDE, sizeof *p->guess_seen);
    p->guess_doubt = malloc((size_t)s->seen_cap * sizeof *p->guess_doubt);
    p->check_seen = calloc((size_t)s->seen_cap, sizeof *p->check_seen);
    p->check_doubt = malloc((size_t)s->seen_cap * sizeof *p->check_doubt);
    p->help_seen = calloc(SPARSE_BATCH * SPARSE_BATCH_STRIDE, sizeof *p->help_seen);
    GRUNDY_CHECK(p->ring != NULL && p->guess_seen != NULL && p->guess_doubt != NULL &&
                     p->check_seen != NULL && p->check_doubt != NULL && p->help_seen != NULL,
                 GRUNDY_STATUS_NOMEM);
    p->test = pipe16_any();
    atomic_init(&p->guessed, n0);
    atomic_init(&p->checked, n0);
    atomic_init(&p->guess_done, 0);
    atomic_init(&p->wrong, 0);
    atomic_init(&p->job, PIPE16_JOB(n0, JOB_DROPPED));
    atomic_init(&p->roles, 0u);
    grundy_pool_run(s->pool, pipe16_role, p, 2);
    const uint64_t checked = atomic_load(&p->checked);
    grundy_seq_push_ahead(seq, checked - n0);
    *next = checked;
    if (atomic_load(&p->wrong)) {
        GRUNDY_TRY(grundy_sparse_finish_heap(seq, s, checked, p->wrong_value));
        *next = checked + 1;
    } else if (checked < end) {
        GRUNDY_TRY(grundy_sparse_run_one(seq, s, checked)); /* the heap the guesser could not */
        *next = checked + 1;
    }
cleanup:
    pipe16_free(p);
    return st;
}
