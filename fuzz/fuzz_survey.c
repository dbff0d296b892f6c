/* SPDX-License-Identifier: MIT */
/* libFuzzer target for survey files (survey --out, read back to resume): the bytes go through a
 * file, loaded for the header its own lines state and for the codes its rows name (so that the
 * fuzzer gets past the "made for another survey" refusal). Any bytes are either refused with a
 * status, a one-line message and no row kept, or load to rows the survey could have made: each
 * row's prefix, when there is one, is the whole period g(0 .. n0 + p - 1) of a proved plain
 * period, since grundy_survey_relate indexes it by the period. The rows are related (as the
 * survey's table does), saved, loaded again to the same rows, and saved again to the same bytes. */
#include "files.h"

#include <grundy/survey.h>

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_ROWS 256u

/* What the file's own lines say: the header fields, and the code of each row index. */
typedef struct wanted {
    grundy_survey_header header;
    char *codes[MAX_ROWS];
    char code_text[MAX_ROWS][64];
    size_t count;
} wanted;

static void header_line(grundy_survey_header *h, const char *line) {
    if (strncmp(line, "class\t", 6) == 0 && strlen(line + 6) < sizeof h->pattern) {
        strcpy(h->pattern, line + 6);
    } else if (strncmp(line, "hex\t", 4) == 0) {
        h->hex = (int)strtol(line + 4, NULL, 10);
    } else if (strncmp(line, "max_n\t", 6) == 0) {
        h->max_n = strtoull(line + 6, NULL, 10);
    } else if (strncmp(line, "time_per_game\t", 14) == 0) {
        h->time_per_game = strtod(line + 14, NULL);
    } else if (strncmp(line, "reach\t", 6) == 0) {
        h->reach = strtoull(line + 6, NULL, 10);
    }
}

static void row_line(wanted *w, const char *line) {
    char *end = NULL;
    if (strncmp(line, "row\t", 4) != 0) {
        return;
    }
    const unsigned long index = strtoul(line + 4, &end, 10);
    if (index >= MAX_ROWS || *end != '\t') {
        return;
    }
    const size_t len = strcspn(end + 1, "\t");
    if (len < 64) {
        memcpy(w->code_text[index], end + 1, len);
        w->code_text[index][len] = '\0';
        w->count = index + 1 > w->count ? index + 1 : w->count;
    }
}

static void scan(const char *text, wanted *w) {
    memset(w, 0, sizeof *w);
    for (size_t i = 0; i < MAX_ROWS; i++) {
        strcpy(w->code_text[i], "-");
        w->codes[i] = w->code_text[i];
    }
    w->count = 1;
    char line[512];
    for (const char *c = text; *c != '\0';) {
        const size_t len = strcspn(c, "\n"), cut = len < sizeof line ? len : sizeof line - 1;
        memcpy(line, c, cut); /* the header fields and a row's index and code are near the start */
        line[cut] = '\0';
        header_line(&w->header, line);
        row_line(w, line);
        c += len + (c[len] == '\n');
    }
}

/* The survey's own invariant for a row's prefix (src/heap/survey/survey.c, keep_prefix). */
static void check_row(const grundy_survey_row *r) {
    const grundy_period_result *p = &r->period;
    if (r->prefix == NULL ? r->prefix_len != 0
                          : r->status != GRUNDY_SURVEY_PROVED || p->saltus != 0 || p->period == 0 ||
                                p->preperiod + p->period != r->prefix_len ||
                                r->prefix_len > GRUNDY_SURVEY_MAX_PREFIX) {
        abort();
    }
}

static void clear_rows(grundy_survey_row *rows, size_t count) {
    for (size_t i = 0; i < count; i++) {
        grundy_survey_row_clear(&rows[i]);
    }
}

/* Save the rows to `path`; the bytes, or NULL when the save failed. */
static char *save_bytes(const char *path, const wanted *w, const grundy_survey_row *rows,
                        const unsigned char *have, size_t *size) {
    if (grundy_survey_save(path, &w->header, rows, have, w->count) != GRUNDY_STATUS_OK) {
        return NULL;
    }
    return fuzz_read_all(path, size);
}

static void check_loaded(const wanted *w, grundy_survey_row *rows, const unsigned char *have) {
    static grundy_survey_row compact[MAX_ROWS], again[MAX_ROWS];
    size_t n = 0;
    for (size_t i = 0; i < w->count; i++) {
        if (have[i]) {
            check_row(&rows[i]);
            if (strcmp(rows[i].code, w->codes[i]) != 0) {
                abort();
            }
            compact[n++] = rows[i];
        }
    }
    grundy_survey_relation *rel = NULL;
    size_t rel_count = 0;
    const grundy_status st = grundy_survey_relate(compact, n, &rel, &rel_count);
    if (st != GRUNDY_STATUS_OK && st != GRUNDY_STATUS_NOMEM) {
        abort();
    }
    free(rel);
    char path[96];
    fuzz_temp_path(path, sizeof path, "survey", "again");
    unsigned char have2[MAX_ROWS] = {0};
    size_t size1 = 0, size2 = 0;
    char *first = save_bytes(path, w, rows, have, &size1), *second = NULL;
    grundy_diag diag;
    if (first != NULL) {
        memset(again, 0, sizeof again);
        if (grundy_survey_load(path, &w->header, w->codes, w->count, again, have2, &diag) !=
                GRUNDY_STATUS_OK ||
            memcmp(have, have2, w->count) != 0) {
            abort();
        }
        second = save_bytes(path, w, again, have2, &size2);
        if (second != NULL && (size1 != size2 || memcmp(first, second, size1) != 0)) {
            abort();
        }
        clear_rows(again, w->count);
    }
    remove(path);
    free(first);
    free(second);
}

static void load_bytes(const char *data, size_t size, const wanted *w) {
    static grundy_survey_row rows[MAX_ROWS];
    unsigned char have[MAX_ROWS] = {0};
    char path[96];
    fuzz_temp_path(path, sizeof path, "survey", "survey");
    if (!fuzz_write_all(path, data, size)) {
        remove(path);
        return;
    }
    memset(rows, 0, sizeof rows);
    grundy_diag diag = {0, 0, {0}};
    const grundy_status st =
        grundy_survey_load(path, &w->header, w->codes, w->count, rows, have, &diag);
    if (st == GRUNDY_STATUS_OK) {
        check_loaded(w, rows, have);
    } else {
        for (size_t i = 0; i < w->count; i++) {
            if (have[i] || rows[i].prefix != NULL) {
                abort();
            }
        }
        if (st != GRUNDY_STATUS_NOMEM && st != GRUNDY_STATUS_IO &&
            (st != GRUNDY_STATUS_PARSE || diag.message[0] == '\0' ||
             strchr(diag.message, '\n') != NULL)) {
            abort();
        }
    }
    clear_rows(rows, w->count);
    remove(path);
}

/* The input as it is, and with the right checksum line (FNV-1a 64 of everything before it) in
 * place of its last line when that is one, else appended: a mutation almost never keeps it. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = malloc(size + 40);
    if (text == NULL) {
        return 0;
    }
    memcpy(text, data, size);
    text[size] = '\0';
    static wanted w;
    scan(text, &w);
    load_bytes(text, size, &w);
    size_t body = size, last = size;
    while (last > 0 && text[last - 1] == '\n') {
        last--;
    }
    while (last > 0 && text[last - 1] != '\n') {
        last--;
    }
    if (strncmp(text + last, "checksum", 8) == 0) {
        body = last;
    } else if (body > 0 && text[body - 1] != '\n') {
        text[body++] = '\n';
    }
    uint64_t h = 0xCBF29CE484222325ull;
    for (size_t i = 0; i < body; i++) {
        h = (h ^ (unsigned char)text[i]) * 0x100000001B3ull;
    }
    snprintf(text + body, 40, "checksum\t%016" PRIx64 "\n", h);
    const size_t fixed = body + 26;
    if (fixed != size || memcmp(text, data, size) != 0) {
        load_bytes(text, fixed, &w);
    }
    free(text);
    return 0;
}
