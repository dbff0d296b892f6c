/* SPDX-License-Identifier: MIT */
/* Frequency pictures: one bar a value, as tall as the number of heaps n in from..to with that
 * value, its rare heaps drawn at its foot where the split is drawn; on a linear or a logarithmic
 * scale (values of a sparse game occur from once to thousands of times). */
#include "picture/picture_axes.h"
#include "picture/picture_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The shortest bar of a value that occurs, in pixels, so that no count vanishes. */
#define MIN_BAR 2.0

/* The bars' scale: height(count) in pixels. Linear: count / (top * 1.05). Logarithmic: from
 * LOG_FLOOR (so that a count of 1 has a bar) to twice the top, in decades. */
#define LOG_FLOOR 0.5
typedef struct bar_scale {
    int log;
    double top; /* the largest count */
    double unit;
} bar_scale;

static double bar_height(const bar_scale *b, uint64_t count) {
    if (count == 0) {
        return 0;
    }
    const double h = b->log ? log10((double)count / LOG_FLOOR) * b->unit : (double)count * b->unit;
    return h < MIN_BAR ? MIN_BAR : h;
}

static bar_scale make_scale(int log_scale, uint64_t top) {
    bar_scale b = {log_scale, (double)top, 0};
    b.unit = log_scale ? PLOT_H / log10(2.0 * (double)top / LOG_FLOOR) : PLOT_H / (b.top * 1.05);
    return b;
}

/* Ticks: 0 and nice steps (linear), or the powers of ten up to the top (logarithmic). */
static void y_ticks(picture_canvas *c, const bar_scale *b) {
    char buf[32];
    const uint64_t top = (uint64_t)b->top;
    if (b->log) {
        for (uint64_t v = 1; v <= top; v *= 10) {
            snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
            picture_y_tick(c, TOP + PLOT_H - bar_height(b, v), buf);
            if (v > UINT64_MAX / 10) {
                break;
            }
        }
        return;
    }
    const uint64_t step = picture_nice_step(top, 8);
    for (uint64_t v = 0; v <= top; v += step) {
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
        picture_y_tick(c, TOP + PLOT_H - (double)v * b->unit, buf);
    }
}

/* One value's bar: its heaps, the rare ones (rare of count) drawn at its foot. A value has heaps
 * of both classes under the parity variant, and value 0 has heap 0, which is not labelled. */
static void draw_bar(picture_canvas *c, const bar_scale *b, uint64_t v, uint64_t count,
                     uint64_t rare, double xunit) {
    char attrs[128];
    const double x = LEFT + (double)v * xunit + xunit * 0.1, h = bar_height(b, count);
    const int all_rare = rare == count && count > 0;
    snprintf(attrs, sizeof attrs,
             "class=\"%s bar\" data-g=\"%llu\" data-count=\"%llu\" data-rare=\"%llu\"",
             all_rare ? "rare" : "value", (unsigned long long)v, (unsigned long long)count,
             (unsigned long long)rare);
    picture_rect(c, x, TOP + PLOT_H - h, xunit * 0.8, h, all_rare ? RARE_RGB : COMMON_RGB, 1,
                 attrs);
    if (rare > 0 && !all_rare) {
        /* the rare part's share of the bar's height, on either scale */
        const double hr = h * (double)rare / (double)count;
        picture_rect(c, x, TOP + PLOT_H - hr, xunit * 0.8, hr, RARE_RGB, 1, "class=\"rare part\"");
    }
}

int picture_draw_freq(picture_canvas *c, const seq_view *s) {
    uint64_t maxv = 0;
    for (uint64_t n = s->from; n <= s->to; n++) {
        maxv = s->g[n] > maxv ? s->g[n] : maxv;
    }
    uint64_t *freq =
        maxv < SIZE_MAX / (2 * sizeof *freq) ? calloc(2 * (maxv + 1), sizeof *freq) : NULL;
    if (freq == NULL) {
        return -1;
    }
    uint64_t *const rare = freq + maxv + 1;
    uint64_t top = 1;
    for (uint64_t n = s->from; n <= s->to; n++) {
        top = ++freq[s->g[n]] > top ? freq[s->g[n]] : top;
        rare[s->g[n]] += (uint64_t)picture_rare(s, n);
    }
    const bar_scale b = make_scale(s->opts->log_scale, top);
    const double xunit = PLOT_W / ((double)maxv + 1);
    picture_frame(c, "value g",
                  b.log ? "heaps n with g(n) = g (log scale)" : "heaps n with g(n) = g");
    picture_x_ticks(c, 0, maxv, xunit);
    y_ticks(c, &b);
    for (uint64_t v = 0; v <= maxv; v++) {
        draw_bar(c, &b, v, freq[v], rare[v], xunit);
    }
    free(freq);
    picture_rare_legend(c, s, 1); /* bars get a box */
    return 0;
}
