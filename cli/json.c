/* SPDX-License-Identifier: MIT */
/* The JSON writer. Integers go through PRIu64/PRId64, never through a double, so 2^63 - 1 and
 * 10^18 are printed exactly. */
#include "json.h"

#include <assert.h>
#include <inttypes.h>

void json_init(json_writer *w, FILE *out) {
    w->out = out;
    w->depth = 0;
    w->count[0] = 0;
    w->after_key = 0;
}

/* Write the separator a new value or key needs at the current level. */
static void before_item(json_writer *w) {
    if (w->after_key) {
        w->after_key = 0;
        return;
    }
    if (w->depth > 0 && w->count[w->depth]++ > 0) {
        fputc(',', w->out);
    }
}

static void open_level(json_writer *w, char c) {
    before_item(w);
    fputc(c, w->out);
    assert(w->depth + 1 < JSON_MAX_DEPTH);
    w->count[++w->depth] = 0;
}

static void close_level(json_writer *w, char c) {
    assert(w->depth > 0);
    fputc(c, w->out);
    if (--w->depth == 0) {
        fputc('\n', w->out);
    }
}

void json_object_begin(json_writer *w) {
    open_level(w, '{');
}

void json_object_end(json_writer *w) {
    close_level(w, '}');
}

void json_array_begin(json_writer *w) {
    open_level(w, '[');
}

void json_array_end(json_writer *w) {
    close_level(w, ']');
}

static void write_string(FILE *out, const char *s) {
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++) {
        if (*p == '"' || *p == '\\') {
            fputc('\\', out);
            fputc(*p, out);
        } else if (*p == '\n') {
            fputs("\\n", out);
        } else if (*p == '\t') {
            fputs("\\t", out);
        } else if (*p < 0x20) {
            fprintf(out, "\\u%04x", (unsigned)*p);
        } else {
            fputc(*p, out);
        }
    }
    fputc('"', out);
}

void json_key(json_writer *w, const char *key) {
    before_item(w);
    write_string(w->out, key);
    fputc(':', w->out);
    w->after_key = 1;
}

void json_u64(json_writer *w, uint64_t v) {
    before_item(w);
    fprintf(w->out, "%" PRIu64, v);
}

void json_number_text(json_writer *w, const char *digits) {
    before_item(w);
    fputs(digits, w->out);
}

void json_i64(json_writer *w, int64_t v) {
    before_item(w);
    fprintf(w->out, "%" PRId64, v);
}

void json_str(json_writer *w, const char *s) {
    before_item(w);
    write_string(w->out, s);
}

void json_bool(json_writer *w, int v) {
    before_item(w);
    fputs(v ? "true" : "false", w->out);
}

void json_null(json_writer *w) {
    before_item(w);
    fputs("null", w->out);
}

void json_kv_u64(json_writer *w, const char *key, uint64_t v) {
    json_key(w, key);
    json_u64(w, v);
}

void json_kv_i64(json_writer *w, const char *key, int64_t v) {
    json_key(w, key);
    json_i64(w, v);
}

void json_kv_str(json_writer *w, const char *key, const char *s) {
    json_key(w, key);
    json_str(w, s);
}

void json_kv_bool(json_writer *w, const char *key, int v) {
    json_key(w, key);
    json_bool(w, v);
}

void json_kv_null(json_writer *w, const char *key) {
    json_key(w, key);
    json_null(w);
}
