/* SPDX-License-Identifier: MIT */
/* The graph reader: the seed's "n m" + m edge lines, or bare edge lines; '#' comments, blank
 * lines. The stream is read once in chunks; edges go to two id arrays, then one counting sort
 * builds the reverse rows (peak 12 bytes per edge, inside the 16 budgeted). */
#include "graph/graph_impl.h"

#include <grundy/number.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { CHUNK = 1 << 20, MAX_LINE = 1 << 20 };

typedef struct reader {
    FILE *in;         /* NULL when reading memory */
    const char *data; /* memory input, or the chunk buffer */
    char *buf;
    size_t len, pos;
    int eof;
    uint64_t line;
    grundy_diag *diag;
    grundy_graph_read_opts opts;
    uint32_t *from, *to;
    uint64_t cap, m_read;
    uint64_t n, m; /* seed: from the header; edges: 1 + largest id, m_read */
    int have_header;
} reader;

static grundy_status fail(reader *r, grundy_status st, const char *fmt, ...) {
    if (r->diag != NULL) {
        va_list ap;
        va_start(ap, fmt);
        r->diag->line = (size_t)r->line;
        r->diag->column = 0;
        vsnprintf(r->diag->message, sizeof r->diag->message, fmt, ap);
        va_end(ap);
    }
    return st;
}

/* Refill the chunk buffer, keeping the unfinished line at its front. */
static grundy_status refill(reader *r) {
    memmove(r->buf, r->buf + r->pos, r->len - r->pos);
    r->len -= r->pos;
    r->pos = 0;
    if (r->len == CHUNK + MAX_LINE) {
        r->line++;
        return fail(r, GRUNDY_STATUS_PARSE, "line longer than %d bytes", MAX_LINE);
    }
    const size_t got = fread(r->buf + r->len, 1, CHUNK + MAX_LINE - r->len, r->in);
    r->len += got;
    if (got == 0) {
        if (ferror(r->in)) {
            return fail(r, GRUNDY_STATUS_IO, "read error");
        }
        r->eof = 1;
    }
    return GRUNDY_STATUS_OK;
}

/* The next line [*b, *e) without its '\n'; *got = 0 at the end of the input. */
static grundy_status next_line(reader *r, const char **b, const char **e, int *got) {
    for (;;) {
        const char *const base = r->in != NULL ? r->buf : r->data;
        const char *const nl = memchr(base + r->pos, '\n', r->len - r->pos);
        if (nl != NULL || (r->eof && r->pos < r->len)) {
            *b = base + r->pos;
            *e = nl != NULL ? nl : base + r->len;
            r->pos = nl != NULL ? (size_t)(nl - base) + 1 : r->len;
            r->line++;
            *got = 1;
            return GRUNDY_STATUS_OK;
        }
        if (r->eof) {
            *got = 0;
            return GRUNDY_STATUS_OK;
        }
        const grundy_status st = refill(r);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
    }
}

static int is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static const char *skip_space(const char *p, const char *e) {
    while (p < e && is_space(*p)) {
        p++;
    }
    return p;
}

/* The length of the token at p: up to the next blank, at most 24 bytes. */
static int token_length(const char *p, const char *e) {
    int len = 0;
    while (p + len < e && !is_space(p[len]) && len < 24) {
        len++;
    }
    return len;
}

/* Copy [p, p + len) into dst for a message, bytes outside printable ASCII as \xNN, so that a
 * NUL, a byte-order mark or a control character shows instead of vanishing. */
static void quote(char *dst, size_t cap, const char *p, int len) {
    size_t k = 0;
    for (int i = 0; i < len && k + 5 < cap; i++) {
        const unsigned char c = (unsigned char)p[i];
        if (c >= 0x20 && c < 0x7f) {
            dst[k++] = (char)c;
        } else {
            k += (size_t)snprintf(dst + k, cap - k, "\\x%02x", c);
        }
    }
    dst[k] = '\0';
}

/* Report the token at p (up to 24 bytes) as not a number. */
static grundy_status bad_token(reader *r, const char *p, const char *e, const char *what) {
    char shown[24 * 4 + 1];
    quote(shown, sizeof shown, p, token_length(p, e));
    return fail(r, GRUNDY_STATUS_PARSE, "%s '%s' is not a number", what, shown);
}

/* Parse exactly two numbers on [p, e) (comment already cut off). */
static grundy_status two_numbers(reader *r, const char *p, const char *e, const char *what,
                                 uint64_t out[2]) {
    for (int i = 0; i < 2; i++) {
        p = skip_space(p, e);
        if (p == e) {
            return fail(r, GRUNDY_STATUS_PARSE, "expected two numbers (%s), found %d", what, i);
        }
        const char *const start = p;
        const grundy_status st = grundy_scan_u64(&p, e, GRUNDY_NUMBER_MAX, &out[i]);
        if (st == GRUNDY_STATUS_RANGE) {
            const int len = token_length(start, e);
            return fail(r, st, "number %.*s%s is too large (at most 2^63 - 1)", len, start,
                        start + len < e && !is_space(start[len]) ? "..." : "");
        }
        if (st != GRUNDY_STATUS_OK || (p < e && !is_space(*p))) {
            return bad_token(r, start, e, i == 0 ? "first" : "second");
        }
    }
    p = skip_space(p, e);
    if (p != e) {
        char shown[24 * 4 + 1];
        quote(shown, sizeof shown, p, e - p < 24 ? (int)(e - p) : 24);
        return fail(r, GRUNDY_STATUS_PARSE, "unexpected '%s' after two numbers (%s)", shown, what);
    }
    return GRUNDY_STATUS_OK;
}

/* The memory budget of design: 16 bytes per edge + 16 per vertex, against opts.max_bytes. */
static int over_budget(const reader *r, uint64_t n, uint64_t m) {
    const uint64_t cap = r->opts.max_bytes;
    return n > GRUNDY_GRAPH_MAX_VERTICES || m > GRUNDY_GRAPH_MAX_EDGES ||
           n > cap / GRUNDY_GRAPH_BYTES_PER_VERTEX || m > cap / GRUNDY_GRAPH_BYTES_PER_EDGE ||
           n * GRUNDY_GRAPH_BYTES_PER_VERTEX > cap - m * GRUNDY_GRAPH_BYTES_PER_EDGE;
}

static grundy_status limit(reader *r, uint64_t n, uint64_t m) {
    if (n > GRUNDY_GRAPH_MAX_VERTICES || m > GRUNDY_GRAPH_MAX_EDGES) {
        return fail(r, GRUNDY_STATUS_LIMIT,
                    "n = %" PRIu64 ", m = %" PRIu64 ": at most %" PRIu64 " of each supported", n, m,
                    (uint64_t)UINT32_MAX);
    }
    return fail(r, GRUNDY_STATUS_LIMIT,
                "n = %" PRIu64 ", m = %" PRIu64 " need %" PRIu64
                " bytes (16 per edge + 16 per vertex), more than the memory limit of %" PRIu64,
                n, m, n * GRUNDY_GRAPH_BYTES_PER_VERTEX + m * GRUNDY_GRAPH_BYTES_PER_EDGE,
                r->opts.max_bytes);
}

/* Room for `want` edges, doubling, never past `ceiling` (the header's m, for the seed format):
 * arrays grow as lines arrive, so a header that promises 10^9 edges in a two-line file costs
 * nothing and is reported as a short input. */
static grundy_status grow(reader *r, uint64_t want, uint64_t ceiling) {
    if (want <= r->cap) {
        return GRUNDY_STATUS_OK;
    }
    uint64_t cap = r->cap < 1024 ? 1024 : r->cap * 2;
    cap = cap < want ? want : cap;
    cap = cap > ceiling ? ceiling : cap;
    uint32_t *const f = realloc(r->from, (size_t)cap * sizeof *f);
    if (f == NULL) {
        return fail(r, GRUNDY_STATUS_NOMEM, "out of memory for %" PRIu64 " edges", cap);
    }
    r->from = f;
    uint32_t *const t = realloc(r->to, (size_t)cap * sizeof *t);
    if (t == NULL) {
        return fail(r, GRUNDY_STATUS_NOMEM, "out of memory for %" PRIu64 " edges", cap);
    }
    r->to = t;
    r->cap = cap;
    return GRUNDY_STATUS_OK;
}

static grundy_status seed_header(reader *r, const uint64_t x[2]) {
    if (over_budget(r, x[0], x[1])) {
        return limit(r, x[0], x[1]);
    }
    r->n = x[0];
    r->m = x[1];
    r->have_header = 1;
    return GRUNDY_STATUS_OK;
}

static grundy_status add_edge(reader *r, const uint64_t x[2]) {
    if (r->opts.format == GRUNDY_GRAPH_FORMAT_SEED) {
        if (r->m_read == r->m) {
            return fail(r, GRUNDY_STATUS_PARSE, "more edge lines than m = %" PRIu64, r->m);
        }
        for (int i = 0; i < 2; i++) {
            if (x[i] >= r->n) {
                return fail(r, GRUNDY_STATUS_RANGE,
                            "vertex %" PRIu64 " out of range (n = %" PRIu64 ": 0..n-1)", x[i],
                            r->n);
            }
        }
        const grundy_status st = grow(r, r->m_read + 1, r->m);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
    } else {
        const uint64_t top = x[0] > x[1] ? x[0] : x[1];
        if (top >= GRUNDY_GRAPH_MAX_VERTICES) {
            return fail(r, GRUNDY_STATUS_RANGE, "vertex %" PRIu64 " out of range (0..%" PRIu64 ")",
                        top, GRUNDY_GRAPH_MAX_VERTICES - 1);
        }
        const uint64_t n = top + 1 > r->n ? top + 1 : r->n;
        if (over_budget(r, n, r->m_read + 1)) {
            return limit(r, n, r->m_read + 1);
        }
        r->n = n;
        const grundy_status st = grow(r, r->m_read + 1, GRUNDY_GRAPH_MAX_EDGES);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
    }
    r->from[r->m_read] = (uint32_t)x[0];
    r->to[r->m_read] = (uint32_t)x[1];
    r->m_read++;
    return GRUNDY_STATUS_OK;
}

/* Up to 18 digits at *p (always below 2^63, so no overflow check is needed); 0 digits if none. */
static int fast_number(const char **p, const char *e, uint64_t *out) {
    const char *q = *p;
    uint64_t x = 0;
    while (q < e && q - *p < 18 && (unsigned)(*q - '0') < 10u) {
        x = x * 10 + (uint64_t)(*q++ - '0');
    }
    const int digits = (int)(q - *p);
    *p = q;
    *out = x;
    return digits;
}

/* The common line "u v\n" (digits, one or more blanks, digits, newline) read straight from the
 * buffer, about ten times faster than next_line + two_numbers. Returns 0, consuming nothing, for
 * any other line (comments, blank lines, CRs, long numbers, errors, a line the buffer does not
 * hold whole), which then takes the general path with its messages. */
static int fast_line(reader *r, uint64_t x[2]) {
    const char *const base = r->in != NULL ? r->buf : r->data;
    const char *p = base + r->pos;
    const char *const e = base + r->len;
    if (fast_number(&p, e, &x[0]) == 0 || p == e || (*p != ' ' && *p != '\t')) {
        return 0;
    }
    while (p < e && (*p == ' ' || *p == '\t')) {
        p++;
    }
    if (fast_number(&p, e, &x[1]) == 0 || p == e || *p != '\n') {
        return 0;
    }
    r->pos = (size_t)(p + 1 - base);
    r->line++;
    return 1;
}

/* Read every line; leaves the edges in r. */
static grundy_status read_lines(reader *r) {
    const int seed = r->opts.format == GRUNDY_GRAPH_FORMAT_SEED;
    for (;;) {
        uint64_t x[2];
        if (fast_line(r, x)) {
            const int header = seed && !r->have_header;
            const grundy_status st = header ? seed_header(r, x) : add_edge(r, x);
            if (st != GRUNDY_STATUS_OK) {
                return st;
            }
            continue;
        }
        const char *b, *e;
        int got;
        grundy_status st = next_line(r, &b, &e, &got);
        if (st != GRUNDY_STATUS_OK || !got) {
            return st;
        }
        const char *const hash = memchr(b, '#', (size_t)(e - b));
        e = hash != NULL ? hash : e;
        if (skip_space(b, e) == e) {
            continue;
        }
        const int header = seed && !r->have_header;
        st = two_numbers(r, b, e, header ? "n m" : "u v", x);
        if (st == GRUNDY_STATUS_OK) {
            st = header ? seed_header(r, x) : add_edge(r, x);
        }
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
    }
}

static grundy_status read_all(reader *r, grundy_graph **out) {
    grundy_status st = read_lines(r);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    if (r->line == 0) {
        r->line = 1; /* an empty input is reported at line 1; otherwise at its last line */
    }
    const int seed = r->opts.format == GRUNDY_GRAPH_FORMAT_SEED;
    if (seed ? !r->have_header : r->m_read == 0) {
        return fail(r, GRUNDY_STATUS_PARSE, "empty input: expected %s",
                    seed ? "a line 'n m'" : "edge lines 'u v'");
    }
    if (seed && r->m_read < r->m) {
        return fail(r, GRUNDY_STATUS_PARSE,
                    "input ends after %" PRIu64 " of m = %" PRIu64 " edge lines", r->m_read, r->m);
    }
    return grundy_graph_build(out, (uint32_t)r->n, (uint32_t)r->m_read, r->from, r->to);
}

static grundy_status run(reader *r, grundy_graph **out) {
    if (out == NULL) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    const grundy_status st = read_all(r, out);
    if (st == GRUNDY_STATUS_NOMEM) {
        fail(r, st, "out of memory");
    }
    free(r->from);
    free(r->to);
    free(r->buf);
    return st;
}

static void reader_init(reader *r, const grundy_graph_read_opts *opts, grundy_diag *diag) {
    memset(r, 0, sizeof *r);
    const grundy_graph_read_opts defaults = GRUNDY_GRAPH_READ_OPTS_INIT;
    r->opts = opts != NULL ? *opts : defaults;
    r->diag = diag;
}

grundy_status grundy_graph_read(FILE *in, const grundy_graph_read_opts *opts, grundy_graph **out,
                                grundy_diag *diag) {
    reader r;
    reader_init(&r, opts, diag);
    r.in = in;
    r.buf = malloc(CHUNK + MAX_LINE);
    if (r.buf == NULL || in == NULL) {
        free(r.buf);
        return in == NULL ? GRUNDY_STATUS_INVALID_ARG : GRUNDY_STATUS_NOMEM;
    }
    return run(&r, out);
}

grundy_status grundy_graph_parse(const char *text, size_t len, const grundy_graph_read_opts *opts,
                                 grundy_graph **out, grundy_diag *diag) {
    reader r;
    reader_init(&r, opts, diag);
    r.data = text != NULL ? text : "";
    r.len = text != NULL ? len : 0;
    r.eof = 1;
    return run(&r, out);
}
