/* SPDX-License-Identifier: MIT */
/* libFuzzer target for solver table files (grundy solve --load): any bytes either load with
 * consistent counts, and then save and load again to the same tables, or are refused with a
 * status. The bytes go through a file, as --load reads them. */
#include <grundy/solver.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int same(const grundy_solution *a, const grundy_solution *b) {
    const unsigned t = grundy_solution_tables(a);
    if (grundy_solution_positions(a) != grundy_solution_positions(b) ||
        t != grundy_solution_tables(b)) {
        return 0;
    }
    for (uint64_t p = 0; p < grundy_solution_positions(a); p++) {
        if (((t & GRUNDY_SOLVE_OUTCOME) &&
             grundy_solution_outcome(a, p) != grundy_solution_outcome(b, p)) ||
            ((t & GRUNDY_SOLVE_REMOTENESS) &&
             grundy_solution_remoteness(a, p) != grundy_solution_remoteness(b, p)) ||
            ((t & GRUNDY_SOLVE_SCORE) &&
             grundy_solution_score(a, p) != grundy_solution_score(b, p)) ||
            ((t & GRUNDY_SOLVE_GRUNDY) &&
             grundy_solution_grundy(a, p) != grundy_solution_grundy(b, p))) {
            return 0;
        }
    }
    return 1;
}

/* One load of the bytes. */
static void load_bytes(const uint8_t *data, size_t size) {
    char path[64], again[80];
    snprintf(path, sizeof path, "/tmp/fuzz_table.%ld", (long)getpid());
    snprintf(again, sizeof again, "%s.again", path);
    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        return;
    }
    const int written = fwrite(data, 1, size, f) == size;
    if (fclose(f) != 0 || !written) {
        remove(path);
        return;
    }
    grundy_solution *s = NULL, *t = NULL;
    const grundy_status st = grundy_solution_load(path, (uint64_t)1 << 24, &s);
    if (st == GRUNDY_STATUS_OK) {
        uint64_t win, lose, draw;
        grundy_solution_counts(s, &win, &lose, &draw);
        if (s == NULL || ((grundy_solution_tables(s) & GRUNDY_SOLVE_OUTCOME) &&
                          win + lose + draw != grundy_solution_positions(s))) {
            abort();
        }
        if (grundy_solution_save_game(s, "fuzz", again) == GRUNDY_STATUS_OK &&
            (grundy_solution_load_game(again, 0, "fuzz", &t) != GRUNDY_STATUS_OK || !same(s, t))) {
            abort();
        }
        remove(again);
    } else if (s != NULL) {
        abort();
    }
    grundy_solution_destroy(t);
    grundy_solution_destroy(s);
    remove(path);
}

/* A mutated table almost never keeps its checksum right, so the bytes are also loaded with the
 * checksum (FNV-1a 64 of everything after the 64-byte header, at offset 48) made to match: that
 * lets the fuzzer reach the size, description, count and table checks behind it. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    load_bytes(data, size);
    if (size >= 64) {
        uint8_t *fixed = malloc(size);
        if (fixed == NULL) {
            return 0;
        }
        memcpy(fixed, data, size);
        uint64_t h = 0xcbf29ce484222325ull;
        for (size_t i = 64; i < size; i++) {
            h = (h ^ fixed[i]) * 0x100000001b3ull;
        }
        for (unsigned i = 0; i < 8; i++) {
            fixed[48 + i] = (uint8_t)(h >> (8 * i));
        }
        load_bytes(fixed, size);
        free(fixed);
    }
    return 0;
}
