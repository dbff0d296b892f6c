/* SPDX-License-Identifier: MIT */
/* The command-line framework: the command table, option parsing, errors and exit codes. */
#ifndef GRUNDY_CLI_H
#define GRUNDY_CLI_H

#include <grundy/grundy.h>
#include <stdarg.h>
#include <stdio.h>

/* Exit codes (docs/architecture.md, "Exit codes"). */
enum {
    CLI_EXIT_OK = 0,    /* success */
    CLI_EXIT_NO = 1,    /* the answer is "no": a mismatch, no period within the bound */
    CLI_EXIT_USAGE = 2, /* the command line's shape is wrong */
    CLI_EXIT_VALUE = 3, /* a value fails to parse or is out of range */
    CLI_EXIT_LIMIT = 4, /* a limit was reached */
    CLI_EXIT_IO = 5,    /* i/o or internal error */
    CLI_EXIT_INTERRUPT = 130
};

/* Option parsing. Operands and options may be mixed; `--` ends options; `--name=value` and
 * `--name value` both work; an operand that looks like a negative number stays an operand,
 * so that `-1` is reported as a bad number (exit 3), not as an unknown option. */
enum { CLI_ARG_NONE, CLI_ARG_ONE, CLI_ARG_LIST };
typedef struct cli_option {
    const char *name; /* long name without dashes */
    char short_name;  /* 0 when none */
    int arg; /* CLI_ARG_NONE, CLI_ARG_ONE, or CLI_ARG_LIST (values up to the next option) */
} cli_option;

/** A subcommand: `run` gets argv with argv[0] the command's name. */
typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;       /* one line for `grundy help` */
    const char *help;          /* usage, options with defaults, examples; exit codes are appended */
    const cli_option *options; /* what run parses (a NULL name ends it): for the completion */
    /* The words that may fill a place on its command line, for the completion: its first
     * operand (option NULL: a rule name, a game, an operation) or the value of the option so
     * named ("engine", "format"); the i-th word, NULL past the last or where nothing is fixed.
     * The same tables the parsing checks against. NULL: no fixed words anywhere. */
    const char *(*word)(const char *option, size_t i);
} cli_command;

/* Each command file defines one of these. */
extern const cli_command cli_cmd_rule;
extern const cli_command cli_cmd_values;
extern const cli_command cli_cmd_period;
extern const cli_command cli_cmd_value;
extern const cli_command cli_cmd_count;
extern const cli_command cli_cmd_play;
extern const cli_command cli_cmd_verify;
extern const cli_command cli_cmd_graph;
extern const cli_command cli_cmd_solve;
extern const cli_command cli_cmd_misere;
extern const cli_command cli_cmd_survey;
extern const cli_command cli_cmd_stats;
extern const cli_command cli_cmd_plot;
extern const cli_command cli_cmd_nim;

/** Print a command's --help text (and the exit codes) to `out`. */
void cli_print_help(const cli_command *cmd, FILE *out);

/** The exit codes' section that cli_print_help appends: "\nExit codes:\n" and one line each. */
extern const char cli_exit_codes_text[];

/** grundy(1) in roff: the overview, each command's help, the exit codes (`grundy --man`). */
int cli_print_man(const cli_command *const *cmds, size_t count, void (*overview)(FILE *),
                  FILE *out);

/** The bash completion script (`grundy --bash-completion`): commands, each command's options
 *  once, their fixed values and the first operand's words (cli_command.word), help topics. */
void cli_print_bash_completion(const cli_command *const *cmds, size_t count, FILE *out);

/** The same completion for zsh (`grundy --zsh-completion`), installed as _grundy. */
void cli_print_zsh_completion(const cli_command *const *cmds, size_t count, FILE *out);

/** The completion for fish (`grundy --fish-completion`), installed as grundy.fish: it runs the
 *  bash completion's logic through bash, so the table is written once. */
void cli_print_fish_completion(FILE *out);

/** The i-th word of a NULL-terminated list, NULL past the last. */
const char *cli_word_of(const char *const *words, size_t i);

/** The index of `text` in a NULL-terminated list of words, or -1. */
int cli_word_index(const char *const *words, const char *text);

/** cli_command.word of the commands whose only fixed words are rule names (the first operand). */
const char *cli_rule_word(const char *option, size_t i);

/** Map a library status to an exit code (the one place this happens; never a cast). */
int cli_exit_code(grundy_status st);

#define CLI_MAX_OPTIONS  40
#define CLI_MAX_OPERANDS 4096
typedef struct cli_args {
    int present[CLI_MAX_OPTIONS];       /* how many times each option was given */
    const char *value[CLI_MAX_OPTIONS]; /* the last value given (CLI_ARG_ONE) */
    char **list[CLI_MAX_OPTIONS];       /* the values (CLI_ARG_LIST), pointing into argv */
    int list_len[CLI_MAX_OPTIONS];
    char *operands[CLI_MAX_OPERANDS];
    int operand_count;
} cli_args;

/**
 * Parse argv[1..] against `opts` (terminated by an entry with name NULL). -h/--help is built in.
 * @return -1 to go on; otherwise the exit code to return now (0 after printing help, 2 after
 *         printing a usage error).
 */
int cli_parse_args(const cli_command *cmd, const cli_option *opts, int argc, char **argv,
                   cli_args *out);

/** Print "grundy CMD: MESSAGE" and "Try 'grundy CMD --help'." to stderr; return 2. */
int cli_usage_error(const cli_command *cmd, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/** "unexpected operand 'X'" as a usage error, with "(did you mean '--to X'?)" when X is a number
 *  and --to was not given (`grundy values kayles 11`). Returns 2. */
int cli_unexpected_operand(const cli_command *cmd, const char *operand, int to_given);

/** Print "grundy CMD: MESSAGE" to stderr and return `code`. */
int cli_fail(const cli_command *cmd, int code, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/**
 * May `path`, given as `what` (an option such as "--out"), be written: grundy_file_out_probe,
 * before any work is done, so that a directory that does not exist or a FIFO is said at once
 * instead of after the computation. @return 0, or 5 with "WHAT: cannot write 'PATH': REASON"
 * printed (4 when out of memory).
 */
int cli_probe_output(const cli_command *cmd, const char *what, const char *path);

/**
 * Own the work file `path` (given as `what`: --checkpoint, --spill, --out) for the rest of the
 * run: an exclusive lock on PATH.lock, created beside it and removed when the tool exits (a
 * killed run's lock is released by the system; its file is reused). A second run on the same
 * file is refused at its start. @return 0 (also when no lock file can be made: the work file's
 * own creation says why), or 5 with "WHAT PATH: in use by another run" printed.
 */
int cli_lock_work_file(const cli_command *cmd, const char *what, const char *path);

/**
 * Parse a number given as `what` (an option such as "--to" or an operand name such as "heap"),
 * 0 <= x <= max. On failure prints one line naming the argument and returns 3; else 0.
 */
int cli_parse_number(const cli_command *cmd, const char *what, const char *text, uint64_t max,
                     uint64_t *out);

/**
 * Parse a byte count given as `what` (--memory, --max-bytes): a decimal integer, or one followed by
 * K, M, G or T (any case, optionally "iB": 64M, 2GiB), each a power of 1024 as in sort -S and
 * ulimit; 0 <= x <= max. On failure prints one line naming the option and returns 3; else 0.
 */
int cli_parse_bytes(const cli_command *cmd, const char *what, const char *text, uint64_t max,
                    uint64_t *out);

/**
 * Parse a rule operand. On failure prints "grundy CMD: rule 'TEXT', position N: PROBLEM" and
 * returns the exit code (3, or 4 for memory); else 0 with *out owned by the caller.
 */
int cli_parse_rule(const cli_command *cmd, const char *text, grundy_rule **out);

/**
 * All of standard input, NUL-terminated, for the commands that read a whole file (mirror-board,
 * left-stack). Past max_bytes the reading stops (the rest is never read, so an endless input
 * ends): "WHAT: the input has more than B bytes, ...", exit 4; a read error: exit 5. Returns NULL
 * with *rc set on failure; the caller frees the buffer.
 */
char *cli_read_stdin(const cli_command *cmd, const char *what, uint64_t max_bytes, size_t *len,
                     int *rc);

/**
 * What a solver table describes (grundy_solution_save_game): the operands as given, one space
 * apart, and " misere" when `misere`; grundy solve and grundy-mpi write and compare the same text.
 * NULL when out of memory; the caller frees it.
 */
char *cli_game_text(const cli_args *args, int misere);

/** The decimal digits of high * 2^64 + low (at most 39 digits) in buf; returns buf. */
char *cli_u128_text(uint64_t high, uint64_t low, char buf[40]);

/**
 * Print "WHO: MESSAGE" and a newline to stderr, every error line's one way out: control bytes are
 * escaped (\\xNN) and a line over about 360 bytes is cut in the middle ("[... N bytes left out
 * ...]"), so that echoed input can neither flood nor drive the terminal.
 */
void cli_error_line(const char *who, const char *fmt, va_list ap);

/** cli_error_line with its arguments given directly. */
void cli_error(const char *who, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/**
 * The one message for running out of memory (NOMEM) or into the sequence's memory limit (LIMIT)
 * after `computed` values of `rule`: what was done, what limit stopped it and what to raise it to
 * (twice ulimit -v, since each doubling round needs about twice the last), or the option `bound`
 * (such as "--max-n"; NULL: none) to lower.
 * @return 4.
 */
int cli_memory_fail(const cli_command *cmd, grundy_status st, const char *rule, uint64_t computed,
                    const char *bound);

/**
 * The one message for running out of memory outside a sequence: "WHAT: out of memory
 * (about NEED bytes asked): the address-space limit (ulimit -v) is X KiB; raise it to Y KiB or
 * more, or lower BOUND", Y = X + NEED/1024 when NEED (bytes; 0: unknown) is known, else 2 X;
 * with no such limit "... the system had no more memory to give; free some, or lower BOUND".
 * `lower` NULL: no bound to lower.
 * @return 4.
 */
int cli_oom_fail(const cli_command *cmd, const char *what, uint64_t need, const char *lower);

/** Most worker threads --threads accepts. */
#define CLI_MAX_THREADS 1024

/**
 * --threads N of every command that takes it (graph, solve, survey, the sequence commands): into
 * *out when given (1 <= N <= CLI_MAX_THREADS, else one line and exit 3), else the number of cores
 * online (cli_threads.c). Returns 0 or the exit code.
 */
int cli_parse_threads(const cli_command *cmd, int given, const char *text, unsigned *out);

#endif
