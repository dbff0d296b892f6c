/* SPDX-License-Identifier: MIT */
/*
 * Saving and loading solved tables. Layout (docs/solver.md), all integers little-endian:
 *   0 "GRUNDYSV"  8 u32 version (1)  12 u32 tables (GRUNDY_SOLVE_* bits)  16 u64 N
 *   24 u64 win  32 u64 lose  40 u64 draw  48 u64 FNV-1a 64 of every byte after the header
 *   56 u32 L, the length of the game's description (version 2; zero in version 1)  60 u32 zero;
 *   then the description (L bytes, version 2), outcomes (ceil(N/4) bytes), remoteness (u32 x N),
 *   score (i64 x N), Grundy (u32 x N), those present, in that order.
 * A save goes to a temporary file of its own beside PATH (grundy_file_out), is fsynced and renamed
 * over PATH: a failed save (disk full, ulimit -f) leaves the previous table whole.
 * The format is fixed-endian so a table moves between machines; the checksum catches truncation
 * and flipped bits, and the counts are re-derived on load and compared.
 */
#include "solver_internal.h"

#include <grundy/file.h>

#include "util/file_in.h"
#include "util/bytes.h"
#include "util/try.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HEADER_BYTES 64
#define CHUNK        65536
static const char magic[8] = {'G', 'R', 'U', 'N', 'D', 'Y', 'S', 'V'};

typedef struct stream {
    FILE *f;
    uint64_t hash;
    uint8_t buf[CHUNK];
    size_t used;
} stream;

static int flush(stream *s) {
    grundy_fnv1a(&s->hash, s->buf, s->used);
    const int ok = fwrite(s->buf, 1, s->used, s->f) == s->used;
    s->used = 0;
    return ok;
}

/* Write one integer of `bytes` bytes; 0 on an i/o error. */
static int put(stream *s, uint64_t v, unsigned bytes) {
    if (s->used + bytes > CHUNK && !flush(s)) {
        return 0;
    }
    grundy_put_le(s->buf + s->used, v, bytes);
    s->used += bytes;
    return 1;
}

static int write_tables(stream *s, const grundy_solution *sol) {
    int ok = 1;
    const uint64_t ob =
        (sol->tables & GRUNDY_SOLVE_OUTCOME) ? grundy_retro_outcome_bytes(sol->n) : 0;
    for (uint64_t i = 0; ok && i < ob; i++) {
        ok = put(s, sol->outcomes[i], 1);
    }
    for (uint64_t p = 0; ok && sol->remoteness != NULL && p < sol->n; p++) {
        ok = put(s, sol->remoteness[p], 4);
    }
    for (uint64_t p = 0; ok && sol->score != NULL && p < sol->n; p++) {
        ok = put(s, (uint64_t)sol->score[p], 8);
    }
    for (uint64_t p = 0; ok && sol->grundy != NULL && p < sol->n; p++) {
        ok = put(s, sol->grundy[p], 4);
    }
    return ok && flush(s);
}

static void encode_header(uint8_t *h, const grundy_solution *sol, uint64_t hash, size_t game_len) {
    memset(h, 0, HEADER_BYTES);
    memcpy(h, magic, sizeof magic);
    grundy_put_le(h + 8, GRUNDY_TABLE_VERSION, 4);
    grundy_put_le(h + 56, game_len, 4);
    grundy_put_le(h + 12, sol->tables, 4);
    grundy_put_le(h + 16, sol->n, 8);
    grundy_put_le(h + 24, sol->win, 8);
    grundy_put_le(h + 32, sol->lose, 8);
    grundy_put_le(h + 40, sol->draw, 8);
    grundy_put_le(h + 48, hash, 8);
}

static grundy_status write_file(stream *s, const grundy_solution *sol, const char *game) {
    grundy_status st = GRUNDY_STATUS_OK;
    uint8_t header[HEADER_BYTES];
    const size_t game_len = strlen(game);
    encode_header(header, sol, 0, game_len); /* a placeholder until the checksum is known */
    GRUNDY_CHECK(fwrite(header, 1, HEADER_BYTES, s->f) == HEADER_BYTES, GRUNDY_STATUS_IO);
    for (size_t i = 0; i < game_len; i++) {
        GRUNDY_CHECK(put(s, (uint8_t)game[i], 1), GRUNDY_STATUS_IO);
    }
    GRUNDY_CHECK(write_tables(s, sol), GRUNDY_STATUS_IO);
    encode_header(header, sol, s->hash, game_len);
    GRUNDY_CHECK(fseek(s->f, 0, SEEK_SET) == 0, GRUNDY_STATUS_IO);
    GRUNDY_CHECK(fwrite(header, 1, HEADER_BYTES, s->f) == HEADER_BYTES, GRUNDY_STATUS_IO);
cleanup:
    return st;
}

grundy_status grundy_solution_save_game(const grundy_solution *sol, const char *game,
                                        const char *path) {
    grundy_status st = GRUNDY_STATUS_OK;
    grundy_file_out *out = NULL;
    stream *const s = calloc(1, sizeof *s);
    GRUNDY_CHECK(s != NULL, GRUNDY_STATUS_NOMEM);
    game = game != NULL ? game : "";
    GRUNDY_CHECK(strlen(game) <= GRUNDY_SOLUTION_GAME_MAX, GRUNDY_STATUS_INVALID_ARG);
    s->hash = 0xcbf29ce484222325ull;
    GRUNDY_TRY(grundy_file_out_open(path, &out));
    s->f = grundy_file_out_stream(out);
    GRUNDY_TRY(write_file(s, sol, game));
    /* rename is atomic: PATH is the old table or the new one, never a part of either. */
    st = grundy_file_out_commit(out);
    out = NULL;
cleanup:
    grundy_file_out_discard(out);
    free(s);
    return st;
}

grundy_status grundy_solution_save(const grundy_solution *sol, const char *path) {
    return grundy_solution_save_game(sol, "", path);
}

/* Read one integer; 0 at a short read. */
static int get(stream *s, size_t *pos, uint64_t *v, unsigned bytes) {
    if (*pos + bytes > s->used) {
        const size_t left = s->used - *pos;
        memmove(s->buf, s->buf + *pos, left);
        s->used = left + fread(s->buf + left, 1, CHUNK - left, s->f);
        grundy_fnv1a(&s->hash, s->buf + left, s->used - left);
        *pos = 0;
        if (bytes > s->used) {
            return 0;
        }
    }
    *v = grundy_get_le(s->buf + *pos, bytes);
    *pos += bytes;
    return 1;
}

static int read_tables(stream *s, grundy_solution *sol) {
    size_t pos = 0;
    uint64_t v = 0;
    int ok = 1;
    const uint64_t ob = sol->outcomes != NULL ? grundy_retro_outcome_bytes(sol->n) : 0;
    for (uint64_t i = 0; ok && i < ob; i++) {
        ok = get(s, &pos, &v, 1);
        sol->outcomes[i] = (uint8_t)v;
    }
    for (uint64_t p = 0; ok && sol->remoteness != NULL && p < sol->n; p++) {
        ok = get(s, &pos, &v, 4);
        sol->remoteness[p] = (uint32_t)v;
    }
    for (uint64_t p = 0; ok && sol->score != NULL && p < sol->n; p++) {
        ok = get(s, &pos, &v, 8);
        sol->score[p] = (int64_t)v;
    }
    for (uint64_t p = 0; ok && sol->grundy != NULL && p < sol->n; p++) {
        ok = get(s, &pos, &v, 4);
        sol->grundy[p] = (uint32_t)v;
    }
    return ok && pos == s->used && fgetc(s->f) == EOF; /* nothing may follow the tables */
}

/* The allocations a header asks for, checked against max_bytes. */
static grundy_status alloc_from_header(const uint8_t *h, uint64_t max_bytes,
                                       grundy_solution **out) {
    const unsigned tables = (unsigned)grundy_get_le(h + 12, 4);
    const uint64_t n = grundy_get_le(h + 16, 8);
    const uint64_t version = grundy_get_le(h + 8, 4), game_len = grundy_get_le(h + 56, 4);
    /* The reserved bytes are checked: zero, or in version 2 a description's length. */
    if (memcmp(h, magic, sizeof magic) != 0 || version < 1 || version > GRUNDY_TABLE_VERSION ||
        grundy_get_le(h + 60, 4) != 0 || (version == 1 && game_len != 0) ||
        game_len > GRUNDY_SOLUTION_GAME_MAX || (tables & ~15u) != 0 || n == 0 ||
        n >= SIZE_MAX / 32 || ((tables & GRUNDY_SOLVE_REMOTENESS) && !(tables & 1u))) {
        return GRUNDY_STATUS_PARSE;
    }
    const uint64_t need =
        n * (((tables & 2u) ? 4u : 0u) + ((tables & 4u) ? 8u : 0u) + ((tables & 8u) ? 4u : 0u)) +
        grundy_retro_outcome_bytes(n);
    if (max_bytes != 0 && need > max_bytes) {
        return GRUNDY_STATUS_LIMIT;
    }
    grundy_solution *s;
    grundy_status st = solver_solution_new(n, &s);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    s->tables = tables;
    s->outcomes = (tables & 1u) ? malloc((size_t)grundy_retro_outcome_bytes(n)) : NULL;
    s->remoteness = (tables & 2u) ? malloc((size_t)n * 4) : NULL;
    s->score = (tables & 4u) ? malloc((size_t)n * 8) : NULL;
    s->grundy = (tables & 8u) ? malloc((size_t)n * 4) : NULL;
    if (((tables & 1u) && !s->outcomes) || ((tables & 2u) && !s->remoteness) ||
        ((tables & 4u) && !s->score) || ((tables & 8u) && !s->grundy)) {
        grundy_solution_destroy(s);
        return GRUNDY_STATUS_NOMEM;
    }
    *out = s;
    return GRUNDY_STATUS_OK;
}

/* The counts in the header must be those of the outcome table. */
static int counts_match(grundy_solution *s, const uint8_t *h) {
    uint64_t by[4] = {0, 0, 0, 0};
    for (uint64_t p = 0; s->outcomes != NULL && p < s->n; p++) {
        by[grundy_retro_outcome_get(s->outcomes, p)]++;
    }
    s->draw = by[GRUNDY_OUTCOME_DRAW];
    s->lose = by[GRUNDY_OUTCOME_LOSE];
    s->win = by[GRUNDY_OUTCOME_WIN];
    return by[3] == 0 && s->win == grundy_get_le(h + 24, 8) &&
           s->lose == grundy_get_le(h + 32, 8) && s->draw == grundy_get_le(h + 40, 8);
}

/* The description after the header must be `game` (NULL: any). */
static grundy_status read_game(stream *s, const uint8_t *h, const char *game) {
    const size_t len = (size_t)grundy_get_le(h + 56, 4);
    char text[GRUNDY_SOLUTION_GAME_MAX + 1];
    if (fread(text, 1, len, s->f) != len) {
        return GRUNDY_STATUS_PARSE;
    }
    grundy_fnv1a(&s->hash, (const uint8_t *)text, len);
    text[len] = '\0';
    if (game != NULL && (strlen(text) != len || strcmp(text, game) != 0)) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    return GRUNDY_STATUS_OK;
}

grundy_status grundy_solution_load_game(const char *path, uint64_t max_bytes, const char *game,
                                        grundy_solution **out) {
    grundy_status st = GRUNDY_STATUS_OK;
    uint8_t header[HEADER_BYTES];
    grundy_solution *sol = NULL;
    stream *const s = calloc(1, sizeof *s);
    *out = NULL;
    GRUNDY_CHECK(s != NULL, GRUNDY_STATUS_NOMEM);
    s->hash = 0xcbf29ce484222325ull;
    s->f = grundy_fopen_regular(path);
    GRUNDY_CHECK(s->f != NULL, GRUNDY_STATUS_IO);
    GRUNDY_CHECK(fread(header, 1, HEADER_BYTES, s->f) == HEADER_BYTES, GRUNDY_STATUS_PARSE);
    GRUNDY_TRY(alloc_from_header(header, max_bytes, &sol));
    GRUNDY_TRY(read_game(s, header, game));
    GRUNDY_CHECK(read_tables(s, sol), GRUNDY_STATUS_PARSE);
    GRUNDY_CHECK(s->hash == grundy_get_le(header + 48, 8), GRUNDY_STATUS_PARSE);
    GRUNDY_CHECK(counts_match(sol, header), GRUNDY_STATUS_PARSE);
    *out = sol;
    sol = NULL;
cleanup:
    if (s != NULL && s->f != NULL) {
        fclose(s->f);
    }
    free(s);
    grundy_solution_destroy(sol);
    return st;
}

grundy_status grundy_solution_load(const char *path, uint64_t max_bytes, grundy_solution **out) {
    return grundy_solution_load_game(path, max_bytes, NULL, out);
}
