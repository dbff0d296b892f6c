/* SPDX-License-Identifier: MIT */
/* Shared by the sequence commands: rule and --max-n parsing, the honest "past what is proved". */
#include "seq_common.h"

#include <grundy/experimental.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* --engine's names and what each selects. */
static const char *const engine_names[] = {"auto", "naive", "sparse", NULL};
static const grundy_seq_engine engines[] = {GRUNDY_SEQ_AUTO, GRUNDY_SEQ_NAIVE, GRUNDY_SEQ_SPARSE};

const char *seq_option_word(const char *option, size_t i) {
    return option != NULL && strcmp(option, "engine") == 0 ? cli_word_of(engine_names, i) : NULL;
}

const char *seq_command_word(const char *option, size_t i) {
    return option == NULL ? grundy_rule_known_name(i) : seq_option_word(option, i);
}

/* --engine: naive, sparse or auto; exit 3 for another name. */
static int parse_engine(const cli_command *cmd, const char *text, grundy_seq_engine *out) {
    const int k = cli_word_index(engine_names, text);
    if (k >= 0) {
        *out = engines[k];
        return 0;
    }
    return cli_fail(cmd, CLI_EXIT_VALUE, "unknown engine '%s' (naive, sparse or auto)", text);
}

/* --check and --check-rate R: R a fraction from 0 to 1, exit 3 otherwise. The
 * environment variable GRUNDY_TEST_CORRUPT_HEAP=K is FOR TESTS ONLY: it stores g(K) xor 1, the
 * wrong value the goldens expect --check to catch. */
static int parse_check(const cli_command *cmd, const cli_args *args, int seq_base,
                       grundy_seq_opts *seq) {
    const char *const rate_text = args->value[seq_base + SEQ_OPT_CHECK_RATE];
    const char *const corrupt = getenv("GRUNDY_TEST_CORRUPT_HEAP");
    if (corrupt != NULL) {
        static grundy_seq_experimental_opts test_hooks = GRUNDY_SEQ_EXPERIMENTAL_OPTS_INIT;
        test_hooks.test_corrupt_heap = strtoull(corrupt, NULL, 10);
        seq->experimental = &test_hooks;
    }
    if (!args->present[seq_base + SEQ_OPT_CHECK] && rate_text == NULL) {
        return 0;
    }
    seq->check = 1;
    seq->check_rate = GRUNDY_SEQ_CHECK_DEFAULT_RATE;
    if (rate_text != NULL) {
        char *end = NULL;
        const double rate = strtod(rate_text, &end);
        if (end == rate_text || *end != '\0' || !(rate >= 0.0 && rate <= 1.0)) {
            return cli_fail(cmd, CLI_EXIT_VALUE, "--check-rate '%s' is not a fraction from 0 to 1",
                            rate_text);
        }
        seq->check_rate = rate;
    }
    return 0;
}

int seq_job_start(const cli_command *cmd, const char *rule_text, const cli_args *args, int seq_base,
                  seq_job *job) {
    return seq_job_start_to(cmd, rule_text, args, seq_base, 0, job);
}

int seq_job_start_to(const cli_command *cmd, const char *rule_text, const cli_args *args,
                     int seq_base, uint64_t to, seq_job *job) {
    const grundy_period_opts defaults = GRUNDY_PERIOD_OPTS_INIT;
    const char *const max_n_text = args->value[seq_base + SEQ_OPT_MAX_N];
    const char *const engine_text = args->value[seq_base + SEQ_OPT_ENGINE];
    const char *const threads_text = args->value[seq_base + SEQ_OPT_THREADS];
    memset(job, 0, sizeof *job);
    job->opts = defaults;
    const int run_rc = seq_run_parse(cmd, args, seq_base, &job->run, &job->opts.seq);
    if (run_rc >= 0) {
        return run_rc;
    }
    const int threads_rc =
        cli_parse_threads(cmd, threads_text != NULL, threads_text, &job->opts.seq.threads);
    if (threads_rc != 0) {
        return threads_rc;
    }
    if (max_n_text != NULL) {
        const int rc =
            cli_parse_number(cmd, "--max-n", max_n_text, GRUNDY_NUMBER_MAX - 1, &job->opts.max_n);
        if (rc != 0) {
            return rc;
        }
        job->opts.unproved_max_n = job->opts.max_n; /* asked for: search that far */
        job->opts.max_work = UINT64_MAX;            /* and compute that far, past the work bound */
    } else if (to > job->opts.max_n) {
        job->opts.max_n = to; /* --to said how far; the default is for the period searches */
    }
    if (engine_text != NULL) {
        const int rc = parse_engine(cmd, engine_text, &job->opts.seq.engine);
        if (rc != 0) {
            return rc;
        }
    }
    const int check_rc = parse_check(cmd, args, seq_base, &job->opts.seq);
    if (check_rc != 0) {
        return check_rc;
    }
    job->opts.seq.check_report = &job->check;
    const int rc = cli_parse_rule(cmd, rule_text, &job->rule);
    if (rc != 0) {
        return rc;
    }
    const size_t len = grundy_rule_format(job->rule, NULL, 0);
    job->canonical = malloc(len + 1);
    if (job->canonical == NULL) {
        return cli_oom_fail(cmd, "the sequence", 0, NULL);
    }
    grundy_rule_format(job->rule, job->canonical, len + 1);
    const unsigned most = grundy_rule_max_heaps_left(job->rule);
    if (job->opts.seq.engine == GRUNDY_SEQ_SPARSE && most != 2) {
        return cli_fail(cmd, CLI_EXIT_VALUE,
                        "--engine sparse needs a rule whose moves leave at most two heaps, some"
                        " two: the moves of %s leave %s %u heap%s",
                        job->canonical, most < 2 ? "at most" : "up to", most, most == 1 ? "" : "s");
    }
    const grundy_status st = grundy_query_create(job->rule, &job->opts, &job->query);
    if (st == GRUNDY_STATUS_IO && job->run.spill != NULL) {
        return cli_fail(cmd, CLI_EXIT_IO, "cannot create --spill %s: %s", job->run.spill,
                        strerror(errno));
    }
    if (st != GRUNDY_STATUS_OK) {
        return cli_fail(cmd, cli_exit_code(st), "cannot start on %s: %s", job->canonical,
                        grundy_status_str(st));
    }
    job->run.bound = job->opts.max_n + 1; /* what --to N sets lower */
    return seq_run_begin(&job->run, job->query, job->canonical);
}

int seq_job_end(seq_job *job, int rc) {
    free(job->canonical);
    grundy_query_destroy(job->query);
    grundy_rule_destroy(job->rule);
    return seq_run_exit(&job->run, rc);
}

/* "the naive engine, whose moves leave up to 3 heaps" (for the work bound's messages). */
static void engine_words(grundy_query *q, const grundy_rule *rule, char *buf, size_t cap) {
    grundy_seq *const seq = grundy_query_seq(q);
    const unsigned most = grundy_rule_max_heaps_left(rule);
    snprintf(buf, cap, "the %s engine, moves leaving up to %u heap%s",
             grundy_seq_get_engine(seq) == GRUNDY_SEQ_NAIVE ? "naive" : "sparse", most,
             most == 1 ? "" : "s");
}

int cli_work_refusal(const cli_command *cmd, const char *where, const char *canonical,
                     grundy_query *q, const grundy_rule *rule, uint64_t max_n) {
    const grundy_query_refusal *r = grundy_query_refused(q);
    char engine[96];
    if (r == NULL || !r->refused) {
        return -1;
    }
    engine_words(q, rule, engine, sizeof engine);
    /* A heap a direct computation can reach (a byte a value at least, within what a sequence
     * keeps in memory) is answered by --max-n at the heap, with or without a period; past that,
     * only a period found by searching further answers it. */
    const uint64_t enough =
        r->heap > max_n && r->heap < GRUNDY_SEQ_DEFAULT_MAX_BYTES ? r->heap : max_n;
    if (r->search) {
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "%sg(%llu) is past what is proved: no proved period of %s within "
                        "g(0..%llu), where the work bound (%llu option visits by the engine's "
                        "estimate; %s) stopped the search short of --max-n %llu; an explicit "
                        "--max-n M lifts the work bound and searches to g(0..M): give --max-n "
                        "%llu or more",
                        where, (unsigned long long)r->heap, canonical, (unsigned long long)r->reach,
                        (unsigned long long)GRUNDY_QUERY_DEFAULT_MAX_WORK, engine,
                        (unsigned long long)max_n, (unsigned long long)enough);
    }
    return cli_fail(cmd, CLI_EXIT_LIMIT,
                    "%scomputing g(0..%llu) of %s directly would take about %.2g option visits "
                    "(%s), past the work bound of %llu (it reaches heap %llu): give --max-n %llu "
                    "to compute it anyway",
                    where, (unsigned long long)r->heap, canonical, r->work, engine,
                    (unsigned long long)GRUNDY_QUERY_DEFAULT_MAX_WORK, (unsigned long long)r->reach,
                    (unsigned long long)r->heap);
}

int seq_job_memory_fail(const cli_command *cmd, seq_job *job) {
    const grundy_seq_limit_info *l = grundy_seq_limit(grundy_query_seq(job->query));
    const unsigned long long memory = job->run.memory, need = l->need_bytes, heap = l->heap;
    if (memory == 0 || l->reason == GRUNDY_SEQ_LIMIT_NONE) {
        return -1;
    }
    /* A windowed checkpoint resumes with its own bound only (its layout is the bound's): the
     * advice to raise --memory says what to do with it. */
    char note[400] = "";
    if (job->run.checkpoint != NULL && access(job->run.checkpoint, F_OK) == 0) {
        snprintf(note, sizeof note,
                 " (checkpoint %.200s resumes with --memory %llu only: remove it, or name another "
                 "--checkpoint, to start again with the larger bound)",
                 job->run.checkpoint, memory);
    }
    if (l->reason == GRUNDY_SEQ_LIMIT_GAP) {
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "heap %llu of %s needs g(%llu), which --memory %llu does not keep (it "
                        "holds g(0..%llu) and g(%llu..%llu)); raise --memory to at least %llu%s",
                        heap, job->canonical, (unsigned long long)l->index, memory,
                        (unsigned long long)(l->prefix - (l->prefix > 0)),
                        (unsigned long long)l->first, heap - (heap > 0), need, note);
    }
    if (l->reason == GRUNDY_SEQ_LIMIT_ALL) {
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "%s needs every value of %s kept, g(0..%llu) with the scratch, more than "
                        "--memory %llu; raise --memory to at least %llu%s",
                        l->what, job->canonical, (unsigned long long)(l->index - (l->index > 0)),
                        memory, need, note);
    }
    return cli_fail(cmd, CLI_EXIT_LIMIT,
                    "%s: the values kept and the engine's scratch pass --memory %llu at heap "
                    "%llu; raise --memory to at least %llu%s",
                    job->canonical, memory,
                    (unsigned long long)grundy_seq_length(grundy_query_seq(job->query)), need,
                    note);
}

/* A heap within --max-n that the sequence's memory bound (values kept in RAM, without --memory)
 * stopped: what it needs, and the way past it that exists, --memory with --spill. */
static int memory_bound_fail(const cli_command *cmd, seq_job *job, uint64_t heap) {
    const grundy_seq_limit_info *l = grundy_seq_limit(grundy_query_seq(job->query));
    const unsigned long long reach = grundy_query_reach(job->query);
    char need[64] = "", done[64] = "";
    if (l->reason == GRUNDY_SEQ_LIMIT_BYTES && l->need_bytes > 0) {
        snprintf(need, sizeof need, " needs about %llu bytes,", (unsigned long long)l->need_bytes);
    }
    if (reach > 0) {
        snprintf(done, sizeof done, " (g(0..%llu) computed)", reach);
    }
    return cli_fail(cmd, CLI_EXIT_LIMIT,
                    "heap %llu of %s is out of reach: computing g(0..%llu) directly%s past the "
                    "%llu bytes a sequence may keep in memory%s; give --memory B --spill FILE to "
                    "compute it in B bytes with the rest on disk ('grundy help sequence-options'), "
                    "or a smaller heap",
                    (unsigned long long)heap, job->canonical, (unsigned long long)heap, need,
                    (unsigned long long)job->opts.seq.max_bytes, done);
}

int seq_job_fail(const cli_command *cmd, seq_job *job, grundy_status st, uint64_t heap) {
    const unsigned long long n = heap, max_n = job->opts.max_n;
    const unsigned long long reach = grundy_query_reach(job->query);
    if (st == GRUNDY_STATUS_CHECK && job->check.failed) {
        return cli_fail(cmd, CLI_EXIT_IO,
                        "self-check failed on %s at heap %llu: the engine gave %llu, the mex over "
                        "its options is %llu",
                        job->canonical, (unsigned long long)job->check.heap,
                        (unsigned long long)job->check.value, (unsigned long long)job->check.mex);
    }
    const int run_rc = seq_run_fail(&job->run, st);
    if (run_rc >= 0) {
        return run_rc;
    }
    const char *const spill = grundy_seq_spill_problem(grundy_query_seq(job->query));
    if (spill != NULL && (st == GRUNDY_STATUS_PARSE || st == GRUNDY_STATUS_IO)) {
        return cli_fail(cmd, cli_exit_code(st), "--spill %s: %s", job->run.spill, spill);
    }
    if (st == GRUNDY_STATUS_NOMEM) { /* what was computed, and the ulimit -v that would do */
        return cli_memory_fail(cmd, st, job->canonical,
                               grundy_seq_length(grundy_query_seq(job->query)), NULL);
    }
    if (st != GRUNDY_STATUS_LIMIT) {
        return cli_fail(cmd, cli_exit_code(st), "%s: %s", job->canonical, grundy_status_str(st));
    }
    const int memory_rc = seq_job_memory_fail(cmd, job);
    if (memory_rc >= 0) {
        return memory_rc;
    }
    const int work_rc = cli_work_refusal(cmd, "", job->canonical, job->query, job->rule, max_n);
    if (work_rc >= 0) {
        return work_rc;
    }
    if (heap <= job->opts.max_n) {
        return memory_bound_fail(cmd, job, heap);
    }
    if (grundy_period_theorem(job->rule) == GRUNDY_PROOF_NONE) {
        /* g(0..n) takes a byte a value at least: past the bound on what a sequence keeps, only
         * --memory with --spill computes it */
        char note[160] = "";
        if (job->run.memory == 0 && heap >= job->opts.seq.max_bytes) {
            snprintf(note, sizeof note,
                     " with --memory B --spill FILE (past the %llu bytes a sequence keeps in "
                     "memory)",
                     (unsigned long long)job->opts.seq.max_bytes);
        }
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "g(%llu) is past what is proved: no theorem proves periods of %s ('!' "
                        "codes and tails), so only heaps up to --max-n are computed; raise "
                        "--max-n (now %llu) to %llu or more%s",
                        n, job->canonical, max_n, n, note);
    }
    if (job->opts.unproved_max_n == 0 && reach < max_n) {
        /* Not --max-n: the search's own default cap where the engine gets slow (period.h,
         * unproved_max_n), which any --max-n given replaces. */
        char engine[96];
        engine_words(job->query, job->rule, engine, sizeof engine);
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "g(%llu) is past what is proved: computed g(0..%llu) of %s without a "
                        "proved period, where the search stops unless --max-n is given (%s); "
                        "give --max-n %llu (the next doubling round) or more",
                        n, reach, job->canonical, engine, 2 * reach);
    }
    return cli_fail(cmd, CLI_EXIT_LIMIT,
                    "g(%llu) is past what is proved: computed g(0..%llu) of %s without a "
                    "proved period; raise --max-n (now %llu)",
                    n, reach, job->canonical, max_n);
}

int seq_job_done(const cli_command *cmd, seq_job *job, int rc, uint64_t count) {
    grundy_seq *const seq = grundy_query_seq(job->query);
    if (job->run.save != NULL && count != UINT64_MAX && count > grundy_seq_length(seq)) {
        /* The values came through a period: --save holds computed values, so compute them. */
        if (count - 1 > job->opts.max_n) {
            seq_run_fail(&job->run, GRUNDY_STATUS_OK);
            return cli_fail(cmd, CLI_EXIT_LIMIT,
                            "--save writes g(0..%llu) computed directly: raise --max-n (now "
                            "%llu) to %llu",
                            (unsigned long long)(count - 1), (unsigned long long)job->opts.max_n,
                            (unsigned long long)(count - 1));
        }
        const grundy_status st = grundy_seq_extend(seq, count);
        if (st != GRUNDY_STATUS_OK) {
            return seq_job_fail(cmd, job, st, count - 1);
        }
    }
    return seq_run_done(&job->run, rc, count);
}

int seq_job_stream(const cli_command *cmd, seq_job *job, uint64_t to,
                   void (*sink)(void *ctx, uint64_t n, uint64_t value), void *ctx) {
    /* --to N asks for exactly g(0..N): only a --max-n given bounds it (its default bounds the
     * period searches, which a direct computation does not make). */
    if (job->opts.unproved_max_n != 0 && to > job->opts.max_n) {
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "with --memory, g(0..%llu) is computed directly: raise --max-n (now %llu) "
                        "to %llu",
                        (unsigned long long)to, (unsigned long long)job->opts.max_n,
                        (unsigned long long)to);
    }
    grundy_seq *const seq = grundy_query_seq(job->query);
    job->run.bound = to + 1;
    job->run.sink = sink;
    job->run.sink_ctx = ctx;
    job->run.sunk = 0;
    job->run.sink_end = to + 1;
    const int resumed = seq_run_sink_start(&job->run); /* --memory: a windowed checkpoint */
    if (resumed >= 0) {
        return resumed;
    }
    const grundy_status st = grundy_seq_extend(seq, to + 1);
    if (st == GRUNDY_STATUS_OK || st == GRUNDY_STATUS_LIMIT) {
        /* A limit stops the stream after every value computed: without this drain, what was
         * printed ended at the last chunk's hook, a point that depends on the clock. */
        seq_run_drain(&job->run);
    }
    if (job->run.lost) {
        return cli_fail(cmd, CLI_EXIT_IO, "%s: internal error: a value was dropped unseen",
                        job->canonical);
    }
    return st == GRUNDY_STATUS_OK ? -1 : seq_job_fail(cmd, job, st, to);
}
