/* SPDX-License-Identifier: MIT */
/* The page's door into libgrundy (compiled to WebAssembly): one rule at a time, each answer a
 * JSON text the Web Worker hands to the page. Single-threaded: every computation asks for one
 * thread, so no path starts one (a wasm build without threads cannot). */
#include <grundy/grundy.h>
#include <grundy/picture.h>

#include <emscripten.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most heaps of a position, moves listed, and values of one table or picture. */
#define WEB_MAX_HEAPS  64
#define WEB_MAX_MOVES  4096
#define WEB_MAX_VALUES 100000

/* ---------------------------------------------------------------- the answer's text */

static char *answer;
static size_t answer_len, answer_cap;
static int answer_failed;

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static void
out(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char small[256];
    const int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0 || answer_failed) {
        return;
    }
    if (answer_len + (size_t)n + 1 > answer_cap) {
        const size_t cap = 2 * (answer_len + (size_t)n + 1);
        char *const grown = realloc(answer, cap);
        if (grown == NULL) {
            answer_failed = 1;
            return;
        }
        answer = grown;
        answer_cap = cap;
    }
    if ((size_t)n < sizeof small) {
        memcpy(answer + answer_len, small, (size_t)n + 1);
    } else {
        va_start(ap, fmt);
        vsnprintf(answer + answer_len, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    answer_len += (size_t)n;
}

static void start_answer(void) {
    answer_len = 0;
    answer_failed = 0;
    out("{");
}

/* A JSON string: quotes, backslashes and control characters escaped. */
static void out_str(const char *key, const char *s) {
    out("\"%s\":\"", key);
    for (; s != NULL && *s != '\0'; s++) {
        const unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            out("\\%c", c);
        } else if (c < 0x20) {
            out("\\u%04x", c);
        } else {
            out("%c", c);
        }
    }
    out("\",");
}

static const char *finish_answer(void) {
    if (answer_len > 1 && answer[answer_len - 1] == ',') {
        answer_len--;
    }
    out("}");
    return answer_failed ? "{\"error\":\"out of memory\"}" : answer;
}

static const char *fail(grundy_status st, const char *what) {
    start_answer();
    out_str("status", grundy_status_str(st));
    out_str("error", what);
    return finish_answer();
}

/* ---------------------------------------------------------------- the rule */

typedef struct web_state {
    grundy_rule *rule;
    grundy_position *player;        /* normal play; owns the query (values, period) */
    grundy_position *misere_player; /* misere play, made when first asked: its memo, quotient */
    grundy_period_result period;
    double deadline; /* ms (emscripten_get_now) at which the period search stops; 0: none */
} web_state;

static web_state state;

/* At each quiescent point of a computation: the heaps done, for the progress bar. */
EM_JS(void, web_report_progress, (double length, double target), {
    if (typeof WorkerGlobalScope != "undefined") {
        self.postMessage({progress : length, target : target});
    }
});

/* At each quiescent point: report, and stop past the period search's deadline (if any). */
static grundy_status report(void *ctx, const grundy_seq *seq, uint64_t target) {
    (void)ctx;
    web_report_progress((double)grundy_seq_length(seq), (double)target);
    const int late = state.deadline > 0 && emscripten_get_now() > state.deadline;
    return late ? GRUNDY_STATUS_INTERRUPTED : GRUNDY_STATUS_OK;
}

static void close_rule(void) {
    grundy_position_destroy(state.misere_player);
    grundy_position_destroy(state.player);
    grundy_rule_destroy(state.rule);
    memset(&state, 0, sizeof state);
}

static grundy_period_opts period_opts(void) {
    grundy_period_opts opts = GRUNDY_PERIOD_OPTS_INIT;
    opts.seq.threads = 1;
    opts.seq.hook = report;
    return opts;
}

/* The limits of `grundy play` by default: misere play tries at most 2^23 moves in its search
 * and 8 times as many check steps for the misere quotient; normal play counts winning moves
 * within the library's default work. */
#define WEB_MISERE_MAX_WORK ((uint64_t)1 << 23)

static grundy_position_opts position_opts(int misere) {
    grundy_position_opts opts = GRUNDY_POSITION_OPTS_INIT;
    opts.period = period_opts();
    opts.quotient_max_work = 8 * WEB_MISERE_MAX_WORK;
    if (misere) {
        opts.max_work = WEB_MISERE_MAX_WORK;
    }
    return opts;
}

/* Open a rule: its canonical form and words, or the parser's message and position. */
EMSCRIPTEN_KEEPALIVE const char *web_open(const char *text) {
    grundy_diag diag;
    close_rule();
    grundy_status st = grundy_rule_parse(text, &state.rule, &diag);
    if (st != GRUNDY_STATUS_OK) {
        start_answer();
        out_str("status", grundy_status_str(st));
        out_str("error", st == GRUNDY_STATUS_NOMEM ? "out of memory" : diag.message);
        out("\"position\":%zu,", st == GRUNDY_STATUS_NOMEM ? 0 : diag.column);
        return finish_answer();
    }
    const grundy_position_opts opts = position_opts(0);
    st = grundy_position_create(state.rule, &opts, &state.player);
    if (st != GRUNDY_STATUS_OK) {
        close_rule();
        return fail(st, "cannot create the player");
    }
    const size_t canonical_len = grundy_rule_format(state.rule, NULL, 0);
    const size_t words_len = grundy_rule_describe(state.rule, NULL, 0);
    char *const canonical = malloc(canonical_len + 1);
    char *const words = malloc(words_len + 1);
    if (canonical == NULL || words == NULL) {
        free(canonical);
        free(words);
        return fail(GRUNDY_STATUS_NOMEM, "out of memory");
    }
    grundy_rule_format(state.rule, canonical, canonical_len + 1);
    grundy_rule_describe(state.rule, words, words_len + 1);
    start_answer();
    out_str("canonical", canonical);
    out_str("name", grundy_rule_name(state.rule));
    out_str("words", words);
    out("\"max_heaps_left\":%u,", grundy_rule_max_heaps_left(state.rule));
    free(canonical);
    free(words);
    return finish_answer();
}

/* ---------------------------------------------------------------- values and period */

static grundy_query *query(void) {
    return grundy_position_query(state.player);
}

static void out_period(const grundy_period_result *r) {
    out("\"found\":%d,\"proved\":%d,", r->found, r->proved);
    out_str("proof", r->proof != GRUNDY_PROOF_NONE ? grundy_proof_name(r->proof) : "");
    out("\"preperiod\":%" PRIu64 ",\"period\":%" PRIu64 ",\"saltus\":%" PRIu64 ",", r->preperiod,
        r->period, r->saltus);
    out("\"values_computed\":%" PRIu64 ",\"max_value\":%" PRIu64 ",", r->values_computed,
        r->max_value);
    if (r->found) {
        out("\"values_needed\":%" PRIu64 ",",
            grundy_period_values_needed(state.rule, r->preperiod, r->period));
    }
}

/*
 * One step of the period search: grundy_period_find's doubling rounds up to heap max_n, on the
 * values computed so far (the rounds are the same whatever the sequence holds, so steps of
 * growing max_n answer as one search to the last max_n would). `final` says that a larger
 * max_n cannot change the answer: the period is proved, or the search stopped before max_n
 * (where no theorem can prove it, or the engine got slow), or max_n reached the CLI's default.
 * Past `deadline` (ms of emscripten_get_now; 0: none) the step stops at its next quiescent
 * point and answers with the last step's result over the values computed (`interrupted`).
 */
EMSCRIPTEN_KEEPALIVE const char *web_period_step(double max_n, double deadline) {
    if (state.rule == NULL) {
        return fail(GRUNDY_STATUS_INVALID_ARG, "no rule");
    }
    grundy_period_opts opts = period_opts();
    opts.max_n = (uint64_t)max_n < opts.max_n ? (uint64_t)max_n : opts.max_n;
    grundy_seq *const seq = grundy_query_seq(query());
    const grundy_period_result last = state.period;
    state.deadline = deadline;
    const grundy_status st = grundy_period_find(state.rule, seq, &opts, &state.period);
    state.deadline = 0;
    if (st == GRUNDY_STATUS_INTERRUPTED) {
        state.period = last;
        state.period.values_computed = grundy_seq_length(seq);
    } else if (st != GRUNDY_STATUS_OK) {
        return fail(st, grundy_status_str(st));
    }
    const grundy_period_result *const r = &state.period;
    const int final =
        st == GRUNDY_STATUS_OK &&
        ((r->found && r->proved) || r->proof == GRUNDY_PROOF_CLOSED_FORM ||
         r->values_computed <= opts.max_n || opts.max_n >= GRUNDY_PERIOD_DEFAULT_MAX_N);
    start_answer();
    out_period(r);
    out("\"final\":%d,\"interrupted\":%d,", final, st == GRUNDY_STATUS_INTERRUPTED);
    return finish_answer();
}

/* g(0..to) and the P/N counts among them, as `grundy values` and `grundy count` say them. */
EMSCRIPTEN_KEEPALIVE const char *web_values(double to_heap) {
    const uint64_t to = (uint64_t)to_heap;
    if (state.rule == NULL || to >= WEB_MAX_VALUES) {
        return fail(GRUNDY_STATUS_INVALID_ARG, "no rule, or too many values");
    }
    uint64_t *const g = malloc((size_t)(to + 1) * sizeof *g);
    if (g == NULL) {
        return fail(GRUNDY_STATUS_NOMEM, "out of memory");
    }
    uint64_t p = 0, n = 0;
    grundy_status st = grundy_query_values(query(), 0, to + 1, g);
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_query_count(query(), 0, to, &p, &n);
    }
    if (st != GRUNDY_STATUS_OK) {
        free(g);
        return fail(st, grundy_status_str(st));
    }
    start_answer();
    out("\"to\":%" PRIu64 ",\"p_positions\":%" PRIu64 ",\"n_positions\":%" PRIu64 ",", to, p, n);
    out("\"values\":[");
    for (uint64_t i = 0; i <= to; i++) {
        out("%s%" PRIu64, i == 0 ? "" : ",", g[i]);
    }
    out("],");
    free(g);
    return finish_answer();
}

/* ---------------------------------------------------------------- the picture */

/*
 * The sequence picture of g(0..to) with the proved period marked, the library's: the picture
 * `grundy plot RULE --to N -o FILE.svg` draws.
 */
EMSCRIPTEN_KEEPALIVE const char *web_sequence_svg(double to_heap) {
    const uint64_t to = (uint64_t)to_heap;
    if (state.rule == NULL || to >= WEB_MAX_VALUES) {
        return fail(GRUNDY_STATUS_INVALID_ARG, "no rule, or too many values");
    }
    char canonical[128];
    uint64_t *const g = malloc((size_t)(to + 1) * sizeof *g);
    grundy_status st = g == NULL ? GRUNDY_STATUS_NOMEM : grundy_query_values(query(), 0, to + 1, g);
    char *svg = NULL;
    if (st == GRUNDY_STATUS_OK) {
        grundy_period_result period = state.period;
        period.found = period.found && period.proved; /* only proved periods are marked */
        grundy_rule_format(state.rule, canonical, sizeof canonical);
        const grundy_picture_seq seq = {canonical, g, to, &period};
        st = grundy_picture_sequence_svg(&seq, NULL, &svg, NULL);
    }
    free(g);
    if (st != GRUNDY_STATUS_OK) {
        return fail(st, grundy_status_str(st));
    }
    start_answer();
    out_str("svg", svg);
    grundy_picture_free(svg);
    return finish_answer();
}

/* ---------------------------------------------------------------- playing */

/* Heaps from "3,5,7" (commas or spaces). @return the count, or -1 for bad text. */
static int parse_heaps(const char *text, uint64_t *heaps) {
    int count = 0;
    while (*text != '\0') {
        if (*text == ',' || *text == ' ') {
            text++;
            continue;
        }
        char *end;
        errno = 0;
        const unsigned long long h = strtoull(text, &end, 10);
        if (end == text || errno != 0 || h > GRUNDY_NUMBER_MAX || count == WEB_MAX_HEAPS) {
            return -1;
        }
        heaps[count++] = h;
        text = end;
    }
    return count;
}

static void out_moves(const grundy_move *moves, size_t count) {
    out("\"moves\":[");
    for (size_t i = 0; i < count; i++) {
        const grundy_move *const m = &moves[i];
        out("%s{\"heap\":%zu,\"size\":%" PRIu64 ",\"take\":%" PRIu64 ",\"leaves\":[", i ? "," : "",
            m->heap, m->size, m->take);
        for (unsigned j = 0; j < m->leaves_count; j++) {
            out("%s%" PRIu64, j ? "," : "", m->leaves[j]);
        }
        out("]}");
    }
    out("],");
}

/* Who wins the sum, with every winning move (up to WEB_MAX_MOVES), as `grundy play` decides. */
EMSCRIPTEN_KEEPALIVE const char *web_play(const char *heap_text, int misere) {
    static grundy_move moves[WEB_MAX_MOVES];
    uint64_t heaps[WEB_MAX_HEAPS];
    const int count = parse_heaps(heap_text, heaps);
    if (state.rule == NULL || count < 0) {
        return fail(GRUNDY_STATUS_INVALID_ARG, "no rule, or heaps that are not numbers");
    }
    if (misere && state.misere_player == NULL) {
        const grundy_position_opts opts = position_opts(1);
        const grundy_status st = grundy_position_create(state.rule, &opts, &state.misere_player);
        if (st != GRUNDY_STATUS_OK) {
            return fail(st, grundy_status_str(st));
        }
    }
    grundy_play_result r;
    const grundy_status st =
        grundy_position_play(misere ? state.misere_player : state.player, heaps, (size_t)count,
                             misere, moves, WEB_MAX_MOVES, &r);
    if (st != GRUNDY_STATUS_OK) {
        return fail(st, grundy_status_str(st));
    }
    start_answer();
    out("\"win\":%d,\"nim_sum\":%" PRIu64 ",\"move_count\":%" PRIu64 ",", r.win, r.nim_sum,
        r.move_count);
    out("\"values\":[");
    for (int i = 0; i < count && !misere; i++) {
        uint64_t v = 0;
        if (grundy_query_value(query(), heaps[i], &v) == GRUNDY_STATUS_OK) {
            out("%s%" PRIu64, i ? "," : "", v);
        } else {
            out("%snull", i ? "," : ""); /* past what can be computed: said by the page */
        }
    }
    out("],");
    out_moves(moves, r.moves_listed);
    return finish_answer();
}

/* Every move of the sum, winning or not (up to WEB_MAX_MOVES): the choices of the player. */
EMSCRIPTEN_KEEPALIVE const char *web_moves(const char *heap_text) {
    static grundy_move moves[WEB_MAX_MOVES];
    uint64_t heaps[WEB_MAX_HEAPS];
    const int count = parse_heaps(heap_text, heaps);
    if (state.rule == NULL || count < 0) {
        return fail(GRUNDY_STATUS_INVALID_ARG, "no rule, or heaps that are not numbers");
    }
    size_t listed;
    int more;
    const grundy_status st = grundy_position_moves(state.rule, heaps, (size_t)count, moves,
                                                   WEB_MAX_MOVES, &listed, &more);
    if (st != GRUNDY_STATUS_OK) {
        return fail(st, grundy_status_str(st));
    }
    start_answer();
    out("\"more\":%d,", more);
    out_moves(moves, listed);
    return finish_answer();
}
