/* SPDX-License-Identifier: MIT */
/* The command-line framework: option parsing, errors and the status-to-exit-code mapping. */
#include "cli.h"
#include "suggest.h"

#include <stdarg.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
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
    case GRUNDY_STATUS_CHECK:
        return CLI_EXIT_IO;
    case GRUNDY_STATUS_INTERRUPTED:
        return CLI_EXIT_INTERRUPT;
    }
    return CLI_EXIT_IO;
}

/* Bytes below 0x20 and DEL as \xNN, so that input echoed in a message cannot drive a terminal. */
static void put_escaped(FILE *out, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7f) {
            fprintf(out, "\\x%02x", (unsigned)c);
        } else {
            fputc(c, out);
        }
    }
}

/* A continuation byte of UTF-8: a cut must not fall just before one. */
static int utf8_inside(const char *s, size_t i) {
    return ((unsigned char)s[i] & 0xC0) == 0x80;
}

/* One error line, escaped, and cut in the middle when it is long (a 100 KB rule echoed whole
 * helps nobody); the start (what was wrong) and the end (where, and why) are kept. */
#define LINE_HEAD 160
#define LINE_TAIL 160
void cli_error_line(const char *who, const char *fmt, va_list ap) {
    va_list again;
    va_copy(again, ap);
    const int len = vsnprintf(NULL, 0, fmt, again);
    va_end(again);
    char *const buf = len >= 0 ? malloc((size_t)len + 1) : NULL;
    fprintf(stderr, "%s: ", who);
    if (buf == NULL) { /* no memory for the copy: its head, escaped all the same */
        char head[LINE_HEAD + 1];
        vsnprintf(head, sizeof head, fmt, ap);
        const size_t n = strlen(head);
        put_escaped(stderr, head, n);
        if (len > 0 && (size_t)len > n) {
            fprintf(stderr, "[... %zu bytes left out]", (size_t)len - n);
        }
    } else {
        vsnprintf(buf, (size_t)len + 1, fmt, ap);
        const size_t n = (size_t)len;
        if (n <= LINE_HEAD + LINE_TAIL + 40) {
            put_escaped(stderr, buf, n);
        } else {
            size_t head = LINE_HEAD, tail = n - LINE_TAIL;
            while (head > 0 && utf8_inside(buf, head)) {
                head--;
            }
            while (tail < n && utf8_inside(buf, tail)) {
                tail++;
            }
            put_escaped(stderr, buf, head);
            fprintf(stderr, "[... %zu bytes left out ...]", tail - head);
            put_escaped(stderr, buf + tail, n - tail);
        }
    }
    fputc('\n', stderr);
    free(buf);
}

void cli_error(const char *who, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    cli_error_line(who, fmt, ap);
    va_end(ap);
}

static void print_prefixed(const cli_command *cmd, const char *fmt, va_list ap) {
    char who[64];
    snprintf(who, sizeof who, "grundy %s", cmd->name);
    cli_error_line(who, fmt, ap);
}

int cli_usage_error(const cli_command *cmd, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    print_prefixed(cmd, fmt, ap);
    va_end(ap);
    fprintf(stderr, "Try 'grundy %s --help'.\n", cmd->name);
    return CLI_EXIT_USAGE;
}

int cli_unexpected_operand(const cli_command *cmd, const char *operand, int to_given) {
    const size_t len = strlen(operand);
    if (!to_given && len > 0 && strspn(operand, "0123456789") == len) {
        return cli_usage_error(cmd, "unexpected operand '%s' (did you mean '--to %s'?)", operand,
                               operand);
    }
    return cli_usage_error(cmd, "unexpected operand '%s'", operand);
}

int cli_fail(const cli_command *cmd, int code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    print_prefixed(cmd, fmt, ap);
    va_end(ap);
    return code;
}

int cli_probe_output(const cli_command *cmd, const char *what, const char *path) {
    const grundy_status st = grundy_file_out_probe(path);
    if (st == GRUNDY_STATUS_OK) {
        return 0;
    }
    return cli_fail(cmd, st == GRUNDY_STATUS_NOMEM ? CLI_EXIT_LIMIT : CLI_EXIT_IO,
                    "%s: cannot write '%.200s': %s", what, path,
                    errno == EINVAL ? "not a regular file" : strerror(errno));
}

/* The locks this run holds (cli_lock_work_file): removed at exit, while still held. */
enum { MAX_LOCKS = 4 };
static struct {
    int fd;
    char path[4096];
} locks[MAX_LOCKS];
static int lock_count;

static void release_locks(void) {
    for (int i = 0; i < lock_count; i++) {
        unlink(locks[i].path);
        close(locks[i].fd);
    }
    lock_count = 0;
}

/* Lock `lock_path`: the fd, -1 with errno EWOULDBLOCK when another run holds it, else -1. The
 * lock is retried when the file was removed under it (its holder exiting), so that two runs
 * never both hold a lock on one name. */
static int lock_file(const char *lock_path) {
    for (int tries = 0; tries < 8; tries++) {
        const int fd = open(lock_path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0) {
            return -1;
        }
        struct stat held, named;
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            const int why = errno;
            close(fd);
            errno = why == EWOULDBLOCK ? EWOULDBLOCK : why;
            return -1;
        }
        if (fstat(fd, &held) == 0 && stat(lock_path, &named) == 0 && held.st_ino == named.st_ino &&
            held.st_dev == named.st_dev && S_ISREG(held.st_mode)) {
            return fd;
        }
        close(fd);
    }
    errno = EWOULDBLOCK;
    return -1;
}

int cli_lock_work_file(const cli_command *cmd, const char *what, const char *path) {
    if (lock_count == MAX_LOCKS || strlen(path) + 6 > sizeof locks[0].path) {
        return cli_fail(cmd, CLI_EXIT_IO, "%s %.200s: cannot lock it (the path is too long)", what,
                        path);
    }
    char *const lock_path = locks[lock_count].path;
    snprintf(lock_path, sizeof locks[0].path, "%s.lock", path);
    const int fd = lock_file(lock_path);
    if (fd < 0 && errno == EWOULDBLOCK) {
        return cli_fail(cmd, CLI_EXIT_IO,
                        "%s %.200s: in use by another run (it holds %.200s): wait for it to "
                        "end, or name another file",
                        what, path, lock_path);
    }
    if (fd < 0) {
        return 0; /* no lock file there (a directory not there, say): the file's own creation
                   * fails and says why */
    }
    locks[lock_count++].fd = fd;
    if (lock_count == 1) {
        atexit(release_locks);
    }
    return 0;
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

/* "unknown option '--fromm'", with the option meant when one is close: its name, the typed one
 * without its dashes and any "=value". */
static int unknown_option(const cli_command *cmd, const cli_option *opts, const char *a) {
    const char *names[CLI_MAX_OPTIONS + 1];
    char typed[64], meant_buf[CLI_SUGGEST_CAP];
    size_t n = 0;
    for (; opts[n].name != NULL; n++) {
        names[n] = opts[n].name;
    }
    names[n++] = "help";
    const char *const bare = a + (a[1] == '-' ? 2 : 1);
    snprintf(typed, sizeof typed, "%.*s", (int)strcspn(bare, "="), bare);
    const char *const meant = cli_suggest(typed, names, n, "--", meant_buf, sizeof meant_buf);
    if (meant != NULL) {
        return cli_usage_error(cmd, "unknown option '%s' (did you mean %s?)", a, meant);
    }
    return cli_usage_error(cmd, "unknown option '%s'", a);
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
                return unknown_option(cmd, opts, a);
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

/* "1e12" or "10^12" (the notation of the docs): its value, when it has one below 2^64. */
static int power_text(const char *text, uint64_t *out) {
    const size_t digits = strspn(text, "0123456789");
    const char mark = text[digits];
    if (digits == 0 || (mark != 'e' && mark != 'E' && mark != '^')) {
        return 0;
    }
    uint64_t base = 0, exponent = 0, value = 1;
    if (grundy_parse_u64(text + digits + 1, 64, &exponent) != GRUNDY_STATUS_OK) {
        return 0;
    }
    for (size_t i = 0; i < digits; i++) {
        if (base > (UINT64_MAX - 9) / 10) {
            return 0;
        }
        base = base * 10 + (uint64_t)(text[i] - '0');
    }
    const uint64_t factor = mark == '^' ? base : 10;
    value = mark == '^' ? 1 : base;
    for (uint64_t i = 0; i < exponent; i++) {
        if (factor != 0 && value > UINT64_MAX / factor) {
            return 0;
        }
        value *= factor;
    }
    *out = value;
    return 1;
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
    uint64_t meant = 0;
    if (power_text(text, &meant) && meant <= max) {
        return cli_fail(cmd, CLI_EXIT_VALUE,
                        "%s: '%s' is not a non-negative decimal integer: write it out, %llu", what,
                        text, (unsigned long long)meant);
    }
    return cli_fail(cmd, CLI_EXIT_VALUE, "%s: '%s' is not a non-negative decimal integer", what,
                    text);
}

/* The power of 1024 that a byte count's unit names ("", K, M, G, T, each optionally with "iB"),
 * or -1 for any other text. */
static int byte_unit(const char *unit) {
    static const char letters[] = "kmgt";
    if (unit[0] == '\0') {
        return 0;
    }
    const char *const at = strchr(letters, unit[0] | 0x20);
    const char *const rest = unit + 1;
    if (at == NULL || !(rest[0] == '\0' ||
                        ((rest[0] | 0x20) == 'i' && (rest[1] | 0x20) == 'b' && rest[2] == '\0'))) {
        return -1;
    }
    return (int)(at - letters) + 1;
}

int cli_parse_bytes(const cli_command *cmd, const char *what, const char *text, uint64_t max,
                    uint64_t *out) {
    const size_t digits = strspn(text, "0123456789");
    const int power = byte_unit(text + digits);
    if (digits == 0 || power < 0) {
        return cli_fail(cmd, CLI_EXIT_VALUE,
                        "%s: '%s' is not a byte count (a number, or one ending in K, M, G or T: "
                        "64M, 2GiB)",
                        what, text);
    }
    char number[24];
    uint64_t count = 0;
    grundy_status st = GRUNDY_STATUS_RANGE;
    if (digits < sizeof number) {
        memcpy(number, text, digits);
        number[digits] = '\0';
        st = grundy_parse_u64(number, max, &count);
    }
    const uint64_t unit = (uint64_t)1 << (10 * power);
    if (st != GRUNDY_STATUS_OK || count > max / unit) {
        return cli_fail(cmd, CLI_EXIT_VALUE, "%s: '%s' is too large (at most %llu bytes)", what,
                        text, (unsigned long long)max);
    }
    *out = count * unit;
    return 0;
}

/* The rule names close to a mistyped one ("kaylse": 'kayles'), in buf, or NULL. */
static const char *rule_name_meant(const char *text, char *buf, size_t cap) {
    const char *names[16];
    char lower[64];
    size_t n = 0, len = strlen(text);
    if (len >= sizeof lower || !((text[0] | 0x20) >= 'a' && (text[0] | 0x20) <= 'z')) {
        return NULL;
    }
    for (size_t i = 0; i <= len; i++) {
        lower[i] = text[i] >= 'A' && text[i] <= 'Z' ? (char)(text[i] | 0x20) : text[i];
    }
    while (n < sizeof names / sizeof names[0] && (names[n] = grundy_rule_known_name(n)) != NULL) {
        n++;
    }
    return cli_suggest(lower, names, n, "", buf, cap);
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
    const size_t len = strlen(text);
    if (len > 0 && strspn(text, "0123456789") == len) {
        return cli_fail(cmd, cli_exit_code(st),
                        "'%s' is a heap, not a rule: the RULE comes first (a name such as nim or "
                        "kayles, a code such as 0.77, a set such as S(1-3); 'grundy help rules')",
                        text);
    }
    char meant_buf[CLI_SUGGEST_CAP];
    const char *const meant = rule_name_meant(text, meant_buf, sizeof meant_buf);
    if (len <= 80) {
        return cli_fail(cmd, cli_exit_code(st), "rule '%s', position %zu: %s%s%s%s", text,
                        diag.column, diag.message, meant != NULL ? "; did you mean " : "",
                        meant != NULL ? meant : "", meant != NULL ? "?" : "");
    }
    /* A long rule: the 60 bytes around the position, so that the line says where. */
    const size_t at = diag.column > 0 ? diag.column - 1 : 0;
    size_t from = at > 30 ? at - 30 : 0;
    from = from + 60 > len ? len - 60 : from;
    while (from > 0 && utf8_inside(text, from)) {
        from--;
    }
    size_t to = from + 60;
    while (to < len && utf8_inside(text, to)) {
        to++;
    }
    return cli_fail(cmd, cli_exit_code(st), "rule '%s%.*s%s' (%zu bytes), position %zu: %s",
                    from > 0 ? "..." : "", (int)(to - from), text + from, to < len ? "..." : "",
                    len, diag.column, diag.message);
}

char *cli_read_stdin(const cli_command *cmd, const char *what, uint64_t max_bytes, size_t *len,
                     int *rc) {
    size_t cap = 1 << 12, used = 0;
    char *buf = malloc(cap);
    if (buf == NULL) {
        *rc = cli_oom_fail(cmd, what, cap, NULL);
        return NULL;
    }
    for (;;) {
        const size_t want = cap - 1 - used, got = fread(buf + used, 1, want, stdin);
        used += got;
        if (used > max_bytes) {
            /* stop here: the rest is not read (an endless input would never end) */
            free(buf);
            *rc = cli_fail(cmd, CLI_EXIT_LIMIT,
                           "%s: the input has more than %llu bytes, over --max-bytes %llu: raise "
                           "--max-bytes to twice the input's size or more",
                           what, (unsigned long long)max_bytes, (unsigned long long)max_bytes);
            return NULL;
        }
        if (got < want) {
            break;
        }
        char *const bigger = realloc(buf, cap * 2); /* cap <= max_bytes + 1 here */
        if (bigger == NULL) {                       /* within the limit: the system's memory */
            free(buf);
            *rc = cli_oom_fail(cmd, what, (uint64_t)cap * 2, NULL);
            return NULL;
        }
        buf = bigger;
        cap *= 2;
    }
    if (ferror(stdin)) {
        free(buf);
        *rc = cli_fail(cmd, CLI_EXIT_IO, "%s: cannot read the input", what);
        return NULL;
    }
    buf[used] = '\0';
    *len = used;
    return buf;
}

char *cli_u128_text(uint64_t high, uint64_t low, char buf[40]) {
    /* Long division by 10 over four 32-bit limbs, most significant first. */
    uint32_t limb[4] = {(uint32_t)(high >> 32), (uint32_t)high, (uint32_t)(low >> 32),
                        (uint32_t)low};
    char digits[40];
    size_t n = 0;
    do {
        uint64_t rem = 0;
        for (int i = 0; i < 4; i++) {
            const uint64_t cur = (rem << 32) | limb[i];
            limb[i] = (uint32_t)(cur / 10);
            rem = cur % 10;
        }
        digits[n++] = (char)('0' + rem);
    } while ((limb[0] | limb[1] | limb[2] | limb[3]) != 0);
    for (size_t i = 0; i < n; i++) {
        buf[i] = digits[n - 1 - i];
    }
    buf[n] = '\0';
    return buf;
}

int cli_memory_fail(const cli_command *cmd, grundy_status st, const char *rule, uint64_t computed,
                    const char *bound) {
    struct rlimit as;
    const unsigned long long done = computed > 0 ? computed - 1 : 0;
    char lower[96] = "";
    if (bound != NULL) {
        snprintf(lower, sizeof lower, ", or lower %s below %llu", bound, done);
    }
    if (st == GRUNDY_STATUS_LIMIT) {
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "%s: the sequence's memory limit was reached after computing g(0..%llu)%s",
                        rule, done, lower);
    }
    if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY) {
        /* Each doubling round needs about twice the memory of the one before. */
        const unsigned long long kib = (unsigned long long)as.rlim_cur >> 10;
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "%s: out of memory after computing g(0..%llu): the address-space limit"
                        " (ulimit -v) is %llu KiB; raise it to %llu KiB or more%s",
                        rule, done, kib, 2 * kib, lower);
    }
    return cli_fail(cmd, CLI_EXIT_LIMIT,
                    "%s: out of memory after computing g(0..%llu); the next step needs about twice"
                    " the memory that took%s",
                    rule, done, lower);
}

int cli_oom_fail(const cli_command *cmd, const char *what, uint64_t need, const char *lower) {
    struct rlimit as;
    /* the advice must not itself need memory: every buffer here is on the stack */
    char asked[64] = "", or_lower[96] = "";
    if (need > 0) {
        snprintf(asked, sizeof asked, " (about %llu bytes needed)", (unsigned long long)need);
    }
    if (lower != NULL) {
        snprintf(or_lower, sizeof or_lower, ", or lower %s", lower);
    }
    if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY) {
        const unsigned long long kib = (unsigned long long)as.rlim_cur >> 10;
        const unsigned long long more = need > 0 ? kib + (need + 1023) / 1024 : 2 * kib;
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "%s: out of memory%s: the address-space limit (ulimit -v) is %llu KiB; "
                        "raise it to %llu KiB or more%s",
                        what, asked, kib, more, or_lower);
    }
    return cli_fail(cmd, CLI_EXIT_LIMIT,
                    "%s: out of memory%s: the system had no more memory to give; free some%s", what,
                    asked, or_lower);
}

char *cli_game_text(const cli_args *args, int misere) {
    size_t len = sizeof " misere";
    for (int i = 0; i < args->operand_count; i++) {
        len += strlen(args->operands[i]) + 1;
    }
    char *const text = malloc(len);
    if (text != NULL) {
        text[0] = '\0';
        for (int i = 0; i < args->operand_count; i++) {
            strcat(strcat(text, i > 0 ? " " : ""), args->operands[i]);
        }
        strcat(text, misere ? " misere" : "");
    }
    return text;
}
