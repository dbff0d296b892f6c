/* SPDX-License-Identifier: MIT */
/* grundy survey @FILE: a file of rule codes, one a line, read into one block. */
#include "rule_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define CODE_CAP (RULE_FILE_MAX_CODE + 1)

static int blank(int c) {
    return c == ' ' || c == '\t' || c == '\r';
}

/* One line's code: leading blanks skipped, the comment dropped, at most CODE_CAP characters kept
 * (one more than a code may have, so that a longer one is seen). A line is read to its end
 * whatever its length: a long line is never split into two codes. Returns 0 at the end of the
 * file, else 1 with code[] NUL-terminated (trailing blanks still there) and *len its length;
 * *bad is set when the code holds a NUL byte or goes on past what was kept. */
static int read_line(FILE *f, char *code, size_t *len, int *bad) {
    int c, comment = 0, any = 0;
    *len = 0;
    *bad = 0;
    while ((c = getc(f)) != EOF && c != '\n') {
        any = 1;
        comment |= c == '#';
        if (comment || (*len == 0 && blank(c))) {
            continue;
        }
        if (*len == CODE_CAP) {
            *bad |= !blank(c); /* too long, or a blank inside: refused either way */
            continue;
        }
        *bad |= c == '\0';
        code[(*len)++] = (char)c;
    }
    code[*len] = '\0';
    return any || c == '\n';
}

static int printable(const char *s, size_t len) {
    for (size_t i = 0; i < len; i++) {
        if ((unsigned char)s[i] < 0x21 || (unsigned char)s[i] > 0x7E) {
            return 0;
        }
    }
    return 1;
}

/* The codes of f in texts[] (its capacity doubled as it fills: a file of 65536 codes costs 11
 * reallocations, not 65536); returns 0 or the exit code after one line. */
static int read_codes(const cli_command *cmd, const char *path, FILE *f, char (**texts)[64],
                      size_t *n) {
    char code[CODE_CAP + 1];
    size_t len = 0, lineno = 0, cap = 0;
    int bad = 0;
    while (read_line(f, code, &len, &bad)) {
        lineno++;
        while (len > 0 && blank(code[len - 1])) {
            code[--len] = '\0';
        }
        if (len == 0) {
            continue;
        }
        if (len > RULE_FILE_MAX_CODE || bad || !printable(code, len) ||
            *n == GRUNDY_SURVEY_MAX_CODES) {
            return cli_fail(cmd, CLI_EXIT_VALUE, "%.200s, line %zu: %s", path, lineno,
                            *n == GRUNDY_SURVEY_MAX_CODES
                                ? "more rules than a survey takes (65536)"
                                : "a rule of at most 63 printable characters without spaces, "
                                  "please");
        }
        if (*n == cap) {
            const size_t wanted = cap == 0 ? 64 : 2 * cap; /* 64 << 10 = 65536 at most */
            char(*grown)[64] = realloc(*texts, wanted * sizeof **texts);
            if (grown == NULL) {
                return cli_fail(cmd, CLI_EXIT_LIMIT, "out of memory reading '%.200s'", path);
            }
            *texts = grown;
            cap = wanted;
        }
        memcpy((*texts)[(*n)++], code, len + 1);
    }
    return ferror(f) ? cli_fail(cmd, CLI_EXIT_IO, "cannot read '%.200s'", path) : 0;
}

int rule_file_read(const cli_command *cmd, const char *path, char ***codes, size_t *count) {
    char(*texts)[64] = NULL;
    size_t n = 0;
    *codes = NULL;
    *count = 0;
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return cli_fail(cmd, CLI_EXIT_IO, "cannot open '%.200s': %s", path, strerror(errno));
    }
    int rc = read_codes(cmd, path, f, &texts, &n);
    fclose(f);
    if (rc == 0 && n == 0) {
        rc = cli_fail(cmd, CLI_EXIT_VALUE, "%.200s: no rule in the file", path);
    }
    if (rc == 0) {
        *codes = malloc(n * (sizeof **codes + 64));
        if (*codes == NULL) {
            rc = cli_fail(cmd, CLI_EXIT_LIMIT, "out of memory reading '%.200s'", path);
        } else {
            char *block = (char *)(*codes + n);
            for (size_t i = 0; i < n; i++) {
                (*codes)[i] = memcpy(block + 64 * i, texts[i], 64);
            }
            *count = n;
        }
    }
    free(texts);
    return rc;
}
