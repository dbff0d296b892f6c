/* SPDX-License-Identifier: MIT */
/* libFuzzer target for batch input (--input FILE with --format lines or seed: value, values,
 * count, solve divisors/piles/items), cli/batch.c compiled in. The first byte picks the format and
 * the shape a command asks for (fields per query, largest value); the rest is the file. Any input
 * is either refused with exit 3, 4 or 5 and one message naming --input, or gives queries of the
 * asked shape, each value within the bound, their lines in order and inside the input; in lines
 * mode one query per line that holds anything but blanks and a comment; and the queries written
 * out again in the same format read back to the same queries. */
#include "batch.h"

#include "cli_fail_kept.h"
#include "files.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The shapes the commands ask for: min and max fields per query, the largest value. */
static const struct shape {
    int min, max;
    uint64_t bound;
} shapes[] = {
    {1, 1, GRUNDY_NUMBER_MAX},         /* value, count: a heap a query */
    {1, 2, GRUNDY_NUMBER_MAX},         /* values: a heap or a range */
    {2, 2, 1000000},                   /* solve piles */
    {1, BATCH_MAX_FIELDS, 1000000000}, /* solve items: up to the field limit */
    {1, 0, 1000000000},                /* seed format with a count per query */
};

/* Lines holding anything but blanks before a '#' (the reference for lines mode). */
static size_t content_lines(const uint8_t *p, size_t n, size_t *lines) {
    size_t count = 0, i = 0;
    *lines = 1;
    while (i < n) {
        int any = 0, comment = 0;
        for (; i < n && p[i] != '\n'; i++) {
            comment |= p[i] == '#';
            any |= !comment && p[i] != ' ' && p[i] != '\t' && p[i] != '\r';
        }
        count += (size_t)any;
        if (i < n) {
            i++;
            ++*lines;
        }
    }
    return count;
}

/* The batch in its format; NULL when out of memory. */
static char *write_batch(const batch *b, enum batch_format format, int fields, size_t *len) {
    const size_t cap = 32 + b->count * (BATCH_MAX_FIELDS + 1) * 21;
    char *out = malloc(cap);
    size_t n = 0;
    if (out == NULL) {
        return NULL;
    }
    if (format == BATCH_SEED && fields > 0) {
        n += (size_t)snprintf(out + n, cap - n, "%zu\n", b->count);
    }
    for (size_t i = 0; i < b->count; i++) {
        const batch_query *q = &b->q[i];
        if (format == BATCH_SEED && fields == 0) {
            n += (size_t)snprintf(out + n, cap - n, "%d ", q->count);
        }
        for (int k = 0; k < q->count; k++) {
            n += (size_t)snprintf(out + n, cap - n, "%s%llu", k ? " " : "",
                                  (unsigned long long)q->v[k]);
        }
        n += (size_t)snprintf(out + n, cap - n, "\n");
    }
    *len = n;
    return out;
}

static void check_batch(const batch *b, const struct shape *sh, enum batch_format format,
                        const uint8_t *text, size_t len) {
    size_t lines = 0;
    const size_t content = content_lines(text, len, &lines);
    for (size_t i = 0; i < b->count; i++) {
        const batch_query *q = &b->q[i];
        const int lo = format == BATCH_SEED ? (sh->max > 0 ? sh->max : 0) : sh->min;
        const int hi = sh->max > 0 ? sh->max : BATCH_MAX_FIELDS;
        if (q->count < lo || q->count > hi || q->line < 1 || q->line > lines ||
            (i > 0 && q->line < b->q[i - 1].line) ||
            (format == BATCH_LINES && i > 0 && q->line == b->q[i - 1].line)) {
            abort();
        }
        for (int k = 0; k < q->count; k++) {
            if (q->v[k] > sh->bound) {
                abort();
            }
        }
    }
    if (format == BATCH_LINES && b->count != content) {
        abort();
    }
}

static void round_trip(const batch *b, const struct shape *sh, enum batch_format format) {
    size_t len = 0;
    char *text = write_batch(b, format, sh->max, &len);
    char path[96];
    fuzz_temp_path(path, sizeof path, "batch", "again");
    batch again;
    if (text == NULL || !fuzz_write_all(path, text, len)) {
        free(text);
        remove(path);
        return;
    }
    fuzz_fail_reset();
    const int rc = batch_read(&fuzz_command, path, format, sh->min, sh->max, sh->bound,
                              BATCH_DEFAULT_MAX_BYTES, &again);
    remove(path);
    free(text);
    if (rc == CLI_EXIT_LIMIT) {
        return;
    }
    if (rc != 0 || again.count != b->count) {
        abort();
    }
    for (size_t i = 0; i < b->count; i++) {
        if (again.q[i].count != b->q[i].count ||
            memcmp(again.q[i].v, b->q[i].v, sizeof b->q[i].v) != 0) {
            abort();
        }
    }
    batch_free(&again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) {
        return 0;
    }
    const enum batch_format format = data[0] & 1 ? BATCH_SEED : BATCH_LINES;
    const struct shape *sh = &shapes[(data[0] >> 1) % (sizeof shapes / sizeof shapes[0])];
    if (format == BATCH_LINES && sh->max == 0) {
        sh = &shapes[0]; /* lines mode always has a maximum */
    }
    char path[96];
    fuzz_temp_path(path, sizeof path, "batch", "in");
    if (!fuzz_write_all(path, data + 1, size - 1)) {
        remove(path);
        return 0;
    }
    batch b;
    fuzz_fail_reset();
    const int rc = batch_read(&fuzz_command, path, format, sh->min, sh->max, sh->bound,
                              BATCH_DEFAULT_MAX_BYTES, &b);
    remove(path);
    if (rc == 0) {
        if (fuzz_fails != 0) {
            abort();
        }
        check_batch(&b, sh, format, data + 1, size - 1);
        round_trip(&b, sh, format);
        batch_free(&b);
    } else if ((rc != CLI_EXIT_VALUE && rc != CLI_EXIT_LIMIT && rc != CLI_EXIT_IO) ||
               fuzz_fails != 1 || strncmp(fuzz_last_message, "--input", 7) != 0 ||
               strchr(fuzz_last_message, '\n') != NULL || b.q != NULL || b.count != 0) {
        abort();
    }
    return 0;
}
