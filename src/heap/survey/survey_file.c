/* SPDX-License-Identifier: MIT */
/* Survey files: the finished rows of a survey, so that a stopped survey resumes where it was.
 * Text, one row a line, written atomically (grundy_file_out: a temporary file, fsync, rename) and
 * ending with an
 * FNV-1a checksum of everything before it; the format is in docs/survey.md. */
#include <grundy/file.h>
#include <grundy/number.h>
#include <grundy/survey.h>

#include "util/file_in.h"
#include "util/try.h"
#include "util/vec.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAGIC_LINE "grundy-survey 1\n"
enum { ROW_FIELDS = 24 };

GRUNDY_VEC_DEFINE(chars, char)

/* The file's text as it is formatted; `failed` once formatting or memory failed. */
typedef struct text {
    chars buf;
    int failed;
} text;

static void text_init(text *t) {
    chars_init(&t->buf);
    t->failed = 0;
}

static void put(text *t, const char *fmt, ...) {
    va_list ap;
    chars *const b = &t->buf;
    for (;;) {
        va_start(ap, fmt);
        const int n = vsnprintf(b->items ? b->items + b->count : NULL, b->cap - b->count, fmt, ap);
        va_end(ap);
        if (n < 0) {
            t->failed = 1;
            return;
        }
        if ((size_t)n < b->cap - b->count) {
            b->count += (size_t)n;
            return;
        }
        if ((size_t)n >= SIZE_MAX - b->count ||
            chars_reserve(b, b->count + (size_t)n + 1) != GRUNDY_STATUS_OK) {
            t->failed = 1;
            return;
        }
    }
}

static uint64_t fnv1a(const char *data, size_t len) {
    uint64_t h = 0xCBF29CE484222325ull;
    for (size_t i = 0; i < len; i++) {
        h = (h ^ (unsigned char)data[i]) * 0x100000001B3ull;
    }
    return h;
}

static void put_header(text *t, const grundy_survey_header *h) {
    put(t, MAGIC_LINE);
    put(t, "class\t%s\nhex\t%d\nmax_n\t%" PRIu64 "\ntime_per_game\t%.17g\nreach\t%" PRIu64 "\n",
        h->pattern, h->hex, h->max_n, h->time_per_game, h->reach);
}

static void put_row(text *t, size_t index, const grundy_survey_row *r) {
    const grundy_period_result *p = &r->period;
    put(t, "row\t%zu\t%s\t%s\t%d\t%d\t%d\t%d\t%d", index, r->code, r->canonical, r->trivial,
        (int)r->status, p->found, p->proved, (int)p->proof);
    put(t, "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64, p->preperiod,
        p->period, p->saltus, p->values_computed, p->max_value);
    put(t, "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "%s\t%" PRIu64 "\t%" PRIu64,
        r->values_computed, r->max_value, r->max_value_heap, r->mask, r->mask_parity ? "p" : "",
        r->rare_count, r->last_rare);
    put(t, "\t%.6f\t%" PRIu64 "\t", r->seconds, r->known);
    int any = 0;
    for (unsigned s = 0; s <= GRUNDY_SURVEY_MAX_SHIFT; s++) {
        for (unsigned k = 0; k < GRUNDY_SURVEY_FP_LOGS; k++) {
            if (r->fp[s][k] != 0) {
                put(t, "%s%u.%u.%016" PRIx64, any++ ? "," : "", s, k, r->fp[s][k]);
            }
        }
    }
    put(t, any ? "\t" : "-\t");
    for (uint64_t i = 0; i < r->prefix_len; i++) {
        put(t, "%s%" PRIu32, i ? "," : "", r->prefix[i]);
    }
    put(t, r->prefix_len ? "\n" : "-\n");
}

static grundy_status write_atomically(const char *path, const text *t) {
    grundy_file_out *out = NULL;
    const grundy_status st = grundy_file_out_open(path, &out);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    if (fwrite(t->buf.items, 1, t->buf.count, grundy_file_out_stream(out)) != t->buf.count) {
        grundy_file_out_discard(out); /* the old file, if any, stays whole */
        return GRUNDY_STATUS_IO;
    }
    return grundy_file_out_commit(out);
}

grundy_status grundy_survey_save(const char *path, const grundy_survey_header *header,
                                 const grundy_survey_row *rows, const unsigned char *have,
                                 size_t count) {
    text t;
    text_init(&t);
    put_header(&t, header);
    for (size_t i = 0; i < count; i++) {
        if (have[i]) {
            put_row(&t, i, &rows[i]);
        }
    }
    put(&t, "checksum\t%016" PRIx64 "\n", fnv1a(t.buf.items, t.buf.count));
    const grundy_status st = t.failed ? GRUNDY_STATUS_NOMEM : write_atomically(path, &t);
    chars_free(&t.buf);
    return st;
}

/* ---- reading ---- */

static grundy_status fail(grundy_diag *diag, size_t line, const char *fmt, ...) {
    if (diag != NULL) {
        va_list ap;
        va_start(ap, fmt);
        diag->line = line;
        diag->column = 0;
        vsnprintf(diag->message, sizeof diag->message, fmt, ap);
        va_end(ap);
    }
    return GRUNDY_STATUS_PARSE;
}

static grundy_status read_all(const char *path, char **out, size_t *len) {
    FILE *f = grundy_fopen_regular(path);
    char *data = NULL;
    size_t n = 0, cap = 0;
    if (f == NULL) {
        return errno == ENOENT ? GRUNDY_STATUS_NOT_FOUND : GRUNDY_STATUS_IO;
    }
    for (;;) {
        if (cap - n < 65536) {
            char *grown = realloc(data, cap = 2 * cap + 65536 + 1);
            if (grown == NULL) {
                free(data);
                fclose(f);
                return GRUNDY_STATUS_NOMEM;
            }
            data = grown;
        }
        const size_t got = fread(data + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) {
            break;
        }
    }
    const int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(data);
        return GRUNDY_STATUS_IO;
    }
    data[n] = '\0';
    *out = data;
    *len = n;
    return GRUNDY_STATUS_OK;
}

/* Split a line at tabs, in place. */
static size_t split(char *line, char **fields, size_t max) {
    size_t n = 0;
    fields[n++] = line;
    for (char *c = line; *c != '\0' && n < max; c++) {
        if (*c == '\t') {
            *c = '\0';
            fields[n++] = c + 1;
        }
    }
    return n;
}

static int number(const char *field, uint64_t *out) {
    return grundy_parse_u64(field, GRUNDY_NUMBER_MAX, out) == GRUNDY_STATUS_OK;
}

/* "s.k.hex,..." into row->fp. */
static int parse_fp(char *field, grundy_survey_row *row) {
    if (strcmp(field, "-") == 0) {
        return 1;
    }
    char *save = NULL;
    for (char *item = strtok_r(field, ",", &save); item != NULL;
         item = strtok_r(NULL, ",", &save)) {
        unsigned s, k;
        uint64_t h;
        int used = 0;
        if (sscanf(item, "%u.%u.%16" SCNx64 "%n", &s, &k, &h, &used) != 3 || item[used] != '\0' ||
            s > GRUNDY_SURVEY_MAX_SHIFT || k >= GRUNDY_SURVEY_FP_LOGS) {
            return 0;
        }
        row->fp[s][k] = h;
    }
    return 1;
}

static grundy_status parse_prefix(char *field, grundy_survey_row *row) {
    if (strcmp(field, "-") == 0) {
        return GRUNDY_STATUS_OK;
    }
    uint64_t n = 1;
    for (const char *c = field; *c; c++) {
        n += *c == ',';
    }
    if (n > GRUNDY_SURVEY_MAX_PREFIX) {
        return GRUNDY_STATUS_PARSE;
    }
    row->prefix = malloc((size_t)n * sizeof *row->prefix);
    if (row->prefix == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    row->prefix_len = 0;
    char *save = NULL;
    for (char *item = strtok_r(field, ",", &save); item != NULL;
         item = strtok_r(NULL, ",", &save)) {
        uint64_t v;
        if (!number(item, &v) || v > UINT32_MAX || row->prefix_len == n) {
            return GRUNDY_STATUS_PARSE;
        }
        row->prefix[row->prefix_len++] = (uint32_t)v;
    }
    return row->prefix_len == n ? GRUNDY_STATUS_OK : GRUNDY_STATUS_PARSE;
}

/* A prefix is g(0 .. n0 + p - 1) of a proved plain period (survey.c keeps no other), and
 * grundy_survey_relate reads it at n0 + (n - n0) mod p: one of another length would be read
 * past its end (a crafted file found it: fuzz/corpus/survey/synth_short_prefix). */
static int prefix_fits(const grundy_survey_row *r) {
    const grundy_period_result *p = &r->period;
    return r->prefix == NULL || (r->status == GRUNDY_SURVEY_PROVED && p->found && p->saltus == 0 &&
                                 p->period > 0 && p->preperiod + p->period == r->prefix_len);
}

/* The MASK field: the mask, with a 'p' after it for the parity variant (docs/survey.md). */
static void strip_mask_parity(char *field, grundy_survey_row *r) {
    const size_t len = strlen(field);
    r->mask_parity = len > 1 && field[len - 1] == 'p';
    if (r->mask_parity) {
        field[len - 1] = '\0';
    }
}

static int parse_numbers(char **f, grundy_survey_row *r) {
    uint64_t v[15];
    strip_mask_parity(f[17], r);
    static const size_t at[15] = {4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18};
    for (size_t i = 0; i < 15; i++) {
        if (!number(f[at[i]], &v[i])) {
            return 0;
        }
    }
    if (v[0] > 1 || v[1] > GRUNDY_SURVEY_UNSOLVED || v[2] > 1 || v[3] > 1 ||
        v[4] > GRUNDY_PROOF_CLOSED_FORM) {
        return 0;
    }
    r->trivial = (int)v[0];
    r->status = (grundy_survey_status)v[1];
    r->period.found = (int)v[2];
    r->period.proved = (int)v[3];
    r->period.proof = (grundy_proof)v[4];
    r->period.preperiod = v[5];
    r->period.period = v[6];
    r->period.saltus = v[7];
    r->period.values_computed = v[8];
    r->period.max_value = v[9];
    r->values_computed = v[10];
    r->max_value = v[11];
    r->max_value_heap = v[12];
    r->mask = v[13];
    r->rare_count = v[14];
    return 1;
}

static grundy_status parse_row(char **f, char *const *codes, size_t count, grundy_survey_row *rows,
                               unsigned char *have, size_t line, grundy_diag *diag) {
    uint64_t index, last_rare, known;
    char *end = NULL;
    if (!number(f[1], &index) || index >= count || strcmp(f[2], codes[index]) != 0 || have[index]) {
        return fail(diag, line, "row for '%.40s' is not one of this class's codes", f[2]);
    }
    grundy_survey_row *r = &rows[index];
    memset(r, 0, sizeof *r);
    const double seconds = strtod(f[20], &end);
    if (strlen(f[2]) >= sizeof r->code || strlen(f[3]) >= sizeof r->canonical ||
        !parse_numbers(f, r) || !number(f[19], &last_rare) || *end != '\0' || seconds < 0 ||
        !number(f[21], &known) || !parse_fp(f[22], r)) {
        grundy_survey_row_clear(r);
        return fail(diag, line, "malformed row");
    }
    strcpy(r->code, f[2]);
    strcpy(r->canonical, f[3]);
    r->last_rare = last_rare;
    r->seconds = seconds;
    r->known = known;
    const grundy_status st = parse_prefix(f[23], r);
    if (st != GRUNDY_STATUS_OK || !prefix_fits(r)) {
        grundy_survey_row_clear(r);
        return st == GRUNDY_STATUS_NOMEM ? st : fail(diag, line, "malformed prefix");
    }
    have[index] = 1;
    return GRUNDY_STATUS_OK;
}

/* The header lines must say exactly what this survey's own header says. */
static grundy_status check_header(char **lines, size_t n, const grundy_survey_header *header,
                                  grundy_diag *diag) {
    text want;
    text_init(&want);
    put_header(&want, header);
    grundy_status st = want.failed ? GRUNDY_STATUS_NOMEM : GRUNDY_STATUS_OK;
    char *cursor =
        st == GRUNDY_STATUS_OK ? strchr(want.buf.items, '\n') + 1 : NULL; /* past the magic */
    for (size_t i = 1; st == GRUNDY_STATUS_OK && i < 6; i++) {
        char *eol = strchr(cursor, '\n');
        *eol = '\0';
        if (i >= n || strcmp(lines[i], cursor) != 0) {
            /* "max_n 4096", as a person reads it */
            *strchr(cursor, '\t') = ' ';
            char *theirs = i < n ? strchr(lines[i], '\t') : NULL;
            if (theirs != NULL) {
                *theirs = ' ';
            }
            st = fail(diag, i + 1, "made for another survey: it says '%.60s', this one '%.60s'",
                      i < n ? lines[i] : "", cursor);
        }
        cursor = eol + 1;
    }
    chars_free(&want.buf);
    return st;
}

static grundy_status parse_lines(char *data, size_t len, const grundy_survey_header *header,
                                 char *const *codes, size_t count, grundy_survey_row *rows,
                                 unsigned char *have, grundy_diag *diag) {
    grundy_status st = GRUNDY_STATUS_OK;
    size_t n = 0;
    /* One entry per '\n': a file of empty lines has len of them (len / 2 + 2 was written past,
     * found by fuzz_survey). */
    size_t most = 1;
    for (size_t i = 0; i < len; i++) {
        most += data[i] == '\n';
    }
    char **lines = malloc(most * sizeof *lines);
    GRUNDY_CHECK(lines != NULL, GRUNDY_STATUS_NOMEM);
    for (char *c = data; *c != '\0';) {
        char *eol = strchr(c, '\n');
        lines[n++] = c;
        *eol = '\0'; /* every line ends in '\n': the checksum covered the whole text */
        c = eol + 1;
    }
    GRUNDY_TRY(check_header(lines, n, header, diag));
    for (size_t i = 6; i < n; i++) {
        char *f[ROW_FIELDS];
        if (split(lines[i], f, ROW_FIELDS) != ROW_FIELDS || strcmp(f[0], "row") != 0) {
            GRUNDY_TRY(fail(diag, i + 1, "malformed row"));
        }
        GRUNDY_TRY(parse_row(f, codes, count, rows, have, i + 1, diag));
    }
cleanup:
    free(lines);
    return st;
}

/* The last line is "checksum\t<16 hex digits>\n" over every byte before it. */
static grundy_status check_sum(const char *data, size_t len, size_t *body, grundy_diag *diag) {
    static const char key[] = "checksum\t";
    const size_t tail = sizeof key - 1 + 16 + 1;
    uint64_t want = 0;
    int used = 0;
    if (len < tail || data[len - 1] != '\n' ||
        memcmp(data + len - tail, key, sizeof key - 1) != 0 ||
        (len > tail && data[len - tail - 1] != '\n')) {
        return fail(diag, 0, "truncated: no checksum line at the end");
    }
    if (sscanf(data + len - 17, "%16" SCNx64 "%n", &want, &used) != 1 || used != 16 ||
        fnv1a(data, len - tail) != want) {
        return fail(diag, 0, "checksum mismatch: the file is corrupt");
    }
    *body = len - tail;
    return GRUNDY_STATUS_OK;
}

grundy_status grundy_survey_load(const char *path, const grundy_survey_header *header,
                                 char *const *codes, size_t count, grundy_survey_row *rows,
                                 unsigned char *have, grundy_diag *diag) {
    grundy_status st = GRUNDY_STATUS_OK;
    char *data = NULL;
    size_t len = 0, body = 0;
    GRUNDY_TRY(read_all(path, &data, &len));
    GRUNDY_CHECK(strncmp(data, MAGIC_LINE, sizeof MAGIC_LINE - 1) == 0,
                 fail(diag, 1, "not a grundy survey file (or another format version)"));
    GRUNDY_CHECK(strlen(data) == len, fail(diag, 0, "a NUL byte: not a survey file"));
    GRUNDY_TRY(check_sum(data, len, &body, diag));
    data[body] = '\0';
    GRUNDY_TRY(parse_lines(data, body, header, codes, count, rows, have, diag));
cleanup:
    if (st != GRUNDY_STATUS_OK && st != GRUNDY_STATUS_NOT_FOUND) {
        for (size_t i = 0; i < count; i++) {
            if (have[i]) {
                grundy_survey_row_clear(&rows[i]);
                have[i] = 0;
            }
        }
    }
    free(data);
    return st;
}
