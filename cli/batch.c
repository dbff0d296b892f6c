/* SPDX-License-Identifier: MIT */
/* Batch input for the commands that answer many queries from one computation. */
#include "batch.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* In the order of enum batch_format. */
static const char *const batch_formats[] = {"lines", "seed", NULL};

const char *batch_format_word(size_t i) {
    return cli_word_of(batch_formats, i);
}

int batch_parse_format(const cli_command *cmd, const char *text, enum batch_format *out) {
    const int k = text == NULL ? BATCH_LINES : cli_word_index(batch_formats, text);
    if (k >= 0) {
        *out = (enum batch_format)k;
        return 0;
    }
    return cli_fail(cmd, CLI_EXIT_VALUE, "--format: unknown format '%s' (lines or seed)", text);
}

/* Bytes a batch holds: the input's text and its queries (what --max-bytes bounds). */
static uint64_t batch_bytes(uint64_t text, uint64_t queries) {
    return text + queries * (uint64_t)sizeof(batch_query);
}

/* queries == 0: the text alone (read so far) did not fit. */
static int over_bytes(const cli_command *cmd, uint64_t text, uint64_t queries, uint64_t slots,
                      uint64_t max) {
    const unsigned long long need = batch_bytes(text, slots);
    if (queries == 0) {
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "--input: more than %llu bytes of input, over --max-bytes %llu: raise "
                        "--max-bytes to more than the input's size plus %zu bytes a query",
                        (unsigned long long)text, (unsigned long long)max, sizeof(batch_query));
    }
    return cli_fail(cmd, CLI_EXIT_LIMIT,
                    "--input: %llu bytes of input and %llu queries or more need about %llu bytes "
                    "(%zu a query), over --max-bytes %llu: raise --max-bytes to %llu or more",
                    (unsigned long long)text, (unsigned long long)queries, need,
                    sizeof(batch_query), (unsigned long long)max, need);
}

/* All of a file ('-': stdin), NUL-terminated, at most max_bytes; NULL with *rc set on failure. */
static char *slurp(const cli_command *cmd, const char *path, uint64_t max_bytes, size_t *len,
                   int *rc) {
    FILE *const in = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (in == NULL) {
        *rc = cli_fail(cmd, CLI_EXIT_IO, "--input: cannot open '%s': %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 12, used = 0;
    char *buf = malloc(cap);
    while (buf != NULL) {
        used += fread(buf + used, 1, cap - 1 - used, in);
        if (used < cap - 1) {
            break;
        }
        if (batch_bytes(2 * (uint64_t)cap, 0) > max_bytes) {
            free(buf);
            if (in != stdin) {
                fclose(in);
            }
            *rc = over_bytes(cmd, used, 0, 0, max_bytes);
            return NULL;
        }
        char *const bigger = realloc(buf, cap * 2);
        if (bigger == NULL) {
            free(buf);
        }
        buf = bigger;
        cap *= 2;
    }
    const int bad = ferror(in);
    if (in != stdin) {
        fclose(in);
    }
    if (buf == NULL || bad) {
        free(buf);
        *rc = buf == NULL ? cli_fail(cmd, CLI_EXIT_LIMIT, "--input: out of memory")
                          : cli_fail(cmd, CLI_EXIT_IO, "--input: error reading '%s'", path);
        return NULL;
    }
    buf[used] = '\0';
    *len = used;
    return buf;
}

typedef struct scanner {
    const cli_command *cmd;
    const char *p, *end;
    size_t line;
    uint64_t text_bytes, max_bytes; /* the input's size and --max-bytes */
} scanner;

/* Skip blanks (and newlines when `newlines`) and '#' comments. */
static void skip(scanner *s, int newlines) {
    while (s->p < s->end) {
        if (*s->p == '#') {
            while (s->p < s->end && *s->p != '\n') {
                s->p++;
            }
        } else if (*s->p == ' ' || *s->p == '\t' || *s->p == '\r') {
            s->p++;
        } else if (*s->p == '\n' && newlines) {
            s->p++;
            s->line++;
        } else {
            return;
        }
    }
}

/* One number at s->p; 0 or the exit code. */
static int number(scanner *s, uint64_t max, uint64_t *out) {
    const char *const start = s->p;
    const grundy_status st = grundy_scan_u64(&s->p, s->end, max, out);
    if (st == GRUNDY_STATUS_OK && (s->p == s->end || strchr(" \t\r\n#", *s->p) != NULL)) {
        return 0;
    }
    int n = 0;
    while (start + n < s->end && n < 40 && strchr(" \t\r\n", start[n]) == NULL) {
        n++;
    }
    if (st == GRUNDY_STATUS_RANGE) {
        return cli_fail(s->cmd, CLI_EXIT_VALUE,
                        "--input line %zu: '%.*s' is too large (at most %llu)", s->line, n, start,
                        (unsigned long long)max);
    }
    return cli_fail(s->cmd, CLI_EXIT_VALUE,
                    "--input line %zu: '%.*s' is not a non-negative decimal integer", s->line, n,
                    start);
}

static int push(const scanner *s, batch *b, size_t *cap, batch_query **slot) {
    const cli_command *const cmd = s->cmd;
    if (b->count == *cap) {
        const size_t grown = *cap == 0 ? 64 : 2 * *cap;
        if (batch_bytes(s->text_bytes, grown) > s->max_bytes) {
            return over_bytes(cmd, s->text_bytes, b->count + 1, grown, s->max_bytes);
        }
        batch_query *const bigger = realloc(b->q, grown * sizeof *bigger);
        if (bigger == NULL) {
            return cli_fail(cmd, CLI_EXIT_LIMIT, "--input: out of memory");
        }
        b->q = bigger;
        *cap = grown;
    }
    *slot = &b->q[b->count++];
    memset(*slot, 0, sizeof **slot);
    return 0;
}

static int read_lines(scanner *s, int min_fields, int max_fields, uint64_t max, batch *b) {
    size_t cap = 0;
    for (;;) {
        skip(s, 1);
        if (s->p == s->end) {
            return 0;
        }
        batch_query *q = NULL;
        int rc = push(s, b, &cap, &q);
        if (rc != 0) {
            return rc;
        }
        q->line = s->line;
        while (rc == 0 && s->p < s->end && *s->p != '\n') {
            if (q->count == max_fields) {
                return cli_fail(s->cmd, CLI_EXIT_VALUE,
                                "--input line %zu: more than %d number%s on the line", s->line,
                                max_fields, max_fields == 1 ? "" : "s");
            }
            rc = number(s, max, &q->v[q->count++]);
            skip(s, 0);
        }
        if (rc == 0 && q->count < min_fields) {
            rc = cli_fail(
                s->cmd, CLI_EXIT_VALUE, "--input line %zu: expected %d number%s, got %d%s", q->line,
                min_fields, min_fields == 1 ? "" : "s", q->count,
                b->count == 1 && q->count == 1 ? " (a count line? use --format seed)" : "");
        }
        if (rc != 0) {
            return rc;
        }
    }
}

static int read_seed(scanner *s, int fields, uint64_t max, batch *b) {
    size_t cap = 0;
    uint64_t t = UINT64_MAX;
    int rc = 0;
    skip(s, 1);
    if (fields > 0) {
        if (s->p == s->end) {
            return cli_fail(s->cmd, CLI_EXIT_VALUE, "--input: empty (expected a count first)");
        }
        if ((rc = number(s, 100000000, &t)) != 0) {
            return rc;
        }
    }
    for (uint64_t i = 0; rc == 0 && i < t; i++) {
        skip(s, 1);
        if (s->p == s->end) {
            if (fields == 0) {
                return 0;
            }
            return cli_fail(s->cmd, CLI_EXIT_VALUE,
                            "--input: the count line says %llu queries, the input ends after %llu",
                            (unsigned long long)t, (unsigned long long)i);
        }
        batch_query *q = NULL;
        uint64_t n = (uint64_t)fields;
        if ((rc = push(s, b, &cap, &q)) != 0) {
            return rc;
        }
        q->line = s->line;
        if (fields == 0 && (rc = number(s, BATCH_MAX_FIELDS, &n)) != 0) {
            return rc;
        }
        for (uint64_t k = 0; rc == 0 && k < n; k++) {
            skip(s, 1);
            rc = s->p == s->end
                     ? cli_fail(s->cmd, CLI_EXIT_VALUE,
                                "--input: the input ends inside the query of line %zu", q->line)
                     : number(s, max, &q->v[q->count++]);
        }
    }
    skip(s, 1);
    if (rc == 0 && s->p != s->end) {
        rc = cli_fail(s->cmd, CLI_EXIT_VALUE,
                      "--input line %zu: more input after the %llu queries the count line gives",
                      s->line, (unsigned long long)t);
    }
    return rc;
}

/* Lines mode: a first query of one number t, followed by exactly t queries or by one query of t
 * numbers, is likely the count line of the seed's layout; say so (it was answered as a query). */
static void note_count_line(const cli_command *cmd, const batch *b) {
    if (b->count >= 2 && b->q[0].count == 1 && b->q[0].v[0] >= 2 &&
        (b->q[0].v[0] == b->count - 1 || (b->count == 2 && b->q[1].count == (int)b->q[0].v[0]))) {
        fprintf(stderr,
                "grundy %s: note: line %zu (%llu) was answered as a query; if it is the count "
                "line of the seed's format, use --format seed\n",
                cmd->name, b->q[0].line, (unsigned long long)b->q[0].v[0]);
    }
}

int batch_read(const cli_command *cmd, const char *path, enum batch_format format, int min_fields,
               int max_fields, uint64_t max_value, uint64_t max_bytes, batch *out) {
    size_t len = 0;
    int rc = 0;
    memset(out, 0, sizeof *out);
    char *const text = slurp(cmd, path, max_bytes, &len, &rc);
    if (text == NULL) {
        return rc;
    }
    if (strlen(text) != len) {
        free(text);
        return cli_fail(cmd, CLI_EXIT_VALUE, "--input: a NUL byte in the input");
    }
    scanner s = {cmd, text, text + len, 1, len, max_bytes};
    rc = format == BATCH_LINES ? read_lines(&s, min_fields, max_fields, max_value, out)
                               : read_seed(&s, max_fields, max_value, out);
    free(text);
    if (rc != 0) {
        batch_free(out);
        return rc;
    }
    if (format == BATCH_LINES) {
        note_count_line(cmd, out);
    }
    return 0;
}

void batch_free(batch *b) {
    free(b->q);
    b->q = NULL;
    b->count = 0;
}

uint64_t batch_max(const batch *b, int field) {
    uint64_t m = 0;
    for (size_t i = 0; i < b->count; i++) {
        if (field < b->q[i].count && b->q[i].v[field] > m) {
            m = b->q[i].v[field];
        }
    }
    return m;
}
