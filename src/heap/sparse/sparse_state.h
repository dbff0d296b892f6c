/* SPDX-License-Identifier: MIT */
/* The sparse-space engine's state, the plan of one heap's work and the choice of a path, shared by
 * the engine (seq_sparse.c), its one-heap steps (seq_sparse_heap.c) and its paths (batch, block,
 * pipeline, window, seq_sparse_path.c's table); library-internal. */
#ifndef GRUNDY_HEAP_SPARSE_STATE_H
#define GRUNDY_HEAP_SPARSE_STATE_H

#include "heap/seq/seq_internal.h"
#include "heap/sparse/sparse_mask.h"

#include "util/pool.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* A mark: seen[v] == stamp says the current heap has an option of value v. One byte (the stamps
 * wrap every 255 heaps and the table is cleared then): a quarter of the cache of 4-byte stamps,
 * and the batched rare pass (seq_sparse_batch.c) keeps its heaps' tables in L1. */
typedef uint8_t sparse_mark;

/* The batched rare pass: SPARSE_BATCH heaps at once while every value is below
 * 2^SPARSE_BATCH_MAX_BITS and there are at most SPARSE_BATCH_TAKES split takes. */
#define SPARSE_BATCH          16
#define SPARSE_BATCH_MAX_BITS 11
#define SPARSE_BATCH_STRIDE   (((size_t)1 << SPARSE_BATCH_MAX_BITS) + 64)
#define SPARSE_BATCH_TAKES    16
#define SPARSE_BATCH_MAX_SCAN 65536 /* the most ordinary splits a batch marks */
#define SPARSE_FEW_LEFT       2     /* doubts the vector test settles cheaply */
#define SPARSE_MANY_LEFT      8     /* more: the scan marks splits one by one */

/* The doubt tests look at the splits SPARSE_SCAN_BLOCK at a time. */
#define SPARSE_SCAN_BLOCK 64

/* The doubt test has two axes, chosen independently. The instruction set is the machine's
 * (grundy_sparse_machine_isa; GRUNDY_SPARSE_SIMD=portable|sse2|avx2 lowers it): the portable SWAR
 * test, SSE2 (every x86_64), AVX2, or AVX-512 (BW, VBMI, VBMI2). */
typedef enum sparse_isa {
    SPARSE_ISA_SCALAR,
    SPARSE_ISA_SSE2,
    SPARSE_ISA_AVX2,
    SPARSE_ISA_AVX512,
    SPARSE_ISA_COUNT
} sparse_isa;

/* The algorithm follows the heap's values (grundy_sparse_heap_doubts; GRUNDY_SPARSE_DOUBTS=list|
 * bitset caps it): the doubts as a list, compared with a vector of splits one doubt at a time;
 * AVX-512's bitset test, a set of bits looked up a vector of splits at a time (8-bit values, or
 * any below SPARSE_BITSET_VALUES); or the doubts as a table from the common gap on (16-bit values
 * all below SPARSE_BITSET_VALUES: vpermb on AVX-512, vpshufb on AVX2), the bitset test after it
 * where AVX-512 has it. Ordered by what each needs of the values. */
typedef enum sparse_doubts {
    SPARSE_DOUBTS_LIST,
    SPARSE_DOUBTS_BITSET,
    SPARSE_DOUBTS_TABLE,
    SPARSE_DOUBTS_COUNT
} sparse_doubts;

/* The doubt tests each instruction set has, in one place: the list everywhere, the table from
 * AVX2 on, the bitset on AVX-512 only. */
static inline int grundy_sparse_isa_has(sparse_isa isa, sparse_doubts test) {
    static const unsigned char has[SPARSE_ISA_COUNT][SPARSE_DOUBTS_COUNT] = {
        /*              list bitset table */
        [SPARSE_ISA_SCALAR] = {1, 0, 0},
        [SPARSE_ISA_SSE2] = {1, 0, 0},
        [SPARSE_ISA_AVX2] = {1, 0, 1},
        [SPARSE_ISA_AVX512] = {1, 1, 1},
    };
    return has[isa][test];
}

/* The bitset doubt test takes doubts below this. */
#define SPARSE_BITSET_VALUES 512
#ifndef SPARSE_BITSET_MIN
#define SPARSE_BITSET_MIN 2 /* and more doubts than this (fewer: the compare per doubt) */
#endif
#ifndef SPARSE_BITSET_MIN8
#define SPARSE_BITSET_MIN8 10 /* the same for 8-bit values, where a compare covers 32 splits */
#endif
/* With it, a batch marks the first take's ordinary splits up to this one, not batch_scan. */
#define SPARSE_BITSET_SCAN 207

/* A take, expanded from the classes for rules with finitely many takes. */
typedef struct take {
    uint64_t k;
    int distinct;
} take;

/* The blocks' time on the calling thread, kept where GRUNDY_SPARSE_PROFILE is set (for the Amdahl
 * table of docs/benchmarks.md; bench_threads prints it): CPU and wall seconds of each part of a
 * pool loop, the second pass of the block to settle (the caller's share, then its wait for the
 * rest), its in-order part, and the next block's first pass (the caller's share and its wait);
 * and the first take's ordinary splits the groups marked at once, summed over the heaps (a mark
 * a heap each: what the bound on them costs). */
typedef enum sparse_block_part {
    SPARSE_PART_SECOND,
    SPARSE_PART_IN_ORDER,
    SPARSE_PART_FIRST,
    SPARSE_PART_COUNT
} sparse_block_part;
typedef struct sparse_block_profile {
    double cpu[SPARSE_PART_COUNT], wall[SPARSE_PART_COUNT];
    uint64_t loops, heaps, marked_splits;
} sparse_block_profile;

typedef struct sparse {
    const grundy_move_class *classes;
    size_t class_count;
    /* Finite rules: every take that leaves one heap, and every take that leaves two, so a heap
     * past every take (n > max_take + 1) needs no class arithmetic at all. */
    take *one, *split;
    size_t one_count, split_count;
    int expanded;
    int any_distinct;        /* some split take is '!' */
    uint64_t max_take;       /* the largest take of any kind */
    uint64_t max_split_take; /* the largest take that leaves two heaps */
    unsigned kpar;           /* parity of every split take (0 when mixed: then no parity variant) */
    int parity_allowed;      /* every split take has parity kpar */
    unsigned bits;           /* every value so far is < 2^bits */
    sparse_mark stamp;       /* in the padding after bits: sizeof(sparse) is in the engine bytes */
    uint64_t seen_cap;  /* 2^(bits + 1): xors of values stay below 2^bits, so >= half unmarked */
    sparse_mark *seen;  /* seen[v] == stamp: the current heap has an option of value v */
    uint8_t *common[2]; /* common[par][v]: v is of the common class for a heap with parity par */
    uint64_t *hist;     /* hist[(v << 1) | par(i)] over heaps i >= 1; NULL past MAX_HIST_BITS */
    int64_t *wht;       /* scratch for the transform */
    uint64_t *doubt;    /* scratch for one heap's doubtful values, 2^(bits + 1) */
    grundy_sparse_mask label;
    int dense; /* no rare list: compute by full scans */
    /* The rare list, ascending: positions and their values side by side, so the marking loop
     * streams through two arrays with no branch (one group per value cost a pointer chase per
     * group and heap, which dominated for games with few rare positions). */
    uint64_t *rare_pos;
    uint32_t *rare_val; /* values < 2^MAX_HIST_BITS whenever there is a rare list */
    uint64_t rare_count, rare_cap;
    uint64_t next_choice; /* re-choose the labelling at this heap ... */
    uint64_t rare_limit;  /* ... or when rare_count passes this */
    uint64_t labellings;  /* choose_label calls so far */
    /* Blocks of heaps on threads (seq_sparse_block.c), in two halves of the slots (the block
     * settled and the one after it): slot j holds the marks of its heap with stamp
     * slot_stamp[half], slot_c1[j] its first common gap from below the block. */
    unsigned threads;
    grundy_pool *pool; /* started at the first block */
    sparse_mark *slots;
    uint64_t *slot_c1;
    uint64_t *slot_left;    /* doubts left to heap b0 + j's scan by the marks below the block */
    uint64_t *worker_doubt; /* one doubt scratch per thread, slot_stride values each */
    uint64_t slot_stride, slot_count;
    unsigned slot_bits; /* the bits the slots are sized for */
    sparse_mark slot_stamp[2];
    sparse_block_profile *profile; /* NULL unless GRUNDY_SPARSE_PROFILE is set */
    /* The batched rare pass (seq_sparse_batch.c): SPARSE_BATCH tables of SPARSE_BATCH_STRIDE. */
    sparse_mark *batch_seen;
    sparse_mark batch_stamp;
    /* 8-bit values: the doubt scans of heaps with many doubts are short (grundy_sparse_note_scan),
     * so the heaps' doubt test is the compare per doubt, not the bitset test; the counts (splits
     * saturating) sit in the padding after batch_stamp, so the engine's bytes stay as they were. */
    uint8_t short_scans;
    uint16_t scan_heaps;
    uint32_t scan_splits;
    uint64_t batch_scan; /* the first take's ordinary splits a <= batch_scan marked per batch */
    uint8_t isa;         /* sparse_isa: the doubt test's instructions (grundy_sparse_machine_isa) */
    uint8_t doubts_cap;  /* sparse_doubts: the most the heaps' doubt test may be */
    uint8_t block_mode;  /* sparse_block_mode (grundy_sparse_block_mode) */
    int may_drop;        /* the sequence may drop values (the memory window: grundy_seq_may_drop) */
} sparse;

static inline unsigned position_parity(const sparse *s, uint64_t i) {
    return (unsigned)((i ^ s->kpar) & 1u);
}

/* ---------------------------------------------------------------- one heap */

/* The per-heap work reads only the values, the classes, the rare list and its own scratch
 * (seen, stamp): a function of (sequence, rare set, n), so heaps could be split among threads. */
typedef struct heap_ctx {
    const void *raw; /* g(i) = raw[i]: every value, or (hi set) the prefix's g(0..lo_end-1) */
    unsigned width;
    sparse_mark *seen;
    sparse_mark stamp;
    uint64_t *doubt; /* scratch: room for 2^bits values */
    uint8_t isa;     /* sparse_isa */
    uint8_t doubts;  /* sparse_doubts */
    /* The memory window (grundy_sparse_view_ctx): the large part of a split, g(m - a) and g(m - r),
     * and the options that leave one heap are read as hi[i - first]; the small part g(a) from the
     * prefix, and the doubt scans stop before a reaches lo_end or m - a falls below first
     * (grundy_sparse_scan_end). NULL: every value in raw (first and lo_end unused, 0). */
    const void *hi;
    uint64_t first, lo_end;
} heap_ctx;

#define LOAD(T, raw, i) ((uint64_t)((const T *)(raw))[i])
/* The base that the large parts are read from: g(i) = high[i - h->first] (first is 0 when every
 * value is in raw). */
static inline const void *grundy_sparse_high(const heap_ctx *h) {
    return h->hi != NULL ? h->hi : h->raw;
}
/* The address of g(i), g(i + 1), ... for the runs that the doubt tests load a vector at a time
 * (at most SPARSE_SCAN_BLOCK values, all below the current heap). */
#define RUN(T, raw, i) ((const T *)(raw) + (i))

/* The doubt test of s's heaps now: the most its values allow (the table or the bitset where they
 * are all below SPARSE_BITSET_VALUES), but the compare per doubt where AVX-512's scans of 8-bit
 * values are short (grundy_sparse_note_scan); capped by s->doubts_cap, to what the instruction
 * set has. */
static inline sparse_doubts grundy_sparse_heap_doubts(const sparse *s) {
    sparse_doubts best = SPARSE_DOUBTS_LIST;
    if (s->isa == SPARSE_ISA_AVX512 && s->short_scans && s->bits <= 8) {
        best = SPARSE_DOUBTS_LIST;
    } else if (((uint64_t)1 << s->bits) <= SPARSE_BITSET_VALUES) {
        best = s->isa >= SPARSE_ISA_AVX2 ? SPARSE_DOUBTS_TABLE : SPARSE_DOUBTS_LIST;
    } else if (s->isa == SPARSE_ISA_AVX512) {
        best = SPARSE_DOUBTS_BITSET;
    }
    if (best > s->doubts_cap) {
        const sparse_doubts cap = (sparse_doubts)s->doubts_cap;
        best = grundy_sparse_isa_has((sparse_isa)s->isa, cap) ? cap : SPARSE_DOUBTS_LIST;
    }
    return best;
}

/* The doubt test that knows nothing of the values (the pipeline's): the bitset test where AVX-512
 * has it (8-bit values), else the list; capped as grundy_sparse_heap_doubts. */
static inline sparse_doubts grundy_sparse_isa_doubts(const sparse *s) {
    return s->isa == SPARSE_ISA_AVX512 && s->doubts_cap >= SPARSE_DOUBTS_BITSET
               ? SPARSE_DOUBTS_BITSET
               : SPARSE_DOUBTS_LIST;
}

/* A heap's marks and scratch with the doubt test of s's heaps now. */
static inline heap_ctx grundy_sparse_heap_ctx(const sparse *s, const void *raw, unsigned width,
                                              sparse_mark *seen, sparse_mark stamp,
                                              uint64_t *doubt) {
    const heap_ctx h = {
        raw, width, seen, stamp, doubt, s->isa, (uint8_t)grundy_sparse_heap_doubts(s), NULL, 0, 0};
    return h;
}

/* The bitset doubt test applies to h: 8-bit values, or 16-bit ones all below
 * SPARSE_BITSET_VALUES (the table's heaps). */
static inline int grundy_sparse_bitset_fits(const heap_ctx *h) {
    return h->isa == SPARSE_ISA_AVX512 && (h->doubts == SPARSE_DOUBTS_TABLE ||
                                           (h->doubts == SPARSE_DOUBTS_BITSET && h->width == 1));
}

/* The next stamp for a heap's marks in seen (cap entries): when the stamps wrap, every old mark
 * is forgotten. */
static inline sparse_mark grundy_sparse_next_stamp(sparse_mark *seen, uint64_t cap,
                                                   sparse_mark stamp) {
    if (++stamp == 0) {
        memset(seen, 0, (size_t)cap * sizeof *seen);
        stamp = 1;
    }
    return stamp;
}

/* ---------------------------------------------------------------- the plan of one heap */

/* What heap n's work needs, derived once from the state and read by every path (one heap, batch,
 * block, pipeline, window) instead of each deriving it again: the common class of n's parity
 * under the labelling, the bound on every option (so on the common gap and the doubts), and
 * whether n is past every take, where the takes go as lists (s->one, s->split) and a split take k
 * has the ordinary splits m = a + (m - a), m = n - k, a in [1, grundy_sparse_a_max]. */
typedef struct sparse_plan {
    const uint8_t *common; /* common[v]: v is of heap n's common class */
    uint64_t top;          /* 2^bits: every option is below it, and the common gap stops there */
    int listed;            /* n past every take: the takes as lists, no class arithmetic */
} sparse_plan;

static inline sparse_plan grundy_sparse_plan(const sparse *s, uint64_t n) {
    const sparse_plan p = {s->common[position_parity(s, n)], (uint64_t)1 << s->bits,
                           s->expanded && n > s->max_take + 1};
    return p;
}

/* The last part a of the splits m = a + (m - a), a <= m - a (a < m - a when the parts must
 * differ): every split of m once. */
static inline uint64_t grundy_sparse_a_max(int distinct, uint64_t m) {
    return distinct ? (m - 1) / 2 : m / 2;
}

/* The last take of class c that leaves two heaps of a heap of n (n - k >= 2), or 0 with
 * *none set when there is none. */
static inline uint64_t grundy_sparse_last_split_take(const grundy_move_class *c, uint64_t n,
                                                     int *none) {
    *none = !(c->leaves & 4u) || n < 2 || c->take_first > n - 2;
    if (*none) {
        return 0;
    }
    const uint64_t last = c->take_last < n - 2 ? c->take_last : n - 2;
    return c->take_step == 1 ? last : last - (last - c->take_first) % c->take_step;
}

/* g(i) for a large part i (an option that leaves one heap, a rare split's partner). */
static inline uint64_t load(const heap_ctx *h, uint64_t i) {
    const void *const high = grundy_sparse_high(h);
    i -= h->first;
    switch (h->width) {
    case 1:
        return LOAD(uint8_t, high, i);
    case 2:
        return LOAD(uint16_t, high, i);
    case 4:
        return LOAD(uint32_t, high, i);
    default:
        return LOAD(uint64_t, high, i);
    }
}

/* The last split m = a + (m - a) up to a_max that h's values hold (the prefix holds g(a), the
 * window g(m - a)); a_max when every value is in one array. */
static inline uint64_t grundy_sparse_scan_end(const heap_ctx *h, uint64_t m, uint64_t a_max) {
    if (h->hi == NULL) {
        return a_max;
    }
    uint64_t end = h->lo_end - 1 < m - h->first ? h->lo_end - 1 : m - h->first;
    return end < a_max ? end : a_max;
}
/* The doubtful values: rare values below c that no split with a rare part gave. The scan of
 * ordinary splits drops each one as it shows up; the smallest left at the end is g(n). */
typedef struct doubts {
    uint64_t *v; /* ascending */
    size_t count;
} doubts;

/* Drop the doubts whose bit is set in found (bit i for d->v[i]); the rest keep their order. */
static inline void grundy_sparse_drop_found(doubts *d, unsigned found) {
    size_t kept = 0;
    for (size_t i = 0; i < d->count; i++) { /* branchless: most doubts stay */
        const uint64_t v = d->v[i];
        d->v[kept] = v;
        kept += !(found & (1u << i));
    }
    d->count = kept;
}

/* Drop the doubts that a split has marked in seen with stamp; the rest keep their order. */
static inline void grundy_sparse_drop_marked(const sparse_mark *seen, sparse_mark stamp,
                                             doubts *d) {
    size_t kept = 0;
    for (size_t i = 0; i < d->count; i++) { /* branchless: most doubts go at the first look */
        const uint64_t v = d->v[i];
        d->v[kept] = v;
        kept += seen[v] != stamp;
    }
    d->count = kept;
}

/* Mark val[i] ^ g(m - pos[i]) for i in [lo, hi): splits with the rare part pos[i] < m. */
void grundy_sparse_mark_rare(const heap_ctx *h, uint64_t m, const uint64_t *pos,
                             const uint32_t *val, size_t lo, size_t hi);

/* How many of the ascending positions pos[0..count) are below x. */
size_t grundy_sparse_count_below(const uint64_t *pos, size_t count, uint64_t x);

/* Mark the splits m = a + (m - a) for a in [a_lo, a_hi]: the naive method's loop. */
void grundy_sparse_mark_range(const heap_ctx *h, uint64_t m, uint64_t a_lo, uint64_t a_hi);

/* Scan the splits of m (a in [a_lo, a_max]) until no doubt is left, dropping each doubt that
 * shows up. */
void grundy_sparse_scan_splits(const heap_ctx *h, uint64_t m, uint64_t a_lo, uint64_t a_max,
                               doubts *d);

/* Bytes of scratch the state holds now (the engine's bytes op). */
uint64_t grundy_sparse_bytes(const void *state);

/* Make room for values below 2^bits: seen, the common tables (filled from s->label), the
 * histogram (a checkpoint's state is read back through it). */
grundy_status grundy_sparse_reserve_bits(grundy_seq *seq, sparse *s, unsigned bits);

/* Push g(n) = v and book it (histogram, rare list, labelling, bits). */
grundy_status grundy_sparse_finish_heap(grundy_seq *seq, sparse *s, uint64_t n, uint64_t v);

/* The engine's operations on its state (seq_sparse.c), which sparse_engine.c hands the driver as
 * grundy_seq_sparse_ops. */
int grundy_sparse_applies(const grundy_rule *rule);
grundy_status grundy_sparse_create(grundy_seq *seq, void **state);
void grundy_sparse_destroy(void *state);
double grundy_sparse_cost(const void *state, uint64_t n);
grundy_status grundy_sparse_resume(grundy_seq *seq, void *state);
uint64_t grundy_sparse_rare_count(const void *state);
/* Choose the labelling afresh at heap n (from the histogram; rebuilds the rare list). */
grundy_status grundy_sparse_choose_label(grundy_seq *seq, sparse *s, uint64_t n);
/* The bits a value needs (0 for 0). */
unsigned grundy_sparse_bits_for(uint64_t v);

/* The engine's state in a checkpoint of the memory window (seq_sparse_window.c): written, and
 * read back into a state just created. */
grundy_status grundy_sparse_save(const void *state, grundy_seq_stream *out);
grundy_status grundy_sparse_load(grundy_seq *seq, void *state, grundy_seq_stream *in);

/* What the settling returns when a doubt is left at the last split that a windowed heap_ctx
 * holds (grundy_sparse_scan_end): the heap goes through the windowed pass instead. */
#define SPARSE_UNSETTLED UINT64_MAX

/* g(n) from the marks of every option that leaves at most one heap and every split with a rare
 * part (all options when dense): the common gap, then the doubts settled by a scan, whose first
 * take starts at split a0 (the splits below it are marked). *doubts_left: the doubts the marks
 * left (0 when dense). SPARSE_UNSETTLED: see above (h windowed only). */
uint64_t grundy_sparse_settle(const sparse *s, const heap_ctx *h, uint64_t n, uint64_t a0,
                              size_t *doubts_left);

/* grundy_sparse_settle, and *scanned: the ordinary splits its scans looked at. */
uint64_t grundy_sparse_settle_scan(const sparse *s, const heap_ctx *h, uint64_t n, uint64_t a0,
                                   size_t *doubts_left, uint64_t *scanned);

/* Count a heap's scan (one thread) towards the choice of its doubt test (s->short_scans). */
void grundy_sparse_note_scan(sparse *s, size_t doubts_left, uint64_t scanned);

/* Clears the doubts, bits of *lo:*hi (values below 128), that a split m = a' + (m - a') with a' in
 * [a, a + 64) gives: g(a') = small[a'], g(m - a') = large[m_at - a']. AVX2 (x86-64 only). */
void grundy_sparse_drop_found64(const uint8_t *small, const uint8_t *large, uint64_t m_at,
                                uint64_t a, uint64_t *lo, uint64_t *hi);

/* The common gap: the smallest v < top with seen[v] != stamp and common[v], or top; the unmarked
 * rare values below it appended to d (by SSE2 or AVX-512 where h->isa allows). */
uint64_t grundy_sparse_gap(const heap_ctx *h, const uint8_t *common, uint64_t top, doubts *d);
uint64_t grundy_sparse_gap_scalar(const heap_ctx *h, const uint8_t *common, uint64_t top,
                                  doubts *d);

/* The common gap by SSE2 (top >= 16, a multiple of 16): the smallest v < top with
 * seen[v] != stamp and common[v], or top; the unmarked rare values below it appended to d. */
uint64_t grundy_sparse_gap_simd(const heap_ctx *h, const uint8_t *common, uint64_t top, doubts *d);

/* Heaps n0 .. n0 + SPARSE_BATCH - 1 through the batched rare pass; *next: the first heap not
 * computed (a change of labelling or bits ends the batch early). */
grundy_status grundy_sparse_run_batch(grundy_seq *seq, sparse *s, uint64_t n0, uint64_t *next);

/* The best instruction set of this machine for the doubt test, lowered by
 * GRUNDY_SPARSE_SIMD=portable, sse2 or avx2 (the tests run each). */
sparse_isa grundy_sparse_machine_isa(void);

/* The cap on the heaps' doubt test: GRUNDY_SPARSE_DOUBTS=list or bitset (the tests run each), else
 * none (SPARSE_DOUBTS_TABLE). */
sparse_doubts grundy_sparse_doubts_cap(void);

/* "scalar", "sse2", "avx2", "avx512"; "list", "bitset", "table". */
const char *grundy_sparse_isa_name(sparse_isa isa);
const char *grundy_sparse_doubts_name(sparse_doubts test);

/* Scan the splits m = a' + (m - a') block by block (SPARSE_SCAN_BLOCK of them) from a' = a while
 * a whole block fits below a_max and a doubt is left, dropping each doubt that shows up, by
 * h->isa's instructions (not SPARSE_ISA_SCALAR); the first split not scanned. The doubts:
 * at most 16 (the found bits), each below 2^(8 * h->width), h->width <= 2. */
uint64_t grundy_sparse_scan_simd(const heap_ctx *h, uint64_t m, uint64_t a, uint64_t a_max,
                                 doubts *d);

/* The same for any number of doubts, all below SPARSE_BITSET_VALUES, where
 * grundy_sparse_bitset_fits(h): a set of bits looked up a vector of splits at a time. */
uint64_t grundy_sparse_scan_bitset(const heap_ctx *h, uint64_t m, uint64_t a, uint64_t a_max,
                                   doubts *d);

/* The doubts kept as a table of SPARSE_TABLE_WORDS words (bit v of word v / 64: v is in doubt)
 * from the common gap on: 16-bit values all below SPARSE_BITSET_VALUES, and a gap of whole
 * 64-value chunks; by AVX-512 (vpermb) or AVX2 (vpshufb). */
#define SPARSE_TABLE_WORDS (SPARSE_BITSET_VALUES / 64)
static inline int grundy_sparse_table_fits(const heap_ctx *h, uint64_t top) {
    return h->doubts == SPARSE_DOUBTS_TABLE && h->width == 2 && top >= 64;
}

/* The common gap as grundy_sparse_gap finds it, the unmarked rare values below it set in table
 * (zeroed by the caller) and counted in *count, where grundy_sparse_table_fits(h, top). */
uint64_t grundy_sparse_gap_table(const heap_ctx *h, const uint8_t *common, uint64_t top,
                                 uint64_t *table, size_t *count);

/* grundy_sparse_scan_bitset on the doubts in table (cleared as they show up), where
 * grundy_sparse_table_fits: the first split not scanned. */
uint64_t grundy_sparse_scan_table(const heap_ctx *h, uint64_t m, uint64_t a, uint64_t a_max,
                                  uint64_t *table);

/* Mark the splits m = r + (m - r) for the rare r = rare_pos[i], i in [first, last), with
 * r_lo <= r < m (r != m - r when the parts must differ): the few that a batched pass left out. */
void grundy_sparse_mark_rare_checked(const sparse *s, const heap_ctx *h, uint64_t m, int distinct,
                                     uint64_t r_lo, size_t first, size_t last);

/* The batched marks, for the SPARSE_BATCH heaps whose tables are seen + j * SPARSE_BATCH_STRIDE:
 * heap j reads g(base - r + j) for the rare r = pos[i], i in [lo, hi) (the splits with a rare part
 * of the take k = heap - base), or g(base - a + j) for a in [lo, hi] (the take's ordinary splits);
 * every value read must be known. */
void grundy_sparse_batch_rare(sparse_mark *seen, sparse_mark stamp, const void *raw, unsigned width,
                              uint64_t base, const uint64_t *pos, const uint32_t *val, size_t lo,
                              size_t hi);
void grundy_sparse_batch_splits(sparse_mark *seen, sparse_mark stamp, const void *raw,
                                unsigned width, uint64_t base, uint64_t lo, uint64_t hi);

/* The next bound on the ordinary splits marked for a batch, from how many of its heaps had at
 * most SPARSE_FEW_LEFT (settled) and more than SPARSE_MANY_LEFT (open) doubts left. */
uint64_t grundy_sparse_next_scan(uint64_t scan, unsigned settled, unsigned open, unsigned heaps);

/* Heaps [n, end) as blocks (the table asked again before each block after the first); *next: the
 * first heap not computed (a change of labelling or bits ends the run early). */
grundy_status grundy_sparse_run_block(grundy_seq *seq, sparse *s, uint64_t n, uint64_t end,
                                      uint64_t *next);

/* How blocks go: one block after the other, the default; the next block's first pass overlapping
 * this one's in-order part (GRUNDY_SPARSE_BLOCK=overlap: on two cores it saved no wall time and
 * cost 0.6 up to 18% more CPU, while the measured serial fractions project it ahead from about 16
 * threads, so it is kept for that measurement); or overlapped in short blocks of varied lengths
 * (GRUNDY_SPARSE_BLOCK=short, the tests' way through many block edges). Read when the engine is
 * created. */
typedef enum sparse_block_mode {
    SPARSE_BLOCK_OVERLAP,
    SPARSE_BLOCK_SERIAL,
    SPARSE_BLOCK_SHORT
} sparse_block_mode;
sparse_block_mode grundy_sparse_block_mode(void);

/* Heap n read through the sequence's view (prefix and window), pushed and booked; LIMIT when an
 * option's value was dropped. seq_sparse_window.c. */
grundy_status grundy_sparse_window_heap(grundy_seq *seq, sparse *s, uint64_t n);

/* st from a path on threads: when their scratch did not fit the memory bound (a small --memory
 * with the default of every core), one thread from here on (*next: the sequence's length) instead
 * of a LIMIT: the values never depend on the threads. */
grundy_status grundy_sparse_threads_capped(grundy_seq *seq, sparse *s, grundy_status st,
                                           uint64_t *next);

/* The heap_ctx over the sequence's values as they are kept: every value in raw, or the prefix in
 * raw and the window as the large parts (heap_ctx.hi). */
heap_ctx grundy_sparse_view_ctx(const grundy_seq *seq, const sparse *s, sparse_mark *seen,
                                sparse_mark stamp, uint64_t *doubt);

/* The same values' fields of h (raw, width, hi, first, lo_end) again, after a push may have
 * moved them (the window slides, a new layout, wider values). */
void grundy_sparse_view_refresh(const grundy_seq *seq, heap_ctx *h);

/* Heaps from n on read every option they mark from the view_ctx (a rare list, takes expanded, n
 * past them, the window holding every rare split's partner and every option that leaves one
 * heap): the one-heap and batched passes run on it, settling each heap whose doubt scan stays in
 * the prefix and window (the others: SPARSE_UNSETTLED, then grundy_sparse_window_heap). True
 * whenever every value is in one array and n is past the takes with a rare list. */
int grundy_sparse_window_flat(const grundy_seq *seq, const sparse *s, uint64_t n);

/* Heap n alone over the sequence's values as they are kept: the one-heap pass where
 * grundy_sparse_window_flat holds, else the windowed pass, else (full scans, moves by class) the
 * one-heap pass while every value is in one array, or LIMIT. */
grundy_status grundy_sparse_window_one(grundy_seq *seq, sparse *s, uint64_t n);

/* Heap n can go through the windowed pass (a rare list, takes expanded, n past them). */
int grundy_sparse_window_fits(const sparse *s, uint64_t n);

/* Heap n cannot: OK while every value is in one array, else LIMIT saying what needs them. */
grundy_status grundy_sparse_window_refused(const grundy_seq *seq, const sparse *s, uint64_t n);

/* Mark the splits m = r + (m - r) for the rare r in [r_lo, min(r_hi, m - 1)] among
 * rare_pos[first, last) (r != m - r when the parts must differ). */
void grundy_sparse_mark_rare_span(const sparse *s, const heap_ctx *h, uint64_t m, int distinct,
                                  uint64_t r_lo, uint64_t r_hi, size_t first, size_t last);

/* Heaps [n0, end) through the pipeline; *next: the first heap not computed (n0 with OK: where
 * values may be dropped and the pipeline cannot run there, nothing was done). */
grundy_status grundy_sparse_run_pipe(grundy_seq *seq, sparse *s, uint64_t n0, uint64_t end,
                                     uint64_t *next);

/* Heaps [n0, end) through the pipeline for values up to 2^9 on two threads
 * (seq_sparse_pipe16.c); *next: the first heap not computed. */
grundy_status grundy_sparse_run_pipe16(grundy_seq *seq, sparse *s, uint64_t n0, uint64_t end,
                                       uint64_t *next);

/* Heap n alone (seq_sparse_heap.c): marked, settled, pushed and booked. */
grundy_status grundy_sparse_run_one(grundy_seq *seq, sparse *s, uint64_t n);

/* ---------------------------------------------------------------- the choice of a path */

/* The ways heaps go, in the order they are tried (seq_sparse_path.c's table). */
typedef enum sparse_path {
    SPARSE_PATH_WINDOW, /* near the end of the flat storage: read through the view */
    SPARSE_PATH_PIPE16, /* values up to 2^9, two threads: a batched guesser, a table's checker */
    SPARSE_PATH_PIPE,   /* cheap rules: a guesser and a checker (one thread: the AVX2 guesser) */
    SPARSE_PATH_BLOCK,  /* blocks of heaps on threads */
    SPARSE_PATH_BATCH,  /* SPARSE_BATCH heaps' rare marks in one pass, one thread */
    SPARSE_PATH_ONE,    /* one heap at a time: always fits */
    SPARSE_PATH_COUNT
} sparse_path;

/* What the choice of a path reads, gathered in one place (grundy_sparse_facts) so that every
 * predicate sees the same facts and the tests can make any of them. */
typedef struct sparse_facts {
    uint64_t n;           /* the first heap to compute */
    uint64_t length;      /* compute heaps below this */
    uint64_t next_choice; /* the labelling is chosen again at this heap */
    uint64_t past;        /* the first heap past every take (UINT64_MAX: the takes not listed) */
    uint64_t rare_count;  /* the rare list's length (0 when dense) */
    uint64_t split_count; /* the takes that leave two heaps, listed */
    unsigned threads;
    unsigned bits;        /* every value is below 2^bits */
    int dense;            /* no rare list: full scans */
    int may_drop;         /* the sequence may drop values (the memory window) */
    int near_flat_end;    /* n is near the end of the values kept in one array */
    sparse_isa isa;       /* the doubt test's instructions ... */
    sparse_doubts doubts; /* ... and algorithm for the heaps now */
} sparse_facts;

/* The facts for heaps from n on, of length heaps in all. */
sparse_facts grundy_sparse_facts(const grundy_seq *seq, const sparse *s, uint64_t n,
                                 uint64_t length);

/* The first path of the table whose predicate holds for f, and *end: heaps [f->n, *end) go
 * through it (the window: one heap; a batch: SPARSE_BATCH; one heap at a time: a run of at most
 * 64 that ends early when the state changes; the pipeline and the blocks: up to the length or the
 * next labelling; each may stop early, saying where). */
sparse_path grundy_sparse_choose(const sparse_facts *f, uint64_t *end);

/* "window", "pipe16", "pipe", "block", "batch", "one". */
const char *grundy_sparse_path_name(sparse_path path);

/* The predicates, each beside its path: heaps [f->n, *end) can go that way. */
int grundy_sparse_pipe_fits(const sparse_facts *f, uint64_t *end);
int grundy_sparse_pipe16_fits(const sparse_facts *f, uint64_t *end);
int grundy_sparse_block_fits(const sparse_facts *f, uint64_t *end);
int grundy_sparse_batch_fits(const sparse_facts *f, uint64_t *end);

/* Heaps [n, end) through the chosen path; *next: the first heap not computed. */
grundy_status grundy_sparse_run_path(grundy_seq *seq, sparse *s, sparse_path path, uint64_t n,
                                     uint64_t end, uint64_t *next);

#endif
