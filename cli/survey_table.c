/* SPDX-License-Identifier: MIT */
/* grundy survey's work: the class read, the rows computed (resumed from --out), the groups
 * formed and the table printed. */
#include "survey_table.h"

#include "json.h"
#include "rule_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- the class ---- */

static int printable(const char *s) {
    for (; *s; s++) {
        if ((unsigned char)*s < 0x21 || (unsigned char)*s > 0x7E) {
            return 0;
        }
    }
    return 1;
}

static int load_class(const cli_command *cmd, const char *text, survey_run *run) {
    if (strlen(text) >= sizeof run->header.pattern || !printable(text)) {
        return cli_fail(cmd, CLI_EXIT_VALUE,
                        "CLASS: a pattern or @FILE of at most 255 printable characters, please");
    }
    strcpy(run->header.pattern, text);
    if (text[0] == '@') {
        return rule_file_read(cmd, text + 1, &run->codes, &run->count);
    }
    if (strlen(text) >= 64) {
        return cli_fail(cmd, CLI_EXIT_VALUE, "CLASS: a pattern of at most 63 characters, please");
    }
    const grundy_status st = grundy_survey_expand(text, run->header.hex, &run->codes, &run->count);
    if (st == GRUNDY_STATUS_RANGE) {
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "CLASS '%s' names more than 65536 codes: use fewer '?' (or --shard "
                        "a class into parts, each a pattern with some digits fixed)",
                        text);
    }
    return st == GRUNDY_STATUS_OK ? 0 : cli_oom_fail(cmd, "the class", 0, NULL);
}

/* ---- computing, saving, resuming ---- */

static int allocate(const cli_command *cmd, survey_run *run) {
    run->rows = calloc(run->count, sizeof *run->rows);
    run->statuses = calloc(run->count, sizeof *run->statuses);
    run->have = calloc(run->count, 1);
    run->todo = calloc(run->count, 1);
    if (!run->rows || !run->statuses || !run->have || !run->todo) {
        return cli_fail(cmd, CLI_EXIT_LIMIT, "out of memory for %zu rows", run->count);
    }
    return 0;
}

static int resume(const cli_command *cmd, survey_run *run) {
    grundy_diag diag = {0, 0, {0}};
    if (run->out == NULL) {
        return 0;
    }
    const grundy_status st = grundy_survey_load(run->out, &run->header, run->codes, run->count,
                                                run->rows, run->have, &diag);
    if (st == GRUNDY_STATUS_NOT_FOUND || st == GRUNDY_STATUS_OK) {
        return 0;
    }
    if (st == GRUNDY_STATUS_PARSE) {
        return diag.line ? cli_fail(cmd, CLI_EXIT_VALUE,
                                    "%.200s, line %zu: %s (refusing to resume from it)", run->out,
                                    diag.line, diag.message)
                         : cli_fail(cmd, CLI_EXIT_VALUE, "%.200s: %s (refusing to resume from it)",
                                    run->out, diag.message);
    }
    return cli_fail(cmd, cli_exit_code(st), "cannot read '%.200s': %s", run->out,
                    grundy_status_str(st));
}

/* The rows so far to --out; the last save's errno is kept (0: it worked). */
static void save(survey_run *run) {
    if (run->out != NULL) {
        run->save_failed = grundy_survey_save(run->out, &run->header, run->rows, run->have,
                                              run->count) != GRUNDY_STATUS_OK
                               ? (errno != 0 ? errno : EIO)
                               : 0;
    }
    run->last_save = now_seconds();
}

/* After each row (serialized by grundy_survey_run): keep it, save at most once a second. */
static void row_done(void *ctx, size_t index, grundy_status st, const grundy_survey_row *row) {
    survey_run *run = ctx;
    (void)row;
    run->done++;
    if (st == GRUNDY_STATUS_OK) {
        run->have[index] = 1;
    }
    if (now_seconds() - run->last_save >= 1.0) {
        save(run);
    }
    if (!run->quiet) {
        fprintf(stderr, "\rgrundy survey: %zu of %zu codes done, last %s   ", run->done,
                run->todo_count, run->codes[index]);
        fflush(stderr);
    }
}

static int compute(const cli_command *cmd, survey_run *run) {
    for (size_t i = 0; i < run->count; i++) {
        run->todo[i] = (i % run->shard_of) == run->shard_index - 1 && !run->have[i];
        run->todo_count += run->todo[i];
    }
    /* Many codes: one thread each. Fewer codes than threads: the spare threads go into each
     * code's sequence, and --max-bytes is shared by the codes computed at once. */
    run->opts.seq.threads = grundy_survey_code_threads(run->threads, run->todo_count);
    run->at_once = run->threads > run->opts.seq.threads ? run->threads / run->opts.seq.threads : 1;
    run->opts.seq.max_bytes = run->max_bytes / run->at_once;
    run->last_save = now_seconds();
    const grundy_status st =
        grundy_survey_run(run->codes, run->count, run->todo, &run->opts, run->threads, run->rows,
                          run->statuses, row_done, run);
    if (!run->quiet && run->todo_count > 0) {
        fputc('\n', stderr);
    }
    save(run);
    if (st != GRUNDY_STATUS_OK) {
        return cli_fail(cmd, cli_exit_code(st), "%s", grundy_status_str(st));
    }
    return 0; /* a failed save is said after the rows are printed: they are not lost */
}

/* The final save failed: the rows are printed already (exit 5 for the file). */
static int report_save(const cli_command *cmd, const survey_run *run) {
    fflush(stdout);
    return cli_fail(cmd, CLI_EXIT_IO, "cannot write '%.200s' (the rows are printed above): %s",
                    run->out, strerror(run->save_failed));
}

/* ---- groups ---- */

typedef struct groups {
    size_t *rows; /* the surveyed rows' indices, in order */
    size_t n;
    size_t *parent, *proved_parent; /* union-find over all and over proved equalities */
    uint64_t *upto;                 /* per root: the least prefix an unproved equality checked */
    size_t *members;                /* per root: the codes in its group (count_totals) */
    grundy_survey_relation *rel;
    size_t rel_count;
    grundy_survey_row *compact;
} groups;

static size_t find(size_t *parent, size_t x) {
    while (parent[x] != x) {
        x = parent[x] = parent[parent[x]];
    }
    return x;
}

static void unite(size_t *parent, size_t a, size_t b) {
    a = find(parent, a);
    b = find(parent, b);
    if (a != b) {
        parent[a > b ? a : b] = a < b ? a : b; /* the smallest index represents the group */
    }
}

static void groups_free(groups *g) {
    free(g->rows);
    free(g->parent);
    free(g->proved_parent);
    free(g->upto);
    free(g->members);
    free(g->rel);
    free(g->compact);
}

static int form_groups(const survey_run *run, groups *g) {
    memset(g, 0, sizeof *g);
    g->rows = malloc((run->count + 1) * sizeof *g->rows);
    g->compact = malloc((run->count + 1) * sizeof *g->compact);
    if (g->rows == NULL || g->compact == NULL) {
        return 0;
    }
    for (size_t i = 0; i < run->count; i++) {
        if (run->have[i]) {
            g->compact[g->n] = run->rows[i]; /* a shallow copy: prefixes stay the rows' own */
            g->rows[g->n++] = i;
        }
    }
    g->parent = malloc((g->n + 1) * sizeof *g->parent);
    g->proved_parent = malloc((g->n + 1) * sizeof *g->proved_parent);
    g->upto = malloc((g->n + 1) * sizeof *g->upto);
    g->members = calloc(g->n + 1, sizeof *g->members);
    if (!g->parent || !g->proved_parent || !g->upto || !g->members ||
        grundy_survey_relate(g->compact, g->n, &g->rel, &g->rel_count) != GRUNDY_STATUS_OK) {
        return 0;
    }
    for (size_t i = 0; i < g->n; i++) {
        g->parent[i] = g->proved_parent[i] = i;
        g->upto[i] = UINT64_MAX;
    }
    for (size_t r = 0; r < g->rel_count; r++) {
        const grundy_survey_relation *e = &g->rel[r];
        if (e->shift == 0) {
            unite(g->parent, e->a, e->b);
            if (e->proved) {
                unite(g->proved_parent, e->a, e->b);
            }
        }
    }
    for (size_t r = 0; r < g->rel_count; r++) {
        const grundy_survey_relation *e = &g->rel[r];
        const size_t root = find(g->parent, e->a);
        if (e->shift == 0 && !e->proved && e->upto < g->upto[root]) {
            g->upto[root] = e->upto;
        }
    }
    return 1;
}

/* A row's group: the representative (itself when alone), whether every member is proved equal
 * to it, and otherwise how far the values were compared. */
static size_t representative(groups *g, size_t k, int *proved, uint64_t *upto) {
    const size_t root = find(g->parent, k);
    *proved = find(g->proved_parent, k) == find(g->proved_parent, root);
    *upto = g->upto[root];
    return root;
}

/* ---- printing ---- */

static void period_text(const grundy_survey_row *r, char *buf, size_t cap) {
    if (r->status == GRUNDY_SURVEY_UNSOLVED) {
        snprintf(buf, cap, "unsolved to %llu", (unsigned long long)(r->values_computed - 1));
    } else if (r->period.saltus != 0) {
        snprintf(buf, cap, "%llu +%llu", (unsigned long long)r->period.period,
                 (unsigned long long)r->period.saltus);
    } else {
        snprintf(buf, cap, "%llu", (unsigned long long)r->period.period);
    }
}

static void group_text(groups *g, const survey_run *run, size_t k, char *buf, size_t cap) {
    int proved;
    uint64_t upto;
    const size_t root = representative(g, k, &proved, &upto);
    if (root == k) {
        snprintf(buf, cap, "%s", "");
    } else if (proved) {
        snprintf(buf, cap, "= %s", run->codes[g->rows[root]]);
    } else {
        snprintf(buf, cap, "= %s to %llu", run->codes[g->rows[root]], (unsigned long long)upto);
    }
}

static void print_row_text(groups *g, const survey_run *run, size_t k, int md) {
    const grundy_survey_row *r = &g->compact[k];
    char period[48], group[96], n0[24], mask[GRUNDY_STATS_MASK_TEXT_CAP];
    period_text(r, period, sizeof period);
    grundy_stats_mask_text(r->mask, r->mask_parity, mask, sizeof mask);
    group_text(g, run, k, group, sizeof group);
    snprintf(n0, sizeof n0, "%llu", (unsigned long long)r->period.preperiod);
    const char *proof = grundy_proof_name(r->period.proof);
    const char *sep = md ? " | " : "\t";
    printf("%s%s%s%s%s%s%s%s%s%s%s%s%s", md ? "| " : "", r->code, sep, r->canonical, sep,
           r->trivial ? "same game as a shorter code" : "", sep,
           grundy_survey_status_name(r->status), sep, period, sep,
           r->status == GRUNDY_SURVEY_UNSOLVED ? "" : n0, sep);
    printf("%s%s%llu%s%llu (%llu)%s%s%s%llu%s%llu%s%s%s%.2f%s\n", proof != NULL ? proof : "", sep,
           (unsigned long long)r->values_computed, sep, (unsigned long long)r->max_value,
           (unsigned long long)r->max_value_heap, sep, mask, sep, (unsigned long long)r->rare_count,
           sep, (unsigned long long)r->last_rare, sep, group, sep, r->seconds, md ? " |" : "");
}

static void print_shifts(groups *g, const survey_run *run, int md) {
    int any = 0;
    for (size_t r = 0; r < g->rel_count; r++) {
        const grundy_survey_relation *e = &g->rel[r];
        /* Between groups only: one line per pair of representatives. */
        if (e->shift == 0 || find(g->parent, e->a) != e->a || find(g->parent, e->b) != e->b) {
            continue;
        }
        if (!any++) {
            printf(md ? "\n## Shifted sequences\n\n" : "\n# shifted sequences\n");
        }
        if (e->proved) {
            printf("%s%s(n + %u) = %s(n) for every n (proved)\n", md ? "- " : "# ",
                   run->codes[g->rows[e->a]], e->shift, run->codes[g->rows[e->b]]);
        } else {
            printf("%s%s(n + %u) = %s(n) for n < %llu\n", md ? "- " : "# ",
                   run->codes[g->rows[e->a]], e->shift, run->codes[g->rows[e->b]],
                   (unsigned long long)e->upto);
        }
    }
}

typedef struct totals {
    size_t status[3], invalid, failed, groups;
} totals;

static totals count_totals(groups *g, const survey_run *run) {
    totals t;
    memset(&t, 0, sizeof t);
    for (size_t k = 0; k < g->n; k++) {
        t.status[g->compact[k].status]++;
        if (++g->members[find(g->parent, k)] == 2) {
            t.groups++; /* a group of two or more codes */
        }
    }
    for (size_t i = 0; i < run->count; i++) {
        if (run->todo[i] && !run->have[i]) {
            if (run->statuses[i] == GRUNDY_STATUS_PARSE) {
                t.invalid++;
            } else {
                t.failed++;
            }
        }
    }
    return t;
}

/* Codes of the class that are no rule (1 or 2 at d0, digits past V in a file): named, so that
 * a typo in a rule file is seen. */
static void print_invalid(const survey_run *run, int md) {
    int any = 0;
    for (size_t i = 0; i < run->count; i++) {
        if (run->todo[i] && !run->have[i] && run->statuses[i] == GRUNDY_STATUS_PARSE) {
            printf("%s%s", any++ ? ", " : md ? "\nNot rules: " : "# not rules: ", run->codes[i]);
        }
    }
    if (any) {
        putchar('\n');
    }
}

static void print_text(groups *g, const survey_run *run, const totals *t) {
    const int md = strcmp(run->format, "md") == 0;
    if (md) {
        printf("# Survey of %s\n\n", run->header.pattern);
        printf("| code | game | note | status | period | preperiod | proof | values | max (first "
               "at) | mask | rare | last rare | group | seconds |\n");
        printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    } else {
        printf("code\tgame\tnote\tstatus\tperiod\tpreperiod\tproof\tvalues\tmax (first at)\tmask\t"
               "rare\tlast rare\tgroup\tseconds\n");
    }
    for (size_t k = 0; k < g->n; k++) {
        print_row_text(g, run, k, md);
    }
    print_shifts(g, run, md);
    print_invalid(run, md);
    printf("%s%zu codes: %zu proved, %zu observed, %zu unsolved, %zu not rules; %zu group%s of "
           "equal sequences\n",
           md ? "\n" : "# ", g->n + t->invalid, t->status[GRUNDY_SURVEY_PROVED],
           t->status[GRUNDY_SURVEY_OBSERVED], t->status[GRUNDY_SURVEY_UNSOLVED], t->invalid,
           t->groups, t->groups == 1 ? "" : "s");
}

static void print_row_json(groups *g, const survey_run *run, size_t k) {
    const grundy_survey_row *r = &g->compact[k];
    const int periodic = r->status != GRUNDY_SURVEY_UNSOLVED;
    int proved;
    uint64_t upto;
    const size_t root = representative(g, k, &proved, &upto);
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_kv_str(&w, "code", r->code);
    json_kv_str(&w, "rule", r->canonical);
    json_kv_bool(&w, "trivial", r->trivial);
    json_kv_str(&w, "status", grundy_survey_status_name(r->status));
    periodic ? json_kv_u64(&w, "preperiod", r->period.preperiod) : json_kv_null(&w, "preperiod");
    periodic ? json_kv_u64(&w, "period", r->period.period) : json_kv_null(&w, "period");
    periodic ? json_kv_u64(&w, "saltus", r->period.saltus) : json_kv_null(&w, "saltus");
    json_kv_bool(&w, "proved", r->status == GRUNDY_SURVEY_PROVED);
    const char *proof = grundy_proof_name(r->period.proof);
    proof != NULL ? json_kv_str(&w, "proof", proof) : json_kv_null(&w, "proof");
    json_kv_u64(&w, "values_computed", r->values_computed);
    json_kv_u64(&w, "max_value", r->max_value);
    json_kv_u64(&w, "max_value_heap", r->max_value_heap);
    json_kv_u64(&w, "mask", r->mask);
    json_kv_bool(&w, "mask_parity", (int)r->mask_parity);
    json_kv_u64(&w, "rare_count", r->rare_count);
    json_kv_u64(&w, "last_rare", r->last_rare);
    json_key(&w, "equal_to");
    root != k ? json_str(&w, run->codes[g->rows[root]]) : json_null(&w);
    json_kv_bool(&w, "equal_proved", root != k && proved);
    json_key(&w, "equal_upto");
    root != k && !proved ? json_u64(&w, upto) : json_null(&w);
    json_object_end(&w);
}

static void print_json(groups *g, const survey_run *run, const totals *t) {
    for (size_t k = 0; k < g->n; k++) {
        print_row_json(g, run, k);
    }
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_kv_str(&w, "class", run->header.pattern);
    json_kv_u64(&w, "codes", g->n + t->invalid);
    json_kv_u64(&w, "proved", t->status[GRUNDY_SURVEY_PROVED]);
    json_kv_u64(&w, "observed", t->status[GRUNDY_SURVEY_OBSERVED]);
    json_kv_u64(&w, "unsolved", t->status[GRUNDY_SURVEY_UNSOLVED]);
    json_kv_u64(&w, "invalid", t->invalid);
    json_kv_u64(&w, "groups", t->groups);
    json_object_end(&w);
}

static int report_failures(const cli_command *cmd, const survey_run *run) {
    int rc = 0;
    for (size_t i = 0; i < run->count; i++) {
        const grundy_status st = run->statuses[i];
        const grundy_survey_row *r = &run->rows[i];
        if (!run->todo[i] || run->have[i] || st == GRUNDY_STATUS_PARSE) {
            continue;
        }
        const unsigned long long per = run->opts.seq.max_bytes, t = run->at_once;
        if (st == GRUNDY_STATUS_LIMIT && r->limit_need_bytes > per) {
            rc = cli_fail(
                cmd, CLI_EXIT_LIMIT,
                "%s: the memory limit stopped it after g(0..%llu): its next step needs "
                "about %llu bytes, over %llu a code (--max-bytes %llu over %llu "
                "code%s at once): raise --max-bytes to at least %llu, or lower --threads or "
                "--max-n",
                run->codes[i], (unsigned long long)(r->limit_length ? r->limit_length - 1 : 0),
                (unsigned long long)r->limit_need_bytes, per, (unsigned long long)run->max_bytes, t,
                t == 1 ? "" : "s", (unsigned long long)r->limit_need_bytes * t);
        } else if (st == GRUNDY_STATUS_LIMIT) {
            rc = cli_fail(
                cmd, CLI_EXIT_LIMIT,
                "%s: the memory limit stopped it after g(0..%llu) (%llu bytes a code: "
                "--max-bytes %llu over %llu code%s at once): raise --max-bytes above %llu, or "
                "lower --threads or --max-n",
                run->codes[i], (unsigned long long)(r->limit_length ? r->limit_length - 1 : 0), per,
                (unsigned long long)run->max_bytes, t, t == 1 ? "" : "s",
                (unsigned long long)run->max_bytes);
        } else if (st == GRUNDY_STATUS_NOMEM) {
            rc = cli_oom_fail(cmd, run->codes[i], 0, "--threads or --max-n");
        } else {
            rc = cli_fail(cmd, cli_exit_code(st), "%s: %s", run->codes[i], grundy_status_str(st));
        }
    }
    return rc;
}

int survey_table_run(const cli_command *cmd, const char *class_text, survey_run *run) {
    groups g;
    int rc = load_class(cmd, class_text, run);
    if (rc == 0) {
        rc = allocate(cmd, run);
    }
    if (rc == 0 && run->out != NULL) {
        rc = cli_probe_output(cmd, "--out", run->out);
        rc = rc == 0 ? cli_lock_work_file(cmd, "--out", run->out) : rc;
    }
    if (rc == 0) {
        rc = resume(cmd, run);
    }
    if (rc == 0) {
        rc = compute(cmd, run);
    }
    if (rc != 0) {
        return rc;
    }
    if (!form_groups(run, &g)) {
        groups_free(&g);
        return cli_fail(cmd, CLI_EXIT_LIMIT, "out of memory grouping %zu rows", run->count);
    }
    const totals t = count_totals(&g, run);
    run->json ? print_json(&g, run, &t) : print_text(&g, run, &t);
    groups_free(&g);
    rc = report_failures(cmd, run);
    return run->save_failed != 0 ? report_save(cmd, run) : rc;
}

void survey_run_free(survey_run *run) {
    if (run->rows != NULL) {
        for (size_t i = 0; i < run->count; i++) {
            grundy_survey_row_clear(&run->rows[i]);
        }
    }
    free(run->rows);
    free(run->statuses);
    free(run->have);
    free(run->todo);
    free(run->codes);
}
