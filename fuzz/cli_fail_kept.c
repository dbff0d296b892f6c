/* SPDX-License-Identifier: MIT */
#include "cli_fail_kept.h"

#include <stdarg.h>
#include <stdio.h>

int fuzz_fails;
char fuzz_last_message[8192];
const cli_command fuzz_command = {"fuzz", NULL, "", "", NULL, NULL};

void fuzz_fail_reset(void) {
    fuzz_fails = 0;
    fuzz_last_message[0] = '\0';
}

int cli_fail(const cli_command *cmd, int code, const char *fmt, ...) {
    (void)cmd;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(fuzz_last_message, sizeof fuzz_last_message, fmt, ap);
    va_end(ap);
    fuzz_fails++;
    return code;
}
