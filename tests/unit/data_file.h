/* SPDX-License-Identifier: MIT */
/* The known sequences of tests/data: "rule RULE" and the values g(0), g(1), ... */
#ifndef GRUNDY_TEST_DATA_FILE_H
#define GRUNDY_TEST_DATA_FILE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef GRUNDY_TEST_DATA_DIR
#define GRUNDY_TEST_DATA_DIR "tests/data"
#endif

/* Read "rule RULE" and the values g(0), g(1), ... of a data file ('#' starts a comment). */
static int read_data(const char *path, char *rule, size_t rule_cap, uint64_t *g, uint64_t cap,
                     uint64_t *n) {
    FILE *f = fopen(path, "r");
    char line[1024];
    *n = 0;
    if (f == NULL) {
        return 0;
    }
    while (fgets(line, sizeof line, f) != NULL) {
        if (line[0] == '#' || line[0] == '\n') {
            continue;
        }
        if (strncmp(line, "rule ", 5) == 0) {
            const size_t len = strcspn(line + 5, "\n");
            if (len >= rule_cap) {
                break;
            }
            memcpy(rule, line + 5, len);
            rule[len] = '\0';
            continue;
        }
        for (char *p = line; *p != '\0' && *p != '\n' && *n < cap;) {
            char *end;
            g[(*n)++] = strtoull(p, &end, 10);
            p = end;
            while (*p == ' ' || *p == ',') {
                p++;
            }
        }
    }
    fclose(f);
    return rule[0] != '\0' && *n > 0;
}

#endif
