/* SPDX-License-Identifier: MIT */
/* libFuzzer target for survey rule files (grundy survey @FILE), cli/rule_file.c compiled in. Any
 * input is either refused with exit 3 or 4 and one line naming the file, or gives exactly the
 * codes of a reference reader: each line whole, '#' to its end dropped, blanks (space, tab, CR)
 * trimmed, empty lines skipped, every other line one code of 1 to 63 printable characters. */
#include "rule_file.h"

#include "cli_fail_kept.h"
#include "files.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int is_blank(uint8_t c) {
    return c == ' ' || c == '\t' || c == '\r';
}

/* The reference: the codes in order, or -1 when some line is bad. */
static long reference(const uint8_t *p, size_t n, size_t *starts, size_t *lens, size_t cap) {
    size_t i = 0, count = 0;
    while (i < n) {
        size_t end = i;
        while (end < n && p[end] != '\n' && p[end] != '#') {
            end++;
        }
        size_t a = i, b = end;
        while (a < b && is_blank(p[a])) {
            a++;
        }
        while (b > a && is_blank(p[b - 1])) {
            b--;
        }
        if (b > a) {
            if (b - a > 63 || count == cap) {
                return -1;
            }
            for (size_t k = a; k < b; k++) {
                if (p[k] < 0x21 || p[k] > 0x7E) {
                    return -1;
                }
            }
            starts[count] = a;
            lens[count++] = b - a;
        }
        while (end < n && p[end] != '\n') {
            end++;
        }
        i = end + 1;
    }
    return count == 0 ? -1 : (long)count;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static size_t starts[32769], lens[32769];
    char path[96];
    fuzz_temp_path(path, sizeof path, "rulefile", "in");
    if (size > 65536 || !fuzz_write_all(path, data, size)) {
        remove(path);
        return 0;
    }
    char **codes = NULL;
    size_t count = 0;
    fuzz_fail_reset();
    const int rc = rule_file_read(&fuzz_command, path, &codes, &count);
    remove(path);
    const long want = reference(data, size, starts, lens, 32769);
    if (rc == 0) {
        if (fuzz_fails != 0 || want < 0 || count != (size_t)want) {
            abort();
        }
        for (size_t i = 0; i < count; i++) {
            if (strlen(codes[i]) != lens[i] || memcmp(codes[i], data + starts[i], lens[i]) != 0) {
                abort();
            }
        }
        free(codes);
    } else if ((rc != CLI_EXIT_VALUE && rc != CLI_EXIT_LIMIT) || want >= 0 || fuzz_fails != 1 ||
               strncmp(fuzz_last_message, path, strlen(path)) != 0 ||
               strchr(fuzz_last_message, '\n') || codes != NULL || count != 0) {
        abort();
    }
    return 0;
}
