/* SPDX-License-Identifier: MIT */
/* Sequence plots: g(n) against n the way the literature draws them (Winning Ways, Flammenkamp's
 * tables), with the preperiod and one period shaded when a period is known and the rare heaps of
 * the sparse-space labelling (grundy_stats, the one `stats` and `survey` print) highlighted where
 * the space is sparse; and the entry point of every sequence picture. */
#include "picture/picture_axes.h"
#include "picture/picture_internal.h"
#include "util/try.h"

#include <grundy/rule.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The y scale of the points: value v at bottom - (v + 0.5) * unit, with room above the largest
 * value (6% of the range, at least half a value) so the highest points sit off the top edge. */
static double value_unit(uint64_t maxv) {
    const double span = (double)maxv + 1, pad = span * 0.06 > 0.5 ? span * 0.06 : 0.5;
    return PLOT_H / (span + pad);
}

static double point_x(const seq_view *s, uint64_t n, double xunit) {
    return LEFT + ((double)(n - s->from) + 0.5) * xunit;
}

static double point_y(uint64_t g, double yunit) {
    return TOP + PLOT_H - ((double)g + 0.5) * yunit;
}

/* Shade heaps [a, b] (within from..to) with `attrs`. */
static void shade(picture_canvas *c, const seq_view *s, uint64_t a, uint64_t b, double xunit,
                  const char *fill, double opacity, const char *attrs) {
    a = a < s->from ? s->from : a;
    b = b > s->to ? s->to : b;
    if (a <= b) {
        picture_rect(c, LEFT + (double)(a - s->from) * xunit, TOP, (double)(b - a + 1) * xunit,
                     PLOT_H, fill, opacity, attrs);
    }
}

/* The preperiod, and the first whole period at or after `from`, shaded behind the points, where
 * they fall in the range; a dashed line where the period starts. */
static void shade_period(picture_canvas *c, const seq_view *s, double xunit) {
    const grundy_period_result *r = &s->period;
    char attrs[96];
    if (!r->found || r->preperiod > s->to) {
        return;
    }
    if (r->preperiod > s->from) {
        snprintf(attrs, sizeof attrs, "class=\"preperiod\" data-length=\"%llu\"",
                 (unsigned long long)r->preperiod);
        shade(c, s, 0, r->preperiod - 1, xunit, PRE_RGB, 0.35, attrs);
    }
    uint64_t start = r->preperiod;
    if (s->from > start) {
        start += (s->from - start + r->period - 1) / r->period * r->period;
    }
    if (start > s->to) {
        return;
    }
    snprintf(attrs, sizeof attrs, "class=\"period\" data-start=\"%llu\" data-length=\"%llu\"",
             (unsigned long long)r->preperiod, (unsigned long long)r->period);
    shade(c, s, start, start + r->period - 1, xunit, PERIOD_RGB, 0.45, attrs);
    const double x = LEFT + (double)(start - s->from) * xunit;
    picture_line(c, x, TOP, x, TOP + PLOT_H, "#3182bd", 1, 1);
}

static int cmp_u64(const void *a, const void *b) {
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* One point a heap, when they fit one a pixel. */
static void draw_each_point(picture_canvas *c, const seq_view *s, double xunit, double yunit) {
    char attrs[96];
    const double r = xunit >= 6 ? 3 : xunit >= 3 ? 2 : 1.2;
    for (uint64_t n = s->from; n <= s->to; n++) {
        const int rare = picture_rare(s, n);
        snprintf(attrs, sizeof attrs, "class=\"%s\" data-n=\"%llu\" data-g=\"%llu\"",
                 rare ? "rare" : "value", (unsigned long long)n, (unsigned long long)s->g[n]);
        picture_circle(c, point_x(s, n, xunit), point_y(s->g[n], yunit), rare ? r + 1 : r,
                       rare ? RARE_RGB : COMMON_RGB, NULL, attrs);
    }
}

/* Bucketed: heaps with the same pixel column; each (value, class) drawn once per column, as
 * (g << 1) | rare (a value is of both classes in a column under the parity variant). Values are
 * below 2^63: a picture's heaps are fewer than GRUNDY_PICTURE_MAX_HEAPS. 0, or -1 (no memory). */
static int draw_buckets(picture_canvas *c, const seq_view *s, double xunit, double yunit) {
    char attrs[96];
    const uint64_t per = (uint64_t)(1.0 / xunit) + 1;
    uint64_t *col = malloc(per * sizeof *col);
    if (col == NULL) {
        return -1;
    }
    for (uint64_t first = s->from; first <= s->to; first += per) {
        const uint64_t count = s->to - first < per - 1 ? s->to - first + 1 : per;
        for (uint64_t i = 0; i < count; i++) {
            col[i] = (s->g[first + i] << 1) | (uint64_t)picture_rare(s, first + i);
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
            picture_circle(c, point_x(s, first, xunit), point_y(g, yunit), rare ? 1.8 : 1,
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
        picture_legend_entry(c, row, NULL, 0, "no period proved");
        snprintf(buf, sizeof buf, "(searched heaps 0 to %llu)",
                 (unsigned long long)(r->values_computed > 0 ? r->values_computed - 1 : 0));
        picture_legend_entry(c, row + 1, NULL, 0, buf);
        return;
    }
    snprintf(buf, sizeof buf, "preperiod n0 = %llu", (unsigned long long)r->preperiod);
    picture_legend_entry(c, row, PRE_RGB, 1, buf);
    snprintf(buf, sizeof buf, "period p = %llu%s", (unsigned long long)r->period,
             r->saltus != 0 ? " (arithmetic)" : "");
    picture_legend_entry(c, row + 1, PERIOD_RGB, 1, buf);
    const char *proof = grundy_proof_name(r->proof);
    snprintf(buf, sizeof buf, "%s%s", r->proved ? "proved: " : "observed, not proved",
             r->proved && proof != NULL ? proof : "");
    picture_legend_entry(c, row + 2, NULL, 0, buf);
    if (r->preperiod > s->to) {
        picture_legend_entry(c, row + 3, NULL, 0, "(the period starts past the range)");
    }
}

/* The largest value drawn. */
static uint64_t max_drawn(const seq_view *s) {
    uint64_t m = 0;
    for (uint64_t n = s->from; n <= s->to; n++) {
        m = s->g[n] > m ? s->g[n] : m;
    }
    return m;
}

/* g(n) against n over from..to. 0, or -1 (no memory). */
static int draw_values(picture_canvas *c, const seq_view *s) {
    char buf[32];
    const uint64_t maxv = max_drawn(s);
    const double xunit = PLOT_W / ((double)(s->to - s->from) + 1), yunit = value_unit(maxv);
    shade_period(c, s, xunit);
    picture_frame(c, "heap size n", "g(n)");
    picture_x_ticks(c, s->from, s->to, xunit);
    const uint64_t step = picture_nice_step(maxv, 8);
    for (uint64_t v = 0; v <= maxv; v += step) {
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
        picture_y_tick(c, point_y(v, yunit), buf);
    }
    if (xunit < 1 && draw_buckets(c, s, xunit, yunit) != 0) {
        return -1;
    }
    if (xunit >= 1) {
        draw_each_point(c, s, xunit, yunit);
    }
    picture_rare_legend(c, s, 0);
    period_legend(c, s, 4);
    return 0;
}

static void draw_sequence(picture_canvas *c, const seq_view *s) {
    static const char *const what[] = {"Grundy values", "Value frequencies"};
    char buf[400];
    if (s->opts->kind == GRUNDY_PICTURE_TABLE) {
        picture_draw_table(c, s);
        return;
    }
    picture_begin(c, SEQ_WIDTH, SEQ_HEIGHT);
    snprintf(buf, sizeof buf, "%s of %.300s, heaps %llu to %llu", what[s->opts->kind],
             s->title_rule, (unsigned long long)s->from, (unsigned long long)s->to);
    picture_text(c, LEFT, TOP - 18, 16, GRUNDY_PICTURE_START, 0, AXIS_RGB, buf);
    const int rc =
        s->opts->kind == GRUNDY_PICTURE_FREQ ? picture_draw_freq(c, s) : draw_values(c, s);
    if (rc != 0) {
        c->st = GRUNDY_STATUS_NOMEM;
    }
}

/* The rule as titles show it: "Kayles (0.77)", or its canonical form. */
static void title_of(const grundy_rule *rule, char *buf, size_t cap) {
    char canonical[304]; /* a title shows 300 characters */
    grundy_rule_format(rule, canonical, sizeof canonical);
    const char *name = grundy_rule_name(rule);
    if (name != NULL) {
        snprintf(buf, cap, "%s (%s)", name, canonical);
    } else {
        snprintf(buf, cap, "%s", canonical);
    }
}

grundy_status picture_draw_sequence(picture_canvas *c, const grundy_picture_seq *in,
                                    const grundy_picture_opts *opts) {
    grundy_status st = GRUNDY_STATUS_OK;
    grundy_rule *rule = NULL;
    grundy_stats stats;
    memset(&stats, 0, sizeof stats);
    char title[340];
    GRUNDY_CHECK(in->values != NULL && in->rule != NULL && in->to < GRUNDY_PICTURE_MAX_HEAPS &&
                     opts->from <= in->to && (unsigned)opts->kind <= GRUNDY_PICTURE_TABLE,
                 GRUNDY_STATUS_INVALID_ARG);
    GRUNDY_TRY(grundy_rule_parse(in->rule, &rule, NULL));
    title_of(rule, title, sizeof title);
    GRUNDY_TRY(grundy_stats_of_values(rule, in->values, in->to + 1, &stats));
    seq_view s = {title, in->values, opts->from, in->to, {0}, &stats, 0, opts};
    s.sparse = grundy_picture_sparse(&stats);
    if (in->period != NULL) {
        s.period = *in->period;
        s.period.found = s.period.found && s.period.period > 0;
    }
    draw_sequence(c, &s);
    st = c->st;
cleanup:
    grundy_stats_free(&stats);
    grundy_rule_destroy(rule);
    return st;
}
