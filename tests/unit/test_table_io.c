/* SPDX-License-Identifier: MIT */
/* Solver table files: the game description, the reserved header bytes, and a failed save
 * (the file size limit reached mid-write) leaving the previous table whole. */
#include "check.h"

#include <grundy/solver.h>

#include <dirent.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <unistd.h>

static const char *const path = "test_table_io.bin";

static grundy_solution *solve_divisors(unsigned n) {
    grundy_game *g = NULL;
    grundy_solution *s = NULL;
    grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
    o.want = GRUNDY_SOLVE_REMOTENESS;
    CHECK_EQ(grundy_game_divisors_create(n, &g), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_solve(g, &o, &s), GRUNDY_STATUS_OK);
    grundy_game_destroy(g);
    return s;
}

static int same(const grundy_solution *a, const grundy_solution *b) {
    if (a == NULL || b == NULL || grundy_solution_positions(a) != grundy_solution_positions(b)) {
        return 0;
    }
    for (uint64_t p = 0; p < grundy_solution_positions(a); p++) {
        if (grundy_solution_outcome(a, p) != grundy_solution_outcome(b, p) ||
            grundy_solution_remoteness(a, p) != grundy_solution_remoteness(b, p)) {
            return 0;
        }
    }
    return 1;
}

/* Set byte `at` of the file to v. */
static void poke(size_t at, int v) {
    FILE *f = fopen(path, "r+b");
    CHECK(f != NULL);
    if (f != NULL) {
        fseek(f, (long)at, SEEK_SET);
        fputc(v, f);
        fclose(f);
    }
}

static void test_game_text(void) {
    grundy_solution *s = solve_divisors(6), *t = NULL;
    CHECK_EQ(grundy_solution_save_game(s, "divisors 6", path), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_solution_load_game(path, 0, "divisors 6", &t), GRUNDY_STATUS_OK);
    CHECK(same(s, t));
    grundy_solution_destroy(t);
    CHECK_EQ(grundy_solution_load_game(path, 0, "divisors 7", &t), GRUNDY_STATUS_INVALID_ARG);
    CHECK(t == NULL);
    CHECK_EQ(grundy_solution_load(path, 0, &t), GRUNDY_STATUS_OK); /* any game */
    grundy_solution_destroy(t);
    t = NULL;
    poke(64, 'D'); /* the description is under the checksum */
    CHECK_EQ(grundy_solution_load(path, 0, &t), GRUNDY_STATUS_PARSE);
    CHECK_EQ(grundy_solution_save(s, path), GRUNDY_STATUS_OK);
    poke(61, 1); /* reserved bytes 60..63 must be zero */
    CHECK_EQ(grundy_solution_load(path, 0, &t), GRUNDY_STATUS_PARSE);
    CHECK_EQ(grundy_solution_save(s, path), GRUNDY_STATUS_OK);
    poke(57, 0x7f); /* a description longer than the limit */
    CHECK_EQ(grundy_solution_load(path, 0, &t), GRUNDY_STATUS_PARSE);
    CHECK_EQ(grundy_solution_save(s, path), GRUNDY_STATUS_OK);
    poke(8, 1); /* version 1 with a description length is refused */
    CHECK_EQ(grundy_solution_load(path, 0, &t), GRUNDY_STATUS_OK); /* length 0: fine */
    grundy_solution_destroy(t);
    t = NULL;
    CHECK_EQ(grundy_solution_save_game(s, "x", path), GRUNDY_STATUS_OK);
    poke(8, 1);
    CHECK_EQ(grundy_solution_load(path, 0, &t), GRUNDY_STATUS_PARSE);
    CHECK(t == NULL);
    grundy_solution_destroy(s);
}

static uint8_t *read_all(const char *file, size_t *len) {
    FILE *f = fopen(file, "rb");
    uint8_t *buf = malloc(1 << 16);
    *len = f != NULL && buf != NULL ? fread(buf, 1, 1 << 16, f) : 0;
    if (f != NULL) {
        fclose(f);
    }
    return buf;
}

static uint64_t le_at(const uint8_t *b, unsigned bytes) {
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++) {
        v |= (uint64_t)b[i] << (8 * i);
    }
    return v;
}

/* The streaming writer (grundy-mpi's) writes grundy_solution_save_game's bytes, description
 * included, so that a table from grundy-mpi loads as the game it describes. */
static void test_writer_describes(void) {
    static const char *const streamed = "test_table_io_stream.bin";
    grundy_solution *s = solve_divisors(9), *t = NULL;
    CHECK_EQ(grundy_solution_save_game(s, "divisors 9", path), GRUNDY_STATUS_OK);
    size_t len = 0, len2 = 0;
    uint8_t *const want = read_all(path, &len);
    CHECK(want != NULL && len > 64 + 10);
    const unsigned tables = (unsigned)le_at(want + 12, 4);
    const uint64_t n = le_at(want + 16, 8);
    const size_t body = 64 + 10, half = (len - body) / 2;
    grundy_table_writer *w = NULL;
    const mode_t mask = umask(002); /* the umask decides the mode (it was forced to 0644) */
    CHECK_EQ(grundy_table_writer_open_game(streamed, "divisors 9", tables, n, &w),
             GRUNDY_STATUS_OK);
    /* two pieces of raw bytes: the writer does not care where the tables meet */
    CHECK_EQ(grundy_table_writer_bytes(w, want + body, half), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_table_writer_bytes(w, want + body + half, len - body - half), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_table_writer_finish(w, le_at(want + 24, 8), le_at(want + 32, 8),
                                        le_at(want + 40, 8)),
             GRUNDY_STATUS_OK);
    struct stat sb;
    CHECK(stat(streamed, &sb) == 0 && (sb.st_mode & 0777) == 0664);
    umask(mask);
    uint8_t *const got = read_all(streamed, &len2);
    CHECK(got != NULL && len2 == len && memcmp(got, want, len) == 0);
    CHECK_EQ(grundy_solution_load_game(streamed, 0, "divisors 9", &t), GRUNDY_STATUS_OK);
    CHECK(same(s, t));
    grundy_solution_destroy(t);
    t = NULL;
    CHECK_EQ(grundy_solution_load_game(streamed, 0, "divisors 8", &t), GRUNDY_STATUS_INVALID_ARG);
    char *const long_text = calloc(GRUNDY_SOLUTION_GAME_MAX + 2, 1);
    CHECK(long_text != NULL);
    if (long_text != NULL) {
        memset(long_text, 'a', GRUNDY_SOLUTION_GAME_MAX + 1);
        CHECK_EQ(grundy_table_writer_open_game(streamed, long_text, tables, n, &w),
                 GRUNDY_STATUS_INVALID_ARG);
    }
    free(long_text);
    free(want);
    free(got);
    remove(streamed);
    remove(path);
    grundy_solution_destroy(s);
}

/* Files in the current directory whose name starts with `path`.tmp (the temporaries). */
static int temporaries_left(const char *p) {
    char prefix[256];
    snprintf(prefix, sizeof prefix, "%s.tmp", p);
    int left = 0;
    DIR *const d = opendir(".");
    for (struct dirent *e; d != NULL && (e = readdir(d)) != NULL;) {
        left += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
    }
    if (d != NULL) {
        closedir(d);
    }
    return left;
}

/* A save that fails half-way (RLIMIT_FSIZE, as `ulimit -f` or a full disk) keeps the old table. */
static void test_failed_save(void) {
    grundy_solution *small = solve_divisors(5), *big = solve_divisors(16), *t = NULL;
    struct rlimit old, lim;
    CHECK_EQ(grundy_solution_save_game(small, "divisors 5", path), GRUNDY_STATUS_OK);
    signal(SIGXFSZ, SIG_IGN); /* the write then fails with EFBIG instead of killing us */
    CHECK_EQ(getrlimit(RLIMIT_FSIZE, &old), 0);
    lim = old;
    lim.rlim_cur = 4096;
    CHECK_EQ(setrlimit(RLIMIT_FSIZE, &lim), 0);
    CHECK_EQ(grundy_solution_save_game(big, "divisors 16", path), GRUNDY_STATUS_IO);
    CHECK_EQ(setrlimit(RLIMIT_FSIZE, &old), 0);
    CHECK_EQ(temporaries_left(path), 0); /* the temporary is removed */
    CHECK_EQ(grundy_solution_load_game(path, 0, "divisors 5", &t), GRUNDY_STATUS_OK);
    CHECK(same(small, t));
    grundy_solution_destroy(t);
    CHECK_EQ(grundy_solution_save_game(big, "divisors 16", "no/such/dir/table"), GRUNDY_STATUS_IO);
    remove(path);
    grundy_solution_destroy(small);
    grundy_solution_destroy(big);
}

int main(void) {
    test_game_text();
    test_failed_save();
    test_writer_describes();
    return check_report("test_table_io");
}
