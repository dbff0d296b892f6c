/* SPDX-License-Identifier: MIT */
#include "nim_args.h"

#include <string.h>

int nim_parse_nimber(const cli_command *cmd, const char *text, uint64_t *out) {
    const char *p = text;
    const char *const end = text + strlen(text);
    const grundy_status st = grundy_scan_u64(&p, end, UINT64_MAX, out);
    if (st == GRUNDY_STATUS_RANGE && p == end) {
        return cli_fail(cmd, CLI_EXIT_VALUE, "nimber '%s' is too large (at most %llu)", text,
                        (unsigned long long)UINT64_MAX);
    }
    if (st != GRUNDY_STATUS_OK || p != end) {
        return cli_fail(cmd, CLI_EXIT_VALUE, "nimber '%s' is not a non-negative decimal integer",
                        text);
    }
    return 0;
}

int nim_parse_multipliers(const cli_command *cmd, const char *text, uint64_t *mult, size_t *count) {
    const char *p = text;
    const char *const end = text + strlen(text);
    *count = 0;
    for (;;) {
        if (*count == NIM_MAX_MULTIPLIERS) {
            return cli_fail(cmd, CLI_EXIT_VALUE, "--multipliers: at most %d values",
                            NIM_MAX_MULTIPLIERS);
        }
        uint64_t c = 0;
        const grundy_status st = grundy_scan_u64(&p, end, GRUNDY_NIM_COUNT_MAX_MULTIPLIER, &c);
        const int field_ends = p == end || *p == ',';
        if (st == GRUNDY_STATUS_RANGE && field_ends) {
            return cli_fail(cmd, CLI_EXIT_VALUE,
                            "--multipliers '%s': a value is too large (at most %llu)", text,
                            (unsigned long long)GRUNDY_NIM_COUNT_MAX_MULTIPLIER);
        }
        if (st != GRUNDY_STATUS_OK || !field_ends) {
            return cli_fail(cmd, CLI_EXIT_VALUE,
                            "--multipliers '%s': expected numbers separated by commas, as 1,2,3",
                            text);
        }
        mult[(*count)++] = c;
        if (p == end) {
            return 0;
        }
        p++;
    }
}
