/* SPDX-License-Identifier: MIT */
/* grundy misere: a rule's partial misere quotient Q_N (presentation, P-portion, pretending
 * function), computed heap by heap. */
#include "cli.h"
#include "json.h"
#include "misere_file.h"
#include "misere_progress.h"

#include <stdlib.h>
#include <string.h>

static const char help[] =
    "Usage: grundy misere RULE [--max-heap N] [--max-quotient Q] [--max-bytes B] [--max-work W]\n"
    "                     [--table] [--save FILE | --load FILE] [--genus] [--trace]\n"
    "                     [--progress | -q] [--json]\n"
    "\n"
    "Print the misere quotient of RULE (Plambeck and Siegel): the monoid of positions up to\n"
    "indistinguishability, as a minimal set of generators and relations, its order, its\n"
    "P-portion (the classes of misere P-positions) and each heap's image (the pretending\n"
    "function phi). A misere sum of heaps is a P-position exactly when the product of its heaps'\n"
    "images lies in the P-portion. The quotient grows heap by heap until phi's period is proved\n"
    "(N >= 2 n0 + 2p + t, t the largest take; codes without tails, '!' or splits into three or\n"
    "more heaps, and subtraction sets): then it is the quotient of all heaps, found at the last\n"
    "heap at which it changed and proved at N. Stopped before (--max-heap, or a bound: exit 4),\n"
    "it is a 'partial quotient, heaps 1 to N, not proved', exact for those heaps: every quotient\n"
    "printed has passed an exact check over all their positions. The quotient is tame when it\n"
    "is one of Conway's T_k.\n"
    "\n"
    "Options:\n"
    "  --max-heap N      stop at heap N, proved or not [default: until proved, at most 100000;\n"
    "                    32 for a rule no proof covers]\n"
    "  --max-quotient Q  the largest quotient or candidate allowed; past it: exit 4\n"
    "                    [default: 4096]\n"
    "  --max-bytes B     memory for all the quotient's tables together (its peak); past it:\n"
    "                    exit 4 [default: 1073741824]\n"
    "  --max-work W      check steps (a state reached times the heaps added to it); past\n"
    "                    it: exit 4 [default: 1073741824]\n"
    "  --table           print the multiplication table too, with the elements and the\n"
    "                    P-portion as element numbers (JSON: elements, table, p_elements)\n"
    "  --save FILE       write the quotient printed to FILE (docs/file-formats.md), for\n"
    "                    'grundy play --misere --quotient FILE' and --load\n"
    "  --load FILE       print the quotient saved in FILE instead of computing it\n"
    "  --genus           print Conway's genus g^(g0 g1 ...) of each heap 0..N instead: g its\n"
    "                    normal Grundy value, g_k the misere Grundy value of the heap plus k\n"
    "                    heaps *2; N is 20 without --max-heap (JSON: genus, a list of\n"
    "                    {heap, normal, misere_values})\n"
    "  --trace           print each heap at which the quotient changes, on stderr\n"
    "  --progress        a progress line on stderr (the default when it is a terminal)\n"
    "  -q                no progress line\n"
    "  --json            print one JSON object: rule, max_heap, order, p_size, tame,\n"
    "                    generators, relations, p_portion, phi, stable_from, proved,\n"
    "                    proved_at, partial, phi_period, phi_preperiod\n"
    "  -h, --help        show this help\n"
    "\n"
    "Examples:\n"
    "  grundy misere kayles\n"
    "  grundy misere 0.75 --max-heap 20\n"
    "  grundy misere kayles --max-heap 12 --json\n";

static const cli_option options[] = {{"max-heap", 0, CLI_ARG_ONE},
                                     {"max-quotient", 0, CLI_ARG_ONE},
                                     {"genus", 0, CLI_ARG_NONE},
                                     {"trace", 0, CLI_ARG_NONE},
                                     {"json", 0, CLI_ARG_NONE},
                                     {"max-bytes", 0, CLI_ARG_ONE},
                                     {"max-work", 0, CLI_ARG_ONE},
                                     {"progress", 0, CLI_ARG_NONE},
                                     {"quiet", 'q', CLI_ARG_NONE},
                                     {"table", 0, CLI_ARG_NONE},
                                     {"save", 0, CLI_ARG_ONE},
                                     {"load", 0, CLI_ARG_ONE},
                                     {NULL, 0, 0}};
enum {
    OPT_MAX_HEAP,
    OPT_MAX_QUOTIENT,
    OPT_GENUS,
    OPT_TRACE,
    OPT_JSON,
    OPT_MAX_BYTES,
    OPT_MAX_WORK,
    OPT_PROGRESS,
    OPT_QUIET,
    OPT_TABLE,
    OPT_SAVE,
    OPT_LOAD
};

/* The defaults of --max-bytes and --max-work. */
#define MISERE_DEFAULT_MAX_BYTES ((uint64_t)1 << 30)
#define MISERE_DEFAULT_MAX_WORK  ((uint64_t)1 << 30)

/* The largest heap accepted: the option words of every heap are kept. */
#define MAX_HEAP_OPTION 100000u

static void trace(void *ctx, uint64_t heap, uint32_t order, uint32_t p_size, unsigned attempts) {
    misere_progress_clear(ctx);
    fprintf(stderr, "heap %llu: the quotient changes: order %u, P-portion %u (%u candidate%s)\n",
            (unsigned long long)heap, order, p_size, attempts, attempts == 1 ? "" : "s");
}

static const char *word(const grundy_misere *q, uint32_t x, char *buf, size_t cap) {
    grundy_misere_format_element(q, x, buf, cap);
    return buf;
}

static void gen_name(size_t i, char *buf, size_t cap) {
    if (i < 26) {
        snprintf(buf, cap, "%c", (char)('a' + i));
    } else {
        snprintf(buf, cap, "g%zu", i + 1);
    }
}

/* --table in JSON: each element's word, the product table by element numbers, the P-portion's
 * numbers. */
static void print_json_table(json_writer *w, const grundy_misere *q) {
    char buf[1024];
    const uint32_t order = grundy_misere_order(q);
    json_key(w, "elements");
    json_array_begin(w);
    for (uint32_t x = 0; x < order; x++) {
        json_str(w, word(q, x, buf, sizeof buf));
    }
    json_array_end(w);
    json_key(w, "table");
    json_array_begin(w);
    for (uint32_t x = 0; x < order; x++) {
        json_array_begin(w);
        for (uint32_t y = 0; y < order; y++) {
            json_u64(w, grundy_misere_mul(q, x, y));
        }
        json_array_end(w);
    }
    json_array_end(w);
    json_key(w, "p_elements");
    json_array_begin(w);
    for (uint32_t x = 0; x < order; x++) {
        if (grundy_misere_is_p(q, x)) {
            json_u64(w, x);
        }
    }
    json_array_end(w);
}

static void print_json(const grundy_misere *q, const char *rule, int table) {
    char buf[1024];
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_kv_str(&w, "rule", rule);
    json_kv_u64(&w, "max_heap", grundy_misere_max_heap(q));
    json_kv_u64(&w, "order", grundy_misere_order(q));
    json_kv_u64(&w, "p_size", grundy_misere_p_size(q));
    const int tame = grundy_misere_tame(q);
    if (tame >= 0) {
        json_kv_u64(&w, "tame", (uint64_t)tame);
    } else {
        json_kv_null(&w, "tame");
    }
    json_key(&w, "generators");
    json_array_begin(&w);
    for (size_t i = 0; i < grundy_misere_generator_count(q); i++) {
        json_object_begin(&w);
        gen_name(i, buf, sizeof buf);
        json_kv_str(&w, "name", buf);
        json_kv_u64(&w, "heap", grundy_misere_generator_heap(q, i));
        json_object_end(&w);
    }
    json_array_end(&w);
    json_key(&w, "relations");
    json_array_begin(&w);
    for (size_t i = 0; i < grundy_misere_relation_count(q); i++) {
        grundy_misere_format_relation(q, i, buf, sizeof buf);
        json_str(&w, buf);
    }
    json_array_end(&w);
    json_key(&w, "p_portion");
    json_array_begin(&w);
    for (uint32_t x = 0; x < grundy_misere_order(q); x++) {
        if (grundy_misere_is_p(q, x)) {
            json_str(&w, word(q, x, buf, sizeof buf));
        }
    }
    json_array_end(&w);
    json_key(&w, "phi");
    json_array_begin(&w);
    for (uint64_t h = 0; h <= grundy_misere_max_heap(q); h++) {
        uint32_t x = 0;
        grundy_misere_image(q, h, &x);
        json_str(&w, word(q, x, buf, sizeof buf));
    }
    json_array_end(&w);
    json_kv_u64(&w, "stable_from", grundy_misere_stable_from(q));
    uint64_t period = 0, preperiod = 0;
    if (grundy_misere_phi_period(q, &period, &preperiod)) {
        json_kv_u64(&w, "phi_period", period);
        json_kv_u64(&w, "phi_preperiod", preperiod);
    } else {
        json_kv_null(&w, "phi_period");
        json_kv_null(&w, "phi_preperiod");
    }
    uint64_t proved_p = 0, proved_n0 = 0;
    const int proved = grundy_misere_proved(q, &proved_p, &proved_n0);
    json_kv_bool(&w, "proved", proved);
    if (proved) {
        json_kv_u64(&w, "proved_at", grundy_misere_proved_at(q));
    } else {
        json_kv_null(&w, "proved_at");
    }
    json_kv_bool(&w, "partial", !proved);
    if (table) {
        print_json_table(&w, q);
    }
    json_object_end(&w);
}

/* --table in text: the elements by number, then one row of products per element. */
static void print_text_table(const grundy_misere *q) {
    char buf[1024];
    const uint32_t order = grundy_misere_order(q);
    printf("elements:");
    for (uint32_t x = 0; x < order; x++) {
        printf("%s %u = %s", x ? "," : "", x, word(q, x, buf, sizeof buf));
    }
    printf("\nP-portion elements:");
    for (uint32_t x = 0; x < order; x++) {
        if (grundy_misere_is_p(q, x)) {
            printf(" %u", x);
        }
    }
    printf("\ntable (row x, column y: the number of xy):\n");
    for (uint32_t x = 0; x < order; x++) {
        printf("%u:", x);
        for (uint32_t y = 0; y < order; y++) {
            printf(" %u", grundy_misere_mul(q, x, y));
        }
        printf("\n");
    }
}

static void print_text(const grundy_misere *q, const char *rule, int table, int provable) {
    char buf[1024];
    const int tame = grundy_misere_tame(q);
    printf("rule %s, heaps up to %llu\n", rule, (unsigned long long)grundy_misere_max_heap(q));
    printf("order %u, P-portion %u, ", grundy_misere_order(q), grundy_misere_p_size(q));
    if (tame >= 0) {
        printf("tame (T%d)\n", tame);
    } else {
        printf("not tame\n");
    }
    printf("generators:");
    for (size_t i = 0; i < grundy_misere_generator_count(q); i++) {
        gen_name(i, buf, sizeof buf);
        printf("%s %s = heap %llu", i ? "," : "", buf,
               (unsigned long long)grundy_misere_generator_heap(q, i));
    }
    printf("\nrelations:");
    for (size_t i = 0; i < grundy_misere_relation_count(q); i++) {
        grundy_misere_format_relation(q, i, buf, sizeof buf);
        printf("%s %s", i ? "," : "", buf);
    }
    printf("\nP-portion:");
    int first = 1;
    for (uint32_t x = 0; x < grundy_misere_order(q); x++) {
        if (grundy_misere_is_p(q, x)) {
            printf("%s %s", first ? "" : ",", word(q, x, buf, sizeof buf));
            first = 0;
        }
    }
    printf("\nphi:");
    for (uint64_t h = 0; h <= grundy_misere_max_heap(q); h++) {
        uint32_t x = 0;
        grundy_misere_image(q, h, &x);
        printf(" %s", word(q, x, buf, sizeof buf));
    }
    printf("\n");
    if (table) {
        print_text_table(q);
    }
    uint64_t period = 0, preperiod = 0;
    if (grundy_misere_proved(q, &period, &preperiod)) {
        const unsigned long long at = grundy_misere_proved_at(q);
        printf("found at heap %llu (stable from there), proved at heap %llu: phi has period %llu "
               "from heap %llu and %llu >= 2*%llu + 2*%llu + t (the largest take), so every heap "
               "has its image and this is the quotient of all heaps\n",
               (unsigned long long)grundy_misere_stable_from(q), at, (unsigned long long)period,
               (unsigned long long)preperiod, at, (unsigned long long)preperiod,
               (unsigned long long)period);
        return;
    }
    printf("partial quotient, heaps 1 to %llu, not proved (stable from heap %llu)%s\n",
           (unsigned long long)grundy_misere_max_heap(q),
           (unsigned long long)grundy_misere_stable_from(q),
           provable ? ""
                    : ": no periodicity proof covers this rule (a tail, a split without "
                      "taking, '!' on three heaps, or four heaps left); --max-heap N goes further");
    if (grundy_misere_phi_period(q, &period, &preperiod)) {
        printf("phi: period %llu from heap %llu (observed, not proved)\n",
               (unsigned long long)period, (unsigned long long)preperiod);
    } else {
        printf("phi: no period seen three times up to heap %llu\n",
               (unsigned long long)grundy_misere_max_heap(q));
    }
}

#define GENUS_MAX_STATES ((uint64_t)1 << 22)
/* --genus without --max-heap: the genus search suits small heaps. */
#define GENUS_DEFAULT_MAX_HEAP 20u

/* Conway's notation: superscripts run together when all are single digits, else with commas. */
static void print_genus_text(uint64_t heap, const grundy_genus *g) {
    int wide = g->normal > 9;
    for (size_t i = 0; i < g->len; i++) {
        wide |= g->misere[i] > 9;
    }
    printf("%llu: %llu^%s", (unsigned long long)heap, (unsigned long long)g->normal,
           wide ? "(" : "");
    for (size_t i = 0; i < g->len; i++) {
        printf("%s%u", wide && i ? "," : "", (unsigned)g->misere[i]);
    }
    printf("%s\n", wide ? ")" : "");
}

static void print_genus(const grundy_genus *rows, uint64_t max_heap, const char *canonical,
                        int json) {
    if (!json) {
        for (uint64_t h = 0; h <= max_heap; h++) {
            print_genus_text(h, &rows[h]);
        }
        return;
    }
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_kv_str(&w, "rule", canonical);
    json_kv_u64(&w, "max_heap", max_heap);
    json_key(&w, "genus");
    json_array_begin(&w);
    for (uint64_t h = 0; h <= max_heap; h++) {
        json_object_begin(&w);
        json_kv_u64(&w, "heap", h);
        json_kv_u64(&w, "normal", rows[h].normal);
        json_key(&w, "misere_values");
        json_array_begin(&w);
        for (size_t i = 0; i < rows[h].len; i++) {
            json_u64(&w, rows[h].misere[i]);
        }
        json_array_end(&w);
        json_object_end(&w);
    }
    json_array_end(&w);
    json_object_end(&w);
}

/* Every genus first, so that a failure prints no partial result. */
static int run_genus(const grundy_rule *rule, const char *canonical, uint64_t max_heap,
                     uint64_t max_bytes, int json) {
    const uint64_t need = (max_heap + 1) * sizeof(grundy_genus);
    if (need > max_bytes) {
        return cli_fail(&cli_cmd_misere, CLI_EXIT_LIMIT,
                        "--genus: %llu heaps need %llu bytes of rows, over --max-bytes %llu: "
                        "raise --max-bytes to at least %llu",
                        (unsigned long long)max_heap + 1, (unsigned long long)need,
                        (unsigned long long)max_bytes, (unsigned long long)need);
    }
    grundy_genus *rows = malloc((size_t)need);
    if (rows == NULL) {
        return cli_oom_fail(&cli_cmd_misere, "--genus", need, "--max-heap");
    }
    /* The rows first, the search's memo in what is left of --max-bytes (at least one byte, so
     * that 0 does not mean the library's default). */
    const uint64_t memo_bytes = max_bytes > need ? max_bytes - need : 1;
    const grundy_status st =
        grundy_misere_genus(rule, max_heap, GENUS_MAX_STATES, memo_bytes, rows);
    if (st != GRUNDY_STATUS_OK) {
        free(rows);
        if (st == GRUNDY_STATUS_NOMEM) {
            return cli_oom_fail(&cli_cmd_misere, "--genus", 0, "--max-heap");
        }
        return cli_fail(&cli_cmd_misere, cli_exit_code(st),
                        "the genus search %s (it searches heap + k*2 for up to %d values of k, "
                        "within %llu positions and the %llu bytes --max-bytes leaves beside the "
                        "rows): lower --max-heap or raise --max-bytes",
                        st == GRUNDY_STATUS_LIMIT ? "reached its bound" : grundy_status_str(st),
                        GRUNDY_GENUS_MAX_TERMS, (unsigned long long)GENUS_MAX_STATES,
                        (unsigned long long)memo_bytes);
    }
    print_genus(rows, max_heap, canonical, json);
    free(rows);
    return CLI_EXIT_OK;
}

/* --max-heap, --max-quotient, --max-bytes, --max-work into o and *max_heap. */
static int parse_limits(const cli_args *args, uint64_t *max_heap, grundy_misere_opts *o) {
    int rc = 0;
    o->max_bytes = MISERE_DEFAULT_MAX_BYTES;
    o->max_work = MISERE_DEFAULT_MAX_WORK;
    if (args->present[OPT_MAX_HEAP]) {
        rc = cli_parse_number(&cli_cmd_misere, "--max-heap", args->value[OPT_MAX_HEAP],
                              MAX_HEAP_OPTION, max_heap);
    }
    if (rc == 0 && args->present[OPT_MAX_QUOTIENT]) {
        rc = cli_parse_number(&cli_cmd_misere, "--max-quotient", args->value[OPT_MAX_QUOTIENT],
                              UINT32_MAX / 2, &o->max_quotient);
    }
    if (rc == 0 && args->present[OPT_MAX_BYTES]) {
        rc = cli_parse_bytes(&cli_cmd_misere, "--max-bytes", args->value[OPT_MAX_BYTES],
                             GRUNDY_NUMBER_MAX, &o->max_bytes);
    }
    if (rc == 0 && args->present[OPT_MAX_WORK]) {
        rc = cli_parse_number(&cli_cmd_misere, "--max-work", args->value[OPT_MAX_WORK],
                              GRUNDY_NUMBER_MAX, &o->max_work);
    }
    if (rc == 0 && args->present[OPT_PROGRESS] && args->present[OPT_QUIET]) {
        rc = cli_usage_error(&cli_cmd_misere, "--progress and -q exclude each other");
    }
    if (rc == 0 && args->present[OPT_LOAD] &&
        (args->present[OPT_SAVE] || args->present[OPT_GENUS])) {
        rc = cli_usage_error(&cli_cmd_misere, "--load excludes --save and --genus");
    }
    if (rc == 0 && args->present[OPT_SAVE]) {
        rc = cli_probe_output(&cli_cmd_misere, "--save", args->value[OPT_SAVE]);
    }
    return rc;
}

/* The quotient so far, in the format asked for. */
static void print_quotient(const grundy_misere *q, const grundy_rule *rule, const char *canonical,
                           const cli_args *args) {
    if (args->present[OPT_JSON]) {
        print_json(q, canonical, args->present[OPT_TABLE] > 0);
    } else {
        print_text(q, canonical, args->present[OPT_TABLE] > 0, grundy_misere_provable(rule));
    }
}

/* --save: the quotient printed, exact for its heaps (partial or not). */
static int save(const grundy_misere *q, const cli_args *args) {
    return args->present[OPT_SAVE]
               ? misere_file_save(&cli_cmd_misere, "--save", q, args->value[OPT_SAVE])
               : CLI_EXIT_OK;
}

static int run(int argc, char **argv) {
    cli_args args;
    uint64_t max_heap = MAX_HEAP_OPTION;
    grundy_misere_opts o = GRUNDY_MISERE_OPTS_INIT;
    grundy_rule *rule = NULL;
    grundy_misere *q = NULL;
    misere_progress progress;
    int rc = cli_parse_args(&cli_cmd_misere, options, argc, argv, &args);
    if (rc >= 0) {
        return rc;
    }
    if (args.operand_count == 0) {
        return cli_usage_error(&cli_cmd_misere, "missing RULE");
    }
    if (args.operand_count > 1) {
        return cli_usage_error(&cli_cmd_misere, "unexpected operand '%s'", args.operands[1]);
    }
    if ((rc = parse_limits(&args, &max_heap, &o)) != 0) {
        return rc;
    }
    if ((rc = cli_parse_rule(&cli_cmd_misere, args.operands[0], &rule)) != 0) {
        return rc;
    }
    char canonical[4096];
    grundy_rule_format(rule, canonical, sizeof canonical);
    if (args.present[OPT_GENUS]) {
        const uint64_t genus_heap = args.present[OPT_MAX_HEAP] ? max_heap : GENUS_DEFAULT_MAX_HEAP;
        rc = run_genus(rule, canonical, genus_heap, o.max_bytes, args.present[OPT_JSON]);
        grundy_rule_destroy(rule);
        return rc;
    }
    if (args.present[OPT_LOAD]) {
        rc = misere_file_load(&cli_cmd_misere, "--load", rule, args.value[OPT_LOAD], o.max_bytes,
                              &q);
        if (rc == 0) {
            print_quotient(q, rule, canonical, &args);
        }
        grundy_misere_destroy(q);
        grundy_rule_destroy(rule);
        return rc;
    }
    const int capped = args.present[OPT_MAX_HEAP] > 0;
    misere_progress_init(&progress, &cli_cmd_misere, canonical, capped ? max_heap : 0, o.max_work,
                         args.present[OPT_PROGRESS] > 0, args.present[OPT_QUIET] > 0);
    o.trace = args.present[OPT_TRACE] ? trace : NULL;
    o.trace_ctx = &progress;
    o.progress = misere_progress_draw;
    o.progress_ctx = &progress;
    grundy_status st = grundy_misere_create(rule, &o, &q);
    if (st == GRUNDY_STATUS_OK) {
        st = capped ? grundy_misere_extend(q, max_heap) : grundy_misere_solve(q, max_heap);
    }
    misere_progress_clear(&progress);
    const int presented =
        q != NULL && (grundy_misere_order(q) == 1 || grundy_misere_generator_count(q) > 0);
    if (st == GRUNDY_STATUS_LIMIT && presented) {
        print_quotient(q, rule, canonical, &args); /* the partial quotient of the heaps completed */
        fflush(stdout);
        rc = save(q, &args);
        rc = rc != 0 ? rc : misere_limit_fail(&cli_cmd_misere, "", st, q, &o);
    } else if ((st == GRUNDY_STATUS_NOMEM || st == GRUNDY_STATUS_LIMIT) && q != NULL) {
        rc = misere_limit_fail(&cli_cmd_misere, "", st, q, &o);
    } else if (st == GRUNDY_STATUS_LIMIT) { /* its first tables, before any heap */
        rc = cli_fail(&cli_cmd_misere, CLI_EXIT_LIMIT,
                      "--max-bytes %llu is too small to start the misere quotient: raise "
                      "--max-bytes to at least 4096",
                      (unsigned long long)o.max_bytes);
    } else if (st == GRUNDY_STATUS_NOMEM) {
        rc = cli_oom_fail(&cli_cmd_misere, "the misere quotient", 0, NULL);
    } else if (st != GRUNDY_STATUS_OK) {
        rc = cli_fail(&cli_cmd_misere, cli_exit_code(st), "%s", grundy_status_str(st));
    } else {
        print_quotient(q, rule, canonical, &args);
        rc = save(q, &args);
    }
    grundy_misere_destroy(q);
    grundy_rule_destroy(rule);
    return rc;
}

const cli_command cli_cmd_misere = {
    "misere", run, "The misere quotient of a rule, heap by heap", help, options, cli_rule_word};
