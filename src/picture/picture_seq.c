/* SPDX-License-Identifier: MIT */
/* Sequence plots: g(n) against n the way the literature draws them (Winning Ways, Flammenkamp's
 * tables), with the preperiod and one period shaded when a period is known and the rare heaps
 * of the sparse-space labelling (grundy_stats, the one `stats` and `survey` print) highlighted;
 * or the frequency of each value. */
#include "picture/picture_internal.h"
#include "util/try.h"

#include <grundy/rule.h>
#include <grundy/stats.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LEFT       72.0
#define TOP        48.0
#define PLOT_W     640.0
#define PLOT_H     420.0
#define COMMON_RGB "#2b5d9b"
#define RARE_RGB   "#d7301f"
#define PRE_RGB    "#bdbdbd"
#define PERIOD_RGB "#9ecae1"
#define AXIS_RGB   "#333333"
#define SEQ_WIDTH  960.0
#define SEQ_HEIGHT 540.0

/* What the drawing reads: the values, the rule's canonical form, the period to mark (found == 0:
 * none) and the statistics of the values (the rare/common labelling `stats` and `survey` print). */
typedef struct seq_view {
    const char *rule;
    const uint64_t *g; /* g(0..to) */
    uint64_t to;
    grundy_period_result period;
    int freq; /* the frequencies of the values instead */
    const grundy_stats *stats;
} seq_view;

/* A tick step of 1, 2 or 5 times a power of ten giving at most `most` ticks over [0, span]. */
static uint64_t nice_step(uint64_t span, uint64_t most) {
    uint64_t step = 1;
    for (;;) {
        static const uint64_t mult[] = {1, 2, 5};
        for (int i = 0; i < 3; i++) {
            if (span / (step * mult[i]) < most) {
                return step * mult[i];
            }
        }
        step *= 10;
    }
}

/* Axes with ticks: x over [0, xmax] at x(v) = LEFT + (v + 0.5) * xunit, y over [0, ymax] at
 * y(v) = bottom - (v + yshift) * yunit (points sit on their tick: yshift 0.5; bars: 0). */
static void draw_axes(picture_canvas *c, uint64_t xmax, double xunit, uint64_t ymax, double yunit,
                      double yshift, const char *xlabel, const char *ylabel) {
    char buf[32];
    picture_line(c, LEFT, TOP + PLOT_H, LEFT + PLOT_W, TOP + PLOT_H, AXIS_RGB, 1, 0);
    picture_line(c, LEFT, TOP, LEFT, TOP + PLOT_H, AXIS_RGB, 1, 0);
    const uint64_t xs = nice_step(xmax, 10);
    for (uint64_t v = 0; v <= xmax; v += xs) {
        const double x = LEFT + ((double)v + 0.5) * xunit;
        picture_line(c, x, TOP + PLOT_H, x, TOP + PLOT_H + 5, AXIS_RGB, 1, 0);
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
        picture_text(c, x, TOP + PLOT_H + 18, 11, GRUNDY_PICTURE_MIDDLE, 0, AXIS_RGB, buf);
    }
    const uint64_t ys = nice_step(ymax, 8);
    for (uint64_t v = 0; v <= ymax; v += ys) {
        const double y = TOP + PLOT_H - ((double)v + yshift) * yunit;
        picture_line(c, LEFT - 5, y, LEFT, y, AXIS_RGB, 1, 0);
        picture_line(c, LEFT, y, LEFT + PLOT_W, y, "#eeeeee", 1, 0);
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
        picture_text(c, LEFT - 8, y + 4, 11, GRUNDY_PICTURE_END, 0, AXIS_RGB, buf);
    }
    picture_text(c, LEFT + PLOT_W / 2, TOP + PLOT_H + 40, 13, GRUNDY_PICTURE_MIDDLE, 0, AXIS_RGB,
                 xlabel);
    picture_text(c, LEFT - 46, TOP + PLOT_H / 2, 13, GRUNDY_PICTURE_MIDDLE, 1, AXIS_RGB, ylabel);
}

/* One legend line at row `row`: a swatch (dot or box) and a text. */
static void legend_entry(picture_canvas *c, int row, const char *color, int box, const char *text) {
    const double x = LEFT + PLOT_W + 24, y = TOP + 16 + 22.0 * row;
    if (color != NULL && box) {
        picture_rect(c, x - 6, y - 10, 12, 12, color, 0.8, "class=\"legend\"");
    } else if (color != NULL) {
        picture_circle(c, x, y - 4, 4, color, NULL, "class=\"legend\"");
    }
    picture_text(c, x + 12, y, 12, GRUNDY_PICTURE_START, 0, AXIS_RGB, text);
}

/* The preperiod and the first period, shaded behind the points, where they fall in the range. */
static void shade_period(picture_canvas *c, const seq_view *s, double xunit) {
    const grundy_period_result *r = &s->period;
    char attrs[96];
    if (!r->found || r->preperiod > s->to) {
        return;
    }
    if (r->preperiod > 0) {
        snprintf(attrs, sizeof attrs, "class=\"preperiod\" data-length=\"%llu\"",
                 (unsigned long long)r->preperiod);
        picture_rect(c, LEFT, TOP, (double)r->preperiod * xunit, PLOT_H, PRE_RGB, 0.35, attrs);
    }
    const uint64_t end =
        r->preperiod + r->period - 1 < s->to ? r->preperiod + r->period - 1 : s->to;
    snprintf(attrs, sizeof attrs, "class=\"period\" data-start=\"%llu\" data-length=\"%llu\"",
             (unsigned long long)r->preperiod, (unsigned long long)r->period);
    picture_rect(c, LEFT + (double)r->preperiod * xunit, TOP,
                 (double)(end - r->preperiod + 1) * xunit, PLOT_H, PERIOD_RGB, 0.45, attrs);
    const double x = LEFT + (double)r->preperiod * xunit;
    picture_line(c, x, TOP, x, TOP + PLOT_H, "#3182bd", 1, 1);
}

static int cmp_u64(const void *a, const void *b) {
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The points: one per heap when they fit one a pixel, else one per (pixel column, value). */
static int draw_points(picture_canvas *c, const seq_view *s, double xunit, double yunit) {
    char attrs[96];
    const double r = xunit >= 6 ? 3 : xunit >= 3 ? 2 : 1.2;
    if (xunit >= 1) {
        for (uint64_t n = 0; n <= s->to; n++) {
            const int rare = grundy_stats_is_rare(s->stats, n, s->g[n]);
            snprintf(attrs, sizeof attrs, "class=\"%s\" data-n=\"%llu\" data-g=\"%llu\"",
                     rare ? "rare" : "value", (unsigned long long)n, (unsigned long long)s->g[n]);
            picture_circle(c, LEFT + ((double)n + 0.5) * xunit,
                           TOP + PLOT_H - ((double)s->g[n] + 0.5) * yunit, rare ? r + 1 : r,
                           rare ? RARE_RGB : COMMON_RGB, NULL, attrs);
        }
        return 0;
    }
    /* Bucketed: heaps with the same pixel column; each (value, class) drawn once per column, as
     * (g << 1) | rare (a value is of both classes in a column under the parity variant). Values
     * are below 2^63: a plot's heaps are at most 10^7. */
    const uint64_t per = (uint64_t)(1.0 / xunit) + 1;
    uint64_t *col = malloc(per * sizeof *col);
    if (col == NULL) {
        return -1;
    }
    for (uint64_t first = 0; first <= s->to; first += per) {
        const uint64_t count = s->to - first < per - 1 ? s->to - first + 1 : per;
        for (uint64_t i = 0; i < count; i++) {
            const uint64_t n = first + i;
            col[i] = (s->g[n] << 1) | (uint64_t)grundy_stats_is_rare(s->stats, n, s->g[n]);
        }
        qsort(col, count, sizeof *col, cmp_u64);
        for (uint64_t i = 0; i < count; i++) {
            if (i > 0 && col[i] == col[i - 1]) {
                continue;
            }
            const int rare = (int)(col[i] & 1u);
            const uint64_t g = col[i] >> 1;
            snprintf(attrs, sizeof attrs, "class=\"%s bucket\" data-g=\"%llu\"",
                     rare ? "rare" : "value", (unsigned long long)g);
            picture_circle(c, LEFT + ((double)first + 0.5) * xunit,
                           TOP + PLOT_H - ((double)g + 0.5) * yunit, rare ? 1.8 : 1,
                           rare ? RARE_RGB : COMMON_RGB, NULL, attrs);
        }
    }
    free(col);
    return 0;
}

static void period_legend(picture_canvas *c, const seq_view *s, int row) {
    char buf[128];
    const grundy_period_result *r = &s->period;
    if (!r->found) {
        legend_entry(c, row, NULL, 0, "no period proved");
        snprintf(buf, sizeof buf, "(searched heaps 0 to %llu)",
                 (unsigned long long)(r->values_computed > 0 ? r->values_computed - 1 : 0));
        legend_entry(c, row + 1, NULL, 0, buf);
        return;
    }
    snprintf(buf, sizeof buf, "preperiod n0 = %llu", (unsigned long long)r->preperiod);
    legend_entry(c, row, PRE_RGB, 1, buf);
    snprintf(buf, sizeof buf, "period p = %llu%s", (unsigned long long)r->period,
             r->saltus != 0 ? " (arithmetic)" : "");
    legend_entry(c, row + 1, PERIOD_RGB, 1, buf);
    const char *proof = grundy_proof_name(r->proof);
    snprintf(buf, sizeof buf, "%s%s", r->proved ? "proved: " : "observed, not proved",
             r->proved && proof != NULL ? proof : "");
    legend_entry(c, row + 2, NULL, 0, buf);
    if (r->preperiod > s->to) {
        legend_entry(c, row + 3, NULL, 0, "(the period starts past the range)");
    }
}

/* The labelling's line: its rare heaps among 1..to and the mask, as `grundy stats` prints them. */
static void rare_legend(picture_canvas *c, const grundy_stats *st, uint64_t to, int box) {
    char buf[128], mask[GRUNDY_STATS_MASK_TEXT_CAP];
    legend_entry(c, 0, COMMON_RGB, box, "common values");
    if (!st->has_mask) {
        legend_entry(c, 1, NULL, 0, "no rare/common mask");
        return;
    }
    grundy_stats_mask_text(st->mask, st->use_parity, mask, sizeof mask);
    snprintf(buf, sizeof buf, "rare: %llu of %llu (mask %s)", (unsigned long long)st->rare_count,
             (unsigned long long)to, mask);
    legend_entry(c, 1, RARE_RGB, box, buf);
}

static int draw_values(picture_canvas *c, const seq_view *s, uint64_t maxv) {
    const double xunit = PLOT_W / ((double)s->to + 1), yunit = PLOT_H / ((double)maxv + 1);
    shade_period(c, s, xunit);
    draw_axes(c, s->to, xunit, maxv, yunit, 0.5, "heap size n", "g(n)");
    return draw_points(c, s, xunit, yunit);
}

/* One value's bar: its heaps, the rare ones (rare of count) drawn at its foot. A value has heaps
 * of both classes under the parity variant, and value 0 has heap 0, which is not labelled. */
static void draw_bar(picture_canvas *c, uint64_t v, uint64_t count, uint64_t rare, double xunit,
                     double yunit) {
    char attrs[128];
    const double x = LEFT + (double)v * xunit + xunit * 0.1, h = (double)count * yunit;
    const int all_rare = rare == count && count > 0;
    snprintf(attrs, sizeof attrs,
             "class=\"%s bar\" data-g=\"%llu\" data-count=\"%llu\" data-rare=\"%llu\"",
             all_rare ? "rare" : "value", (unsigned long long)v, (unsigned long long)count,
             (unsigned long long)rare);
    picture_rect(c, x, TOP + PLOT_H - h, xunit * 0.8, h, all_rare ? RARE_RGB : COMMON_RGB, 1,
                 attrs);
    if (rare > 0 && !all_rare) {
        const double hr = (double)rare * yunit;
        picture_rect(c, x, TOP + PLOT_H - hr, xunit * 0.8, hr, RARE_RGB, 1, "class=\"rare part\"");
    }
}

/* Bars: how many heaps n <= to have each value, and how many of them are rare. */
static int draw_freq(picture_canvas *c, const seq_view *s, uint64_t maxv) {
    uint64_t *freq =
        maxv < SIZE_MAX / (2 * sizeof *freq) ? calloc(2 * (maxv + 1), sizeof *freq) : NULL;
    if (freq == NULL) {
        return -1;
    }
    uint64_t *const rare = freq + maxv + 1;
    uint64_t top = 1;
    for (uint64_t n = 0; n <= s->to; n++) {
        top = ++freq[s->g[n]] > top ? freq[s->g[n]] : top;
        rare[s->g[n]] += (uint64_t)grundy_stats_is_rare(s->stats, n, s->g[n]);
    }
    const double xunit = PLOT_W / ((double)maxv + 1), yunit = PLOT_H / ((double)top * 1.05);
    draw_axes(c, maxv, xunit, top, yunit, 0, "value g", "heaps n with g(n) = g");
    for (uint64_t v = 0; v <= maxv; v++) {
        draw_bar(c, v, freq[v], rare[v], xunit, yunit);
    }
    free(freq);
    return 0;
}

static void draw_sequence(picture_canvas *c, const seq_view *s) {
    const uint64_t maxv = s->stats->max_value;
    char buf[400];
    picture_begin(c, SEQ_WIDTH, SEQ_HEIGHT);
    snprintf(buf, sizeof buf, "%s of %.300s, heaps 0 to %llu",
             s->freq ? "Value frequencies" : "Grundy values", s->rule, (unsigned long long)s->to);
    picture_text(c, LEFT, TOP - 18, 16, GRUNDY_PICTURE_START, 0, AXIS_RGB, buf);
    if ((s->freq ? draw_freq(c, s, maxv) : draw_values(c, s, maxv)) != 0) {
        c->st = GRUNDY_STATUS_NOMEM;
        return;
    }
    rare_legend(c, s->stats, s->to, s->freq); /* bars get a box, points a dot */
    if (!s->freq) {
        period_legend(c, s, 3);
    }
}

grundy_status picture_draw_sequence(picture_canvas *c, const grundy_picture_seq *in,
                                    const grundy_picture_opts *opts) {
    grundy_status st = GRUNDY_STATUS_OK;
    grundy_rule *rule = NULL;
    grundy_stats stats;
    memset(&stats, 0, sizeof stats);
    char canonical[320]; /* the title shows 300 characters */
    GRUNDY_CHECK(in->values != NULL && in->rule != NULL && in->to < GRUNDY_PICTURE_MAX_HEAPS,
                 GRUNDY_STATUS_INVALID_ARG);
    GRUNDY_TRY(grundy_rule_parse(in->rule, &rule, NULL));
    grundy_rule_format(rule, canonical, sizeof canonical);
    GRUNDY_TRY(grundy_stats_of_values(rule, in->values, in->to + 1, &stats));
    seq_view s = {canonical, in->values, in->to, {0}, opts->kind == GRUNDY_PICTURE_FREQ, &stats};
    if (in->period != NULL) {
        s.period = *in->period;
    }
    draw_sequence(c, &s);
    st = c->st;
cleanup:
    grundy_stats_free(&stats);
    grundy_rule_destroy(rule);
    return st;
}
