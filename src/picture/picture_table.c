/* SPDX-License-Identifier: MIT */
/* Periodic tables: the values in rows as Winning Ways prints them (ch. 4, the tables of Kayles
 * and Dawson's Kayles): rows of the period, the preperiod above a line and the period below it,
 * so that each row below the line repeats the one above; the rare values of sparse space marked.
 * The layout is the tool's too (`grundy period --table`). */
#include "picture/picture_axes.h"
#include "picture/picture_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define TABLE_MAX_COLUMNS 256u
#define TABLE_MAX_ROWS    4096u
#define CELL_H            20.0
#define LABEL_W           64.0
#define TABLE_LEFT        24.0
#define TABLE_TOP         76.0 /* the title and the legend above the header */
#define RARE_CELL_RGB     "#fcbba1"

grundy_status grundy_picture_table_layout(const grundy_period_result *period, uint64_t width,
                                          uint64_t count, grundy_picture_table *out) {
    const int found = period != NULL && period->found && period->period > 0;
    if (out == NULL || (count == 0 && !found) || count > GRUNDY_NUMBER_MAX) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    out->width = width > 0 ? width : found ? period->period : GRUNDY_PICTURE_TABLE_WIDTH;
    out->split = found ? period->preperiod : 0;
    if (count == 0) { /* the preperiod and one period, in whole rows */
        const uint64_t rows = (period->period + out->width - 1) / out->width;
        if (out->split > GRUNDY_NUMBER_MAX - rows * out->width) {
            return GRUNDY_STATUS_INVALID_ARG;
        }
        count = out->split + rows * out->width;
    }
    out->split = out->split < count ? out->split : count;
    out->count = count;
    out->pre_rows = (out->split + out->width - 1) / out->width;
    out->rows = out->pre_rows + (count - out->split + out->width - 1) / out->width;
    return GRUNDY_STATUS_OK;
}

void grundy_picture_table_row(const grundy_picture_table *t, uint64_t row, uint64_t *first,
                              uint64_t *end) {
    const uint64_t start =
        row < t->pre_rows ? row * t->width : t->split + (row - t->pre_rows) * t->width;
    const uint64_t stop = row < t->pre_rows ? t->split : t->count;
    *first = start;
    *end = stop - start < t->width ? stop : start + t->width;
}

/* Digits of v. */
static unsigned digits(uint64_t v) {
    unsigned d = 1;
    for (; v >= 10; v /= 10) {
        d++;
    }
    return d;
}

/* The legend line: what the shades and marks mean. */
static void legend_text(const seq_view *s, char *buf, size_t cap) {
    char mask[GRUNDY_STATS_MASK_TEXT_CAP];
    const grundy_period_result *r = &s->period;
    int len = 0;
    if (r->found) {
        len = snprintf(buf, cap, "grey: preperiod (n0 = %llu); blue: period p = %llu%s, %s",
                       (unsigned long long)r->preperiod, (unsigned long long)r->period,
                       r->saltus != 0 ? " (arithmetic)" : "",
                       r->proved ? "proved" : "observed, not proved");
    } else {
        len = snprintf(buf, cap, "no period proved");
    }
    if (s->sparse && len > 0 && (size_t)len < cap) {
        grundy_stats_mask_text(s->stats->mask, s->stats->use_parity, mask, sizeof mask);
        snprintf(buf + len, cap - (size_t)len, "; red: rare (mask %s)", mask);
    }
}

/* One row: its label, its shade, its cells. */
static void draw_row(picture_canvas *c, const seq_view *s, const grundy_picture_table *t,
                     uint64_t row, double cell_w) {
    char buf[32], attrs[96];
    uint64_t first, end;
    grundy_picture_table_row(t, row, &first, &end);
    const double y = TABLE_TOP + CELL_H * (double)(row + 1), x0 = TABLE_LEFT + LABEL_W;
    const int above = row < t->pre_rows && s->period.found;
    picture_rect(c, x0, y, cell_w * (double)(end - first), CELL_H,
                 above             ? PRE_RGB
                 : s->period.found ? PERIOD_RGB
                                   : "#ffffff",
                 above ? 0.35 : 0.45, NULL);
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)first);
    picture_text(c, x0 - 10, y + 14, 11, GRUNDY_PICTURE_END, 0, AXIS_RGB, buf);
    for (uint64_t n = first; n < end; n++) {
        const double x = x0 + cell_w * (double)(n - first);
        const int rare = picture_rare(s, n);
        if (rare) {
            picture_rect(c, x + 1, y + 1, cell_w - 2, CELL_H - 2, RARE_CELL_RGB, 1, NULL);
        }
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)s->g[n]);
        snprintf(attrs, sizeof attrs, "class=\"cell%s\" data-n=\"%llu\" data-g=\"%llu\"",
                 rare ? " rare" : "", (unsigned long long)n, (unsigned long long)s->g[n]);
        picture_text_with(c, x + cell_w / 2, y + 14, 11, GRUNDY_PICTURE_MIDDLE, 0,
                          rare ? RARE_RGB : "#000000", buf, attrs);
    }
}

void picture_draw_table(picture_canvas *c, const seq_view *s) {
    grundy_picture_table t;
    char buf[32];
    /* the preperiod and one period of the values given (as many as there are); all of them
     * without a period */
    grundy_status st = grundy_picture_table_layout(&s->period, s->opts->width,
                                                   s->period.found ? 0 : s->to + 1, &t);
    if (st == GRUNDY_STATUS_OK && t.count > s->to + 1) {
        st = grundy_picture_table_layout(&s->period, s->opts->width, s->to + 1, &t);
    }
    if (st != GRUNDY_STATUS_OK || t.width > TABLE_MAX_COLUMNS || t.rows > TABLE_MAX_ROWS) {
        c->st = GRUNDY_STATUS_LIMIT;
        return;
    }
    uint64_t maxv = 0;
    for (uint64_t n = 0; n < t.count; n++) {
        maxv = s->g[n] > maxv ? s->g[n] : maxv;
    }
    char title[420], legend[200];
    snprintf(title, sizeof title, "Grundy values of %.300s in rows of %llu", s->title_rule,
             (unsigned long long)t.width);
    legend_text(s, legend, sizeof legend);
    /* wide enough for the grid, the title and the legend (about 0.6 em a character) */
    const double cell_w = 8.0 * digits(maxv) + 14, grid_w = cell_w * (double)t.width;
    double width = 2 * TABLE_LEFT + LABEL_W + grid_w;
    width = width > 2 * TABLE_LEFT + 9.6 * (double)strlen(title)
                ? width
                : 2 * TABLE_LEFT + 9.6 * (double)strlen(title);
    width = width > 2 * TABLE_LEFT + 7.2 * (double)strlen(legend)
                ? width
                : 2 * TABLE_LEFT + 7.2 * (double)strlen(legend);
    picture_begin(c, ceil(width), TABLE_TOP + CELL_H * (double)(t.rows + 1) + 24);
    picture_text(c, TABLE_LEFT, 28, 16, GRUNDY_PICTURE_START, 0, AXIS_RGB, title);
    picture_text(c, TABLE_LEFT, 50, 12, GRUNDY_PICTURE_START, 0, AXIS_RGB, legend);
    picture_text(c, TABLE_LEFT + LABEL_W - 10, TABLE_TOP + 14, 11, GRUNDY_PICTURE_END, 0, AXIS_RGB,
                 "n");
    for (uint64_t k = 0; k < t.width; k++) {
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)k);
        picture_text(c, TABLE_LEFT + LABEL_W + cell_w * ((double)k + 0.5), TABLE_TOP + 14, 11,
                     GRUNDY_PICTURE_MIDDLE, 0, AXIS_RGB, buf);
    }
    for (uint64_t row = 0; row < t.rows; row++) {
        draw_row(c, s, &t, row, cell_w);
    }
    const double y = TABLE_TOP + CELL_H;
    picture_line(c, TABLE_LEFT, y, TABLE_LEFT + LABEL_W + grid_w, y, AXIS_RGB, 1, 0);
    picture_line(c, TABLE_LEFT + LABEL_W - 4, TABLE_TOP, TABLE_LEFT + LABEL_W - 4,
                 y + CELL_H * (double)t.rows, AXIS_RGB, 1, 0);
    if (s->period.found && t.pre_rows > 0 && t.pre_rows < t.rows) {
        /* the line between the preperiod and the period */
        const double ys = y + CELL_H * (double)t.pre_rows;
        picture_line(c, TABLE_LEFT, ys, TABLE_LEFT + LABEL_W + grid_w, ys, "#3182bd", 2, 0);
    }
}
