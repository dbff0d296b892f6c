/* SPDX-License-Identifier: MIT */
/* The sparse engine over a prefix and a window (the memory window: memory beyond RAM).
 *
 * Once a sequence with opts.memory drops the values between its prefix and its window, most
 * heaps still go through the one-heap and batched passes (seq_sparse_heap.c, seq_sparse_batch.c)
 * on grundy_sparse_view_ctx: the options that leave one heap and the rare splits' partners lie
 * in the window whenever every rare position is at most n - max_take - first
 * (grundy_sparse_window_flat; 0.167's are all below 1304), and the doubt scan reads g(a) from
 * the prefix and g(m - a) from the window up to the last split both hold
 * (grundy_sparse_scan_end), handing a heap whose doubts outlive that split to the windowed pass
 * (SPARSE_UNSETTLED); so does the one-thread pipeline (seq_sparse_pipe.c), which writes its
 * values ahead in the window (grundy_seq_ahead_view). The threads' paths (blocks, the two-thread
 * pipeline) index one array and give way.
 *
 * The windowed pass computes the other heaps, one at a time, reading every old value through
 * the sequence's view: g(i) from the window for i >= first, from the prefix for i < pre_len, and
 * with a spill file the dropped ones from it. The options are those of seq_sparse.c's one-heap
 * pass (heap_value): the moves leaving one heap, the splits with a rare part, the common gap, and
 * the doubts settled by a scan of the ordinary splits from the smallest part up, so the values
 * are the same. A read of a dropped value is noted, the heap's value discarded and the run
 * stopped with LIMIT (grundy_seq_missing says what to raise): the scan walking past the prefix,
 * a rare partner behind the window. */
#include "heap/sparse/sparse_state.h"

#include "util/try.h"

#include <stdlib.h>
#include <string.h>

typedef struct window_ctx {
    grundy_seq_view v;
    sparse_mark *seen;
    sparse_mark stamp;
    uint64_t heap;
    grundy_seq *seq; /* its spill file serves the dropped values, when it has one */
    int spill;
    grundy_status err; /* the spill file failed (PARSE, IO) */
    uint64_t missing;  /* the first index read that was dropped; UINT64_MAX: none */
    uint64_t need;     /* values in each of prefix and window that keep every read (LIMIT) */
} window_ctx;

/* The heap may read every g(i), lo <= i <= hi: the memory asked for keeps them all. */
static void need_range(window_ctx *w, uint64_t lo, uint64_t hi) {
    const uint64_t per = grundy_seq_keep_per(w->heap, lo, hi);
    w->need = w->need > per ? w->need : per;
}

static uint64_t window_load(window_ctx *w, uint64_t i) {
    if (i >= w->v.first) {
        return grundy_seq_raw_load(w->v.win, w->v.width, i - w->v.first);
    }
    if (i < w->v.pre_len) {
        return grundy_seq_raw_load(w->v.pre, w->v.width, i);
    }
    if (w->spill) {
        uint64_t v = 0;
        const grundy_status st = grundy_seq_value(w->seq, i, &v);
        if (st == GRUNDY_STATUS_OK) {
            return v;
        }
        w->err = w->err != GRUNDY_STATUS_OK ? w->err : st;
    }
    w->missing = w->missing < i ? w->missing : i;
    need_range(w, i, i);
    return 0; /* the heap's value will be discarded */
}

/* val[i] ^ g(m - pos[i]) for i in [0, hi), every m - pos[i] in the window: top = m - first, so
 * g(m - pos[i]) = win[top - pos[i]]. */
#define MARK_WINDOW(T)                                                                             \
    do {                                                                                           \
        const T *const g = w->v.win;                                                               \
        for (size_t i = 0; i < hi; i++) {                                                          \
            w->seen[val[i] ^ g[top - pos[i]]] = w->stamp;                                          \
        }                                                                                          \
    } while (0)

static void mark_window(window_ctx *w, uint64_t top, const uint64_t *pos, const uint32_t *val,
                        size_t hi) {
    switch (w->v.width) {
    case 1:
        MARK_WINDOW(uint8_t);
        break;
    case 2:
        MARK_WINDOW(uint16_t);
        break;
    case 4:
        MARK_WINDOW(uint32_t);
        break;
    default:
        MARK_WINDOW(uint64_t);
        break;
    }
}

/* Every option that leaves one heap, and every split with a rare part. */
static void mark_options(const sparse *s, window_ctx *w, uint64_t n) {
    for (size_t i = 0; i < s->one_count; i++) {
        w->seen[window_load(w, n - s->one[i].k)] = w->stamp;
    }
    for (size_t t = 0; t < s->split_count; t++) {
        const uint64_t m = n - s->split[t].k;
        const int distinct = s->split[t].distinct;
        size_t i = 0;
        if (!distinct && m >= w->v.first) {
            /* the rare r <= m - first (and r < m: the parts are heaps): partners in the
             * window, read without a check */
            const uint64_t below = w->v.first > 0 ? m - w->v.first + 1 : m;
            i = grundy_sparse_count_below(s->rare_pos, (size_t)s->rare_count, below);
            mark_window(w, m - w->v.first, s->rare_pos, s->rare_val, i);
        }
        for (; i < s->rare_count && s->rare_pos[i] < m; i++) {
            const uint64_t r = s->rare_pos[i];
            if (!(distinct && 2 * r == m)) {
                w->seen[s->rare_val[i] ^ window_load(w, m - r)] = w->stamp;
            }
        }
    }
}

#define SCAN_STRETCH     64 /* splits marked between looks at the doubts, at first */
#define SCAN_STRETCH_MAX 8192

/* g(a) ^ g(m - a) for a in [a, hi], g(a) in the prefix and g(m - a) in the window. */
#define SCAN_DIRECT(T)                                                                             \
    do {                                                                                           \
        const T *const p = w->v.pre, *const g = w->v.win;                                          \
        for (; a <= hi; a++) {                                                                     \
            w->seen[p[a] ^ g[top - a]] = w->stamp;                                                 \
        }                                                                                          \
    } while (0)

static void scan_direct(window_ctx *w, uint64_t top, uint64_t a, uint64_t hi) {
    switch (w->v.width) {
    case 1:
        SCAN_DIRECT(uint8_t);
        break;
    case 2:
        SCAN_DIRECT(uint16_t);
        break;
    case 4:
        SCAN_DIRECT(uint32_t);
        break;
    default:
        SCAN_DIRECT(uint64_t);
        break;
    }
}

/* g(a) ^ g(m - a) for a in [a, hi], read a run at a time (the prefix, the window or a block of
 * the spill file); a value dropped without a spill file, or a failing file, is noted by
 * window_load (w->missing) and ends the marking. */
static void scan_runs(window_ctx *w, uint64_t m, uint64_t a, uint64_t hi) {
    while (a <= hi) {
        grundy_seq_run ra, rb;
        if (grundy_seq_get_run(w->seq, a, &ra) != GRUNDY_STATUS_OK ||
            grundy_seq_get_run(w->seq, m - a, &rb) != GRUNDY_STATUS_OK) {
            (void)window_load(w, a);
            (void)window_load(w, m - a);
            return;
        }
        uint64_t len = hi - a + 1;
        len = len < ra.hi - a ? len : ra.hi - a;
        len = len < m - a - rb.lo + 1 ? len : m - a - rb.lo + 1;
        const uint64_t i = a - ra.lo, j = m - a - rb.lo;
        for (uint64_t k = 0; k < len; k++) {
            w->seen[grundy_seq_raw_load(ra.base, ra.width, i + k) ^
                    grundy_seq_raw_load(rb.base, rb.width, j - k)] = w->stamp;
        }
        a += len;
    }
}

/* The ordinary splits m = a + (m - a), a = 1, 2, ..., a_max, until no doubt is left; the first
 * split not looked at (a_max + 1 when every one was, or where a dropped value stopped it). */
static uint64_t scan(window_ctx *w, uint64_t m, uint64_t a_max, doubts *d) {
    /* a <= direct: g(a) in the prefix, g(m - a) in the window */
    uint64_t direct = w->v.pre_len > 0 ? w->v.pre_len - 1 : 0;
    direct = m >= w->v.first && m - w->v.first < direct ? m - w->v.first : direct;
    direct = m < w->v.first ? 0 : direct;
    uint64_t a = 1, stretch = SCAN_STRETCH;
    while (a <= a_max && d->count > 0 && w->missing == UINT64_MAX) {
        const uint64_t lo = a, hi = a_max - a < stretch ? a_max : a + stretch - 1;
        /* a scan that goes on goes far (a doubt that no split gives is the value): longer
         * stretches, fewer looks at the doubts, at most twice the marks it needed */
        stretch = stretch < SCAN_STRETCH_MAX ? 2 * stretch : stretch;
        if (hi <= direct) {
            scan_direct(w, m - w->v.first, a, hi);
            a = hi + 1;
        }
        if (a <= hi) {
            scan_runs(w, m, a, hi);
            a = hi + 1;
        }
        if (w->missing != UINT64_MAX) {
            return lo; /* this stretch's marks are incomplete */
        }
        grundy_sparse_drop_marked(w->seen, w->stamp, d);
    }
    return a;
}

/* g(n), or LIMIT when an option's value was dropped. */
static grundy_status window_value(grundy_seq *seq, const sparse *s, window_ctx *w, uint64_t n,
                                  uint64_t *value) {
    mark_options(s, w, n);
    /* c, the smallest unmarked common value (below 2^bits: every option is), and the rare
     * values below it left unmarked, as heap_value. */
    const sparse_plan p = grundy_sparse_plan(s, n);
    const uint8_t *common = p.common;
    const uint64_t top = p.top;
    doubts d = {s->doubt, 0};
    uint64_t c = 0;
    for (; c < top; c++) {
        if (w->seen[c] != w->stamp) {
            if (common[c]) {
                break;
            }
            d.v[d.count++] = c;
        }
    }
    size_t t = 0;
    uint64_t from = 1; /* the first split of take t the scan did not settle */
    for (; t < s->split_count && d.count > 0 && w->missing == UINT64_MAX; t++) {
        const uint64_t m = n - s->split[t].k;
        from = scan(w, m, grundy_sparse_a_max(s->split[t].distinct, m), &d);
    }
    if (w->err != GRUNDY_STATUS_OK) {
        return w->err;
    }
    if (w->missing != UINT64_MAX) {
        /* Where the scan would stop cannot be known without the dropped values: the memory
         * asked for keeps every split it could still read (asking for the first
         * dropped value alone was too little when the doubt settled further on), this take's
         * from where it stopped and every later take's (every take's when the marks lacked a
         * value: then the doubts are not known either). */
        for (size_t u = t > 0 ? t - 1 : 0; u < s->split_count; u++) {
            const uint64_t m = n - s->split[u].k;
            const uint64_t a_max = grundy_sparse_a_max(s->split[u].distinct, m);
            const uint64_t lo = u + 1 == t ? from : 1;
            if (lo <= a_max) {
                need_range(w, lo, a_max);
                need_range(w, m - a_max, m - lo);
            }
        }
        return grundy_seq_missing_need(seq, n, w->missing, w->need);
    }
    *value = d.count > 0 ? d.v[0] : c;
    return GRUNDY_STATUS_OK;
}

void grundy_sparse_view_refresh(const grundy_seq *seq, heap_ctx *h) {
    grundy_seq_view v;
    grundy_seq_get_view(seq, &v);
    h->raw = v.pre;
    h->width = v.width;
    const int windowed = v.first > 0;
    h->hi = windowed ? v.win : NULL;
    h->first = windowed ? v.first : 0;
    h->lo_end = windowed ? v.pre_len : 0;
}

heap_ctx grundy_sparse_view_ctx(const grundy_seq *seq, const sparse *s, sparse_mark *seen,
                                sparse_mark stamp, uint64_t *doubt) {
    heap_ctx h = grundy_sparse_heap_ctx(s, NULL, 1, seen, stamp, doubt);
    grundy_sparse_view_refresh(seq, &h);
    return h;
}

int grundy_sparse_window_flat(const grundy_seq *seq, const sparse *s, uint64_t n) {
    if (!grundy_sparse_window_fits(s, n)) {
        return 0;
    }
    grundy_seq_view v;
    grundy_seq_get_view(seq, &v);
    /* heap n' >= n reads g(n' - k) for the takes k <= max_take and g(n' - k - r) for the rare
     * r: all at least n - max_take - r_max */
    const uint64_t r_max = s->rare_count > 0 ? s->rare_pos[s->rare_count - 1] : 0;
    return v.first == 0 || (n >= v.first + s->max_take + r_max && v.pre_len > SPARSE_BATCH);
}

grundy_status grundy_sparse_window_one(grundy_seq *seq, sparse *s, uint64_t n) {
    grundy_status st = GRUNDY_STATUS_OK;
    if (grundy_sparse_window_flat(seq, s, n)) {
        return grundy_sparse_run_one(seq, s, n);
    }
    if (grundy_sparse_window_fits(s, n)) {
        return grundy_sparse_window_heap(seq, s, n);
    }
    GRUNDY_TRY(grundy_sparse_window_refused(seq, s, n));
    GRUNDY_TRY(grundy_sparse_run_one(seq, s, n));
cleanup:
    return st;
}

int grundy_sparse_window_fits(const sparse *s, uint64_t n) {
    return !s->dense && grundy_sparse_plan(s, n).listed;
}

grundy_status grundy_sparse_window_refused(const grundy_seq *seq, const sparse *s, uint64_t n) {
    return grundy_seq_need_all(seq, n,
                               s->dense ? "the sparse engine's full scans (no rare/common "
                                          "labelling makes rare values rare here)"
                                        : "the sparse engine's moves by class");
}

grundy_status grundy_sparse_window_heap(grundy_seq *seq, sparse *s, uint64_t n) {
    grundy_status st = GRUNDY_STATUS_OK;
    s->stamp = grundy_sparse_next_stamp(s->seen, s->seen_cap, s->stamp);
    window_ctx w = {{NULL, 0, NULL, 0, 0},     s->seen,          s->stamp,   n, seq,
                    grundy_seq_has_spill(seq), GRUNDY_STATUS_OK, UINT64_MAX, 0};
    grundy_seq_get_view(seq, &w.v);
    uint64_t v = 0;
    GRUNDY_TRY(window_value(seq, s, &w, n, &v));
    GRUNDY_TRY(grundy_sparse_finish_heap(seq, s, n, v));
cleanup:
    return st;
}

/* ---------------------------------------------------------------- checkpoints */

/* The state a windowed run goes on from, which its dropped values could not rebuild: the
 * labelling, the histogram it is chosen from, the rare list, when to choose again; and which
 * lazily made tables it held (they count against opts.memory, so the layouts that follow are
 * the same). In this order (docs/file-formats.md). */
enum {
    SP_BITS,
    SP_DENSE,
    SP_MASK,
    SP_PARITY,
    SP_LABEL_RARE,
    SP_RARE_COUNT,
    SP_RARE_CAP,
    SP_NEXT_CHOICE,
    SP_RARE_LIMIT,
    SP_LABELLINGS,
    SP_BATCH_SCAN,
    SP_HIST,
    SP_BATCH,
    SP_WORDS
};

grundy_status grundy_sparse_save(const void *state, grundy_seq_stream *out) {
    const sparse *s = state;
    const uint64_t w[SP_WORDS] = {
        s->bits,       (uint64_t)s->dense, s->label.mask,        s->label.use_parity, s->label.rare,
        s->rare_count, s->rare_cap,        s->next_choice,       s->rare_limit,       s->labellings,
        s->batch_scan, s->hist != NULL,    s->batch_seen != NULL};
    for (int i = 0; i < SP_WORDS; i++) {
        if (grundy_stream_put_u64(out, w[i]) != 0) {
            return GRUNDY_STATUS_IO;
        }
    }
    if ((s->hist != NULL && grundy_stream_put_values(out, s->hist, 8, s->seen_cap) != 0) ||
        grundy_stream_put_values(out, s->rare_pos, 8, s->rare_count) != 0 ||
        grundy_stream_put_values(out, s->rare_val, 4, s->rare_count) != 0) {
        return GRUNDY_STATUS_IO;
    }
    return GRUNDY_STATUS_OK;
}

/* The words in range, and the state fresh (no table yet). */
static int state_words_fine(const sparse *s, const uint64_t *w) {
    return s->seen == NULL && s->rare_pos == NULL && w[SP_BITS] >= 1 && w[SP_BITS] <= 56 &&
           w[SP_DENSE] <= 1 && w[SP_PARITY] <= 1 && w[SP_HIST] <= 1 && w[SP_BATCH] <= 1 &&
           w[SP_RARE_COUNT] <= w[SP_RARE_CAP] && w[SP_RARE_CAP] <= ((uint64_t)1 << 40) &&
           (w[SP_DENSE] == 0 || w[SP_RARE_COUNT] == 0) && w[SP_BATCH_SCAN] <= ((uint64_t)1 << 40);
}

/* The rare list read back: ascending positions past 0, values below 2^bits. */
static grundy_status load_rare(grundy_seq *seq, sparse *s, grundy_seq_stream *in, uint64_t count,
                               uint64_t cap) {
    if (cap == 0) {
        return GRUNDY_STATUS_OK;
    }
    const grundy_status st = grundy_seq_charge_room(seq, grundy_sparse_bytes(s) + cap * 12);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    s->rare_pos = malloc((size_t)cap * sizeof *s->rare_pos);
    s->rare_val = malloc((size_t)cap * sizeof *s->rare_val);
    if (s->rare_pos == NULL || s->rare_val == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    s->rare_cap = cap;
    if (grundy_stream_get_values(in, s->rare_pos, 8, count) != 0 ||
        grundy_stream_get_values(in, s->rare_val, 4, count) != 0) {
        return grundy_stream_refuse(in, "truncated inside the engine state");
    }
    for (uint64_t i = 0; i < count; i++) {
        if (s->rare_pos[i] == 0 || (i > 0 && s->rare_pos[i] <= s->rare_pos[i - 1]) ||
            (s->rare_val[i] >> s->bits) != 0) {
            return grundy_stream_refuse(in, "corrupt engine state (the rare list)");
        }
    }
    s->rare_count = count;
    return GRUNDY_STATUS_OK;
}

grundy_status grundy_sparse_load(grundy_seq *seq, void *state, grundy_seq_stream *in) {
    grundy_status st = GRUNDY_STATUS_OK;
    sparse *s = state;
    uint64_t w[SP_WORDS];
    for (int i = 0; i < SP_WORDS; i++) {
        if (grundy_stream_get_u64(in, &w[i]) != 0) {
            return grundy_stream_refuse(in, "truncated inside the engine state");
        }
    }
    if (!state_words_fine(s, w)) {
        return grundy_stream_refuse(in, "corrupt engine state (a field out of range)");
    }
    s->label.mask = w[SP_MASK];
    s->label.use_parity = (unsigned)w[SP_PARITY];
    s->label.rare = w[SP_LABEL_RARE];
    GRUNDY_TRY(grundy_sparse_reserve_bits(seq, s, (unsigned)w[SP_BITS])); /* fills common[] */
    if ((s->hist != NULL) != (w[SP_HIST] != 0) || (s->hist == NULL && w[SP_DENSE] == 0)) {
        return grundy_stream_refuse(in, "corrupt engine state (the histogram)");
    }
    s->dense = (int)w[SP_DENSE];
    if (s->hist != NULL && grundy_stream_get_values(in, s->hist, 8, s->seen_cap) != 0) {
        return grundy_stream_refuse(in, "truncated inside the engine state");
    }
    GRUNDY_TRY(load_rare(seq, s, in, w[SP_RARE_COUNT], w[SP_RARE_CAP]));
    if (w[SP_BATCH] != 0) {
        const uint64_t bytes = SPARSE_BATCH * SPARSE_BATCH_STRIDE * sizeof(sparse_mark);
        GRUNDY_TRY(grundy_seq_charge_room(seq, grundy_sparse_bytes(s) + bytes));
        s->batch_seen = calloc(SPARSE_BATCH * SPARSE_BATCH_STRIDE, sizeof *s->batch_seen);
        GRUNDY_CHECK(s->batch_seen != NULL, GRUNDY_STATUS_NOMEM);
    }
    s->next_choice = w[SP_NEXT_CHOICE];
    s->rare_limit = w[SP_RARE_LIMIT];
    s->labellings = w[SP_LABELLINGS];
    s->batch_scan = w[SP_BATCH_SCAN];
cleanup:
    return st;
}

/* ---------------------------------------------------------------- threads */

grundy_status grundy_sparse_threads_capped(grundy_seq *seq, sparse *s, grundy_status st,
                                           uint64_t *next) {
    if (st != GRUNDY_STATUS_LIMIT || s->threads < 2 || s->slots != NULL ||
        grundy_seq_limit(seq)->reason != GRUNDY_SEQ_LIMIT_BYTES) {
        return st;
    }
    /* The slots were refused (reserve_slots frees them before it charges): one heap at a time
     * from here, which needs no slots; every value pushed so far stands. */
    s->threads = 1;
    grundy_seq_limit_clear(seq);
    *next = grundy_seq_length(seq);
    return GRUNDY_STATUS_OK;
}
