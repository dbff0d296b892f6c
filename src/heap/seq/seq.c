/* SPDX-License-Identifier: MIT */
/* Grundy sequence storage (values in the narrowest of 1, 2, 4 or 8 bytes, widened when a larger
 * value appears) and the choice of the engine that fills it.
 *
 * Memory beyond RAM (issue 13): with opts.memory, once every value no longer fits, the values
 * live in a prefix g(0..capacity-1), which stays, and a window g(first..length-1) behind the
 * current heap, which slides: when it is full its newer half is moved down (memmove) over the
 * older, so each value is moved at most once on average, O(1) amortized. The values between
 * are dropped. The sparse engine reads the small parts of splits from the prefix and the large
 * ones (and its rare positions' partners) from the window, so a run needs memory for what its
 * options reach, not for N; an option outside both is reported (grundy_seq_missing), never
 * guessed. */
#include "heap/seq/seq_internal.h"
#include "heap/seq/seq_spill.h"

#include "util/try.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* What the const storage calls (grundy_seq_charge) record: why the last LIMIT came, and the
 * most scratch an engine asked for (the memory an ALL limit needs beside the values). */
typedef struct grundy_seq_books {
    grundy_seq_limit_info limit;
    uint64_t peak_scratch;
} grundy_seq_books;

struct grundy_seq {
    const grundy_rule *rule;
    const grundy_seq_engine_ops *ops;
    void *state;
    uint64_t max_bytes;
    unsigned threads; /* grundy_seq_opts.threads, at least 1 */
    unsigned width;   /* bytes per value: 1, 2, 4 or 8 */
    void *data;
    uint64_t length, capacity; /* values stored, values the buffer holds */
    uint64_t target;           /* the length the running extend call aims at */
    uint64_t max_value;
    /* long runs (issue 13) */
    grundy_seq_hook hook;
    void *hook_ctx;
    volatile sig_atomic_t *stop;
    uint64_t chunk; /* heaps per engine call, adapted to take about CHUNK_SECONDS */
    /* self-check (issue 11): NULL when not asked for */
    grundy_seq_checker *checker;
    uint64_t corrupt_heap; /* tests only: store g(k) ^ 1 for this heap k (0: none) */
    /* memory beyond RAM (issue 13): when windowed, data is the prefix (capacity values) and
     * win holds g(first..length-1) once length > capacity (first >= capacity) */
    uint64_t memory; /* opts.memory; 0: keep every value */
    int windowed;
    void *win;
    uint64_t win_cap, first;
    uint64_t mark;           /* values from here on came after the last quiescent point */
    grundy_seq_books *books; /* written through const calls too */
    grundy_seq_spill *spill; /* opts.spill: holds g(0..spill end-1), every value dropped */
};

/* Chunks of heaps between quiescent points: the first is small, so that a slow engine is heard
 * from soon, and each takes about CHUNK_SECONDS once adapted. */
#define FIRST_CHUNK   ((uint64_t)256)
#define MAX_CHUNK     ((uint64_t)1 << 26)
#define CHUNK_SECONDS 0.05
/* With opts.memory: the smallest window, and the bytes beside the engine's scratch left for it
 * to grow (wider values, the rare list, the batched pass's tables): an eighth, at least
 * SCRATCH_ROOM; the values take the rest. */
#define MIN_WINDOW   ((uint64_t)1024)
#define SCRATCH_ROOM ((uint64_t)64 << 10)

/* Every engine, fastest first: AUTO takes the first that applies. */
static const grundy_seq_engine_ops *const engines[] = {&grundy_seq_sparse_ops,
                                                       &grundy_seq_naive_ops};
#define ENGINE_COUNT (sizeof engines / sizeof engines[0])

static const grundy_seq_engine_ops *pick_engine(const grundy_rule *rule, grundy_seq_engine want) {
    for (size_t i = 0; i < ENGINE_COUNT; i++) {
        if ((want == GRUNDY_SEQ_AUTO || engines[i]->kind == want) && engines[i]->applies(rule)) {
            return engines[i];
        }
    }
    return NULL;
}

static int may_window(const grundy_seq *seq);

grundy_status grundy_seq_create(const grundy_rule *rule, const grundy_seq_opts *opts,
                                grundy_seq **out) {
    const grundy_seq_opts defaults = GRUNDY_SEQ_OPTS_INIT;
    grundy_status st = GRUNDY_STATUS_OK;
    grundy_seq *seq = NULL;
    *out = NULL;
    if (opts == NULL) {
        opts = &defaults;
    }
    const grundy_seq_engine_ops *ops = pick_engine(rule, opts->engine);
    GRUNDY_CHECK(ops != NULL, GRUNDY_STATUS_UNSUPPORTED);
    seq = calloc(1, sizeof *seq);
    GRUNDY_CHECK(seq != NULL, GRUNDY_STATUS_NOMEM);
    seq->rule = rule;
    seq->ops = ops;
    seq->max_bytes = opts->max_bytes;
    seq->memory = opts->memory;
    if (seq->memory != 0 && seq->memory < seq->max_bytes) {
        seq->max_bytes = seq->memory; /* the footprint bound is a byte limit too */
    }
    seq->books = calloc(1, sizeof *seq->books);
    GRUNDY_CHECK(seq->books != NULL, GRUNDY_STATUS_NOMEM);
    seq->threads = opts->threads > 1 ? opts->threads : 1;
    seq->width = 1;
    seq->hook = opts->hook;
    seq->hook_ctx = opts->hook_ctx;
    seq->stop = opts->stop;
    seq->chunk = FIRST_CHUNK;
    seq->corrupt_heap = opts->experimental != NULL ? opts->experimental->test_corrupt_heap : 0;
    if (opts->check) {
        GRUNDY_TRY(grundy_seq_checker_create(seq, opts, &seq->checker));
    }
    if (opts->spill != NULL && may_window(seq)) {
        char rule_text[256];
        grundy_rule_format(rule, rule_text, sizeof rule_text);
        GRUNDY_TRY(grundy_spill_open(opts->spill, rule_text, seq->memory, &seq->spill));
    }
    GRUNDY_TRY(ops->create(seq, &seq->state));
    *out = seq;
    seq = NULL;
cleanup:
    grundy_seq_destroy(seq);
    return st;
}

void grundy_seq_destroy(grundy_seq *seq) {
    if (seq == NULL) {
        return;
    }
    if (seq->state != NULL) {
        seq->ops->destroy(seq->state);
    }
    grundy_seq_checker_destroy(seq->checker);
    free(seq->data);
    free(seq->win);
    free(seq->books);
    grundy_spill_close(seq->spill);
    free(seq);
}

/* The engine's scratch and the spill file's buffers. */
static uint64_t scratch_bytes(const grundy_seq *seq) {
    return (seq->state != NULL ? seq->ops->bytes(seq->state) : 0) +
           (seq->spill != NULL ? grundy_spill_bytes(seq->spill) : 0);
}

/* Does a buffer of `count` values of `width` bytes fit in max_bytes beside `scratch`? */
static int fits(const grundy_seq *seq, uint64_t count, unsigned width, uint64_t scratch) {
    if (count > (UINT64_MAX - scratch) / width || count > SIZE_MAX / width) {
        return 0;
    }
    return count * width + scratch <= seq->max_bytes;
}

/* count * width + scratch, saturated. */
static uint64_t bytes_for(uint64_t count, unsigned width, uint64_t scratch) {
    if (count > (UINT64_MAX - scratch) / width) {
        return UINT64_MAX;
    }
    return count * width + scratch;
}

/* Record a LIMIT for grundy_seq_limit; returns LIMIT. */
static grundy_status limit_at(const grundy_seq *seq, grundy_seq_limit_reason reason, uint64_t heap,
                              uint64_t index, uint64_t need, const char *what) {
    grundy_seq_limit_info *const l = &seq->books->limit;
    l->reason = reason;
    l->heap = heap;
    l->index = index;
    l->need_bytes = need;
    l->prefix = seq->windowed && seq->length > seq->capacity ? seq->capacity : seq->length;
    l->first = seq->windowed && seq->length > seq->capacity ? seq->first : l->prefix;
    l->what = what;
    return GRUNDY_STATUS_LIMIT;
}

/* Value slots held: the prefix (or every value) and the window. */
static uint64_t slots(const grundy_seq *seq) {
    return seq->capacity + seq->win_cap;
}

/* May this sequence drop values (opts.memory, an engine that reads through views, no check)? */
static int may_window(const grundy_seq *seq) {
    return seq->memory != 0 && seq->ops->windowed && seq->checker == NULL;
}

static grundy_status relayout(grundy_seq *seq, unsigned width, uint64_t scratch);

static uint64_t spill_bytes(const grundy_seq *seq) {
    return seq->spill != NULL ? grundy_spill_bytes(seq->spill) : 0;
}

grundy_status grundy_seq_charge_room(grundy_seq *seq, uint64_t scratch) {
    scratch += spill_bytes(seq);
    if ((seq->windowed || may_window(seq)) && !fits(seq, slots(seq), seq->width, scratch)) {
        /* Smaller prefix and window beside the larger scratch (the window keeps its newest
         * values; a shorter prefix keeps its first ones). */
        const grundy_status st = relayout(seq, seq->width, scratch);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
    }
    return grundy_seq_charge(seq, scratch - spill_bytes(seq));
}

grundy_status grundy_seq_charge(const grundy_seq *seq, uint64_t scratch) {
    scratch += spill_bytes(seq);
    if (scratch > seq->books->peak_scratch) {
        seq->books->peak_scratch = scratch;
    }
    if (fits(seq, slots(seq), seq->width, scratch)) {
        return GRUNDY_STATUS_OK;
    }
    return limit_at(seq, GRUNDY_SEQ_LIMIT_BYTES, seq->length, 0,
                    bytes_for(slots(seq), seq->width, scratch), NULL);
}

static void store(void *data, unsigned width, uint64_t n, uint64_t v) {
    switch (width) {
    case 1:
        ((uint8_t *)data)[n] = (uint8_t)v;
        break;
    case 2:
        ((uint16_t *)data)[n] = (uint16_t)v;
        break;
    case 4:
        ((uint32_t *)data)[n] = (uint32_t)v;
        break;
    default:
        ((uint64_t *)data)[n] = v;
        break;
    }
}

static unsigned width_for(uint64_t v) {
    return v <= UINT8_MAX ? 1u : v <= UINT16_MAX ? 2u : v <= UINT32_MAX ? 4u : 8u;
}

/* Move the values into a buffer of `capacity` values of `width` bytes (every value kept); past
 * max_bytes, a prefix and a window when the sequence may drop values. */
static grundy_status relocate(grundy_seq *seq, uint64_t capacity, unsigned width) {
    if (!fits(seq, capacity, width, scratch_bytes(seq))) {
        if (may_window(seq)) {
            return relayout(seq, width, scratch_bytes(seq));
        }
        const uint64_t need = bytes_for(capacity, width, scratch_bytes(seq));
        const char *const what = seq->checker != NULL                 ? "the self-check (--check)"
                                 : seq->ops->kind == GRUNDY_SEQ_NAIVE ? "the naive engine"
                                                                      : "this engine";
        return seq->memory != 0
                   ? limit_at(seq, GRUNDY_SEQ_LIMIT_ALL, seq->length, capacity, need, what)
                   : limit_at(seq, GRUNDY_SEQ_LIMIT_BYTES, seq->length, 0, need, NULL);
    }
    if (width == seq->width) {
        void *grown = realloc(seq->data, (size_t)(capacity * width));
        if (grown == NULL) {
            return GRUNDY_STATUS_NOMEM;
        }
        seq->data = grown;
    } else {
        void *wide = malloc((size_t)(capacity * width));
        if (wide == NULL) {
            return GRUNDY_STATUS_NOMEM;
        }
        for (uint64_t i = 0; i < seq->length; i++) {
            store(wide, width, i, grundy_seq_raw_load(seq->data, seq->width, i));
        }
        free(seq->data);
        seq->data = wide;
        seq->width = width;
    }
    seq->capacity = capacity;
    return GRUNDY_STATUS_OK;
}

/* ---------------------------------------------------------------- prefix and window (issue 13) */

/* Is g(i) held (i < length)? */
static int kept(const grundy_seq *seq, uint64_t i) {
    return !seq->windowed || i < seq->capacity || i >= seq->first;
}

static uint64_t load_kept(const grundy_seq *seq, uint64_t i) {
    if (seq->windowed && i >= seq->capacity) {
        return grundy_seq_raw_load(seq->win, seq->width, i - seq->first);
    }
    return grundy_seq_raw_load(seq->data, seq->width, i);
}

/* Append g(spill end..end-1) to the spill file (none: nothing to do) before they are dropped:
 * every value the prefix and the window lose is there first. They come from the flat array or
 * the prefix (below capacity) or the window (from first), in runs. */
static grundy_status spill_upto(grundy_seq *seq, uint64_t end) {
    if (seq->spill == NULL) {
        return GRUNDY_STATUS_OK;
    }
    end = end < seq->length ? end : seq->length;
    for (uint64_t i = grundy_spill_end(seq->spill); i < end;) {
        const int in_win = seq->windowed && seq->length > seq->capacity && i >= seq->first;
        const char *src;
        uint64_t stop;
        if (in_win) {
            src = (const char *)seq->win + (i - seq->first) * seq->width;
            stop = end;
        } else if (i < seq->capacity) {
            src = (const char *)seq->data + i * seq->width;
            stop = end < seq->capacity ? end : seq->capacity;
        } else {
            return GRUNDY_STATUS_INTERNAL; /* dropped before it was spilled: never */
        }
        const grundy_status st = grundy_spill_append(seq->spill, src, seq->width, stop - i);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
        i = stop;
    }
    return GRUNDY_STATUS_OK;
}

/* The least max_bytes whose split gives `per` values to each of prefix and window at `width`
 * beside `scratch` (the inverse of relayout's split). */
static uint64_t memory_for(uint64_t per, unsigned width, uint64_t scratch) {
    const uint64_t values = bytes_for(2 * per, width, 0);
    if (values >= UINT64_MAX / 8 - scratch - SCRATCH_ROOM) {
        return UINT64_MAX;
    }
    const uint64_t eighth = (values / 7 + 1) * 8; /* values are 7/8 of it */
    return scratch + (eighth > values + SCRATCH_ROOM ? eighth : values + SCRATCH_ROOM) + 8;
}

/*
 * Split max_bytes beside the scratch into a prefix and a window of `per` values each at `width`
 * and move the kept values there: the prefix keeps g(0..per-1) where held, the window the
 * newest values (its older half, and never fewer than those since the last quiescent point,
 * which the hook has not seen). Used when every value stops fitting and when a wider value
 * comes while windowed.
 */
static grundy_status relayout(grundy_seq *seq, unsigned width, uint64_t scratch) {
    const uint64_t free_bytes = seq->max_bytes > scratch ? seq->max_bytes - scratch : 0;
    /* Room for the scratch to grow; when it just grew (scratch past what is held now), the
     * eighth alone. */
    const uint64_t least = scratch > scratch_bytes(seq) ? 0 : SCRATCH_ROOM;
    const uint64_t spare = free_bytes / 8 > least ? free_bytes / 8 : least;
    const uint64_t room = free_bytes > spare ? free_bytes - spare : 0;
    uint64_t per = room / 2 / width;
    if (seq->windowed && per > seq->capacity) {
        per = seq->capacity; /* the prefix never regains values it dropped */
    }
    if (per < MIN_WINDOW || per > SIZE_MAX / width) {
        return limit_at(seq, GRUNDY_SEQ_LIMIT_BYTES, seq->length, 0,
                        memory_for(MIN_WINDOW, width, scratch), NULL);
    }
    const uint64_t length = seq->length;
    uint64_t first = per; /* the window's first value, when the prefix does not hold them all */
    if (length > per) {
        first = length - per / 2 > per ? length - per / 2 : per;
        if (first > seq->mark) {
            first = seq->mark > per ? seq->mark : per; /* the hook has not seen them yet */
        }
        if (seq->windowed && length > seq->capacity && first < seq->first) {
            first = seq->first; /* the values below were dropped already */
        }
        if (length - first > per) {
            return limit_at(seq, GRUNDY_SEQ_LIMIT_BYTES, length, 0,
                            memory_for(length - first, width, scratch), NULL);
        }
    }
    const grundy_status spilled = spill_upto(seq, first);
    if (spilled != GRUNDY_STATUS_OK) {
        return spilled;
    }
    void *const pre = malloc((size_t)(per * width));
    void *const win = malloc((size_t)(per * width));
    if (pre == NULL || win == NULL) {
        free(pre);
        free(win);
        return GRUNDY_STATUS_NOMEM;
    }
    const uint64_t pre_len = length < per ? length : per;
    for (uint64_t i = 0; i < pre_len; i++) {
        store(pre, width, i, load_kept(seq, i));
    }
    for (uint64_t i = first; i < length; i++) {
        store(win, width, i - first, load_kept(seq, i));
    }
    free(seq->data);
    free(seq->win);
    seq->data = pre;
    seq->win = win;
    seq->capacity = per;
    seq->win_cap = per;
    seq->first = first;
    seq->width = width;
    seq->windowed = 1;
    return GRUNDY_STATUS_OK;
}

/* Store g(length) past the prefix: when the window is full, move its newer half down over the
 * older (keeping every value since the last quiescent point). */
static grundy_status push_window(grundy_seq *seq, uint64_t value) {
    if (seq->length - seq->first == seq->win_cap) {
        uint64_t first = seq->length - seq->win_cap / 2;
        first = first < seq->mark ? first : seq->mark;
        if (first <= seq->first) {
            return limit_at(seq, GRUNDY_SEQ_LIMIT_BYTES, seq->length, 0,
                            memory_for(2 * seq->win_cap, seq->width, scratch_bytes(seq)), NULL);
        }
        const grundy_status st = spill_upto(seq, first);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
        char *const w = seq->win;
        memmove(w, w + (first - seq->first) * seq->width,
                (size_t)((seq->length - first) * seq->width));
        seq->first = first;
    }
    store(seq->win, seq->width, seq->length - seq->first, value);
    return GRUNDY_STATUS_OK;
}

void grundy_seq_get_view(const grundy_seq *seq, grundy_seq_view *view) {
    view->width = seq->width;
    view->pre = seq->data;
    if (seq->windowed && seq->length > seq->capacity) {
        view->win = seq->win;
        view->first = seq->first;
        view->pre_len = seq->capacity;
    } else {
        view->win = seq->data;
        view->first = 0;
        view->pre_len = seq->length;
    }
}

int grundy_seq_may_drop(const grundy_seq *seq) {
    return may_window(seq);
}

uint64_t grundy_seq_flat_end(const grundy_seq *seq) {
    if (!seq->windowed) {
        return seq->memory != 0 ? seq->capacity : UINT64_MAX; /* it may window at the next push */
    }
    return seq->length > seq->capacity ? 0 : seq->capacity;
}

/* Does a prefix and a window of `per` values each keep every index in [lo, hi] while heap is
 * computed? They keep g(0..per-1) and, the window holding at least half its size behind the
 * heap even right after it moved, g(heap - per/2 + 1..heap-1) (one short, for safety): the
 * range must miss the gap between, or there is none. */
static int keeps_range(uint64_t per, uint64_t heap, uint64_t lo, uint64_t hi) {
    const uint64_t back = per / 2 < heap ? heap - per / 2 + 1 : 0;
    return hi < per || lo >= back || per >= back;
}

uint64_t grundy_seq_keep_per(uint64_t heap, uint64_t lo, uint64_t hi) {
    uint64_t low = 1, high = heap + 2; /* keeps_range(heap + 2, ...) holds: no gap */
    while (low < high) {
        const uint64_t mid = low + (high - low) / 2;
        if (keeps_range(mid, heap, lo, hi)) {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    return low;
}

grundy_status grundy_seq_missing(grundy_seq *seq, uint64_t heap, uint64_t index) {
    return grundy_seq_missing_need(seq, heap, index, grundy_seq_keep_per(heap, index, index));
}

grundy_status grundy_seq_missing_need(grundy_seq *seq, uint64_t heap, uint64_t index,
                                      uint64_t per) {
    return limit_at(seq, GRUNDY_SEQ_LIMIT_GAP, heap, index,
                    memory_for(per, seq->width, scratch_bytes(seq)), NULL);
}

grundy_status grundy_seq_need_all(const grundy_seq *seq, uint64_t heap, const char *what) {
    if (!seq->windowed || seq->length <= seq->capacity) {
        return GRUNDY_STATUS_OK; /* every value in one array (grundy_seq_raw) */
    }
    const uint64_t count = heap > seq->target ? heap : seq->target;
    const uint64_t scratch = scratch_bytes(seq);
    const uint64_t peak = seq->books->peak_scratch > scratch ? seq->books->peak_scratch : scratch;
    return limit_at(seq, GRUNDY_SEQ_LIMIT_ALL, heap, count, bytes_for(count, seq->width, peak),
                    what);
}

grundy_status grundy_seq_value(grundy_seq *seq, uint64_t n, uint64_t *value) {
    if (n >= seq->length) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    if (kept(seq, n)) {
        *value = load_kept(seq, n);
        return GRUNDY_STATUS_OK;
    }
    if (seq->spill == NULL || n >= grundy_spill_end(seq->spill)) {
        return GRUNDY_STATUS_LIMIT;
    }
    return grundy_spill_load(seq->spill, n, value);
}

grundy_status grundy_seq_get_run(grundy_seq *seq, uint64_t i, grundy_seq_run *run) {
    run->width = seq->width;
    if (!seq->windowed || seq->length <= seq->capacity) {
        run->base = seq->data;
        run->lo = 0;
        run->hi = seq->length;
        return GRUNDY_STATUS_OK;
    }
    if (i >= seq->first) {
        run->base = seq->win;
        run->lo = seq->first;
        run->hi = seq->length;
        return GRUNDY_STATUS_OK;
    }
    if (i < seq->capacity) {
        run->base = seq->data;
        run->lo = 0;
        run->hi = seq->capacity;
        return GRUNDY_STATUS_OK;
    }
    if (seq->spill == NULL || i >= grundy_spill_end(seq->spill)) {
        return GRUNDY_STATUS_LIMIT;
    }
    return grundy_spill_run(seq->spill, i, run);
}

int grundy_seq_has_spill(const grundy_seq *seq) {
    return seq->spill != NULL;
}

const char *grundy_seq_spill_problem(const grundy_seq *seq) {
    return grundy_spill_problem(seq->spill);
}

grundy_status grundy_seq_spill_probe(const char *path) {
    return grundy_spill_probe(path);
}

int grundy_seq_kept(const grundy_seq *seq, uint64_t n) {
    return n < seq->length && kept(seq, n);
}

int grundy_seq_kept_all(const grundy_seq *seq) {
    return !seq->windowed || seq->length <= seq->capacity || seq->first == seq->capacity;
}

const grundy_seq_limit_info *grundy_seq_limit(const grundy_seq *seq) {
    return &seq->books->limit;
}

/* ---------------------------------------------------------------- pushing */

void grundy_seq_flag(grundy_seq *seq, uint64_t n) {
    if (seq->checker != NULL) {
        grundy_seq_checker_flag(seq->checker, n);
    }
}

static void note_max(grundy_seq *seq, uint64_t value) {
    if (value > seq->max_value) {
        seq->max_value = value;
    }
}

/* The slow path of a windowed push: a wider value (a new layout), or a value past the prefix. */
static grundy_status push_windowed(grundy_seq *seq, uint64_t value, unsigned width) {
    if (width != seq->width) {
        grundy_seq_flag(seq, seq->length);
        const grundy_status st = relayout(seq, width, scratch_bytes(seq));
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
    }
    if (seq->length < seq->capacity) {
        store(seq->data, seq->width, seq->length, value);
    } else {
        const grundy_status st = push_window(seq, value);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
    }
    seq->length++;
    note_max(seq, value);
    return GRUNDY_STATUS_OK;
}

grundy_status grundy_seq_push(grundy_seq *seq, uint64_t value) {
    if (seq->corrupt_heap != 0 && seq->length == seq->corrupt_heap) {
        value ^= 1u; /* the test-only corruption the self-check must catch (issue 11) */
    }
    const unsigned width = width_for(value) > seq->width ? width_for(value) : seq->width;
    if (seq->length >= seq->capacity || width != seq->width) {
        if (seq->windowed) {
            return push_windowed(seq, value, width);
        }
        /* Aim at the extend call's target: one allocation per call, none per value. */
        uint64_t capacity = seq->target > seq->length ? seq->target : seq->length + 1;
        if (seq->capacity > capacity) {
            capacity = seq->capacity;
        }
        if (width != seq->width) {
            grundy_seq_flag(seq, seq->length); /* wider storage from this heap on */
        }
        const grundy_status st = relocate(seq, capacity, width);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
        if (seq->windowed) {
            return push_windowed(seq, value, width); /* every value stopped fitting */
        }
    }
    store(seq->data, seq->width, seq->length++, value);
    note_max(seq, value);
    return GRUNDY_STATUS_OK;
}

static double seconds_now(void) {
    struct timespec t;
    if (clock_gettime(CLOCK_MONOTONIC, &t) != 0) {
        return 0.0;
    }
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The next chunk's size from the last one's time: doubled while it was quick, halved when slow,
 * so quiescent points come a few times a second whatever a value costs. */
static uint64_t adapt_chunk(uint64_t chunk, double seconds) {
    if (seconds < CHUNK_SECONDS / 2 && chunk < MAX_CHUNK) {
        return 2 * chunk;
    }
    if (seconds > 2 * CHUNK_SECONDS && chunk > 1) {
        return chunk / 2;
    }
    return chunk;
}

/* The chunk loop: the engine computes a chunk of heaps, then at the quiescent point (every value
 * final, no engine thread running) come the hook (progress, checkpoint) and the stop flag. The
 * values never depend on the chunks: an engine gives the same values however it is called. */
grundy_status grundy_seq_extend(grundy_seq *seq, uint64_t length) {
    if (length > GRUNDY_NUMBER_MAX) {
        return GRUNDY_STATUS_RANGE;
    }
    if (length <= seq->length) {
        return GRUNDY_STATUS_OK;
    }
    seq->target = length;
    seq->books->limit.reason = GRUNDY_SEQ_LIMIT_NONE;
    if (seq->memory != 0 && seq->mark < seq->length && seq->hook != NULL) {
        /* Values given from outside (a file): the hook sees them before any can be dropped. */
        const grundy_status st = seq->hook(seq->hook_ctx, seq, length);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
    }
    seq->mark = seq->length;
    if (!seq->windowed && length > seq->capacity) {
        const grundy_status st = relocate(seq, length, seq->width);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
    }
    while (seq->length < length) {
        uint64_t chunk = seq->chunk;
        if (seq->memory != 0) {
            /* Every value of a chunk stays in the window until the hook has seen it. */
            const uint64_t most = seq->windowed ? seq->win_cap / 4 : seq->memory / 64 + 1;
            chunk = chunk < most ? chunk : most;
        }
        const uint64_t end = length - seq->length > chunk ? seq->length + chunk : length;
        const double start = seconds_now();
        grundy_status st = seq->ops->extend(seq, seq->state, end);
        /* A quiescent point: every value below the length is final and no engine thread runs, so
         * the self-check looks at what this chunk pushed (also after LIMIT: those values stand). */
        if (seq->checker != NULL && (st == GRUNDY_STATUS_OK || st == GRUNDY_STATUS_LIMIT)) {
            const grundy_status check = grundy_seq_checker_run(seq->checker, seq);
            if (check != GRUNDY_STATUS_OK) {
                return check;
            }
        }
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
        seq->chunk = adapt_chunk(seq->chunk, seconds_now() - start);
        if (seq->hook != NULL && (st = seq->hook(seq->hook_ctx, seq, length)) != GRUNDY_STATUS_OK) {
            return st;
        }
        seq->mark = seq->length;
        if (seq->stop != NULL && *seq->stop != 0 && seq->length < length) {
            return GRUNDY_STATUS_INTERRUPTED;
        }
    }
    return GRUNDY_STATUS_OK;
}

uint64_t grundy_seq_length(const grundy_seq *seq) {
    return seq->length;
}

uint64_t grundy_seq_get(const grundy_seq *seq, uint64_t n) {
    assert(n < seq->length && kept(seq, n));
    return load_kept(seq, n);
}

uint64_t grundy_seq_max_value(const grundy_seq *seq) {
    return seq->max_value;
}

grundy_seq_engine grundy_seq_get_engine(const grundy_seq *seq) {
    return seq->ops->kind;
}

double grundy_seq_cost(const grundy_seq *seq, uint64_t n) {
    return seq->ops->cost != NULL ? seq->ops->cost(seq->state, n) : -1;
}

unsigned grundy_seq_threads(const grundy_seq *seq) {
    return seq->threads;
}

const grundy_rule *grundy_seq_rule(const grundy_seq *seq) {
    return seq->rule;
}

const void *grundy_seq_raw(const grundy_seq *seq, unsigned *width) {
    *width = seq->width;
    return seq->data;
}

uint64_t grundy_seq_rare_count(const grundy_seq *seq) {
    return seq->ops->rare_count != NULL ? seq->ops->rare_count(seq->state) : UINT64_MAX;
}

uint64_t grundy_seq_bytes(const grundy_seq *seq) {
    return slots(seq) * seq->width + scratch_bytes(seq);
}

grundy_status grundy_seq_restore_begin(const grundy_seq *seq, unsigned width, uint64_t count,
                                       void **values) {
    *values = NULL;
    if (width != 1 && width != 2 && width != 4 && width != 8) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    const uint64_t room = count > 0 ? count : 1; /* a buffer to point at */
    if (!fits(seq, room, width, scratch_bytes(seq))) {
        return limit_at(seq, GRUNDY_SEQ_LIMIT_BYTES, count, 0,
                        bytes_for(room, width, scratch_bytes(seq)), NULL);
    }
    *values = malloc((size_t)(room * width));
    return *values != NULL ? GRUNDY_STATUS_OK : GRUNDY_STATUS_NOMEM;
}

/* Hand `values` to the sequence and the engine; returns the engine's status. */
static grundy_status take_values(grundy_seq *seq, void *values, unsigned width, uint64_t count,
                                 uint64_t capacity) {
    seq->data = values;
    seq->width = width;
    seq->capacity = capacity;
    seq->length = count;
    seq->max_value = 0;
    for (uint64_t i = 0; i < count; i++) {
        const uint64_t v = grundy_seq_raw_load(seq->data, seq->width, i);
        seq->max_value = v > seq->max_value ? v : seq->max_value;
    }
    return seq->ops->resume != NULL ? seq->ops->resume(seq, seq->state) : GRUNDY_STATUS_OK;
}

grundy_status grundy_seq_restore_end(grundy_seq *seq, void *values, unsigned width,
                                     uint64_t count) {
    if (seq->spill != NULL) {
        grundy_spill_reset(seq->spill); /* its values may not be these */
    }
    if (seq->windowed) {
        /* issue 13: the values replace a prefix and a window; only the prefix could come back
         * (as a sequence of that length), below */
        seq->length = seq->length < seq->capacity ? seq->length : seq->capacity;
        free(seq->win);
        seq->win = NULL;
        seq->win_cap = 0;
        seq->first = 0;
        seq->windowed = 0;
    }
    void *const old = seq->data;
    const unsigned old_width = seq->width;
    const uint64_t old_length = seq->length, old_capacity = seq->capacity;
    const grundy_status st = take_values(seq, values, width, count, count > 0 ? count : 1);
    if (st == GRUNDY_STATUS_OK) {
        free(old);
        return st;
    }
    /* The engine cannot hold these values (a file's largest value past max_bytes, say): the
     * sequence goes back to the values it had, which the engine held before (issue 17). */
    free(values);
    (void)take_values(seq, old, old_width, old_length, old_capacity);
    return st;
}

/* ---------------------------------------------------------------- values ahead (issue 12) */

void *grundy_seq_ahead(grundy_seq *seq, uint64_t end) {
    const int corrupt =
        seq->corrupt_heap != 0 && seq->corrupt_heap >= seq->length && seq->corrupt_heap < end;
    if (seq->windowed || may_window(seq) || end > seq->capacity || corrupt) {
        return NULL;
    }
    return seq->data;
}

/* The largest of g(lo..hi-1), one loop per width so that the compiler vectorises it: after a
 * pipeline run of 0.1777 the one-value-at-a-time loop took about 0.9 s of the calling thread. */
static uint64_t raw_max(const void *raw, unsigned width, uint64_t lo, uint64_t hi) {
    uint64_t best = 0;
    switch (width) {
    case 1: {
        uint8_t m = 0;
        for (uint64_t i = lo; i < hi; i++) {
            m = ((const uint8_t *)raw)[i] > m ? ((const uint8_t *)raw)[i] : m;
        }
        best = m;
        break;
    }
    case 2: {
        uint16_t m = 0;
        for (uint64_t i = lo; i < hi; i++) {
            m = ((const uint16_t *)raw)[i] > m ? ((const uint16_t *)raw)[i] : m;
        }
        best = m;
        break;
    }
    default:
        for (uint64_t i = lo; i < hi; i++) {
            const uint64_t v = grundy_seq_raw_load(raw, width, i);
            best = v > best ? v : best;
        }
    }
    return best;
}

void grundy_seq_push_ahead(grundy_seq *seq, uint64_t count) {
    note_max(seq, raw_max(seq->data, seq->width, seq->length, seq->length + count));
    seq->length += count;
}

/* ---------------------------------------------------------------- checkpoints (issue 13) */

uint64_t grundy_seq_memory(const grundy_seq *seq) {
    return seq->memory;
}

void grundy_seq_limit_clear(grundy_seq *seq) {
    seq->books->limit.reason = GRUNDY_SEQ_LIMIT_NONE;
}

grundy_status grundy_stream_refuse(grundy_seq_stream *s, const char *what) {
    snprintf(s->problem, sizeof s->problem, "%s", what);
    return GRUNDY_STATUS_PARSE;
}

#define STREAM_CHUNK 4096 /* values converted at a time */

int grundy_stream_put_values(grundy_seq_stream *s, const void *raw, unsigned width,
                             uint64_t count) {
    unsigned char buf[STREAM_CHUNK * 8];
    for (uint64_t i = 0; i < count;) {
        const uint64_t n = count - i < STREAM_CHUNK ? count - i : STREAM_CHUNK;
        for (uint64_t k = 0; k < n; k++) {
            const uint64_t v = grundy_seq_raw_load(raw, width, i + k);
            for (unsigned b = 0; b < width; b++) {
                buf[k * width + b] = (unsigned char)(v >> (8 * b));
            }
        }
        if (s->put(s->ctx, buf, (size_t)(n * width)) != 0) {
            return -1;
        }
        i += n;
    }
    return 0;
}

int grundy_stream_get_values(grundy_seq_stream *s, void *raw, unsigned width, uint64_t count) {
    unsigned char buf[STREAM_CHUNK * 8];
    for (uint64_t i = 0; i < count;) {
        const uint64_t n = count - i < STREAM_CHUNK ? count - i : STREAM_CHUNK;
        if (s->get(s->ctx, buf, (size_t)(n * width)) != 0) {
            return -1;
        }
        for (uint64_t k = 0; k < n; k++) {
            uint64_t v = 0;
            for (unsigned b = width; b-- > 0;) {
                v = (v << 8) | buf[k * width + b];
            }
            store(raw, width, i + k, v);
        }
        i += n;
    }
    return 0;
}

/* The layout words, in the order the file holds them (docs/file-formats.md). */
enum {
    LAY_MEMORY,
    LAY_FLAGS,
    LAY_WIDTH,
    LAY_LENGTH,
    LAY_CAPACITY,
    LAY_WIN_CAP,
    LAY_FIRST,
    LAY_MAX_VALUE,
    LAY_PEAK,
    LAY_WORDS
};
#define LAY_WINDOWED 1u
#define LAY_SPILL    2u
#define LAY_ENGINE   4u

grundy_status grundy_seq_save_window(const grundy_seq *seq, grundy_seq_stream *out) {
    const int engine = seq->ops->save != NULL;
    const uint64_t lay[LAY_WORDS] = {seq->memory,
                                     (seq->windowed ? LAY_WINDOWED : 0u) |
                                         (seq->spill != NULL ? LAY_SPILL : 0u) |
                                         (engine ? LAY_ENGINE : 0u),
                                     seq->width,
                                     seq->length,
                                     seq->capacity,
                                     seq->win_cap,
                                     seq->first,
                                     seq->max_value,
                                     seq->books->peak_scratch};
    for (int i = 0; i < LAY_WORDS; i++) {
        if (grundy_stream_put_u64(out, lay[i]) != 0) {
            return GRUNDY_STATUS_IO;
        }
    }
    /* the engine first: read back into an empty sequence, its tables charged beside nothing */
    if (engine) {
        const grundy_status st = seq->ops->save(seq->state, out);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
    }
    const int split = seq->windowed && seq->length > seq->capacity;
    const uint64_t pre_len = split ? seq->capacity : seq->length;
    if (grundy_stream_put_values(out, seq->data, seq->width, pre_len) != 0 ||
        (split &&
         grundy_stream_put_values(out, seq->win, seq->width, seq->length - seq->first) != 0)) {
        return GRUNDY_STATUS_IO;
    }
    return seq->spill != NULL ? grundy_spill_save(seq->spill, out) : GRUNDY_STATUS_OK;
}

/* The layout words against this sequence and each other. */
static grundy_status check_layout(const grundy_seq *seq, const uint64_t *lay,
                                  grundy_seq_stream *in) {
    if (seq->memory == 0 || lay[LAY_MEMORY] == 0) {
        return grundy_stream_refuse(in, seq->memory == 0
                                            ? "made with --memory: resume with the same --memory"
                                            : "corrupt layout (no memory bound)");
    }
    if (lay[LAY_MEMORY] != seq->memory) {
        snprintf(in->problem, sizeof in->problem,
                 "made with --memory %llu, not %llu: resume with --memory %llu (the window's "
                 "layout is the bound's)",
                 (unsigned long long)lay[LAY_MEMORY], (unsigned long long)seq->memory,
                 (unsigned long long)lay[LAY_MEMORY]);
        return GRUNDY_STATUS_PARSE;
    }
    const int spill = (lay[LAY_FLAGS] & LAY_SPILL) != 0;
    if (spill != (seq->spill != NULL)) {
        return grundy_stream_refuse(in, spill ? "made with --spill: give the same --spill FILE"
                                              : "made without --spill: resume without it");
    }
    if ((lay[LAY_FLAGS] & LAY_ENGINE) != 0 && seq->ops->load == NULL) {
        return grundy_stream_refuse(in, "holds an engine state this engine does not read");
    }
    const uint64_t w = lay[LAY_WIDTH], length = lay[LAY_LENGTH], cap = lay[LAY_CAPACITY];
    const uint64_t win_cap = lay[LAY_WIN_CAP], first = lay[LAY_FIRST];
    int bad = (w != 1 && w != 2 && w != 4 && w != 8) || length > GRUNDY_NUMBER_MAX ||
              (lay[LAY_FLAGS] & ~(uint64_t)7) != 0;
    if ((lay[LAY_FLAGS] & LAY_WINDOWED) != 0) {
        bad = bad || cap == 0 || win_cap != cap || !fits(seq, cap + win_cap, (unsigned)w, 0) ||
              (length > cap && (first < cap || first > length || length - first > win_cap));
    } else {
        bad = bad || cap < length || !fits(seq, cap, (unsigned)w, 0) || win_cap != 0;
    }
    return bad ? grundy_stream_refuse(in, "corrupt layout (width, prefix or window out of range)")
               : GRUNDY_STATUS_OK;
}

grundy_status grundy_seq_load_window(grundy_seq *seq, grundy_seq_stream *in) {
    grundy_status st = GRUNDY_STATUS_OK;
    uint64_t lay[LAY_WORDS];
    void *pre = NULL, *win = NULL;
    int engine = 0; /* the engine's state was read (a fresh one again when the rest fails) */
    GRUNDY_CHECK(seq->length == 0 && !seq->windowed, GRUNDY_STATUS_INVALID_ARG);
    for (int i = 0; i < LAY_WORDS; i++) {
        if (grundy_stream_get_u64(in, &lay[i]) != 0) {
            return grundy_stream_refuse(in, "truncated inside the layout");
        }
    }
    GRUNDY_TRY(check_layout(seq, lay, in));
    if ((lay[LAY_FLAGS] & LAY_ENGINE) != 0) {
        engine = 1;
        GRUNDY_TRY(seq->ops->load(seq, seq->state, in));
    }
    const unsigned width = (unsigned)lay[LAY_WIDTH];
    const uint64_t length = lay[LAY_LENGTH];
    const int windowed = (lay[LAY_FLAGS] & LAY_WINDOWED) != 0;
    const int split = windowed && length > lay[LAY_CAPACITY];
    const uint64_t pre_len = split ? lay[LAY_CAPACITY] : length;
    /* the capacity as it was: what fits beside the scratch from here on is the same */
    const uint64_t pre_cap = lay[LAY_CAPACITY] > 0 ? lay[LAY_CAPACITY] : 1;
    pre = malloc((size_t)(pre_cap * width));
    win = windowed ? malloc((size_t)(lay[LAY_WIN_CAP] * width)) : NULL;
    GRUNDY_CHECK(pre != NULL && (!windowed || win != NULL), GRUNDY_STATUS_NOMEM);
    if (grundy_stream_get_values(in, pre, width, pre_len) != 0 ||
        (split && grundy_stream_get_values(in, win, width, length - lay[LAY_FIRST]) != 0)) {
        st = grundy_stream_refuse(in, "truncated inside the values");
        goto cleanup;
    }
    if (seq->spill != NULL) {
        GRUNDY_TRY(grundy_spill_adopt(seq->spill, in, length));
    }
    free(seq->data);
    free(seq->win);
    seq->data = pre;
    seq->win = win;
    pre = win = NULL;
    seq->width = width;
    seq->length = length;
    seq->capacity = pre_cap;
    seq->win_cap = lay[LAY_WIN_CAP];
    seq->first = split ? lay[LAY_FIRST] : (windowed ? lay[LAY_FIRST] : 0);
    seq->windowed = windowed;
    seq->max_value = lay[LAY_MAX_VALUE];
    seq->books->peak_scratch = lay[LAY_PEAK];
    seq->mark = 0; /* the hook sees what was restored (a sink may replay it) */
    if ((lay[LAY_FLAGS] & LAY_ENGINE) == 0 && seq->ops->resume != NULL) {
        st = seq->ops->resume(seq, seq->state); /* every value is held: never windowed */
    }
cleanup:
    free(pre);
    free(win);
    if (st != GRUNDY_STATUS_OK && engine) {
        /* the sequence holds no value: the state goes back to a new engine's */
        seq->ops->destroy(seq->state);
        seq->state = NULL;
        const grundy_status again = seq->ops->create(seq, &seq->state);
        st = again != GRUNDY_STATUS_OK ? again : st;
    }
    return st;
}
