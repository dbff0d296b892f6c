/* SPDX-License-Identifier: MIT */
/* Surveys: the two-digit octal class surveyed, every proved period checked against the naive
 * engine's values, every relation checked value by value and every pair of equal prefixes found;
 * rows that do not depend on the thread count; survey files that round-trip and refuse damage;
 * the known sequences of tests/data against the survey's rows. */
#include "check.h"

#include "data_file.h"

#include <grundy/grundy.h>
#include <unistd.h>

/* Codes with '!' (Grundy's game) have no theorem: their periods are never called proved. */
static int grundy_rule_has_distinct_text(const char *text) {
    return strchr(text, '!') != NULL;
}

#define DIRECT_N 3000 /* values of each code computed by the naive engine */

typedef struct direct {
    uint64_t g[DIRECT_N];
} direct;

static void compute_direct(const char *code, direct *d) {
    grundy_rule *rule = NULL;
    grundy_seq *seq = NULL;
    grundy_seq_opts o = GRUNDY_SEQ_OPTS_INIT;
    o.engine = GRUNDY_SEQ_NAIVE;
    CHECK_EQ(grundy_rule_parse(code, &rule, NULL), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_create(rule, &o, &seq), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_extend(seq, DIRECT_N), GRUNDY_STATUS_OK);
    for (uint64_t n = 0; n < DIRECT_N; n++) {
        d->g[n] = grundy_seq_get(seq, n);
    }
    grundy_seq_destroy(seq);
    grundy_rule_destroy(rule);
}

static void test_expand(void) {
    char **codes = NULL;
    size_t n = 0;
    CHECK_EQ(grundy_survey_expand("0.??", 0, &codes, &n), GRUNDY_STATUS_OK);
    CHECK_EQ(n, 64);
    CHECK_STR(codes[0], "0.00");
    CHECK_STR(codes[1], "0.01");
    CHECK_STR(codes[8], "0.10");
    CHECK_STR(codes[63], "0.77");
    free(codes);
    CHECK_EQ(grundy_survey_expand("4.?", 1, &codes, &n), GRUNDY_STATUS_OK);
    CHECK_EQ(n, 16);
    CHECK_STR(codes[15], "4.F");
    free(codes);
    CHECK_EQ(grundy_survey_expand("0.07", 0, &codes, &n), GRUNDY_STATUS_OK);
    CHECK_EQ(n, 1);
    CHECK_STR(codes[0], "0.07");
    free(codes);
    CHECK_EQ(grundy_survey_expand("0.?????", 1, &codes, &n), GRUNDY_STATUS_RANGE);
}

/* A proved row: g(n + p) = g(n) + s on every direct value from n0, and neither a smaller
 * preperiod for p nor a smaller period (with its own least preperiod) holds on them. */
static void check_period(const grundy_survey_row *r, const direct *d) {
    const uint64_t n0 = r->period.preperiod, p = r->period.period, s = r->period.saltus;
    CHECK(p >= 1 && n0 + p < DIRECT_N);
    for (uint64_t n = n0; n + p < DIRECT_N; n++) {
        if (d->g[n + p] != d->g[n] + s) {
            fprintf(stderr, "%s: g(%llu) breaks the period %llu\n", r->code, (unsigned long long)n,
                    (unsigned long long)p);
            CHECK(0);
            return;
        }
    }
    if (n0 > 0) {
        CHECK(d->g[n0 - 1 + p] != d->g[n0 - 1] + s);
    }
    for (uint64_t q = 1; q < p && s == 0; q++) {
        int holds = 1;
        for (uint64_t n = n0 + p; n + q < DIRECT_N && holds; n++) {
            holds = d->g[n + q] == d->g[n];
        }
        CHECK(!holds);
    }
}

static void check_relations(const grundy_survey_row *rows, const direct *d, size_t count) {
    grundy_survey_relation *rel = NULL;
    size_t n = 0;
    CHECK_EQ(grundy_survey_relate(rows, count, &rel, &n), GRUNDY_STATUS_OK);
    for (size_t i = 0; i < n; i++) {
        const grundy_survey_relation *e = &rel[i];
        const uint64_t upto = e->proved || e->upto > DIRECT_N - 8 ? DIRECT_N - 8 : e->upto;
        for (uint64_t k = 0; k < upto; k++) {
            if (d[e->a].g[k + e->shift] != d[e->b].g[k]) {
                fprintf(stderr, "%s(n + %u) = %s(n) claimed, differs at n = %llu\n",
                        rows[e->a].code, e->shift, rows[e->b].code, (unsigned long long)k);
                CHECK(0);
                break;
            }
        }
    }
    /* Completeness: every pair with equal direct values is related with shift 0. */
    for (size_t a = 0; a < count; a++) {
        for (size_t b = a + 1; b < count; b++) {
            if (memcmp(d[a].g, d[b].g, sizeof d[a].g) != 0) {
                continue;
            }
            int found = 0;
            for (size_t i = 0; i < n && !found; i++) {
                found = rel[i].shift == 0 && rel[i].a == a && rel[i].b == b;
            }
            if (!found) {
                fprintf(stderr, "%s and %s are equal but not grouped\n", rows[a].code,
                        rows[b].code);
            }
            CHECK(found);
        }
    }
    free(rel);
}

static int same_rows(const grundy_survey_row *a, const grundy_survey_row *b) {
    return strcmp(a->canonical, b->canonical) == 0 && a->status == b->status &&
           memcmp(&a->period, &b->period, sizeof a->period) == 0 &&
           a->values_computed == b->values_computed && a->max_value == b->max_value &&
           a->mask == b->mask && a->rare_count == b->rare_count && a->last_rare == b->last_rare &&
           a->known == b->known && memcmp(a->fp, b->fp, sizeof a->fp) == 0 &&
           a->prefix_len == b->prefix_len &&
           (a->prefix_len == 0 ||
            memcmp(a->prefix, b->prefix, (size_t)a->prefix_len * sizeof *a->prefix) == 0);
}

/* Found by fuzz_survey: a file of the header and then only empty lines (right checksum) made
 * the loader write past its line table (sized len / 2 + 2); refused now as a malformed row. */
static void blank_lines(const char *path, const grundy_survey_header *h, char **codes, size_t count,
                        grundy_survey_row *back, unsigned char *have) {
    char text[4096];
    int n = snprintf(text, sizeof text,
                     "grundy-survey 1\nclass\t%s\nhex\t%d\nmax_n\t%llu\ntime_per_game\t%.17g\n"
                     "reach\t%llu\n",
                     h->pattern, h->hex, (unsigned long long)h->max_n, h->time_per_game,
                     (unsigned long long)h->reach);
    memset(text + n, '\n', 2000);
    n += 2000;
    uint64_t sum = 0xCBF29CE484222325ull;
    for (int i = 0; i < n; i++) {
        sum = (sum ^ (unsigned char)text[i]) * 0x100000001B3ull;
    }
    n +=
        snprintf(text + n, sizeof text - (size_t)n, "checksum\t%016llx\n", (unsigned long long)sum);
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL && fwrite(text, 1, (size_t)n, f) == (size_t)n);
    if (f != NULL) {
        fclose(f);
    }
    grundy_diag diag;
    memset(have, 0, count);
    CHECK_EQ(grundy_survey_load(path, h, codes, count, back, have, &diag), GRUNDY_STATUS_PARSE);
    CHECK(strstr(diag.message, "malformed row") != NULL);
}

static void test_file(char **codes, const grundy_survey_row *rows, size_t count) {
    const char *path = "test_survey.tmp";
    grundy_survey_header h;
    memset(&h, 0, sizeof h);
    strcpy(h.pattern, "0.??");
    h.max_n = 4096;
    h.reach = 4097;
    unsigned char *have = calloc(count, 1), *back_have = calloc(count, 1);
    grundy_survey_row *back = calloc(count, sizeof *back);
    for (size_t i = 0; i < count; i += 2) {
        have[i] = 1; /* every other row, as a survey stopped half way */
    }
    CHECK_EQ(grundy_survey_save(path, &h, rows, have, count), GRUNDY_STATUS_OK);
    grundy_diag diag;
    CHECK_EQ(grundy_survey_load(path, &h, codes, count, back, back_have, &diag), GRUNDY_STATUS_OK);
    for (size_t i = 0; i < count; i++) {
        CHECK_EQ(back_have[i], have[i]);
        if (have[i]) {
            CHECK(same_rows(&rows[i], &back[i]));
            grundy_survey_row_clear(&back[i]);
        }
    }
    /* Another survey's options, a flipped byte, a truncated file: each refused. */
    grundy_survey_header other = h;
    other.max_n = 8192;
    memset(back_have, 0, count);
    CHECK_EQ(grundy_survey_load(path, &other, codes, count, back, back_have, &diag),
             GRUNDY_STATUS_PARSE);
    FILE *f = fopen(path, "r+b");
    fseek(f, 200, SEEK_SET);
    const int c = fgetc(f);
    fseek(f, 200, SEEK_SET);
    fputc(c ^ 1, f);
    fclose(f);
    CHECK_EQ(grundy_survey_load(path, &h, codes, count, back, back_have, &diag),
             GRUNDY_STATUS_PARSE);
    CHECK(strstr(diag.message, "checksum") != NULL);
    CHECK_EQ(grundy_survey_save(path, &h, rows, have, count), GRUNDY_STATUS_OK);
    f = fopen(path, "rb");
    fseek(f, 0, SEEK_END);
    const long size = ftell(f);
    fclose(f);
    CHECK_EQ(truncate(path, size - 5), 0);
    CHECK_EQ(grundy_survey_load(path, &h, codes, count, back, back_have, &diag),
             GRUNDY_STATUS_PARSE);
    CHECK(strstr(diag.message, "truncated") != NULL);
    for (size_t i = 0; i < count; i++) {
        CHECK_EQ(back_have[i], 0);
    }
    /* Found by fuzz_survey: a prefix that is not the whole period g(0 .. n0 + p - 1) made
     * grundy_survey_relate read past it; such a row (right checksum) is refused now. */
    size_t with = 0;
    while (with < count && (!have[with] || rows[with].prefix_len < 2)) {
        with++;
    }
    CHECK(with < count);
    if (with < count) {
        grundy_survey_row *bent = calloc(count, sizeof *bent);
        memcpy(bent, rows, count * sizeof *bent); /* shallow: the prefixes stay the rows' */
        for (int how = 0; how < 4; how++) {
            bent[with] = rows[with];
            bent[with].prefix_len -= how == 0;
            bent[with].period.period = how == 1 ? 0 : bent[with].period.period;
            bent[with].status = how == 2 ? GRUNDY_SURVEY_OBSERVED : bent[with].status;
            bent[with].period.saltus = how == 3 ? 1 : bent[with].period.saltus;
            CHECK_EQ(grundy_survey_save(path, &h, bent, have, count), GRUNDY_STATUS_OK);
            CHECK_EQ(grundy_survey_load(path, &h, codes, count, back, back_have, &diag),
                     GRUNDY_STATUS_PARSE);
            CHECK(strstr(diag.message, "prefix") != NULL);
        }
        free(bent);
    }
    blank_lines(path, &h, codes, count, back, back_have);
    remove(path);
    CHECK_EQ(grundy_survey_load(path, &h, codes, count, back, back_have, &diag),
             GRUNDY_STATUS_NOT_FOUND);
    free(have);
    free(back_have);
    free(back);
}

static void test_two_digit_class(void) {
    char **codes = NULL;
    size_t count = 0;
    grundy_survey_opts o = GRUNDY_SURVEY_OPTS_INIT;
    o.max_n = 4096;
    CHECK_EQ(grundy_survey_expand("0.??", 0, &codes, &count), GRUNDY_STATUS_OK);
    grundy_survey_row *rows = calloc(count, sizeof *rows), *again = calloc(count, sizeof *again);
    grundy_status *st = calloc(count, sizeof *st);
    direct *d = calloc(count, sizeof *d);
    CHECK_EQ(grundy_survey_run(codes, count, NULL, &o, 1, rows, st, NULL, NULL), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_survey_run(codes, count, NULL, &o, 3, again, st, NULL, NULL), GRUNDY_STATUS_OK);
    size_t proved = 0;
    for (size_t i = 0; i < count; i++) {
        CHECK_EQ(st[i], GRUNDY_STATUS_OK);
        CHECK(same_rows(&rows[i], &again[i]));
        compute_direct(codes[i], &d[i]);
        if (rows[i].status == GRUNDY_SURVEY_PROVED) {
            proved++;
            check_period(&rows[i], &d[i]);
        }
        grundy_survey_row_clear(&again[i]);
    }
    CHECK(proved >= 40); /* 47 of the 64 prove within 4096 heaps */
    check_relations(rows, d, count);
    /* Published facts: 0.07 is 0.4 shifted by one; Kayles' period 12 from 71. */
    CHECK_EQ(rows[7].period.period, 34);
    CHECK_EQ(rows[7].period.preperiod, 53);
    CHECK_EQ(rows[63].period.period, 12);
    CHECK_EQ(rows[63].period.preperiod, 71);
    CHECK(rows[8].trivial && !rows[9].trivial); /* 0.10 is the game 0.1 */
    test_file(codes, rows, count);
    for (size_t i = 0; i < count; i++) {
        grundy_survey_row_clear(&rows[i]);
    }
    free(rows);
    free(again);
    free(st);
    free(d);
    free(codes);
}

/* The threads go across codes when there are enough, into each code's sequence otherwise; a
 * code's row is the same whatever its sequence's threads (a long unsolved one: 0.6 to 2^17). */
static void test_code_threads(void) {
    CHECK_EQ(grundy_survey_code_threads(0, 5), 1);
    CHECK_EQ(grundy_survey_code_threads(1, 1), 1);
    CHECK_EQ(grundy_survey_code_threads(4, 64), 1);
    CHECK_EQ(grundy_survey_code_threads(4, 4), 1);
    CHECK_EQ(grundy_survey_code_threads(4, 3), 1);
    CHECK_EQ(grundy_survey_code_threads(4, 2), 2);
    CHECK_EQ(grundy_survey_code_threads(16, 3), 5);
    CHECK_EQ(grundy_survey_code_threads(3, 1), 3);
    grundy_survey_opts o = GRUNDY_SURVEY_OPTS_INIT;
    grundy_survey_row one, three;
    o.max_n = (uint64_t)1 << 17;
    o.time_per_game = 0;
    CHECK_EQ(grundy_survey_game("0.6", &o, &one), GRUNDY_STATUS_OK);
    o.seq.threads = 3;
    CHECK_EQ(grundy_survey_game("0.6", &o, &three), GRUNDY_STATUS_OK);
    CHECK(same_rows(&one, &three));
    CHECK_EQ(three.status, GRUNDY_SURVEY_UNSOLVED);
    CHECK(three.seconds > 0);
    grundy_survey_row_clear(&one);
    grundy_survey_row_clear(&three);
}

/* The known sequences of tests/data against the survey's rows: a proved row reproduces every
 * listed value through its period, the listed values obey an observed period, and only Grundy's
 * game (no theorem, no period within 4096 heaps) stays unsolved. */
static void test_known(const char *file) {
    char path[512], rule_text[128] = "";
    static uint64_t g[4096];
    uint64_t n = 0;
    grundy_survey_row row;
    grundy_survey_opts o = GRUNDY_SURVEY_OPTS_INIT;
    o.max_n = 4096;
    snprintf(path, sizeof path, "%s/%s", GRUNDY_TEST_DATA_DIR, file);
    CHECK(read_data(path, rule_text, sizeof rule_text, g, 4096, &n));
    CHECK_EQ(grundy_survey_game(rule_text, &o, &row), GRUNDY_STATUS_OK);
    if (row.status == GRUNDY_SURVEY_UNSOLVED) {
        CHECK(grundy_rule_has_distinct_text(rule_text)); /* only Grundy's game stays open */
    } else if (row.status == GRUNDY_SURVEY_OBSERVED) {
        /* The published values obey the observed (arithmetic) period. */
        const uint64_t n0 = row.period.preperiod, p = row.period.period, s = row.period.saltus;
        for (uint64_t i = n0; i + p < n; i++) {
            CHECK_U64(g[i + p], g[i] + s);
        }
    } else {
        CHECK(row.prefix != NULL);
        const uint64_t n0 = row.period.preperiod, p = row.period.period;
        for (uint64_t i = 0; row.prefix != NULL && i < n; i++) {
            const uint64_t v = row.prefix[i < n0 + p ? i : n0 + (i - n0) % p];
            if (v != g[i]) {
                fprintf(stderr, "%s: the survey's row gives g(%llu) = %llu, the file %llu\n", file,
                        (unsigned long long)i, (unsigned long long)v, (unsigned long long)g[i]);
                CHECK(0);
                break;
            }
        }
    }
    grundy_survey_row_clear(&row);
}

int main(void) {
    test_expand();
    static const char *const files[] = {
        "dawson_chess.txt", "dawson_kayles.txt", "grundy_game.txt",     "hexadecimal_08.txt",
        "kayles.txt",       "lasker_nim.txt",    "subtraction_123.txt", "subtraction_134.txt"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        test_known(files[i]);
    }
    test_two_digit_class();
    test_code_threads();
    return check_report("test_survey");
}
