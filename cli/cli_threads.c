/* SPDX-License-Identifier: MIT */
/* --threads N of every command that takes it, with one message for a bad value: default all
 * cores. */
#include "cli.h"

#include <unistd.h>

int cli_parse_threads(const cli_command *cmd, int given, const char *text, unsigned *out) {
    if (!given) {
        const long cores = sysconf(_SC_NPROCESSORS_ONLN);
        *out = cores < 1 ? 1u : cores > CLI_MAX_THREADS ? CLI_MAX_THREADS : (unsigned)cores;
        return 0;
    }
    uint64_t n = 0;
    const int rc = cli_parse_number(cmd, "--threads", text, CLI_MAX_THREADS, &n);
    if (rc != 0) {
        return rc;
    }
    if (n == 0) {
        return cli_fail(cmd, CLI_EXIT_VALUE, "--threads: must be at least 1");
    }
    *out = (unsigned)n;
    return 0;
}
