/* SPDX-License-Identifier: MIT */
/* Checkpoints of a windowed sequence (memory beyond RAM, docs/file-formats.md): on many seeded
 * random codes, a run with a small opts.memory (with and without a spill file) is stopped at a
 * random quiescent point right after its checkpoint is written, read back into a new sequence and
 * extended to the end: it ends as the uninterrupted run (status and length; a run the
 * bound stops stops again) and every value it holds is the full-storage run's. (The final
 * checkpoints are not compared byte for byte: where a relayout puts the window depends on the
 * last quiescent point, and the chunks on the clock.) A checkpoint read with another
 * opts.memory, or without its spill file, or into a sequence that holds values, is refused.
 * GRUNDY_TEST_SEED replays a failure. */
#include <grundy/grundy.h>

#include "check.h"
#include "split_code.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[64], spill_path[128], ck_path[128], ck_ref[128], ck_end[128];

typedef struct watch {
    const grundy_seq *full;
    uint64_t bad;
    uint64_t stop_at; /* chunks before the checkpoint and the stop; 0: never */
    uint64_t chunks;
    volatile sig_atomic_t stop;
    const char *save; /* the checkpoint's path */
} watch;

static grundy_status on_chunk(void *ctx, const grundy_seq *seq, uint64_t target) {
    watch *w = ctx;
    (void)target;
    const uint64_t n = grundy_seq_length(seq);
    for (uint64_t i = n > 64 ? n - 64 : 0; i < n; i++) { /* the newest values, always kept */
        w->bad += !grundy_seq_kept(seq, i) || grundy_seq_get(seq, i) != grundy_seq_get(w->full, i);
    }
    if (++w->chunks == w->stop_at) {
        CHECK_EQ(grundy_seqfile_save(seq, n, GRUNDY_SEQFILE_CHECKPOINT, w->save), GRUNDY_STATUS_OK);
        w->stop = 1;
    }
    return GRUNDY_STATUS_OK;
}

/* Every value the sequence can give (kept, or from its spill file) is the full run's. */
static uint64_t wrong_values(grundy_seq *seq, const grundy_seq *full, int spill) {
    uint64_t wrong = 0;
    for (uint64_t i = 0; i < grundy_seq_length(seq); i++) {
        uint64_t v = 0;
        const grundy_status st = grundy_seq_value(seq, i, &v);
        wrong += (st == GRUNDY_STATUS_OK && v != grundy_seq_get(full, i)) ||
                 (st != GRUNDY_STATUS_OK && (st != GRUNDY_STATUS_LIMIT || spill));
    }
    return wrong;
}

static int resumed_runs, resumed_windowed;

static void compare_code(const char *text, uint64_t n, uint64_t memory, int spill, check_rng *rng,
                         uint64_t seed) {
    grundy_rule *rule = NULL;
    grundy_seq *full = NULL, *ref = NULL, *cut = NULL, *back = NULL;
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    opts.engine = GRUNDY_SEQ_SPARSE;
    CHECK_EQ(grundy_rule_parse(text, &rule, NULL), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_create(rule, &opts, &full), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_extend(full, 20000), GRUNDY_STATUS_OK);
    const uint64_t rare = grundy_seq_rare_count(full);
    n = rare == UINT64_MAX ? 20000 : rare == 0 && n > 50000 ? 50000 : n;
    CHECK_EQ(grundy_seq_extend(full, n), GRUNDY_STATUS_OK);
    opts.memory = memory;
    opts.spill = spill ? spill_path : NULL;
    opts.hook = on_chunk;
    /* uninterrupted, with its final checkpoint */
    watch wr = {full, 0, 0, 0, 0, ck_ref};
    opts.hook_ctx = &wr;
    CHECK_EQ(grundy_seq_create(rule, &opts, &ref), GRUNDY_STATUS_OK);
    const grundy_status ref_st = grundy_seq_extend(ref, n);
    const uint64_t ref_len = grundy_seq_length(ref);
    const uint64_t ref_wrong = wrong_values(ref, full, spill) + wr.bad;
    if (ref_st == GRUNDY_STATUS_OK) {
        CHECK_EQ(grundy_seqfile_save(ref, ref_len, GRUNDY_SEQFILE_CHECKPOINT, ck_ref),
                 GRUNDY_STATUS_OK);
    }
    grundy_seq_destroy(ref);
    unlink(spill_path);
    /* stopped after a random number of chunks, right after its checkpoint */
    /* a chunk of the uninterrupted run's (a few seconds' chunks may differ: the clock) */
    const uint64_t chunks = wr.chunks > 1 ? wr.chunks - 1 : 1;
    watch wc = {full, 0, (chunks + 1) / 2 + check_rng_below(rng, chunks / 2 + 1), 0, 0, ck_path};
    opts.hook_ctx = &wc;
    opts.stop = &wc.stop;
    CHECK_EQ(grundy_seq_create(rule, &opts, &cut), GRUNDY_STATUS_OK);
    const grundy_status cut_st = grundy_seq_extend(cut, n);
    const uint64_t cut_len = grundy_seq_length(cut);
    const int dropped = !grundy_seq_kept_all(cut);
    grundy_seq_destroy(cut);
    int ok = ref_wrong == 0;
    grundy_status back_st = GRUNDY_STATUS_OK;
    uint64_t back_len = 0, back_wrong = 0;
    if (cut_st == GRUNDY_STATUS_INTERRUPTED) {
        watch wb = {full, 0, 0, 0, 0, ck_end};
        opts.hook_ctx = &wb;
        opts.stop = NULL;
        CHECK_EQ(grundy_seq_create(rule, &opts, &back), GRUNDY_STATUS_OK);
        grundy_seqfile_info info;
        CHECK_EQ(grundy_seqfile_load(ck_path, back, &info), GRUNDY_STATUS_OK);
        CHECK_U64(grundy_seq_length(back), cut_len);
        const grundy_status st = grundy_seq_extend(back, n);
        back_st = st;
        back_len = grundy_seq_length(back);
        back_wrong = wrong_values(back, full, spill) + wb.bad;
        /* A run that stops at the bound (LIMIT) may stop a little earlier or later: where the
         * window may move depends on the last quiescent point, and the chunks between them
         * on the clock, resumed or not. A run that ends ends the same. */
        const int same_end = ref_st == GRUNDY_STATUS_OK
                                 ? st == ref_st && grundy_seq_length(back) == ref_len
                                 : st == GRUNDY_STATUS_LIMIT;
        ok = ok && same_end && back_wrong == 0;
        resumed_runs++;
        resumed_windowed += dropped;
        grundy_seq_destroy(back);
    }
    if (!ok) {
        fprintf(stderr,
                "%s (seed %llu, memory %llu, spill %d): uninterrupted status %d at %llu, stopped "
                "at %llu (status %d), resumed: status %d at %llu, %llu values wrong\n",
                text, (unsigned long long)seed, (unsigned long long)memory, spill, (int)ref_st,
                (unsigned long long)ref_len, (unsigned long long)cut_len, (int)cut_st, (int)back_st,
                (unsigned long long)back_len, (unsigned long long)back_wrong);
    }
    CHECK(ok);
    unlink(spill_path);
    unlink(ck_path);
    grundy_seq_destroy(full);
    grundy_rule_destroy(rule);
}

static void test_random_codes(void) {
    const uint64_t seed = check_seed(20261203);
    check_rng rng = {seed};
    char text[32];
    for (int i = 0; i < 10; i++) {
        split_code(&rng, text);
        /* 88 KiB to 104 KiB beside 60000 to 120000 values: most runs drop values */
        const uint64_t memory = 90112 + 512 * check_rng_below(&rng, 32);
        compare_code(text, 50000 + check_rng_below(&rng, 40000), memory, i % 2, &rng, seed);
    }
    compare_code("0.167", 200000, 131072, 0, &rng, seed);
    compare_code("0.167", 200000, 131072, 1, &rng, seed);
    CHECK(resumed_runs > 6);
    CHECK(resumed_windowed >= 2);
    printf("resumed runs: %d, %d with values dropped\n", resumed_runs, resumed_windowed);
}

/* Another opts.memory, or no spill file for a checkpoint made with one: refused. */
static void test_refused(void) {
    grundy_rule *rule = NULL;
    grundy_seq *seq = NULL;
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    opts.memory = 131072;
    opts.spill = spill_path;
    CHECK_EQ(grundy_rule_parse("0.167", &rule, NULL), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_extend(seq, 300000), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seqfile_save(seq, 300000, GRUNDY_SEQFILE_CHECKPOINT, ck_path),
             GRUNDY_STATUS_OK);
    grundy_seq_destroy(seq);
    CHECK(access(spill_path, F_OK) == 0); /* the checkpoint refers to it: kept */
    grundy_seqfile_info info;
    opts.memory = 262144;
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seqfile_load(ck_path, seq, &info), GRUNDY_STATUS_PARSE);
    CHECK(info.problem == GRUNDY_SEQFILE_OTHER_RUN && strstr(info.message, "--memory") != NULL);
    grundy_seq_destroy(seq);
    opts.memory = 131072;
    opts.spill = NULL;
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seqfile_load(ck_path, seq, &info), GRUNDY_STATUS_PARSE);
    CHECK(strstr(info.message, "--spill") != NULL);
    CHECK_U64(grundy_seq_length(seq), 0);
    grundy_seq_destroy(seq);
    /* Into a sequence that holds values, fewer or as many (it used to return INVALID_ARG for
     * fewer and OK for as many, the body unread): refused, the sequence as it was. */
    grundy_seq_opts plain = GRUNDY_SEQ_OPTS_INIT;
    for (uint64_t held = 10; held <= 300000; held += 299990) {
        CHECK_EQ(grundy_seq_create(rule, &plain, &seq), GRUNDY_STATUS_OK);
        CHECK_EQ(grundy_seq_extend(seq, held), GRUNDY_STATUS_OK);
        CHECK_EQ(grundy_seqfile_load(ck_path, seq, &info), GRUNDY_STATUS_PARSE);
        CHECK(info.problem == GRUNDY_SEQFILE_OTHER_RUN &&
              strstr(info.message, "holds no value") != NULL);
        CHECK_U64(grundy_seq_length(seq), held);
        grundy_seq_destroy(seq);
    }
    opts.spill = spill_path;
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seqfile_load(ck_path, seq, &info), GRUNDY_STATUS_OK);
    CHECK_U64(grundy_seq_length(seq), 300000);
    CHECK_EQ(grundy_seq_extend(seq, 310000), GRUNDY_STATUS_OK);
    grundy_seq_destroy(seq);
    unlink(spill_path);
    unlink(ck_path);
    grundy_rule_destroy(rule);
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

/* A windowed checkpoint whose last stored value (the window's, or the spill's block being filled)
 * is made larger than the file's largest value, its checksum made to match (a crafted file): the
 * engine sizes its tables by the largest value, so such a value wrote past them (the window
 * engine's marks: a heap-buffer-overflow). Refused now, the sequence empty. */
static void test_crafted_value(int spill) {
    grundy_rule *rule = NULL;
    grundy_seq *seq = NULL;
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    opts.engine = GRUNDY_SEQ_SPARSE;
    opts.memory = 131072;
    opts.spill = spill ? spill_path : NULL;
    CHECK_EQ(grundy_rule_parse("0.167", &rule, NULL), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_extend(seq, 300001), GRUNDY_STATUS_OK);
    CHECK(!grundy_seq_kept_all(seq));
    const uint64_t max = grundy_seq_max_value(seq);
    CHECK_EQ(grundy_seqfile_save(seq, 300001, GRUNDY_SEQFILE_CHECKPOINT, ck_path),
             GRUNDY_STATUS_OK);
    grundy_seq_destroy(seq);
    FILE *f = fopen(ck_path, "rb");
    CHECK(f != NULL);
    static unsigned char buf[1 << 22];
    const size_t size = f != NULL ? fread(buf, 1, sizeof buf, f) : 0;
    if (f != NULL) {
        fclose(f);
    }
    CHECK(size > 64 && size < sizeof buf && max < 255 && buf[20] == 1); /* one byte a value */
    buf[size - 9] = 255; /* the last value before the checksum */
    put_checksum(buf, size - 8);
    f = fopen(ck_path, "wb");
    CHECK(f != NULL && fwrite(buf, 1, size, f) == size);
    if (f != NULL) {
        fclose(f);
    }
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_OK);
    grundy_seqfile_info info;
    const grundy_status st = grundy_seqfile_load(ck_path, seq, &info);
    CHECK_EQ(st, GRUNDY_STATUS_PARSE);
    CHECK(strstr(info.message, "largest value") != NULL);
    CHECK_U64(grundy_seq_length(seq), 0);
    if (st == GRUNDY_STATUS_OK) {
        fprintf(stderr,
                "crafted checkpoint loaded (spill %d): not extended (it writes out of "
                "bounds)\n",
                spill);
    } else {
        CHECK_EQ(grundy_seq_extend(seq, 1000), GRUNDY_STATUS_OK);
    }
    grundy_seq_destroy(seq);
    unlink(spill_path);
    unlink(ck_path);
    grundy_rule_destroy(rule);
}

int main(void) {
    snprintf(dir, sizeof dir, "%s", access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
    const long pid = (long)getpid();
    snprintf(spill_path, sizeof spill_path, "%s/grundy_test_cw.%ld.sp", dir, pid);
    snprintf(ck_path, sizeof ck_path, "%s/grundy_test_cw.%ld.ck", dir, pid);
    snprintf(ck_ref, sizeof ck_ref, "%s/grundy_test_cw.%ld.ref", dir, pid);
    snprintf(ck_end, sizeof ck_end, "%s/grundy_test_cw.%ld.end", dir, pid);
    test_random_codes();
    test_refused();
    test_crafted_value(0);
    test_crafted_value(1);
    unlink(ck_ref);
    unlink(ck_end);
    return check_report("test_seq_checkpoint_window");
}
