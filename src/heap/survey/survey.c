/* SPDX-License-Identifier: MIT */
/* Surveys: a class pattern expanded into codes, and one code's row (period, statistics and the
 * fingerprints that let rows be compared without keeping their sequences). */
#include <grundy/survey.h>

#include "util/cpu_ledger.h"
#include "util/try.h"

#include <grundy/stats.h>

#include <stdlib.h>
#include <string.h>

const char *grundy_survey_status_name(grundy_survey_status status) {
    switch (status) {
    case GRUNDY_SURVEY_PROVED:
        return "proved";
    case GRUNDY_SURVEY_OBSERVED:
        return "observed";
    default:
        return "unsolved";
    }
}

grundy_status grundy_survey_expand(const char *pattern, int hex, char ***codes, size_t *count) {
    static const char digits[] = "0123456789ABCDEF";
    const uint64_t base = hex ? 16 : 8;
    const size_t len = strlen(pattern);
    uint64_t total = 1;
    *codes = NULL;
    *count = 0;
    for (size_t i = 0; i < len; i++) {
        if (pattern[i] == '?') {
            if (total > GRUNDY_SURVEY_MAX_CODES / base) {
                return GRUNDY_STATUS_RANGE;
            }
            total *= base;
        }
    }
    /* One block: the pointer array, then the strings. */
    const size_t stride = len + 1;
    char **out = malloc((size_t)total * (sizeof *out + stride));
    if (out == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    char *text = (char *)(out + total);
    for (uint64_t c = 0; c < total; c++) {
        char *s = text + (size_t)c * stride;
        uint64_t rest = c;
        out[c] = s;
        memcpy(s, pattern, stride);
        /* The last '?' varies fastest, so codes come in numeric order. */
        for (size_t i = len; i-- > 0;) {
            if (s[i] == '?') {
                s[i] = digits[rest % base];
                rest /= base;
            }
        }
    }
    *codes = out;
    *count = (size_t)total;
    return GRUNDY_STATUS_OK;
}

void grundy_survey_row_clear(grundy_survey_row *row) {
    if (row != NULL) {
        free(row->prefix);
        memset(row, 0, sizeof *row);
    }
}

/* Doubling rounds up to opts->max_n, each a period search on the same sequence (earlier values
 * are reused), until a proof, the bound, or the time budget: a round is not started when the
 * growth of the last two rounds (between 2x for a sparse code and 4x for one whose values cost
 * O(n) each) predicts that it would end past the budget. */
static grundy_status search(const grundy_rule *rule, grundy_seq *seq,
                            const grundy_survey_opts *opts, const grundy_cpu_ledger *ledger,
                            grundy_period_result *res) {
    grundy_period_opts p = GRUNDY_PERIOD_OPTS_INIT;
    p.seq = opts->seq;
    uint64_t n = opts->max_n < 1024 ? opts->max_n : 1024;
    double before = 0, last = 0, growth = 4; /* the ledger counts from the code's start */
    for (;;) {
        p.max_n = n;
        p.unproved_max_n = n; /* the survey's own rounds bound every search */
        const grundy_status st = grundy_period_find(rule, seq, &p, res);
        if (st != GRUNDY_STATUS_OK || (res->found && res->proved) || n >= opts->max_n) {
            return st;
        }
        const double now = grundy_cpu_ledger_seconds(ledger), round = now - before;
        if (last > 1e-3) {
            growth = round / last < 2 ? 2 : round / last > 4 ? 4 : round / last;
        }
        if (opts->time_per_game > 0 && now + growth * round > opts->time_per_game) {
            return GRUNDY_STATUS_OK;
        }
        last = round;
        before = now;
        n = n > opts->max_n / 2 ? opts->max_n : 2 * n;
    }
}

/* The largest value and where it first occurs, and the rare/common labelling with its rare
 * heaps over heaps 1..len-1: grundy_stats_compute, the one definition `stats` and `plot` print. */
static grundy_status statistics(const grundy_seq *seq, grundy_survey_row *row) {
    grundy_stats s;
    const uint64_t len = grundy_seq_length(seq);
    row->values_computed = len;
    const grundy_status st = grundy_stats_compute(seq, len, &s);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    if (len > 0) {
        row->max_value = s.max_value;
        row->max_value_heap = s.max_heap;
    }
    if (s.has_mask) {
        row->mask = s.mask;
        row->mask_parity = s.use_parity;
        row->rare_count = s.rare_count;
        row->last_rare = s.has_rare ? s.last_rare : 0;
    }
    grundy_stats_free(&s);
    return GRUNDY_STATUS_OK;
}

/* g(n) of a row through its plain period, from the prefix g(0..n0+p-1). */
static uint64_t prefix_value(const grundy_survey_row *row, uint64_t n) {
    const uint64_t n0 = row->period.preperiod, p = row->period.period;
    return row->prefix[n < n0 ? n : n0 + (n - n0) % p];
}

static uint64_t mix(uint64_t h, uint64_t v) {
    h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    h *= 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 31);
}

/* fp[s][k] over g(s .. s + 2^k - 1) for every k the known values allow. */
static void fingerprints(grundy_survey_row *row, const grundy_seq *seq) {
    for (unsigned s = 0; s <= GRUNDY_SURVEY_MAX_SHIFT; s++) {
        uint64_t h = 0x243F6A8885A308D3ull;
        for (uint64_t i = 0; s + i < row->known; i++) {
            const uint64_t n = s + i;
            const uint64_t v =
                n < grundy_seq_length(seq) ? grundy_seq_get(seq, n) : prefix_value(row, n);
            h = mix(h, v);
            const uint64_t count = i + 1;
            if ((count & (count - 1)) == 0) {
                const unsigned k = (unsigned)__builtin_ctzll(count);
                if (k >= GRUNDY_SURVEY_FP_MIN_LOG && k < GRUNDY_SURVEY_FP_LOGS) {
                    row->fp[s][k] = h;
                }
            }
        }
    }
}

/* A proved plain period keeps g(0..n0+p-1): every value of the sequence. */
static grundy_status keep_prefix(grundy_survey_row *row, const grundy_seq *seq) {
    const grundy_period_result *r = &row->period;
    if (row->status != GRUNDY_SURVEY_PROVED || r->saltus != 0 ||
        r->preperiod + r->period > GRUNDY_SURVEY_MAX_PREFIX ||
        r->preperiod + r->period > grundy_seq_length(seq)) {
        return GRUNDY_STATUS_OK;
    }
    row->prefix_len = r->preperiod + r->period;
    row->prefix = malloc((size_t)row->prefix_len * sizeof *row->prefix);
    if (row->prefix == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    for (uint64_t n = 0; n < row->prefix_len; n++) {
        row->prefix[n] = (uint32_t)grundy_seq_get(seq, n);
    }
    return GRUNDY_STATUS_OK;
}

/* Closed forms are proved without computing values: compute one period's worth (and at least
 * 2^MIN_LOG + MAX_SHIFT values) so that the row can be compared with others. */
static grundy_status extend_closed_form(const grundy_survey_row *row, grundy_seq *seq) {
    const grundy_period_result *r = &row->period;
    if (row->status != GRUNDY_SURVEY_PROVED ||
        r->preperiod + r->period > GRUNDY_SURVEY_MAX_PREFIX) {
        return GRUNDY_STATUS_OK;
    }
    uint64_t want = r->preperiod + r->period;
    const uint64_t least = ((uint64_t)1 << GRUNDY_SURVEY_FP_MIN_LOG) + GRUNDY_SURVEY_MAX_SHIFT;
    return grundy_seq_extend(seq, want > least ? want : least);
}

static void classify(grundy_survey_row *row, const char *code, const grundy_rule *rule) {
    grundy_rule_format(rule, row->canonical, sizeof row->canonical);
    /* A code such as 0.120 is the game 0.12: the table says so instead of surveying it twice. */
    row->trivial = strlen(row->canonical) < strlen(code);
    if (row->period.found) {
        row->status = row->period.proved ? GRUNDY_SURVEY_PROVED : GRUNDY_SURVEY_OBSERVED;
    } else {
        row->status = GRUNDY_SURVEY_UNSOLVED;
    }
}

grundy_status grundy_survey_game(const char *code, const grundy_survey_opts *opts,
                                 grundy_survey_row *row) {
    const grundy_survey_opts defaults = GRUNDY_SURVEY_OPTS_INIT;
    /* The code's CPU time: its own thread's and that of the engine's workers when its sequence
     * runs on several threads (their pools charge the ledger), so that its budget and its
     * reported time depend neither on the machine's load, nor on the codes beside it, nor on
     * its sequence's threads. */
    grundy_cpu_ledger ledger;
    grundy_cpu_ledger *const outer = grundy_cpu_ledger_open(&ledger);
    grundy_status st = GRUNDY_STATUS_OK;
    grundy_rule *rule = NULL;
    grundy_seq *seq = NULL;
    if (opts == NULL) {
        opts = &defaults;
    }
    memset(row, 0, sizeof *row);
    GRUNDY_CHECK(strlen(code) < sizeof row->code, GRUNDY_STATUS_RANGE);
    strcpy(row->code, code);
    GRUNDY_TRY(grundy_rule_parse(code, &rule, NULL));
    GRUNDY_TRY(grundy_seq_create(rule, &opts->seq, &seq));
    GRUNDY_TRY(search(rule, seq, opts, &ledger, &row->period));
    classify(row, code, rule);
    GRUNDY_TRY(extend_closed_form(row, seq));
    GRUNDY_TRY(statistics(seq, row));
    GRUNDY_TRY(keep_prefix(row, seq));
    row->known = row->values_computed;
    if (row->prefix != NULL) {
        const uint64_t reach = opts->reach != 0 ? opts->reach : opts->max_n + 1;
        row->known = reach > row->known ? reach : row->known;
    }
    fingerprints(row, seq);
    row->seconds = grundy_cpu_ledger_seconds(&ledger);
cleanup:
    if (st == GRUNDY_STATUS_LIMIT && seq != NULL) { /* how far, and what it needed */
        row->limit_length = grundy_seq_length(seq);
        row->limit_need_bytes = grundy_seq_limit(seq)->need_bytes;
    }
    grundy_seq_destroy(seq); /* its pools, which charge the ledger, are gone */
    grundy_cpu_ledger_close(outer);
    grundy_rule_destroy(rule);
    if (st != GRUNDY_STATUS_OK) {
        free(row->prefix);
        row->prefix = NULL;
    }
    return st;
}
