/* SPDX-License-Identifier: MIT */
/* Grundy sequence storage: values in the narrowest of 1, 2, 4 or 8 bytes, widened when a larger
 * value appears; it knows no engine (the driver, heap/driver/seq_driver.c, chooses and runs them).
 *
 * The memory window: with opts.memory, once every value no longer fits, the values live in a
 * prefix g(0..capacity-1), which stays, and a window g(first..length-1) behind the current heap,
 * which slides: when it is full its newer half is moved down (memmove) over the older, so each
 * value is moved at most once on average, O(1) amortized. The values between are dropped (to the
 * spill file when there is one). The sparse engine reads the small parts of splits from the
 * prefix and the large ones (and its rare positions' partners) from the window, so a run needs
 * memory for what its options reach, not for N; an option outside both is reported
 * (grundy_seq_missing), never guessed. */
#include "heap/seq/seq_object.h"
#include "heap/seq/seq_spill.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
/* With opts.memory: the smallest window, and the bytes beside the engine's scratch left for it
 * to grow (wider values, the rare list, the batched pass's tables): an eighth, at least
 * SCRATCH_ROOM; the values take the rest. */
#define MIN_WINDOW   ((uint64_t)1024)
#define SCRATCH_ROOM ((uint64_t)64 << 10)

/* The engine's scratch and the spill file's buffers. */
uint64_t grundy_seq_scratch_bytes(const grundy_seq *seq) {
    return (seq->state != NULL ? seq->ops->bytes(seq->state) : 0) +
           (seq->spill != NULL ? grundy_spill_bytes(seq->spill) : 0);
}

/* Does a buffer of `count` values of `width` bytes fit in max_bytes beside `scratch`? */
int grundy_seq_fits(const grundy_seq *seq, uint64_t count, unsigned width, uint64_t scratch) {
    if (count > (UINT64_MAX - scratch) / width || count > SIZE_MAX / width) {
        return 0;
    }
    return count * width + scratch <= seq->max_bytes;
}

/* count * width + scratch, saturated. */
uint64_t grundy_seq_bytes_for(uint64_t count, unsigned width, uint64_t scratch) {
    if (count > (UINT64_MAX - scratch) / width) {
        return UINT64_MAX;
    }
    return count * width + scratch;
}

/* Record a LIMIT for grundy_seq_limit; returns LIMIT. */
grundy_status grundy_seq_limit_at(const grundy_seq *seq, grundy_seq_limit_reason reason,
                                  uint64_t heap, uint64_t index, uint64_t need, const char *what) {
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
int grundy_seq_may_window(const grundy_seq *seq) {
    return seq->memory != 0 && seq->ops->windowed && seq->checker == NULL;
}

static grundy_status relayout(grundy_seq *seq, unsigned width, uint64_t scratch);

static uint64_t spill_bytes(const grundy_seq *seq) {
    return seq->spill != NULL ? grundy_spill_bytes(seq->spill) : 0;
}

grundy_status grundy_seq_charge_room(grundy_seq *seq, uint64_t scratch) {
    scratch += spill_bytes(seq);
    if ((seq->windowed || grundy_seq_may_window(seq)) &&
        !grundy_seq_fits(seq, slots(seq), seq->width, scratch)) {
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
    if (grundy_seq_fits(seq, slots(seq), seq->width, scratch)) {
        return GRUNDY_STATUS_OK;
    }
    return grundy_seq_limit_at(seq, GRUNDY_SEQ_LIMIT_BYTES, seq->length, 0,
                               grundy_seq_bytes_for(slots(seq), seq->width, scratch), NULL);
}

static unsigned width_for(uint64_t v) {
    return v <= UINT8_MAX ? 1u : v <= UINT16_MAX ? 2u : v <= UINT32_MAX ? 4u : 8u;
}

/* Move the values into a buffer of `capacity` values of `width` bytes (every value kept); past
 * max_bytes, a prefix and a window when the sequence may drop values. */
grundy_status grundy_seq_relocate(grundy_seq *seq, uint64_t capacity, unsigned width) {
    if (!grundy_seq_fits(seq, capacity, width, grundy_seq_scratch_bytes(seq))) {
        if (grundy_seq_may_window(seq)) {
            return relayout(seq, width, grundy_seq_scratch_bytes(seq));
        }
        const uint64_t need = grundy_seq_bytes_for(capacity, width, grundy_seq_scratch_bytes(seq));
        const char *const what = seq->checker != NULL                 ? "the self-check (--check)"
                                 : seq->ops->kind == GRUNDY_SEQ_NAIVE ? "the naive engine"
                                                                      : "this engine";
        return seq->memory != 0
                   ? grundy_seq_limit_at(seq, GRUNDY_SEQ_LIMIT_ALL, seq->length, capacity, need,
                                         what)
                   : grundy_seq_limit_at(seq, GRUNDY_SEQ_LIMIT_BYTES, seq->length, 0, need, NULL);
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
            grundy_seq_raw_store(wide, width, i, grundy_seq_raw_load(seq->data, seq->width, i));
        }
        free(seq->data);
        seq->data = wide;
        seq->width = width;
    }
    seq->capacity = capacity;
    return GRUNDY_STATUS_OK;
}

/* ---------------------------------------------------------------- the memory window: prefix and
 * window */

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
    const uint64_t values = grundy_seq_bytes_for(2 * per, width, 0);
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
    const uint64_t least = scratch > grundy_seq_scratch_bytes(seq) ? 0 : SCRATCH_ROOM;
    const uint64_t spare = free_bytes / 8 > least ? free_bytes / 8 : least;
    const uint64_t room = free_bytes > spare ? free_bytes - spare : 0;
    uint64_t per = room / 2 / width;
    if (seq->windowed && per > seq->capacity) {
        per = seq->capacity; /* the prefix never regains values it dropped */
    }
    if (per < MIN_WINDOW || per > SIZE_MAX / width) {
        return grundy_seq_limit_at(seq, GRUNDY_SEQ_LIMIT_BYTES, seq->length, 0,
                                   memory_for(MIN_WINDOW, width, scratch), NULL);
    }
    const uint64_t length = seq->length;
    uint64_t first = per; /* the window's first value, when the prefix does not hold them all */
    if (length > per) {
        first = length - per / 2 > per ? length - per / 2 : per;
        if (first > seq->mark) {
            first = seq->mark > per ? seq->mark : per; /* the hook has not seen them yet */
        }
        if (seq->windowed && length > seq->capacity && seq->first > seq->capacity &&
            first < seq->first) {
            /* The values between prefix and window were dropped already (all seen: a window
             * with a gap starts at or below the mark). Without a gap the window may start in
             * the old prefix, whose unseen values it must keep. */
            first = seq->first;
        }
        if (length - first > per) {
            return grundy_seq_limit_at(seq, GRUNDY_SEQ_LIMIT_BYTES, length, 0,
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
        grundy_seq_raw_store(pre, width, i, load_kept(seq, i));
    }
    for (uint64_t i = first; i < length; i++) {
        grundy_seq_raw_store(win, width, i - first, load_kept(seq, i));
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

/* When the window is full, move its newer half down over the older (keeping every value since
 * the last quiescent point). */
static grundy_status slide_window(grundy_seq *seq) {
    if (seq->length - seq->first == seq->win_cap) {
        uint64_t first = seq->length - seq->win_cap / 2;
        first = first < seq->mark ? first : seq->mark;
        if (first <= seq->first) {
            return grundy_seq_limit_at(
                seq, GRUNDY_SEQ_LIMIT_BYTES, seq->length, 0,
                memory_for(2 * seq->win_cap, seq->width, grundy_seq_scratch_bytes(seq)), NULL);
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
    return GRUNDY_STATUS_OK;
}

/* Store g(length) past the prefix. */
static grundy_status push_window(grundy_seq *seq, uint64_t value) {
    const grundy_status st = slide_window(seq);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    grundy_seq_raw_store(seq->win, seq->width, seq->length - seq->first, value);
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
    return grundy_seq_may_window(seq);
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
    return grundy_seq_limit_at(seq, GRUNDY_SEQ_LIMIT_GAP, heap, index,
                               memory_for(per, seq->width, grundy_seq_scratch_bytes(seq)), NULL);
}

grundy_status grundy_seq_need_all(const grundy_seq *seq, uint64_t heap, const char *what) {
    if (!seq->windowed || seq->length <= seq->capacity) {
        return GRUNDY_STATUS_OK; /* every value in one array (grundy_seq_raw) */
    }
    const uint64_t count = heap > seq->target ? heap : seq->target;
    const uint64_t scratch = grundy_seq_scratch_bytes(seq);
    const uint64_t peak = seq->books->peak_scratch > scratch ? seq->books->peak_scratch : scratch;
    return grundy_seq_limit_at(seq, GRUNDY_SEQ_LIMIT_ALL, heap, count,
                               grundy_seq_bytes_for(count, seq->width, peak), what);
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
    grundy_seq_flags *const f = &seq->flags;
    if (seq->checker == NULL || (f->count > 0 && f->heaps[f->count - 1] == n)) {
        return;
    }
    if (f->count == f->cap) {
        const size_t cap = f->cap < 16 ? 16 : 2 * f->cap;
        uint64_t *grown = realloc(f->heaps, cap * sizeof *grown);
        if (grown == NULL) {
            f->lost = 1; /* no memory for the note: check everything instead */
            return;
        }
        f->heaps = grown;
        f->cap = cap;
    }
    f->heaps[f->count++] = n;
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
        const grundy_status st = relayout(seq, width, grundy_seq_scratch_bytes(seq));
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
    }
    if (seq->length < seq->capacity) {
        grundy_seq_raw_store(seq->data, seq->width, seq->length, value);
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
        value ^= 1u; /* the test-only corruption the self-check must catch */
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
        const grundy_status st = grundy_seq_relocate(seq, capacity, width);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
        if (seq->windowed) {
            return push_windowed(seq, value, width); /* every value stopped fitting */
        }
    }
    grundy_seq_raw_store(seq->data, seq->width, seq->length++, value);
    note_max(seq, value);
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
    return slots(seq) * seq->width + grundy_seq_scratch_bytes(seq);
}

/* ---------------------------------------------------------------- values ahead of the length (the
 * two-thread pipeline) */

void *grundy_seq_ahead(grundy_seq *seq, uint64_t end) {
    const int corrupt =
        seq->corrupt_heap != 0 && seq->corrupt_heap >= seq->length && seq->corrupt_heap < end;
    if (seq->windowed || grundy_seq_may_window(seq) || end > seq->capacity || corrupt) {
        return NULL;
    }
    return seq->data;
}

void *grundy_seq_ahead_view(grundy_seq *seq, uint64_t scratch, uint64_t *end, uint64_t *first) {
    *first = 0;
    if (!grundy_seq_may_window(seq)) {
        return grundy_seq_ahead(seq, *end);
    }
    const int corrupt =
        seq->corrupt_heap != 0 && seq->corrupt_heap >= seq->length && seq->corrupt_heap < *end;
    if (corrupt || *end <= seq->length ||
        !grundy_seq_fits(seq, slots(seq), seq->width, scratch + spill_bytes(seq))) {
        return NULL;
    }
    if (seq->length < seq->capacity) { /* the prefix (or every value, not yet windowed) */
        *end = *end < seq->capacity ? *end : seq->capacity;
        return seq->data;
    }
    if (!seq->windowed || slide_window(seq) != GRUNDY_STATUS_OK) {
        return NULL; /* the next push lays the values out anew, or the spill file failed (the
                      * next push says so) */
    }
    const uint64_t room = seq->first + seq->win_cap;
    *end = *end < room ? *end : room;
    *first = seq->first;
    return *end > seq->length ? seq->win : NULL;
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
    if (seq->windowed && seq->length >= seq->capacity) { /* written in the window */
        const uint64_t at = seq->length - seq->first;
        note_max(seq, raw_max(seq->win, seq->width, at, at + count));
    } else {
        note_max(seq, raw_max(seq->data, seq->width, seq->length, seq->length + count));
    }
    seq->length += count;
}

/* ---------------------------------------------------------------- checkpoints */

uint64_t grundy_seq_memory(const grundy_seq *seq) {
    return seq->memory;
}

void grundy_seq_limit_clear(grundy_seq *seq) {
    seq->books->limit.reason = GRUNDY_SEQ_LIMIT_NONE;
}
