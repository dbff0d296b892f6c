/* SPDX-License-Identifier: MIT */
/* Published statistics of a Grundy sequence, from its values alone: the largest value, the
 * frequencies, and the sparse-space labelling the sparse engine would choose over the whole
 * prefix (the same Walsh-Hadamard choice, sparse_mask.c), with its rare heaps. */
#include <grundy/stats.h>

#include "seq_internal.h"
#include "sparse_mask.h"

#include "../util/try.h"

#include <stdlib.h>
#include <string.h>

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

static unsigned heap_parity(const grundy_stats *s, uint64_t n) {
    return (unsigned)((n ^ s->parity_bit) & 1u);
}

/* The labelling over heaps 1..count-1 and its rare heaps. */
static grundy_status choose_mask(const grundy_seq *seq, grundy_stats *s) {
    grundy_status st = GRUNDY_STATUS_OK;
    const unsigned bits = bits_for(s->max_value);
    const size_t size = (size_t)2 << bits;
    uint64_t *hist = calloc(size, sizeof *hist);
    int64_t *scratch = malloc(size * sizeof *scratch);
    GRUNDY_CHECK(hist != NULL && scratch != NULL, GRUNDY_STATUS_NOMEM);
    size_t class_count;
    const grundy_move_class *classes = grundy_rule_classes(grundy_seq_rule(seq), &class_count);
    const int parity_allowed = grundy_sparse_split_parity(classes, class_count, &s->parity_bit);
    for (uint64_t n = 1; n < s->count; n++) {
        hist[(grundy_seq_get(seq, n) << 1) | heap_parity(s, n)]++;
    }
    const grundy_sparse_mask best = grundy_sparse_mask_choose(hist, bits, scratch, parity_allowed);
    s->has_mask = 1;
    s->mask = best.mask;
    s->use_parity = best.use_parity;
    s->rare_count = best.rare;
    for (uint64_t n = s->count - 1; n >= 1 && best.rare > 0; n--) {
        const unsigned odd = parity(grundy_seq_get(seq, n) & best.mask);
        if ((odd ^ (best.use_parity & heap_parity(s, n))) == 0) {
            s->has_rare = 1;
            s->last_rare = n;
            break;
        }
    }
cleanup:
    free(hist);
    free(scratch);
    return st;
}

grundy_status grundy_stats_compute(const grundy_seq *seq, uint64_t count, grundy_stats *out) {
    grundy_status st = GRUNDY_STATUS_OK;
    memset(out, 0, sizeof *out);
    GRUNDY_CHECK(count <= grundy_seq_length(seq), GRUNDY_STATUS_INVALID_ARG);
    out->count = count;
    for (uint64_t n = 0; n < count; n++) {
        const uint64_t v = grundy_seq_get(seq, n);
        if (v > out->max_value) {
            out->max_value = v;
            out->max_heap = n;
        }
    }
    GRUNDY_CHECK(out->max_value < SIZE_MAX / sizeof *out->freq, GRUNDY_STATUS_NOMEM);
    out->freq = calloc((size_t)out->max_value + 1, sizeof *out->freq);
    GRUNDY_CHECK(out->freq != NULL, GRUNDY_STATUS_NOMEM);
    for (uint64_t n = 0; n < count; n++) {
        out->freq[grundy_seq_get(seq, n)]++;
    }
    if (count >= 2 && bits_for(out->max_value) <= GRUNDY_STATS_MASK_MAX_BITS) {
        GRUNDY_TRY(choose_mask(seq, out));
    }
cleanup:
    if (st != GRUNDY_STATUS_OK) {
        grundy_stats_free(out);
    }
    return st;
}

void grundy_stats_free(grundy_stats *stats) {
    if (stats != NULL) {
        free(stats->freq);
        stats->freq = NULL;
    }
}
