/* SPDX-License-Identifier: MIT */
/*
 * A solver table written piece by piece (grundy_table_writer, solver.h): the layout of
 * grundy_solution_save (table_io.c, docs/solver.md), for a writer that never holds the whole
 * table, such as rank 0 of grundy-mpi receiving the other ranks' slices in turn. Written to a
 * temporary file of its own beside the target (grundy_file_out: mkstemp, the umask's mode),
 * fsynced and renamed, so a reader sees the old file or the whole new one.
 */
#include "solver_internal.h"

#include <grundy/file.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { WRITER_HEADER = 64, WRITER_CHUNK = 1 << 16 };
_Static_assert(GRUNDY_SOLUTION_GAME_MAX <= WRITER_CHUNK, "a description fits the write buffer");

struct grundy_table_writer {
    grundy_file_out *out; /* written through its descriptor, unbuffered */
    int fd;
    unsigned tables;
    uint64_t n, written, expected, hash;
    size_t game_len; /* the description's bytes, between the header and the tables */
    size_t used;
    uint8_t buf[WRITER_CHUNK];
};

static void le(uint8_t *b, uint64_t v, unsigned bytes) {
    for (unsigned i = 0; i < bytes; i++) {
        b[i] = (uint8_t)(v >> (8 * i));
    }
}

static int write_all(int fd, const uint8_t *b, size_t len) {
    while (len > 0) {
        const ssize_t k = write(fd, b, len);
        if (k <= 0) {
            return 0;
        }
        b += k;
        len -= (size_t)k;
    }
    return 1;
}

/* FNV-1a 64 over the table bytes, as table_io.c checks them. */
static int flush(grundy_table_writer *w) {
    uint64_t h = w->hash;
    for (size_t i = 0; i < w->used; i++) {
        h = (h ^ w->buf[i]) * 0x100000001b3ull;
    }
    w->hash = h;
    const int ok = write_all(w->fd, w->buf, w->used);
    w->used = 0;
    return ok;
}

static uint64_t expected_bytes(unsigned tables, uint64_t n) {
    return ((tables & GRUNDY_SOLVE_OUTCOME) ? grundy_retro_outcome_bytes(n) : 0) +
           ((tables & GRUNDY_SOLVE_REMOTENESS) ? 4 * n : 0) +
           ((tables & GRUNDY_SOLVE_SCORE) ? 8 * n : 0) +
           ((tables & GRUNDY_SOLVE_GRUNDY) ? 4 * n : 0);
}

grundy_status grundy_table_writer_open(const char *path, unsigned tables, uint64_t n,
                                       grundy_table_writer **out) {
    return grundy_table_writer_open_game(path, "", tables, n, out);
}

grundy_status grundy_table_writer_open_game(const char *path, const char *game, unsigned tables,
                                            uint64_t n, grundy_table_writer **out) {
    *out = NULL;
    game = game != NULL ? game : "";
    const size_t game_len = strlen(game);
    if (path == NULL || tables == 0 || (tables & ~15u) != 0 || n > UINT64_MAX / 32 ||
        game_len > GRUNDY_SOLUTION_GAME_MAX) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    grundy_table_writer *const w = calloc(1, sizeof *w);
    if (w == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    *w = (grundy_table_writer){.fd = -1, .tables = tables, .n = n, .game_len = game_len};
    w->expected = expected_bytes(tables, n);
    w->hash = 0xcbf29ce484222325ull;
    const grundy_status st = grundy_file_out_open(path, &w->out);
    if (st != GRUNDY_STATUS_OK) {
        free(w);
        return st;
    }
    w->fd = fileno(grundy_file_out_stream(w->out));
    uint8_t header[WRITER_HEADER] = {0}; /* a placeholder until the counts and checksum are known */
    if (!write_all(w->fd, header, sizeof header)) {
        grundy_table_writer_abort(w);
        return GRUNDY_STATUS_IO;
    }
    /* the description is the first piece after the header, so the checksum covers it, as
     * table_io.c's reader expects (GRUNDY_SOLUTION_GAME_MAX < WRITER_CHUNK: it fits the buffer) */
    memcpy(w->buf, game, game_len);
    w->used = game_len;
    *out = w;
    return GRUNDY_STATUS_OK;
}

grundy_status grundy_table_writer_bytes(grundy_table_writer *w, const uint8_t *bytes, size_t len) {
    if (len > w->expected - w->written) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    for (size_t i = 0; i < len; i++) {
        if (w->used == WRITER_CHUNK && !flush(w)) {
            return GRUNDY_STATUS_IO;
        }
        w->buf[w->used++] = bytes[i];
    }
    w->written += len;
    return GRUNDY_STATUS_OK;
}

grundy_status grundy_table_writer_u32(grundy_table_writer *w, const uint32_t *values,
                                      size_t count) {
    if (count > (w->expected - w->written) / 4) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    for (size_t i = 0; i < count; i++) {
        if (w->used + 4 > WRITER_CHUNK && !flush(w)) {
            return GRUNDY_STATUS_IO;
        }
        le(w->buf + w->used, values[i], 4);
        w->used += 4;
    }
    w->written += 4 * (uint64_t)count;
    return GRUNDY_STATUS_OK;
}

grundy_status grundy_table_writer_finish(grundy_table_writer *w, uint64_t win, uint64_t lose,
                                         uint64_t draw) {
    grundy_status st = GRUNDY_STATUS_OK;
    uint8_t h[WRITER_HEADER] = {'G', 'R', 'U', 'N', 'D', 'Y', 'S', 'V'};
    if (w->written != w->expected || win + lose + draw != w->n) {
        st = GRUNDY_STATUS_INVALID_ARG;
    } else if (!flush(w)) {
        st = GRUNDY_STATUS_IO;
    } else {
        le(h + 8, GRUNDY_TABLE_VERSION, 4);
        le(h + 12, w->tables, 4);
        le(h + 16, w->n, 8);
        le(h + 24, win, 8);
        le(h + 32, lose, 8);
        le(h + 40, draw, 8);
        le(h + 48, w->hash, 8);
        le(h + 56, w->game_len, 4);
        st = lseek(w->fd, 0, SEEK_SET) == 0 && write_all(w->fd, h, sizeof h) ? GRUNDY_STATUS_OK
                                                                             : GRUNDY_STATUS_IO;
    }
    if (st != GRUNDY_STATUS_OK) {
        grundy_table_writer_abort(w);
        return st;
    }
    st = grundy_file_out_commit(w->out); /* synced and renamed: the whole table, or the old file */
    free(w);
    return st;
}

void grundy_table_writer_abort(grundy_table_writer *w) {
    if (w == NULL) {
        return;
    }
    grundy_file_out_discard(w->out);
    free(w);
}
