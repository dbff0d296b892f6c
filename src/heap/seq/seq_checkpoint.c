/* SPDX-License-Identifier: MIT */
/* A sequence's values given back from outside (a sequence file, a checkpoint) and the memory
 * window's layout saved and loaded with a checkpoint (docs/file-formats.md). */
#include "heap/seq/seq_object.h"
#include "heap/seq/seq_spill.h"

#include "util/try.h"

#include <stdio.h>
#include <stdlib.h>

grundy_status grundy_seq_restore_begin(const grundy_seq *seq, unsigned width, uint64_t count,
                                       void **values) {
    *values = NULL;
    if (width != 1 && width != 2 && width != 4 && width != 8) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    const uint64_t room = count > 0 ? count : 1; /* a buffer to point at */
    if (!grundy_seq_fits(seq, room, width, grundy_seq_scratch_bytes(seq))) {
        return grundy_seq_limit_at(seq, GRUNDY_SEQ_LIMIT_BYTES, count, 0,
                                   grundy_seq_bytes_for(room, width, grundy_seq_scratch_bytes(seq)),
                                   NULL);
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
        /* The memory window: the values replace a prefix and a window; only the prefix could come
         * back (as a sequence of that length), below */
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
     * sequence goes back to the values it had, which the engine held before. */
    free(values);
    (void)take_values(seq, old, old_width, old_length, old_capacity);
    return st;
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
        bad = bad || cap == 0 || win_cap != cap ||
              !grundy_seq_fits(seq, cap + win_cap, (unsigned)w, 0) ||
              (length > cap && (first < cap || first > length || length - first > win_cap));
    } else {
        bad = bad || cap < length || !grundy_seq_fits(seq, cap, (unsigned)w, 0) || win_cap != 0;
    }
    return bad ? grundy_stream_refuse(in, "corrupt layout (width, prefix or window out of range)")
               : GRUNDY_STATUS_OK;
}

/* Every value at or below the layout's largest value: the engine sizes its tables by that value,
 * so one above it (a crafted file whose checksum matches) would be used past them. */
static int values_within(const void *raw, unsigned width, uint64_t count, uint64_t max) {
    for (uint64_t i = 0; i < count; i++) {
        if (grundy_seq_raw_load(raw, width, i) > max) {
            return 0;
        }
    }
    return 1;
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
    const uint64_t max = lay[LAY_MAX_VALUE];
    if (!values_within(pre, width, pre_len, max) ||
        (split && !values_within(win, width, length - lay[LAY_FIRST], max))) {
        st = grundy_stream_refuse(in, "corrupt: a value above the layout's largest value");
        goto cleanup;
    }
    if (seq->spill != NULL) {
        GRUNDY_TRY(grundy_spill_adopt(seq->spill, in, length, max));
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
    if (st != GRUNDY_STATUS_OK && seq->spill != NULL) {
        grundy_spill_reset(seq->spill); /* a table adopted in part holds none of these values */
    }
    if (st != GRUNDY_STATUS_OK && engine) {
        /* the sequence holds no value: the state goes back to a new engine's */
        seq->ops->destroy(seq->state);
        seq->state = NULL;
        const grundy_status again = seq->ops->create(seq, &seq->state);
        st = again != GRUNDY_STATUS_OK ? again : st;
    }
    return st;
}
