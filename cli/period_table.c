/* SPDX-License-Identifier: MIT */
/* Periodic tables as text and JSON, in the library's layout: rows of the period (or --width), the
 * preperiod above a line and the period below it, as Winning Ways prints them. */
#include "period_table.h"

#include <stdlib.h>
#include <string.h>

grundy_status period_table_make(grundy_query *q, const grundy_rule *rule,
                                const grundy_period_result *r, uint64_t width, uint64_t count,
                                uint64_t labelled, period_table *t) {
    memset(t, 0, sizeof *t);
    grundy_status st = grundy_picture_table_layout(r, width, count, &t->layout);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    labelled = labelled > t->layout.count ? labelled : t->layout.count;
    t->g = labelled < SIZE_MAX / sizeof *t->g ? malloc(labelled * sizeof *t->g) : NULL;
    if (t->g == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    st = grundy_query_values(q, 0, labelled, t->g);
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_stats_of_values(rule, t->g, labelled, &t->stats);
    }
    t->sparse = st == GRUNDY_STATUS_OK && grundy_picture_sparse(&t->stats);
    return st;
}

void period_table_free(period_table *t) {
    free(t->g);
    grundy_stats_free(&t->stats);
    memset(t, 0, sizeof *t);
}

static int is_rare(const period_table *t, uint64_t n) {
    return t->sparse && grundy_stats_is_rare(&t->stats, n, t->g[n]);
}

static int digits(uint64_t v) {
    int d = 1;
    for (; v >= 10; v /= 10) {
        d++;
    }
    return d;
}

/* What the marks and the line mean. */
static void print_legend(FILE *out, const period_table *t) {
    const grundy_picture_table *l = &t->layout;
    fprintf(out, "rows of %llu, heap n + k in column k", (unsigned long long)l->width);
    if (l->split > 0 && l->pre_rows < l->rows) {
        fprintf(out, "; the preperiod, heaps 0 to %llu, above the line; the period from heap %llu",
                (unsigned long long)l->split - 1, (unsigned long long)l->split);
    }
    if (t->sparse) {
        char mask[GRUNDY_STATS_MASK_TEXT_CAP];
        grundy_stats_mask_text(t->stats.mask, t->stats.use_parity, mask, sizeof mask);
        fprintf(out, "; * rare (mask %s)", mask);
    }
    fputc('\n', out);
}

void period_table_print(FILE *out, const period_table *t) {
    const grundy_picture_table *l = &t->layout;
    uint64_t maxv = 0;
    for (uint64_t n = 0; n < l->count; n++) {
        maxv = t->g[n] > maxv ? t->g[n] : maxv;
    }
    const int head = digits(l->width - 1), vw = digits(maxv);
    const int cell = (vw > head ? vw : head) + 1, label = digits(l->count - 1);
    print_legend(out, t);
    fprintf(out, "%*s |", label, "n");
    for (uint64_t k = 0; k < l->width; k++) {
        fprintf(out, "%*llu%s", cell, (unsigned long long)k, k + 1 < l->width ? " " : "");
    }
    fputc('\n', out);
    for (uint64_t row = 0; row < l->rows; row++) {
        uint64_t first, end;
        grundy_picture_table_row(l, row, &first, &end);
        if (row == l->pre_rows && row > 0) { /* the line between the preperiod and the period */
            for (int i = 0; i < label + 1; i++) {
                fputc('-', out);
            }
            fputc('+', out);
            for (uint64_t i = 0; i < l->width * (uint64_t)(cell + 1) - 1; i++) {
                fputc('-', out);
            }
            fputc('\n', out);
        }
        fprintf(out, "%*llu |", label, (unsigned long long)first);
        for (uint64_t n = first; n < end; n++) {
            const int rare = is_rare(t, n);
            fprintf(out, "%*llu%s", cell, (unsigned long long)t->g[n],
                    rare          ? "*"
                    : n + 1 < end ? " "
                                  : "");
        }
        fputc('\n', out);
    }
}

void period_table_json(json_writer *w, const period_table *t) {
    const grundy_picture_table *l = &t->layout;
    json_object_begin(w);
    json_kv_u64(w, "width", l->width);
    json_kv_u64(w, "split", l->split);
    json_key(w, "rows");
    json_array_begin(w);
    for (uint64_t row = 0; row < l->rows; row++) {
        uint64_t first, end;
        grundy_picture_table_row(l, row, &first, &end);
        json_object_begin(w);
        json_kv_u64(w, "n", first);
        json_key(w, "values");
        json_array_begin(w);
        for (uint64_t n = first; n < end; n++) {
            json_u64(w, t->g[n]);
        }
        json_array_end(w);
        json_object_end(w);
    }
    json_array_end(w);
    json_key(w, "rare");
    json_array_begin(w);
    for (uint64_t n = 0; n < l->count; n++) {
        if (is_rare(t, n)) {
            json_u64(w, n);
        }
    }
    json_array_end(w);
    json_object_end(w);
}
