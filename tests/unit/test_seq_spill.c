/* SPDX-License-Identifier: MIT */
/* The spill file of a windowed sequence (memory beyond RAM, docs/memory.md): with opts.spill, a run
 * with a tiny opts.memory never stops for a dropped value (GRUNDY_SEQ_LIMIT_GAP): the far options
 * and a new labelling's rare list are read back from the file. On many seeded random codes
 * every value the hook sees, and every value read back afterwards (grundy_seq_value, through
 * the file), equals the full run's. A spill file changed or cut short while the sequence uses
 * it is refused (PARSE, with a problem line), and a file there that is no spill file is never
 * overwritten. GRUNDY_TEST_SEED replays a failure. */
#include <grundy/grundy.h>

#include "check.h"
#include "split_code.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char spill_path[128];

typedef struct watch {
    const grundy_seq *full;
    uint64_t seen, bad;
} watch;

static grundy_status on_chunk(void *ctx, const grundy_seq *seq, uint64_t target) {
    watch *w = ctx;
    (void)target;
    for (; w->seen < grundy_seq_length(seq); w->seen++) {
        w->bad += !grundy_seq_kept(seq, w->seen) ||
                  grundy_seq_get(seq, w->seen) != grundy_seq_get(w->full, w->seen);
    }
    return GRUNDY_STATUS_OK;
}

static int spilled_complete, spilled_dropped;

/* `text` to n values within `memory` bytes and a spill file, against every value kept. */
static void compare_code(const char *text, uint64_t n, uint64_t memory, uint64_t seed) {
    grundy_rule *rule = NULL;
    grundy_seq *full = NULL, *seq = NULL;
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    opts.engine = GRUNDY_SEQ_SPARSE;
    CHECK_EQ(grundy_rule_parse(text, &rule, NULL), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_create(rule, &opts, &full), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_extend(full, 20000), GRUNDY_STATUS_OK);
    /* full scans, or no rare position (every heap's scan is long): shorter runs */
    const uint64_t rare = grundy_seq_rare_count(full);
    n = rare == UINT64_MAX ? 20000 : rare == 0 && n > 50000 ? 50000 : n;
    CHECK_EQ(grundy_seq_extend(full, n), GRUNDY_STATUS_OK);
    watch w = {full, 0, 0};
    opts.memory = memory;
    opts.spill = spill_path;
    opts.hook = on_chunk;
    opts.hook_ctx = &w;
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_OK);
    const grundy_status st = grundy_seq_extend(seq, n);
    const grundy_seq_limit_info *l = grundy_seq_limit(seq);
    const uint64_t reached = grundy_seq_length(seq);
    /* never a dropped value: the spill file has them all; other limits may come */
    const int ok = (st == GRUNDY_STATUS_OK && reached == n) ||
                   (st == GRUNDY_STATUS_LIMIT && l->reason != GRUNDY_SEQ_LIMIT_GAP);
    uint64_t wrong = w.bad;
    for (uint64_t i = 0; i < reached; i++) {
        uint64_t v = UINT64_MAX;
        wrong += grundy_seq_value(seq, i, &v) != GRUNDY_STATUS_OK || v != grundy_seq_get(full, i);
    }
    if (!ok || wrong != 0) {
        fprintf(stderr,
                "%s (seed %llu, memory %llu): status %d reason %d at %llu of %llu, %llu values "
                "wrong or unseen\n",
                text, (unsigned long long)seed, (unsigned long long)memory, (int)st, (int)l->reason,
                (unsigned long long)reached, (unsigned long long)n, (unsigned long long)wrong);
    }
    CHECK(ok);
    CHECK_U64(wrong, 0);
    spilled_complete += st == GRUNDY_STATUS_OK;
    spilled_dropped += !grundy_seq_kept_all(seq);
    grundy_seq_destroy(seq);
    CHECK(access(spill_path, F_OK) != 0); /* removed with the sequence */
    grundy_seq_destroy(full);
    grundy_rule_destroy(rule);
}

static void test_random_codes(void) {
    const uint64_t seed = check_seed(20261202);
    check_rng rng = {seed};
    char text[32];
    for (int i = 0; i < 24; i++) {
        split_code(&rng, text);
        /* 88 KiB to 120 KiB beside 60000 to 120000 values: most runs drop values */
        const uint64_t memory = 90112 + 1024 * check_rng_below(&rng, 32);
        compare_code(text, 60000 + check_rng_below(&rng, 60000), memory, seed);
    }
    /* the runs that stopped without a spill file (test_seq_window's regressions) go through */
    compare_code("0.034", 76337, 200000, 0);
    compare_code("0.425", 95978, 180000, 0);
    compare_code("0.167", 600000, 131072, 0);
    CHECK(spilled_complete > 10);
    CHECK(spilled_dropped > 5);
    printf("spilled runs: %d complete, %d dropped values\n", spilled_complete, spilled_dropped);
}

/* Read every value back twice (the second pass rereads every block the small cache let go). */
static grundy_status read_all(grundy_seq *seq) {
    for (int pass = 0; pass < 2; pass++) {
        for (uint64_t i = 0; i < grundy_seq_length(seq); i++) {
            uint64_t v;
            const grundy_status st = grundy_seq_value(seq, i, &v);
            if (st != GRUNDY_STATUS_OK) {
                return st;
            }
        }
    }
    return GRUNDY_STATUS_OK;
}

/* A sequence of 0.167 with most values in the spill file; `damage` then changes the file. */
static void damaged(void (*damage)(int fd), const char *word) {
    grundy_rule *rule = NULL;
    grundy_seq *seq = NULL;
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    opts.engine = GRUNDY_SEQ_SPARSE;
    opts.memory = 131072;
    opts.spill = spill_path;
    CHECK_EQ(grundy_rule_parse("0.167", &rule, NULL), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_extend(seq, 400000), GRUNDY_STATUS_OK);
    CHECK(!grundy_seq_kept_all(seq));
    CHECK_EQ(read_all(seq), GRUNDY_STATUS_OK);
    CHECK(grundy_seq_spill_problem(seq) == NULL);
    const int fd = open(spill_path, O_RDWR);
    CHECK(fd >= 0);
    damage(fd);
    close(fd);
    CHECK_EQ(read_all(seq), GRUNDY_STATUS_PARSE);
    const char *problem = grundy_seq_spill_problem(seq);
    CHECK(problem != NULL && strstr(problem, word) != NULL);
    grundy_seq_destroy(seq);
    grundy_rule_destroy(rule);
}

static void flip_byte(int fd) {
    unsigned char b = 0;
    const off_t at = 4096 + 100000; /* inside the blocks, past the header */
    CHECK(pread(fd, &b, 1, at) == 1);
    b ^= 0x10;
    CHECK(pwrite(fd, &b, 1, at) == 1);
}

static void cut_short(int fd) {
    CHECK(ftruncate(fd, 4096 + 150000) == 0);
}

static void test_damage(void) {
    damaged(flip_byte, "checksum");
    damaged(cut_short, "cut short");
}

/* A file there that is not a spill file, or a link, is refused and left as it was; an empty one
 * is used and left there, empty. */
static void test_foreign(void) {
    grundy_rule *rule = NULL;
    grundy_seq *seq = NULL;
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    opts.memory = 131072;
    opts.spill = spill_path;
    CHECK_EQ(grundy_rule_parse("0.167", &rule, NULL), GRUNDY_STATUS_OK);
    FILE *f = fopen(spill_path, "wb");
    CHECK(f != NULL);
    fputs("precious data\n", f);
    fclose(f);
    CHECK_EQ(grundy_seq_spill_probe(spill_path), GRUNDY_STATUS_PARSE);
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_PARSE);
    CHECK(seq == NULL);
    char back[32] = {0};
    f = fopen(spill_path, "rb");
    CHECK(f != NULL && fread(back, 1, sizeof back - 1, f) == 14);
    fclose(f);
    CHECK(strcmp(back, "precious data\n") == 0);
    f = fopen(spill_path, "wb"); /* empty: nothing to lose */
    fclose(f);
    CHECK_EQ(grundy_seq_spill_probe(spill_path), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_extend(seq, 100000), GRUNDY_STATUS_OK);
    grundy_seq_destroy(seq);
    /* the user's file, not this run's: it stays, empty again (it was removed before) */
    struct stat sb;
    CHECK(stat(spill_path, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size == 0);
    unlink(spill_path);
    /* a link (here to an empty file) is refused, never followed nor removed */
    char target[300];
    snprintf(target, sizeof target, "%s.target", spill_path);
    f = fopen(target, "wb");
    CHECK(f != NULL);
    fclose(f);
    CHECK(symlink(target, spill_path) == 0);
    CHECK_EQ(grundy_seq_spill_probe(spill_path), GRUNDY_STATUS_PARSE);
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_PARSE);
    CHECK(lstat(spill_path, &sb) == 0 && S_ISLNK(sb.st_mode));
    unlink(spill_path);
    unlink(target);
    grundy_rule_destroy(rule);
}

int main(void) {
    const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(spill_path, sizeof spill_path, "%s/grundy_test_spill.%ld", dir, (long)getpid());
    test_random_codes();
    test_damage();
    test_foreign();
    unlink(spill_path);
    return check_report("test_seq_spill");
}
