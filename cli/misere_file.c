/* SPDX-License-Identifier: MIT */
/* Misere quotient files for the tool: reading and writing, with what went wrong in one line. */
#include "misere_file.h"

#include <errno.h>
#include <string.h>

int misere_file_load(const cli_command *cmd, const char *what, const grundy_rule *rule,
                     const char *path, uint64_t max_bytes, grundy_misere **out) {
    char why[128] = "";
    grundy_misere_opts o = GRUNDY_MISERE_OPTS_INIT;
    o.max_bytes = max_bytes;
    errno = 0;
    const grundy_status st = grundy_misere_load(rule, path, &o, out, why, sizeof why);
    switch (st) {
    case GRUNDY_STATUS_OK:
        return 0;
    case GRUNDY_STATUS_PARSE:
        return cli_fail(cmd, CLI_EXIT_VALUE,
                        "%s %s: %s (a misere quotient file of this rule is "
                        "written by 'grundy misere RULE --save FILE')",
                        what, path, why);
    case GRUNDY_STATUS_IO:
        return cli_fail(cmd, CLI_EXIT_IO, "%s: cannot read '%s': %s", what, path,
                        strerror(errno != 0 ? errno : EIO));
    case GRUNDY_STATUS_LIMIT:
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "%s %s: the quotient needs more than --max-bytes "
                        "%llu: raise --max-bytes",
                        what, path, (unsigned long long)max_bytes);
    default:
        return cli_oom_fail(cmd, what, 0, NULL);
    }
}

int misere_file_save(const cli_command *cmd, const char *what, const grundy_misere *q,
                     const char *path) {
    errno = 0;
    const grundy_status st = grundy_misere_save(q, path);
    if (st == GRUNDY_STATUS_OK) {
        return 0;
    }
    if (st == GRUNDY_STATUS_NOMEM) {
        return cli_oom_fail(cmd, what, 0, NULL);
    }
    return cli_fail(cmd, CLI_EXIT_IO, "%s: cannot write '%s': %s", what, path,
                    strerror(errno != 0 ? errno : EIO));
}
