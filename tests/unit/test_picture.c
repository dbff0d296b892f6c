/* SPDX-License-Identifier: MIT */
/* The picture API (grundy/picture.h): SVG text with its limit and refusals, and the same drawing
 * through callbacks, shape for shape (each SVG element is one callback). */
#include <grundy/grundy.h>

#include "check.h"

/* g(0..to) of `rule` from a query. */
static uint64_t *values_of(const char *rule_text, uint64_t to) {
    grundy_rule *rule = NULL;
    grundy_query *q = NULL;
    uint64_t *g = malloc((size_t)(to + 1) * sizeof *g);
    int ok = g != NULL && grundy_rule_parse(rule_text, &rule, NULL) == GRUNDY_STATUS_OK &&
             grundy_query_create(rule, NULL, &q) == GRUNDY_STATUS_OK &&
             grundy_query_values(q, 0, to + 1, g) == GRUNDY_STATUS_OK;
    grundy_query_destroy(q);
    grundy_rule_destroy(rule);
    if (!ok) {
        free(g);
        return NULL;
    }
    return g;
}

/* Occurrences of `needle` in `hay`. */
static size_t count_of(const char *hay, const char *needle) {
    size_t n = 0;
    for (const char *p = strstr(hay, needle); p != NULL; p = strstr(p + 1, needle)) {
        n++;
    }
    return n;
}

/* The callbacks count their calls and check begin came first. */
typedef struct counts {
    int begun, before_begin;
    double width, height;
    size_t shapes, texts;
} counts;

static int on_begin(void *ctx, double w, double h) {
    counts *k = ctx;
    k->begun++;
    k->width = w;
    k->height = h;
    return 0;
}
static void shape(counts *k) {
    k->shapes++;
    k->before_begin += k->begun == 0;
}
static void on_rect(void *ctx, double x, double y, double w, double h, const char *f, double o) {
    (void)x, (void)y, (void)w, (void)h, (void)f, (void)o;
    shape(ctx);
}
static void on_line(void *ctx, double a, double b, double c, double d, const char *col, double w,
                    int dash) {
    (void)a, (void)b, (void)c, (void)d, (void)col, (void)w, (void)dash;
    shape(ctx);
}
static void on_circle(void *ctx, double x, double y, double r, const char *f, const char *s) {
    (void)x, (void)y, (void)r, (void)f, (void)s;
    shape(ctx);
}
static void on_curve(void *ctx, double a, double b, double c, double d, double e, double f,
                     const char *col, double w) {
    (void)a, (void)b, (void)c, (void)d, (void)e, (void)f, (void)col, (void)w;
    shape(ctx);
}
static void on_triangle(void *ctx, const double xy[6], const char *f) {
    (void)xy, (void)f;
    shape(ctx);
}
static void on_text(void *ctx, double x, double y, double s, int a, int v, const char *c,
                    const char *t) {
    (void)x, (void)y, (void)s, (void)a, (void)v, (void)c, (void)t;
    shape(ctx);
    ((counts *)ctx)->texts++;
}
static int refuse(void *ctx, double w, double h) {
    (void)ctx, (void)w, (void)h;
    return -1;
}

/* Elements drawn in an SVG: everything but the header's background rect. */
static size_t svg_shapes(const char *svg) {
    return count_of(svg, "<rect") - 1 + count_of(svg, "<line") + count_of(svg, "<circle") +
           count_of(svg, "<path") + count_of(svg, "<polygon") + count_of(svg, "<text");
}

static void test_sequence(void) {
    uint64_t *g = values_of("kayles", 120);
    CHECK(g != NULL);
    if (g == NULL) {
        return;
    }
    const grundy_period_result period = {1, 1, GRUNDY_PROOF_GUY_SMITH, 71, 12, 0, 0, 0};
    const grundy_picture_seq s = {"kayles", g, 120, &period};
    char *svg = NULL;
    size_t len = 0;
    CHECK_EQ(grundy_picture_sequence_svg(&s, NULL, &svg, &len), GRUNDY_STATUS_OK);
    CHECK(svg != NULL && strlen(svg) == len);
    CHECK(strncmp(svg, "<?xml", 5) == 0 && strstr(svg, "</svg>\n") == svg + len - 7);
    CHECK(strstr(svg, "of Kayles (0.77), heaps 0 to 120") != NULL);
    CHECK_EQ(count_of(svg, "data-n="), 121);
    CHECK_EQ(count_of(svg, "class=\"period\" data-start=\"71\" data-length=\"12\""), 1);

    /* the same shapes through callbacks */
    counts k;
    memset(&k, 0, sizeof k);
    const grundy_canvas cb = {&k,        on_begin, on_rect,     on_line,
                              on_circle, on_curve, on_triangle, on_text};
    CHECK_EQ(grundy_picture_sequence_draw(&s, NULL, &cb), GRUNDY_STATUS_OK);
    CHECK_EQ(k.begun, 1);
    CHECK_EQ(k.before_begin, 0);
    CHECK_EQ(k.shapes, svg_shapes(svg));
    CHECK(k.width == 960 && k.height == 540);

    /* the limit: one byte short of the text is LIMIT and hands nothing over */
    grundy_picture_opts o = GRUNDY_PICTURE_OPTS_INIT;
    o.max_bytes = len - 1;
    char *none = (char *)"x";
    CHECK_EQ(grundy_picture_sequence_svg(&s, &o, &none, NULL), GRUNDY_STATUS_LIMIT);
    CHECK(none == NULL);
    o.max_bytes = len;
    CHECK_EQ(grundy_picture_sequence_svg(&s, &o, &none, NULL), GRUNDY_STATUS_OK);
    CHECK(none != NULL && strcmp(none, svg) == 0);
    grundy_picture_free(none);

    /* refusals */
    const grundy_picture_seq bad_rule = {"0.x", g, 120, NULL};
    CHECK_EQ(grundy_picture_sequence_svg(&bad_rule, NULL, &none, NULL), GRUNDY_STATUS_PARSE);
    CHECK(none == NULL);
    const grundy_picture_seq no_values = {"kayles", NULL, 120, NULL};
    CHECK_EQ(grundy_picture_sequence_svg(&no_values, NULL, &none, NULL), GRUNDY_STATUS_INVALID_ARG);
    CHECK_EQ(grundy_picture_sequence_svg(NULL, NULL, &none, NULL), GRUNDY_STATUS_INVALID_ARG);
    CHECK_EQ(grundy_picture_sequence_svg(&s, NULL, NULL, NULL), GRUNDY_STATUS_INVALID_ARG);
    grundy_canvas partial = cb;
    partial.curve = NULL;
    CHECK_EQ(grundy_picture_sequence_draw(&s, NULL, &partial), GRUNDY_STATUS_INVALID_ARG);
    grundy_canvas refusing = cb;
    refusing.begin = refuse;
    CHECK_EQ(grundy_picture_sequence_draw(&s, NULL, &refusing), GRUNDY_STATUS_IO);
    grundy_picture_free(svg);
    grundy_picture_free(NULL);
    free(g);
}

static void test_graph(void) {
    /* 0 -> 1 -> 2, 3 <-> 3: 2 loses at once, 1 wins, 0 loses; 3 draws */
    const uint32_t from[] = {0, 1, 3}, to[] = {1, 2, 3};
    const unsigned char outcome[] = {1, 2, 1, 0};
    const uint32_t remoteness[] = {2, 1, 0, GRUNDY_REMOTENESS_NONE};
    const grundy_picture_graph d = {4, 3, from, to, outcome, remoteness};
    char *svg = NULL;
    CHECK_EQ(grundy_picture_graph_svg(&d, NULL, &svg, NULL), GRUNDY_STATUS_OK);
    CHECK(svg != NULL);
    if (svg != NULL) {
        CHECK_EQ(count_of(svg, "class=\"vertex\""), 4);
        CHECK_EQ(count_of(svg, "data-outcome=\"draw\" data-remoteness=\"-\""), 1);
    }
    counts k;
    memset(&k, 0, sizeof k);
    const grundy_canvas cb = {&k,        on_begin, on_rect,     on_line,
                              on_circle, on_curve, on_triangle, on_text};
    CHECK_EQ(grundy_picture_graph_draw(&d, NULL, &cb), GRUNDY_STATUS_OK);
    CHECK_EQ(k.shapes, svg != NULL ? svg_shapes(svg) : 0);
    grundy_picture_free(svg);

    const uint32_t past[] = {1, 4, 3};
    const grundy_picture_graph bad_edge = {4, 3, from, past, outcome, remoteness};
    CHECK_EQ(grundy_picture_graph_svg(&bad_edge, NULL, &svg, NULL), GRUNDY_STATUS_INVALID_ARG);
    CHECK(svg == NULL);
    const unsigned char bad_outcomes[] = {1, 3, 1, 0};
    const grundy_picture_graph bad_outcome = {4, 3, from, to, bad_outcomes, remoteness};
    CHECK_EQ(grundy_picture_graph_svg(&bad_outcome, NULL, &svg, NULL), GRUNDY_STATUS_INVALID_ARG);
    const uint32_t far[] = {2, 1, 0, 9};
    const unsigned char all_end[] = {1, 2, 1, 1};
    const grundy_picture_graph bad_rem = {4, 3, from, to, all_end, far};
    CHECK_EQ(grundy_picture_graph_svg(&bad_rem, NULL, &svg, NULL), GRUNDY_STATUS_INVALID_ARG);
    const grundy_picture_graph big = {
        GRUNDY_PICTURE_GRAPH_MAX_VERTICES + 1, 0, NULL, NULL, outcome, remoteness};
    CHECK_EQ(grundy_picture_graph_svg(&big, NULL, &svg, NULL), GRUNDY_STATUS_INVALID_ARG);
}

/* The table's rows: Kayles' preperiod 71 and period 12; no period; the width chosen. */
static void test_table_layout(void) {
    const grundy_period_result kayles = {1, 1, GRUNDY_PROOF_GUY_SMITH, 71, 12, 0, 257, 8};
    grundy_picture_table t;
    uint64_t first, end;
    CHECK_EQ(grundy_picture_table_layout(&kayles, 0, 0, &t), GRUNDY_STATUS_OK);
    CHECK_U64(t.width, 12);
    CHECK_U64(t.split, 71);
    CHECK_U64(t.pre_rows, 6);
    CHECK_U64(t.rows, 7);
    CHECK_U64(t.count, 83);
    grundy_picture_table_row(&t, 5, &first, &end);
    CHECK(first == 60 && end == 71);
    grundy_picture_table_row(&t, 6, &first, &end);
    CHECK(first == 71 && end == 83);
    CHECK_EQ(grundy_picture_table_layout(&kayles, 10, 0, &t), GRUNDY_STATUS_OK);
    CHECK(t.width == 10 && t.pre_rows == 8 && t.rows == 10 && t.count == 91);
    grundy_picture_table_row(&t, 7, &first, &end);
    CHECK(first == 70 && end == 71);
    CHECK_EQ(grundy_picture_table_layout(NULL, 0, 25, &t), GRUNDY_STATUS_OK);
    CHECK(t.width == GRUNDY_PICTURE_TABLE_WIDTH && t.split == 0 && t.pre_rows == 0 && t.rows == 3);
    grundy_picture_table_row(&t, 2, &first, &end);
    CHECK(first == 20 && end == 25);
    CHECK_EQ(grundy_picture_table_layout(NULL, 0, 0, &t), GRUNDY_STATUS_INVALID_ARG);
    CHECK_EQ(grundy_picture_table_layout(&kayles, 0, 0, NULL), GRUNDY_STATUS_INVALID_ARG);
}

int main(void) {
    test_table_layout();
    test_sequence();
    test_graph();
    return check_report("test_picture");
}
