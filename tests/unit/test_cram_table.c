/* SPDX-License-Identifier: MIT */
/* Beling's published Cram table (tests/data/cram_beling.txt): every cell this test reaches in a
 * few seconds (at most GRUNDY_CRAM_TEST_CELLS cells, default 28, and every even x even board, which
 * the symmetry strategy settles) must come out of the search with the published nimber, on one
 * thread and on two; a wrong nimber fails. bench/cram_table.sh runs the rest, ten minutes a cell.
 */
#include "check.h"

#include <grundy/nimsearch.h>

#ifndef GRUNDY_TEST_DATA_DIR
#define GRUNDY_TEST_DATA_DIR "tests/data"
#endif

static unsigned search_cram(unsigned rows, unsigned cols, unsigned threads) {
    grundy_nim_game *g = NULL;
    grundy_nim_opts o = GRUNDY_NIM_OPTS_INIT;
    uint32_t v = 999;
    o.max_bytes = (uint64_t)256 << 20;
    o.threads = threads;
    CHECK_EQ(grundy_nim_game_cram_create(rows, cols, NULL, &g), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_nim_search(g, &g->initial, &o, &v, NULL), GRUNDY_STATUS_OK);
    grundy_nim_game_destroy(g);
    return v;
}

int main(void) {
    const char *const env = getenv("GRUNDY_CRAM_TEST_CELLS");
    const unsigned limit = env != NULL ? (unsigned)strtoul(env, NULL, 10) : 28u;
    FILE *const f = fopen(GRUNDY_TEST_DATA_DIR "/cram_beling.txt", "r");
    char line[256];
    unsigned published = 0, checked = 0;
    CHECK(f != NULL);
    while (f != NULL && fgets(line, sizeof line, f) != NULL) {
        unsigned rows, cols, nimber;
        if (line[0] == '#' || sscanf(line, "%u %u %u", &rows, &cols, &nimber) != 3) {
            continue; /* a comment, or an open cell ('?') */
        }
        published++;
        if (rows * cols > limit && (rows % 2 != 0 || cols % 2 != 0)) {
            continue;
        }
        const unsigned got = search_cram(rows, cols, 1);
        if (got != nimber) {
            fprintf(stderr, "cram %u x %u: searched %u, published %u\n", rows, cols, got, nimber);
        }
        CHECK_EQ(got, nimber);
        CHECK_EQ(search_cram(cols, rows, 2), nimber);
        checked++;
    }
    if (f != NULL) {
        fclose(f);
    }
    CHECK(published == 30);
    printf("cram: %u of %u published cells checked (at most %u cells, and even x even)\n", checked,
           published, limit);
    return check_report("test_cram_table");
}
