/* SPDX-License-Identifier: MIT */
/* Sequence files and resumed runs: save/load round trips at every width, a run resumed from a
 * file gives the uninterrupted values (both engines, seeded random codes), every truncation and
 * every flipped byte is refused, as are other rules and versions; the chunk loop's hook and stop
 * flag. */
#include <grundy/grundy.h>

#include "check.h"

#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static const char digit_chars[] = "0123456789ABCDEF";

static grundy_rule *parse(const char *text) {
    grundy_rule *rule = NULL;
    if (grundy_rule_parse(text, &rule, NULL) != GRUNDY_STATUS_OK) {
        fprintf(stderr, "cannot parse %s\n", text);
    }
    return rule;
}

/* Threads for the sequences made next (the values never depend on them). */
static unsigned make_threads;

static grundy_seq *make(const grundy_rule *rule, grundy_seq_engine engine) {
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *seq = NULL;
    opts.engine = engine;
    opts.threads = make_threads;
    return grundy_seq_create(rule, &opts, &seq) == GRUNDY_STATUS_OK ? seq : NULL;
}

static char path[256];

static unsigned char *slurp(const char *p, long *size) {
    FILE *f = fopen(p, "rb");
    unsigned char *buf = NULL;
    if (f != NULL && fseek(f, 0, SEEK_END) == 0 && (*size = ftell(f)) >= 0 &&
        fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)*size + 1)) != NULL &&
        fread(buf, 1, (size_t)*size, f) != (size_t)*size) {
        free(buf);
        buf = NULL;
    }
    if (f != NULL) {
        fclose(f);
    }
    return buf;
}

static void spit(const char *p, const unsigned char *buf, long size) {
    FILE *f = fopen(p, "wb");
    CHECK(f != NULL);
    if (f != NULL) {
        CHECK(fwrite(buf, 1, (size_t)size, f) == (size_t)size);
        fclose(f);
    }
}

/* Load `p` into a fresh sequence of `rule`: the status, and the problem on refusal. */
static grundy_status load_fresh(const grundy_rule *rule, const char *p,
                                grundy_seqfile_problem *problem) {
    grundy_seq *seq = make(rule, GRUNDY_SEQ_AUTO);
    grundy_seqfile_info info;
    const grundy_status st = grundy_seqfile_load(p, seq, &info);
    *problem = info.problem;
    if (st == GRUNDY_STATUS_PARSE) {
        CHECK(info.message[0] != '\0');
    }
    grundy_seq_destroy(seq);
    return st;
}

/* Compute g(0..n-1) at once, and by saving g(0..m-1), loading it into a new sequence and going
 * on: the same values. */
static void check_resume(const char *text, grundy_seq_engine engine, uint64_t m, uint64_t n,
                         uint64_t seed) {
    grundy_rule *rule = parse(text);
    grundy_seq *whole = make(rule, engine), *part = make(rule, engine),
               *resumed = make(rule, engine);
    CHECK(whole != NULL && part != NULL && resumed != NULL);
    if (whole == NULL || part == NULL || resumed == NULL) {
        return;
    }
    CHECK(grundy_seq_extend(whole, n) == GRUNDY_STATUS_OK);
    CHECK(grundy_seq_extend(part, m) == GRUNDY_STATUS_OK);
    /* resumed on 3 threads (the others on one): the same values */
    make_threads = 3;
    grundy_seq_destroy(resumed);
    resumed = make(rule, engine);
    make_threads = 0;
    CHECK(grundy_seqfile_save(part, m, GRUNDY_SEQFILE_CHECKPOINT, path) == GRUNDY_STATUS_OK);
    grundy_seqfile_info info;
    CHECK(grundy_seqfile_load(path, resumed, &info) == GRUNDY_STATUS_OK);
    CHECK_U64(info.count, m);
    CHECK_U64(grundy_seq_length(resumed), m);
    CHECK(grundy_seq_extend(resumed, n) == GRUNDY_STATUS_OK);
    for (uint64_t i = 0; i < n; i++) {
        if (grundy_seq_get(resumed, i) != grundy_seq_get(whole, i)) {
            fprintf(stderr, "%s (seed %llu, resumed at %llu): g(%llu) = %llu, uninterrupted %llu\n",
                    text, (unsigned long long)seed, (unsigned long long)m, (unsigned long long)i,
                    (unsigned long long)grundy_seq_get(resumed, i),
                    (unsigned long long)grundy_seq_get(whole, i));
            CHECK(0);
            break;
        }
    }
    CHECK_U64(grundy_seq_max_value(resumed), grundy_seq_max_value(whole));
    grundy_seq_destroy(whole);
    grundy_seq_destroy(part);
    grundy_seq_destroy(resumed);
    grundy_rule_destroy(rule);
}

static void test_resume_random(void) {
    const uint64_t seed = check_seed(13);
    check_rng rng = {seed};
    for (int t = 0; t < 80; t++) {
        char text[16] = "0.";
        const size_t digits = 1 + (size_t)check_rng_below(&rng, 5);
        for (size_t i = 0; i < digits; i++) {
            text[2 + i] = digit_chars[check_rng_below(&rng, 8)];
        }
        text[2 + digits] = digit_chars[1 + check_rng_below(&rng, 7)];
        text[3 + digits] = '\0';
        const uint64_t n = 100 + check_rng_below(&rng, 1500);
        const uint64_t m = check_rng_below(&rng, n + 1);
        grundy_rule *rule = parse(text);
        const int splits = rule != NULL && grundy_rule_max_heaps_left(rule) == 2;
        grundy_rule_destroy(rule);
        check_resume(text, GRUNDY_SEQ_NAIVE, m, n, seed);
        if (splits) {
            check_resume(text, GRUNDY_SEQ_SPARSE, m, n, seed);
        }
    }
    /* Sparse games with a long rare list, resumed after the labelling settled. */
    check_resume("0.16", GRUNDY_SEQ_SPARSE, 30001, 60000, seed);
    check_resume("0.6", GRUNDY_SEQ_SPARSE, 5000, 20000, seed);
    check_resume("0.127", GRUNDY_SEQ_SPARSE, 3000, 9000, seed);
    check_resume("S(1-50)", GRUNDY_SEQ_NAIVE, 777, 3000, seed);
}

/* Values of widths 1, 2 and 4 survive the round trip. */
static void test_widths(void) {
    grundy_rule *rule = parse("S(1-1000000)"); /* g(n) = n here: widths 1, 2 and 4 */
    grundy_seq *seq = make(rule, GRUNDY_SEQ_NAIVE), *back = make(rule, GRUNDY_SEQ_NAIVE);
    CHECK(grundy_seq_extend(seq, 70000) == GRUNDY_STATUS_OK);
    const uint64_t counts[] = {0, 1, 200, 300, 66000, 70000};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        grundy_seqfile_info info;
        grundy_seq_destroy(back);
        back = make(rule, GRUNDY_SEQ_NAIVE);
        CHECK(grundy_seqfile_save(seq, counts[i], GRUNDY_SEQFILE_SEQUENCE, path) ==
              GRUNDY_STATUS_OK);
        CHECK(grundy_seqfile_load(path, back, &info) == GRUNDY_STATUS_OK);
        CHECK_U64(grundy_seq_length(back), counts[i]);
        CHECK(info.kind == GRUNDY_SEQFILE_SEQUENCE);
        for (uint64_t j = 0; j < counts[i]; j++) {
            if (grundy_seq_get(back, j) != grundy_seq_get(seq, j)) {
                CHECK_U64(grundy_seq_get(back, j), grundy_seq_get(seq, j));
                break;
            }
        }
    }
    /* Loading fewer values than the sequence holds keeps it. */
    CHECK(grundy_seqfile_save(seq, 100, GRUNDY_SEQFILE_SEQUENCE, path) == GRUNDY_STATUS_OK);
    grundy_seqfile_info info;
    CHECK(grundy_seqfile_load(path, seq, &info) == GRUNDY_STATUS_OK);
    CHECK_U64(grundy_seq_length(seq), 70000);
    CHECK(grundy_seqfile_save(seq, 70001, GRUNDY_SEQFILE_SEQUENCE, path) ==
          GRUNDY_STATUS_INVALID_ARG);
    grundy_seq_destroy(seq);
    grundy_seq_destroy(back);
    grundy_rule_destroy(rule);
}

/* Every truncation, every flipped byte, another rule, another version: refused. */
static void test_refusals(void) {
    const uint64_t seed = check_seed(31);
    check_rng rng = {seed};
    grundy_rule *rule = parse("0.77"), *other = parse("0.07");
    grundy_seq *seq = make(rule, GRUNDY_SEQ_AUTO);
    CHECK(grundy_seq_extend(seq, 300) == GRUNDY_STATUS_OK);
    CHECK(grundy_seqfile_save(seq, 300, GRUNDY_SEQFILE_SEQUENCE, path) == GRUNDY_STATUS_OK);
    long size = 0;
    unsigned char *good = slurp(path, &size);
    CHECK(good != NULL && size == 44 + 4 + 300 + 8);
    if (good == NULL) {
        return;
    }
    char bad[300];
    snprintf(bad, sizeof bad, "%s.bad", path);
    grundy_seqfile_problem problem;
    CHECK(load_fresh(rule, path, &problem) == GRUNDY_STATUS_OK);
    CHECK(load_fresh(other, path, &problem) == GRUNDY_STATUS_PARSE);
    CHECK(problem == GRUNDY_SEQFILE_OTHER_RULE);
    for (long len = 0; len < size; len++) {
        spit(bad, good, len);
        const grundy_status st = load_fresh(rule, bad, &problem);
        CHECK(st == GRUNDY_STATUS_PARSE);
        CHECK(problem == (len < 8 ? GRUNDY_SEQFILE_NOT_OURS : GRUNDY_SEQFILE_TRUNCATED));
    }
    for (long at = 0; at < size; at++) {
        unsigned char *flipped = malloc((size_t)size);
        memcpy(flipped, good, (size_t)size);
        flipped[at] ^= (unsigned char)(1u << check_rng_below(&rng, 8));
        spit(bad, flipped, size);
        if (load_fresh(rule, bad, &problem) != GRUNDY_STATUS_PARSE) {
            fprintf(stderr, "a flipped byte at %ld was accepted (seed %llu)\n", at,
                    (unsigned long long)seed);
            CHECK(0);
        }
        if (at >= 8 && at < 12) {
            CHECK(problem == GRUNDY_SEQFILE_BAD_VERSION);
        }
        free(flipped);
    }
    good[size - 1] ^= 0; /* trailing bytes */
    unsigned char *longer = malloc((size_t)size + 1);
    memcpy(longer, good, (size_t)size);
    longer[size] = 0;
    spit(bad, longer, size + 1);
    CHECK(load_fresh(rule, bad, &problem) == GRUNDY_STATUS_PARSE);
    CHECK(problem == GRUNDY_SEQFILE_CORRUPT);
    CHECK(load_fresh(rule, "/nonexistent/grundy.seq", &problem) == GRUNDY_STATUS_IO);
    free(longer);
    free(good);
    remove(bad);
    grundy_seq_destroy(seq);
    grundy_rule_destroy(rule);
    grundy_rule_destroy(other);
}

/* docs/file-formats.md's checksum of buf[0..n), written at buf + n. */
static void put_checksum(unsigned char *buf, size_t n) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i += 8) {
        uint64_t w = 0;
        for (size_t k = 8; k-- > 0;) {
            w = (w << 8) | (i + k < n ? buf[i + k] : 0);
        }
        h = (h ^ w) * 0x100000001b3ull;
        h ^= h >> 32;
    }
    h = (h ^ (uint64_t)n) * 0x100000001b3ull;
    h ^= h >> 32;
    for (unsigned i = 0; i < 8; i++) {
        buf[n + i] = (unsigned char)(h >> (8 * i));
    }
}

/* A well-formed file (right checksum) of `rule` holding `values` at width 8. */
static void write_width8(const char *p, const char *rule, const uint64_t *values, unsigned count,
                         unsigned engine) {
    unsigned char buf[512] = {0};
    const size_t len = strlen(rule);
    uint64_t max = 0;
    for (unsigned i = 0; i < count; i++) {
        max = values[i] > max ? values[i] : max;
    }
    const uint64_t fields[] = {1, 1, engine, 8};
    memcpy(buf, "GRUNDYSQ", 8);
    for (unsigned f = 0; f < 4; f++) {
        buf[8 + 4 * f] = (unsigned char)fields[f];
    }
    for (unsigned i = 0; i < 8; i++) {
        buf[24 + i] = (unsigned char)((uint64_t)count >> (8 * i));
        buf[32 + i] = (unsigned char)(max >> (8 * i));
    }
    buf[40] = (unsigned char)len;
    memcpy(buf + 44, rule, len);
    for (unsigned v = 0; v < count; v++) {
        for (unsigned i = 0; i < 8; i++) {
            buf[44 + len + 8 * v + i] = (unsigned char)(values[v] >> (8 * i));
        }
    }
    const size_t n = 44 + len + 8 * (size_t)count;
    put_checksum(buf, n);
    spit(p, buf, (long)(n + 8));
}

/* Found by fuzz_seqfile's seeds: a file whose values are too large for any memory
 * (2^40, 2^64 - 1) wrapped the naive engine's sizes (a hang, or writes past its arrays) and
 * shifted past 64 bits in the sparse one, and a refused resume left the file's values in the
 * sequence; now LIMIT, and the sequence keeps its own values and goes on from them. A file
 * naming engine 0 (the format has 1 and 2) was accepted. */
static void test_fuzz_regressions(void) {
    static const struct {
        const char *rule;
        grundy_seq_engine engine;
        uint64_t big;
    } cases[] = {{"0.[3]", GRUNDY_SEQ_NAIVE, (uint64_t)1 << 40},
                 {"0.77", GRUNDY_SEQ_NAIVE, UINT64_MAX},
                 {"0.77", GRUNDY_SEQ_SPARSE, UINT64_MAX},
                 {"0.77", GRUNDY_SEQ_SPARSE, (uint64_t)1 << 40},
                 {"4.0", GRUNDY_SEQ_NAIVE, UINT64_MAX}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        grundy_rule *rule = parse(cases[c].rule);
        grundy_seq *seq = make(rule, cases[c].engine), *plain = make(rule, cases[c].engine);
        uint64_t values[12] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0};
        values[11] = cases[c].big;
        write_width8(path, cases[c].rule, values, 12, cases[c].engine == GRUNDY_SEQ_NAIVE ? 1 : 2);
        CHECK(grundy_seq_extend(seq, 5) == GRUNDY_STATUS_OK);
        grundy_seqfile_info info;
        CHECK(grundy_seqfile_load(path, seq, &info) == GRUNDY_STATUS_LIMIT);
        CHECK_U64(grundy_seq_length(seq), 5);
        CHECK(grundy_seq_extend(seq, 300) == GRUNDY_STATUS_OK);
        CHECK(grundy_seq_extend(plain, 300) == GRUNDY_STATUS_OK);
        for (uint64_t i = 0; i < 300; i++) {
            if (grundy_seq_get(seq, i) != grundy_seq_get(plain, i)) {
                fprintf(stderr, "%s after a refused load: g(%llu) differs\n", cases[c].rule,
                        (unsigned long long)i);
                CHECK(0);
                break;
            }
        }
        grundy_seq_destroy(seq);
        grundy_seq_destroy(plain);
        grundy_rule_destroy(rule);
    }
    grundy_rule *rule = parse("0.[3]");
    uint64_t values[5] = {0, 1, 2, 3, 4};
    write_width8(path, "0.[3]", values, 5, 1);
    grundy_seqfile_problem problem;
    CHECK(load_fresh(rule, path, &problem) == GRUNDY_STATUS_PARSE); /* not the narrowest width */
    CHECK(problem == GRUNDY_SEQFILE_BAD_HEADER);
    values[4] = (uint64_t)1 << 33;
    write_width8(path, "0.[3]", values, 5, 1);
    /* The helper's file is well formed: a width-8 value is past what the engine can hold. */
    CHECK(load_fresh(rule, path, &problem) == GRUNDY_STATUS_LIMIT);
    write_width8(path, "0.[3]", values, 5, 0);
    CHECK(load_fresh(rule, path, &problem) == GRUNDY_STATUS_PARSE);
    CHECK(problem == GRUNDY_SEQFILE_BAD_HEADER);
    /* fuzz_seqfile: the file's rule text went into the message raw, a newline and all. */
    values[4] = (uint64_t)1 << 33; /* width 8 is then the narrowest */
    write_width8(path, "\n.[3]\033", values, 5, 1);
    grundy_seq *seq = make(rule, GRUNDY_SEQ_AUTO);
    grundy_seqfile_info info;
    CHECK(grundy_seqfile_load(path, seq, &info) == GRUNDY_STATUS_PARSE);
    CHECK(info.problem == GRUNDY_SEQFILE_OTHER_RULE);
    CHECK(strchr(info.message, '\n') == NULL && strchr(info.message, '\033') == NULL);
    CHECK(strstr(info.message, "?.[3]?") != NULL);
    grundy_seq_destroy(seq);
    grundy_rule_destroy(rule);
}

/* The hook sees every quiescent point; the stop flag ends the extend there, keeping values. */
typedef struct hook_state {
    int calls;
    uint64_t last_length;
    volatile sig_atomic_t *stop;
} hook_state;

static grundy_status on_chunk(void *ctx, const grundy_seq *seq, uint64_t target) {
    hook_state *h = ctx;
    CHECK(grundy_seq_length(seq) > h->last_length);
    CHECK(grundy_seq_length(seq) <= target);
    h->last_length = grundy_seq_length(seq);
    if (++h->calls == 3 && h->stop != NULL) {
        *h->stop = 1;
    }
    return GRUNDY_STATUS_OK;
}

static void test_hooks(void) {
    static volatile sig_atomic_t stop;
    grundy_rule *rule = parse("0.6");
    hook_state h = {0, 0, &stop};
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    opts.hook = on_chunk;
    opts.hook_ctx = &h;
    opts.stop = &stop;
    grundy_seq *seq = NULL, *plain = make(rule, GRUNDY_SEQ_AUTO);
    CHECK(grundy_seq_create(rule, &opts, &seq) == GRUNDY_STATUS_OK);
    CHECK(grundy_seq_extend(seq, 200000) == GRUNDY_STATUS_INTERRUPTED);
    CHECK_EQ(h.calls, 3);
    CHECK(grundy_seq_length(seq) < 200000);
    stop = 0;
    h.stop = NULL;
    CHECK(grundy_seq_extend(seq, 200000) == GRUNDY_STATUS_OK);
    CHECK(h.calls > 3);
    CHECK(grundy_seq_extend(plain, 200000) == GRUNDY_STATUS_OK);
    for (uint64_t i = 0; i < 200000; i++) {
        if (grundy_seq_get(seq, i) != grundy_seq_get(plain, i)) {
            CHECK_U64(grundy_seq_get(seq, i), grundy_seq_get(plain, i));
            break;
        }
    }
    grundy_seq_destroy(seq);
    grundy_seq_destroy(plain);
    grundy_rule_destroy(rule);
}

int main(void) {
    /* tmpfs where there is one: the files are fsynced, and a disk shared with other jobs made
     * that most of the test's time. */
    const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(path, sizeof path, "%s/grundy_test_seqfile.%ld", dir, (long)getpid());
    test_widths();
    test_refusals();
    test_resume_random();
    test_hooks();
    test_fuzz_regressions();
    remove(path);
    return check_report("test_seqfile");
}
