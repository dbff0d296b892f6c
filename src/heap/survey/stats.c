/* SPDX-License-Identifier: MIT */
/* Published statistics of a Grundy sequence, from its values alone: the largest value, the
 * frequencies, and the sparse-space labelling the sparse engine would choose over the whole
 * prefix (the same Walsh-Hadamard choice, sparse_mask.c), with its rare heaps. Accumulated value
 * by value (memory beyond RAM), so that a sequence that drops values can be described as it is
 * computed: a histogram by (value, heap parity) and the last heap of each such class give the
 * labelling and the last rare heap at the end. */
#include <grundy/stats.h>

#include "heap/seq/seq_internal.h"
#include "heap/sparse/sparse_mask.h"

#include "util/try.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct grundy_stats_acc {
    uint64_t count, max_value, max_heap;
    unsigned parity_bit; /* the split takes' parity */
    int parity_allowed;
    uint64_t *freq; /* freq_cap entries */
    uint64_t freq_cap;
    /* over heaps n >= 1, class (v << 1) | ((n ^ parity_bit) & 1), 2^(bits + 1) entries while
     * every value is below 2^GRUNDY_STATS_MASK_MAX_BITS (then NULL: no mask) */
    uint64_t *hist, *last;
    unsigned bits;
    int no_mask;
};

static unsigned bits_for(uint64_t v) {
    unsigned b = 1;
    while (b < 64 && (v >> b) != 0) {
        b++;
    }
    return b;
}

static unsigned parity(uint64_t x) {
    unsigned p = 0;
    while (x != 0) {
        p ^= 1u;
        x &= x - 1;
    }
    return p;
}

grundy_status grundy_stats_acc_create(const grundy_rule *rule, grundy_stats_acc **out) {
    grundy_stats_acc *a = calloc(1, sizeof *a);
    *out = NULL;
    if (a == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    size_t class_count;
    const grundy_move_class *classes = grundy_rule_classes(rule, &class_count);
    a->parity_allowed = grundy_sparse_split_parity(classes, class_count, &a->parity_bit);
    *out = a;
    return GRUNDY_STATUS_OK;
}

void grundy_stats_acc_destroy(grundy_stats_acc *a) {
    if (a != NULL) {
        free(a->freq);
        free(a->hist);
        free(a->last);
        free(a);
    }
}

uint64_t grundy_stats_acc_count(const grundy_stats_acc *a) {
    return a->count;
}

/* realloc to `count` entries, zeroing the new ones; NULL (p untouched) on failure. */
static uint64_t *grow(uint64_t *p, uint64_t old_count, uint64_t count) {
    if (count > SIZE_MAX / sizeof *p) {
        return NULL;
    }
    uint64_t *const grown = realloc(p, (size_t)count * sizeof *p);
    if (grown != NULL) {
        memset(grown + old_count, 0, (size_t)(count - old_count) * sizeof *p);
    }
    return grown;
}

/* Room for `value` in the frequencies and, while a mask is kept, the class tables. */
static grundy_status reserve(grundy_stats_acc *a, uint64_t value) {
    if (value >= a->freq_cap) {
        const uint64_t cap = value < 64 ? 64 : value >= UINT64_MAX / 2 ? value + 1 : 2 * value;
        uint64_t *const freq = grow(a->freq, a->freq_cap, cap);
        if (freq == NULL) {
            return GRUNDY_STATUS_NOMEM;
        }
        a->freq = freq;
        a->freq_cap = cap;
    }
    const unsigned bits = bits_for(value);
    if (a->no_mask || (a->hist != NULL && bits <= a->bits)) {
        return GRUNDY_STATUS_OK;
    }
    if (bits > GRUNDY_STATS_MASK_MAX_BITS) {
        free(a->hist);
        free(a->last);
        a->hist = a->last = NULL;
        a->no_mask = 1;
        return GRUNDY_STATUS_OK;
    }
    const uint64_t old = a->hist != NULL ? (uint64_t)2 << a->bits : 0, size = (uint64_t)2 << bits;
    uint64_t *const hist = grow(a->hist, old, size);
    if (hist == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    a->hist = hist;
    uint64_t *const last = grow(a->last, old, size);
    if (last == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    a->last = last;
    a->bits = bits;
    return GRUNDY_STATUS_OK;
}

grundy_status grundy_stats_acc_add(grundy_stats_acc *a, uint64_t value) {
    if (value >= a->freq_cap || (!a->no_mask && (a->hist == NULL || (value >> a->bits) != 0))) {
        const grundy_status st = reserve(a, value); /* rare: a new largest value */
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
    }
    const uint64_t n = a->count++;
    a->freq[value]++;
    if (value > a->max_value) {
        a->max_value = value;
        a->max_heap = n;
    }
    if (n >= 1 && a->hist != NULL) {
        const uint64_t c = (value << 1) | ((n ^ a->parity_bit) & 1u);
        a->hist[c]++;
        a->last[c] = n;
    }
    return GRUNDY_STATUS_OK;
}

/* ---------------------------------------------------------------- checkpoints */

/* The words: count, max value, its heap, no_mask, bits, parity bit; then freq[0..max value] and,
 * with a mask, hist and last (2^(bits + 1) each); little-endian. */
#define ACC_WORDS 6

static void put_words(unsigned char *p, const uint64_t *w, uint64_t n) {
    for (uint64_t i = 0; i < n; i++) {
        for (unsigned b = 0; b < 8; b++) {
            p[8 * i + b] = (unsigned char)(w[i] >> (8 * b));
        }
    }
}

static void get_words(const unsigned char *p, uint64_t *w, uint64_t n) {
    for (uint64_t i = 0; i < n; i++) {
        w[i] = 0;
        for (unsigned b = 8; b-- > 0;) {
            w[i] = (w[i] << 8) | p[8 * i + b];
        }
    }
}

/* Words after the head: the frequencies and the class tables. */
static uint64_t acc_table_words(const grundy_stats_acc *a) {
    const uint64_t freq = a->count > 0 ? a->max_value + 1 : 0;
    return freq + (a->hist != NULL ? 2 * ((uint64_t)2 << a->bits) : 0);
}

grundy_status grundy_stats_acc_save(const grundy_stats_acc *a, void **bytes, size_t *len) {
    const uint64_t head[ACC_WORDS] = {a->count, a->max_value, a->max_heap, (uint64_t)a->no_mask,
                                      a->bits,  a->parity_bit};
    const uint64_t freq = a->count > 0 ? a->max_value + 1 : 0, words = acc_table_words(a);
    *bytes = NULL;
    *len = 0;
    if (words > (SIZE_MAX / 8) - ACC_WORDS) {
        return GRUNDY_STATUS_NOMEM;
    }
    unsigned char *p = malloc((size_t)(ACC_WORDS + words) * 8);
    if (p == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    put_words(p, head, ACC_WORDS);
    put_words(p + 8 * ACC_WORDS, a->freq, freq);
    if (a->hist != NULL) {
        const uint64_t size = (uint64_t)2 << a->bits;
        put_words(p + 8 * (ACC_WORDS + freq), a->hist, size);
        put_words(p + 8 * (ACC_WORDS + freq + size), a->last, size);
    }
    *bytes = p;
    *len = (size_t)(ACC_WORDS + words) * 8;
    return GRUNDY_STATUS_OK;
}

grundy_status grundy_stats_acc_load(grundy_stats_acc *a, const void *bytes, size_t len) {
    const unsigned char *p = bytes;
    uint64_t head[ACC_WORDS];
    if (a->count != 0 || len < 8 * ACC_WORDS) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    get_words(p, head, ACC_WORDS);
    if (head[0] == 0) {
        return len == 8 * ACC_WORDS ? GRUNDY_STATUS_OK : GRUNDY_STATUS_INVALID_ARG;
    }
    if (head[1] >= len || head[2] >= head[0] || head[5] != a->parity_bit) {
        return GRUNDY_STATUS_INVALID_ARG; /* another rule's, or not an accumulator's */
    }
    const grundy_status st = reserve(a, head[1]);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    a->count = head[0];
    a->max_value = head[1];
    a->max_heap = head[2];
    if ((uint64_t)a->no_mask != head[3] || (a->hist != NULL && a->bits != head[4]) ||
        len != 8 * (ACC_WORDS + acc_table_words(a))) {
        a->count = 0;
        return GRUNDY_STATUS_INVALID_ARG;
    }
    get_words(p + 8 * ACC_WORDS, a->freq, a->max_value + 1);
    if (a->hist != NULL) {
        const uint64_t size = (uint64_t)2 << a->bits, at = ACC_WORDS + a->max_value + 1;
        get_words(p + 8 * at, a->hist, size);
        get_words(p + 8 * (at + size), a->last, size);
    }
    return GRUNDY_STATUS_OK;
}

/* The labelling over heaps 1..count-1 and its rare heaps: the last one is the last heap of the
 * latest rare class. */
static grundy_status choose_mask(const grundy_stats_acc *a, grundy_stats *s) {
    const unsigned bits = bits_for(s->max_value);
    const size_t size = (size_t)2 << bits;
    int64_t *scratch = malloc(size * sizeof *scratch);
    if (scratch == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    const grundy_sparse_mask best =
        grundy_sparse_mask_choose(a->hist, bits, scratch, a->parity_allowed);
    free(scratch);
    s->has_mask = 1;
    s->parity_bit = a->parity_bit;
    s->mask = best.mask;
    s->use_parity = best.use_parity;
    s->rare_count = best.rare;
    for (uint64_t c = 0; c < size; c++) {
        const unsigned odd = parity((c >> 1) & best.mask);
        if (a->hist[c] > 0 && (odd ^ (best.use_parity & (unsigned)(c & 1u))) == 0 &&
            (!s->has_rare || a->last[c] > s->last_rare)) {
            s->has_rare = 1;
            s->last_rare = a->last[c];
        }
    }
    return GRUNDY_STATUS_OK;
}

grundy_status grundy_stats_acc_finish(const grundy_stats_acc *a, grundy_stats *out) {
    grundy_status st = GRUNDY_STATUS_OK;
    memset(out, 0, sizeof *out);
    GRUNDY_CHECK(a->count > 0, GRUNDY_STATUS_INVALID_ARG);
    out->count = a->count;
    out->max_value = a->max_value;
    out->max_heap = a->max_heap;
    out->freq = calloc((size_t)a->max_value + 1, sizeof *out->freq);
    GRUNDY_CHECK(out->freq != NULL, GRUNDY_STATUS_NOMEM);
    memcpy(out->freq, a->freq, ((size_t)a->max_value + 1) * sizeof *out->freq);
    if (a->count >= 2 && a->hist != NULL) {
        GRUNDY_TRY(choose_mask(a, out));
    }
cleanup:
    if (st != GRUNDY_STATUS_OK) {
        grundy_stats_free(out);
    }
    return st;
}

/* The statistics of the count values added to a; none described: one zero frequency. */
static grundy_status finish(const grundy_stats_acc *a, uint64_t count, grundy_stats *out) {
    if (count > 0) {
        return grundy_stats_acc_finish(a, out);
    }
    out->freq = calloc(1, sizeof *out->freq);
    return out->freq != NULL ? GRUNDY_STATUS_OK : GRUNDY_STATUS_NOMEM;
}

grundy_status grundy_stats_compute(const grundy_seq *seq, uint64_t count, grundy_stats *out) {
    grundy_status st = GRUNDY_STATUS_OK;
    grundy_stats_acc *a = NULL;
    memset(out, 0, sizeof *out);
    GRUNDY_CHECK(count <= grundy_seq_length(seq), GRUNDY_STATUS_INVALID_ARG);
    GRUNDY_TRY(grundy_stats_acc_create(grundy_seq_rule(seq), &a));
    for (uint64_t n = 0; n < count; n++) {
        GRUNDY_CHECK(grundy_seq_kept(seq, n), GRUNDY_STATUS_INVALID_ARG);
        GRUNDY_TRY(grundy_stats_acc_add(a, grundy_seq_get(seq, n)));
    }
    GRUNDY_TRY(finish(a, count, out));
cleanup:
    grundy_stats_acc_destroy(a);
    return st;
}

grundy_status grundy_stats_of_values(const grundy_rule *rule, const uint64_t *values,
                                     uint64_t count, grundy_stats *out) {
    grundy_status st = GRUNDY_STATUS_OK;
    grundy_stats_acc *a = NULL;
    memset(out, 0, sizeof *out);
    GRUNDY_TRY(grundy_stats_acc_create(rule, &a));
    for (uint64_t n = 0; n < count; n++) {
        GRUNDY_TRY(grundy_stats_acc_add(a, values[n]));
    }
    GRUNDY_TRY(finish(a, count, out));
cleanup:
    grundy_stats_acc_destroy(a);
    return st;
}

int grundy_stats_is_rare(const grundy_stats *s, uint64_t n, uint64_t value) {
    const unsigned shifted = (unsigned)((n ^ s->parity_bit) & 1u);
    return s->has_mask && n >= 1 && (parity(value & s->mask) ^ (s->use_parity & shifted)) == 0;
}

void grundy_stats_mask_text(uint64_t mask, unsigned use_parity, char *buf, size_t cap) {
    snprintf(buf, cap, "%llu%s", (unsigned long long)mask, use_parity ? " parity" : "");
}

void grundy_stats_free(grundy_stats *stats) {
    if (stats != NULL) {
        free(stats->freq);
        stats->freq = NULL;
    }
}
