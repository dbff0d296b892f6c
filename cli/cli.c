/* SPDX-License-Identifier: MIT */
/* The command-line framework: option parsing, errors and the status-to-exit-code mapping. */
#include "cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <assert.h>
#include <string.h>

const char cli_exit_codes_text[] =
    "\nExit codes:\n"
    "  0  success\n"
    "  1  the answer is \"no\" (a mismatch was found, no period within the bound)\n"
    "  2  the command line's shape is wrong\n"
    "  3  a value fails to parse or is out of range\n"
    "  4  a limit was reached (the message says what to raise)\n"
    "  5  i/o or internal error\n";

void cli_print_help(const cli_command *cmd, FILE *out) {
    fputs(cmd->help, out);
    fputs(cli_exit_codes_text, out);
}

int cli_exit_code(grundy_status st) {
    switch (st) {
    case GRUNDY_STATUS_OK:
        return CLI_EXIT_OK;
    case GRUNDY_STATUS_INVALID_ARG:
    case GRUNDY_STATUS_PARSE:
    case GRUNDY_STATUS_RANGE:
    case GRUNDY_STATUS_UNSUPPORTED:
    case GRUNDY_STATUS_NOT_FOUND:
        return CLI_EXIT_VALUE;
    case GRUNDY_STATUS_NOMEM:
    case GRUNDY_STATUS_LIMIT:
        return CLI_EXIT_LIMIT;
    case GRUNDY_STATUS_IO:
    case GRUNDY_STATUS_INTERNAL:
        return CLI_EXIT_IO;
    }
    return CLI_EXIT_IO;
}

static void print_prefixed(const cli_command *cmd, const char *fmt, va_list ap) {
    fprintf(stderr, "grundy %s: ", cmd->name);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

int cli_usage_error(const cli_command *cmd, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    print_prefixed(cmd, fmt, ap);
    va_end(ap);
    fprintf(stderr, "Try 'grundy %s --help'.\n", cmd->name);
    return CLI_EXIT_USAGE;
}

int cli_fail(const cli_command *cmd, int code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    print_prefixed(cmd, fmt, ap);
    va_end(ap);
    return code;
}

/* "-5" and "-" are operands: a negative number is a bad value (exit 3), not an unknown option. */
static int looks_like_option(const char *a) {
    return a[0] == '-' && a[1] != '\0' && !(a[1] >= '0' && a[1] <= '9');
}

static int wants_help(int argc, char **argv) {
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            return 1;
        }
    }
    return 0;
}

/* Find the option `a` names; *inline_value is set for "--name=value". Returns its index or -1. */
static int find_option(const cli_option *opts, const char *a, const char **inline_value) {
    *inline_value = NULL;
    if (a[1] != '-') {
        for (int k = 0; opts[k].name != NULL; k++) {
            if (a[2] == '\0' && opts[k].short_name != 0 && opts[k].short_name == a[1]) {
                return k;
            }
        }
        return -1;
    }
    const char *name = a + 2;
    const char *eq = strchr(name, '=');
    const size_t len = eq != NULL ? (size_t)(eq - name) : strlen(name);
    for (int k = 0; opts[k].name != NULL; k++) {
        if (strlen(opts[k].name) == len && strncmp(opts[k].name, name, len) == 0) {
            *inline_value = eq != NULL ? eq + 1 : NULL;
            return k;
        }
    }
    return -1;
}

/* Take the value(s) of option k starting at argv[*i]; returns -1 or a usage error's exit code. */
static int take_values(const cli_command *cmd, const cli_option *opt, int k, const char *inline_v,
                       int argc, char **argv, int *i, cli_args *out) {
    const char *a = argv[*i];
    if (opt->arg == CLI_ARG_NONE) {
        if (inline_v != NULL) {
            return cli_usage_error(cmd, "option '--%s' takes no value", opt->name);
        }
    } else if (opt->arg == CLI_ARG_ONE) {
        if (inline_v == NULL && *i + 1 >= argc) {
            return cli_usage_error(cmd, "option '%s' needs a value", a);
        }
        out->value[k] = inline_v != NULL ? inline_v : argv[++*i];
    } else {
        if (inline_v != NULL) {
            return cli_usage_error(cmd, "option '--%s' takes its values as separate words",
                                   opt->name);
        }
        out->list[k] = argv + *i + 1;
        out->list_len[k] = 0;
        while (*i + 1 < argc && !looks_like_option(argv[*i + 1])) {
            ++*i;
            out->list_len[k]++;
        }
        if (out->list_len[k] == 0) {
            return cli_usage_error(cmd, "option '%s' needs at least one value", a);
        }
    }
    out->present[k]++;
    return -1;
}

int cli_parse_args(const cli_command *cmd, const cli_option *opts, int argc, char **argv,
                   cli_args *out) {
    int options_ended = 0;
    memset(out, 0, sizeof *out);
    for (int k = 0; opts[k].name != NULL; k++) {
        assert(k < CLI_MAX_OPTIONS); /* a command's table outgrew cli_args: raise the bound */
    }
    if (wants_help(argc, argv)) {
        cli_print_help(cmd, stdout);
        return CLI_EXIT_OK;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!options_ended && strcmp(a, "--") == 0) {
            options_ended = 1;
        } else if (!options_ended && looks_like_option(a)) {
            const char *inline_v;
            const int k = find_option(opts, a, &inline_v);
            if (k < 0) {
                return cli_usage_error(cmd, "unknown option '%s'", a);
            }
            const int rc = take_values(cmd, &opts[k], k, inline_v, argc, argv, &i, out);
            if (rc >= 0) {
                return rc;
            }
        } else if (out->operand_count == CLI_MAX_OPERANDS) {
            return cli_usage_error(cmd,
                                   "too many operands (at most %d; give more through --input "
                                   "where the command has it)",
                                   CLI_MAX_OPERANDS);
        } else {
            out->operands[out->operand_count++] = argv[i];
        }
    }
    return -1;
}

int cli_parse_number(const cli_command *cmd, const char *what, const char *text, uint64_t max,
                     uint64_t *out) {
    const grundy_status st = grundy_parse_u64(text, max, out);
    if (st == GRUNDY_STATUS_OK) {
        return 0;
    }
    if (text[0] == '\0') {
        return cli_fail(cmd, CLI_EXIT_VALUE, "%s: expected a number, got an empty string", what);
    }
    if (st == GRUNDY_STATUS_RANGE) {
        return cli_fail(cmd, CLI_EXIT_VALUE, "%s: '%s' is too large (at most %llu)", what, text,
                        (unsigned long long)max);
    }
    return cli_fail(cmd, CLI_EXIT_VALUE, "%s: '%s' is not a non-negative decimal integer", what,
                    text);
}

int cli_parse_rule(const cli_command *cmd, const char *text, grundy_rule **out) {
    grundy_diag diag;
    const grundy_status st = grundy_rule_parse(text, out, &diag);
    if (st == GRUNDY_STATUS_OK) {
        return 0;
    }
    if (st == GRUNDY_STATUS_NOMEM) {
        return cli_fail(cmd, CLI_EXIT_LIMIT, "out of memory while parsing the rule");
    }
    return cli_fail(cmd, cli_exit_code(st), "rule '%s', position %zu: %s", text, diag.column,
                    diag.message);
}

char *cli_read_stdin(const cli_command *cmd, const char *what, uint64_t max_bytes, size_t *len,
                     int *rc) {
    size_t cap = 1 << 12, used = 0;
    char *buf = malloc(cap);
    while (buf != NULL) {
        used += fread(buf + used, 1, cap - 1 - used, stdin);
        if (used < cap - 1) {
            break;
        }
        char *const bigger = cap > max_bytes ? NULL : realloc(buf, cap * 2);
        if (bigger == NULL) {
            /* count the rest, so that the message can say how far to raise the limit */
            uint64_t total = used;
            size_t got;
            while ((got = fread(buf, 1, cap, stdin)) > 0) {
                total += got;
            }
            free(buf);
            *rc = cli_fail(cmd, CLI_EXIT_LIMIT,
                           "%s: the input has %llu bytes, over --max-bytes %llu: raise "
                           "--max-bytes to %llu",
                           what, (unsigned long long)total, (unsigned long long)max_bytes,
                           (unsigned long long)total * 2);
            return NULL;
        }
        buf = bigger;
        cap *= 2;
    }
    if (buf == NULL || ferror(stdin)) {
        free(buf);
        *rc = cli_fail(cmd, CLI_EXIT_IO, "%s: cannot read the input", what);
        return NULL;
    }
    buf[used] = '\0';
    *len = used;
    return buf;
}
