/* SPDX-License-Identifier: MIT */
/* The misere quotient's progress line and limit messages. */
#include "misere_progress.h"

#include <time.h>
#include <unistd.h>

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void misere_progress_init(misere_progress *p, const cli_command *cmd, const char *rule,
                          uint64_t max_heap, uint64_t max_work, int progress, int quiet) {
    p->cmd = cmd;
    p->rule = rule;
    p->max_heap = max_heap;
    p->max_work = max_work;
    p->on = !quiet && (progress || isatty(STDERR_FILENO));
    p->started = p->last_draw = now_seconds();
    p->drawn = 0;
}

/* 1234567 -> "1.23M"; below 10000 as is. */
static void human(char *buf, size_t cap, double x) {
    static const char suffix[] = " kMGTPE";
    int i = 0;
    while (x >= 10000.0 && i < 6) {
        x /= 1000.0;
        i++;
    }
    snprintf(buf, cap, i == 0 ? "%.0f" : "%.2f%c", x, suffix[i]);
}

/* Over the last line drawn, padded with blanks where it was longer. */
static void draw_line(misere_progress *p, const char *line, int n, double now) {
    const size_t cap = 256;
    const size_t len = n < 0 ? 0 : (size_t)n < cap ? (size_t)n : cap - 1;
    fprintf(stderr, "\r%s%*s", line, p->drawn > len ? (int)(p->drawn - len) : 0, "");
    fflush(stderr);
    p->drawn = len;
    p->last_draw = now;
}

/* "1.20G" and, with a bound, " of 8.59G (--max-work)". */
static void work_words(const misere_progress *p, uint64_t work, char *steps, size_t steps_cap,
                       char *bound, size_t bound_cap) {
    human(steps, steps_cap, (double)work);
    bound[0] = '\0';
    if (p->max_work != 0) {
        char b[32];
        human(b, sizeof b, (double)p->max_work);
        snprintf(bound, bound_cap, " of %s (--max-work)", b);
    }
}

void misere_progress_draw(void *ctx, uint64_t heap, uint64_t work) {
    misere_progress *p = ctx;
    const double now = now_seconds();
    if (!p->on || now - p->last_draw < 0.25) {
        return;
    }
    char steps[32], bound[64];
    work_words(p, work, steps, sizeof steps, bound, sizeof bound);
    const unsigned long long t = (unsigned long long)(now - p->started);
    char of[32] = "", line[256];
    if (p->max_heap != 0) {
        snprintf(of, sizeof of, " of %llu", (unsigned long long)p->max_heap);
    }
    const int n =
        snprintf(line, sizeof line,
                 "grundy %s %s: misere quotient, heap %llu%s, %s check steps%s, %llum%02llus",
                 p->cmd->name, p->rule, (unsigned long long)heap, of, steps, bound, t / 60, t % 60);
    draw_line(p, line, n, now);
}

void misere_progress_draw_search(void *ctx, uint64_t heap, uint64_t work) {
    misere_progress *p = ctx;
    const double now = now_seconds();
    (void)heap;
    if (!p->on || now - p->last_draw < 0.25) {
        return;
    }
    char steps[32], bound[64], line[256];
    work_words(p, work, steps, sizeof steps, bound, sizeof bound);
    const unsigned long long t = (unsigned long long)(now - p->started);
    const int n =
        snprintf(line, sizeof line, "grundy %s %s: misere search, %s moves tried%s, %llum%02llus",
                 p->cmd->name, p->rule, steps, bound, t / 60, t % 60);
    draw_line(p, line, n, now);
}

void misere_progress_clear(misere_progress *p) {
    if (p->drawn > 0) {
        fprintf(stderr, "\r%*s\r", (int)p->drawn, "");
        fflush(stderr);
        p->drawn = 0;
    }
}

int misere_limit_fail(const cli_command *cmd, const char *where, grundy_status st,
                      const grundy_misere *q, const grundy_misere_opts *o) {
    const unsigned long long done = grundy_misere_max_heap(q), heap = done + 1;
    uint64_t need = 0;
    if (st == GRUNDY_STATUS_NOMEM) {
        char what[96];
        snprintf(what, sizeof what, "%sheap %llu of the misere quotient (computed to heap %llu)",
                 where, heap, done);
        return cli_oom_fail(cmd, what, 0, "--max-bytes");
    }
    switch (grundy_misere_limit(q, &need)) {
    case GRUNDY_MISERE_LIMIT_BYTES:
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "%sheap %llu: the misere quotient's tables need about %llu bytes at "
                        "once, over --max-bytes %llu (computed to heap %llu): raise --max-bytes to "
                        "at least %llu",
                        where, heap, (unsigned long long)need, (unsigned long long)o->max_bytes,
                        done, (unsigned long long)need);
    case GRUNDY_MISERE_LIMIT_WORK:
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "%sheap %llu: the misere quotient reached its work bound, --max-work %llu "
                        "check steps (computed to heap %llu; each heap costs more than the last): "
                        "raise --max-work above %llu to go on",
                        where, heap, (unsigned long long)o->max_work, done,
                        (unsigned long long)o->max_work);
    case GRUNDY_MISERE_LIMIT_STATES:
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "%sheap %llu: the misere quotient's check needs more than %llu states, "
                        "its fixed bound (computed to heap %llu); no option raises it",
                        where, heap, (unsigned long long)o->max_states, done);
    case GRUNDY_MISERE_LIMIT_OPTIONS:
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "%sheap %llu: the heaps have more than %llu options together, the misere "
                        "quotient's fixed bound (computed to heap %llu): lower the heaps",
                        where, heap, (unsigned long long)o->max_options, done);
    default:
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "%sheap %llu: no misere quotient of at most --max-quotient %llu elements "
                        "was found (computed to heap %llu): raise --max-quotient, or the "
                        "quotient may be infinite",
                        where, heap, (unsigned long long)o->max_quotient, done);
    }
}
