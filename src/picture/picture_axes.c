/* SPDX-License-Identifier: MIT */
/* The frame, ticks and legend of the sequence pictures, and the one rule that decides whether the
 * rare/common split of sparse space is drawn. */
#include "picture/picture_axes.h"

#include <stdio.h>

int grundy_picture_sparse(const grundy_stats *stats) {
    const uint64_t to = stats->count > 0 ? stats->count - 1 : 0;
    /* Sparse space (Gangolli and Plambeck; Flammenkamp's tables) is a statement about few rare
     * heaps: where the best labelling still calls one heap in ten rare (Grundy's game, 0.6: about
     * one in five), the split is noise, and is not drawn. */
    return stats->has_mask && to > 0 &&
           (double)stats->rare_count * 100.0 <= (double)GRUNDY_PICTURE_SPARSE_PERCENT * (double)to;
}

int picture_rare(const seq_view *s, uint64_t n) {
    return s->sparse && grundy_stats_is_rare(s->stats, n, s->g[n]);
}

uint64_t picture_nice_step(uint64_t span, uint64_t most) {
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

void picture_frame(picture_canvas *c, const char *xlabel, const char *ylabel) {
    picture_line(c, LEFT, TOP + PLOT_H, LEFT + PLOT_W, TOP + PLOT_H, AXIS_RGB, 1, 0);
    picture_line(c, LEFT, TOP, LEFT, TOP + PLOT_H, AXIS_RGB, 1, 0);
    picture_text(c, LEFT + PLOT_W / 2, TOP + PLOT_H + 40, 13, GRUNDY_PICTURE_MIDDLE, 0, AXIS_RGB,
                 xlabel);
    picture_text(c, LEFT - 46, TOP + PLOT_H / 2, 13, GRUNDY_PICTURE_MIDDLE, 1, AXIS_RGB, ylabel);
}

void picture_x_ticks(picture_canvas *c, uint64_t first, uint64_t last, double unit) {
    char buf[32];
    const uint64_t step = picture_nice_step(last - first, 10);
    for (uint64_t v = (first + step - 1) / step * step; v <= last && v >= first; v += step) {
        const double x = LEFT + ((double)(v - first) + 0.5) * unit;
        picture_line(c, x, TOP + PLOT_H, x, TOP + PLOT_H + 5, AXIS_RGB, 1, 0);
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
        picture_text(c, x, TOP + PLOT_H + 18, 11, GRUNDY_PICTURE_MIDDLE, 0, AXIS_RGB, buf);
    }
}

void picture_y_tick(picture_canvas *c, double y, const char *label) {
    picture_line(c, LEFT - 5, y, LEFT, y, AXIS_RGB, 1, 0);
    picture_line(c, LEFT, y, LEFT + PLOT_W, y, GRID_RGB, 1, 0);
    picture_text(c, LEFT - 8, y + 4, 11, GRUNDY_PICTURE_END, 0, AXIS_RGB, label);
}

void picture_legend_entry(picture_canvas *c, int row, const char *color, int box,
                          const char *text) {
    const double x = LEFT + PLOT_W + 24, y = TOP + 16 + 22.0 * row;
    if (color != NULL && box) {
        picture_rect(c, x - 6, y - 10, 12, 12, color, 0.8, "class=\"legend\"");
    } else if (color != NULL) {
        picture_circle(c, x, y - 4, 4, color, NULL, "class=\"legend\"");
    }
    picture_text(c, x + 12, y, 12, GRUNDY_PICTURE_START, 0, AXIS_RGB, text);
}

void picture_rare_legend(picture_canvas *c, const seq_view *s, int box) {
    char buf[128], mask[GRUNDY_STATS_MASK_TEXT_CAP];
    const grundy_stats *st = s->stats;
    picture_legend_entry(c, 0, COMMON_RGB, box, s->sparse ? "common values" : "values");
    if (!st->has_mask) {
        picture_legend_entry(c, 1, NULL, 0, "no rare/common mask");
        return;
    }
    grundy_stats_mask_text(st->mask, st->use_parity, mask, sizeof mask);
    snprintf(buf, sizeof buf, "rare: %llu of %llu (mask %s)", (unsigned long long)st->rare_count,
             (unsigned long long)s->to, mask);
    picture_legend_entry(c, 1, s->sparse ? RARE_RGB : NULL, box, buf);
    snprintf(buf, sizeof buf, "%s %d%%: %s", s->sparse ? "at most" : "over",
             GRUNDY_PICTURE_SPARSE_PERCENT, s->sparse ? "sparse" : "not sparse, not drawn");
    picture_legend_entry(c, 2, NULL, 0, buf);
}
