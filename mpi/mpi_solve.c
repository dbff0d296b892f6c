/* SPDX-License-Identifier: MIT */
/*
 * The retrograde core of retro.h spread over MPI ranks. Rank r owns the positions
 * [r * block, (r + 1) * block): their outcomes, remoteness, counters and a queue of its own
 * labelled positions, levels contiguous as in the one-process queue. A round relaxes one level:
 * every rank reads the parents of its positions of remoteness L (the game's parents callback,
 * or a reverse graph each rank builds for its slice from everyone's moves) and sends each parent
 * to its owner as an update: "an option of yours loses" (the parent wins, at L + 1, if still
 * open) or "an option of yours wins" (one move counted off; the parent loses at L + 1 when none
 * is left). The owner applies them and appends the new positions: level L + 1. The rounds end
 * when no rank labelled anything.
 *
 * Outcome and remoteness are functions of the graph, and level L + 1 is exactly the positions
 * of remoteness L + 1 whatever the order the updates arrive in (retro_par_impl.h says why), so
 * the table is the one-process table, byte for byte, for any number of ranks.
 */
#include "mpi_solve.h"

#include <stdlib.h>
#include <string.h>

/* Updates a rank sends before an exchange (8 bytes each), and the slice of a saved table one
 * message carries. */
enum { MPI_BATCH = 1 << 20, MPI_SAVE_CHUNK = 1 << 20 };

typedef struct vec64 {
    uint64_t *v;
    size_t n, cap;
} vec64;

typedef struct slice {
    MPI_Comm comm;
    int rank, ranks;
    const grundy_game *game;
    uint64_t n, block, lo, len;
    uint8_t *outcomes;    /* grundy_retro_outcome_bytes(len) */
    uint32_t *remoteness; /* len */
    uint32_t *count;      /* len: moves not yet known to lead to a win (4 bytes each), */
    uint8_t *count8;      /* or (max_moves <= 255) 1 byte each: exactly one is set */
    uint32_t *queue;      /* local ids, in order of remoteness */
    uint64_t tail;
    uint64_t *rev_off; /* without a parents callback: the slice's reverse graph */
    uint64_t *rev;
    grundy_move_list moves;
    grundy_parent_list parents;
    vec64 *to;   /* per destination rank */
    vec64 in;    /* received */
    int *counts; /* 4 * ranks: send counts, send offsets, receive counts, offsets */
    uint64_t *send;
    size_t send_cap;
    grundy_status st;
    uint32_t level;
} slice;

static int push(vec64 *x, uint64_t v) {
    if (x->n == x->cap) {
        const size_t cap = x->cap < 64 ? 64 : x->cap * 2;
        uint64_t *const p = realloc(x->v, cap * sizeof *p);
        if (p == NULL) {
            return 0;
        }
        x->v = p;
        x->cap = cap;
    }
    x->v[x->n++] = v;
    return 1;
}

static void fail(slice *s, grundy_status st) {
    if (s->st == GRUNDY_STATUS_OK) {
        s->st = st;
    }
}

static int owner(const slice *s, uint64_t u) {
    return (int)(u / s->block);
}

/* One status for all ranks: the largest failure code any of them saw. */
static grundy_status agree(slice *s) {
    int mine = (int)s->st, all = 0;
    MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MAX, s->comm);
    s->st = (grundy_status)all;
    return s->st;
}

static int any(const slice *s, int mine) {
    int all = 0;
    MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_LOR, s->comm);
    return all;
}

/* Everyone's per-destination vectors to their owners: s->in gets what this rank received, in
 * rank order and in each rank's order (so pairs pushed together stay together); the vectors are
 * emptied. */
static void exchange(slice *s) {
    int *const sc = s->counts, *const so = sc + s->ranks, *const rc = so + s->ranks,
               *const ro = rc + s->ranks;
    size_t total = 0;
    for (int r = 0; r < s->ranks; r++) {
        total += s->to[r].n;
    }
    if (total > s->send_cap) {
        uint64_t *const p = realloc(s->send, total * sizeof *p);
        if (p == NULL) {
            fail(s, GRUNDY_STATUS_NOMEM);
            total = 0;
        } else {
            s->send = p;
            s->send_cap = total;
        }
    }
    size_t at = 0;
    for (int r = 0; r < s->ranks; r++) {
        const size_t k = total == 0 ? 0 : s->to[r].n;
        if (k != 0) {
            memcpy(s->send + at, s->to[r].v, k * sizeof *s->send);
        }
        sc[r] = (int)k;
        so[r] = (int)at;
        at += k;
        s->to[r].n = 0;
    }
    MPI_Alltoall(sc, 1, MPI_INT, rc, 1, MPI_INT, s->comm);
    size_t in = 0;
    for (int r = 0; r < s->ranks; r++) {
        ro[r] = (int)in;
        in += (size_t)rc[r];
    }
    s->in.n = 0;
    while (s->in.cap < in) {
        if (!push(&s->in, 0)) {
            fail(s, GRUNDY_STATUS_NOMEM);
            break;
        }
    }
    /* a rank out of memory still takes part, so that no rank waits forever; its st says so */
    MPI_Alltoallv(s->send, sc, so, MPI_UINT64_T, s->in.v, rc, ro, MPI_UINT64_T, s->comm);
    s->in.n = s->in.cap < in ? 0 : in;
}

/* The moves of p, children range-checked; NULL on failure. */
static const grundy_move_list *moves_of(slice *s, uint64_t p) {
    s->moves.count = 0;
    s->game->moves(s->game->ctx, p, &s->moves);
    if (s->moves.failed) {
        fail(s, GRUNDY_STATUS_NOMEM);
        return NULL;
    }
    for (size_t i = 0; i < s->moves.count; i++) {
        if (s->moves.items[i].child >= s->n) {
            fail(s, GRUNDY_STATUS_INVALID_ARG);
            return NULL;
        }
    }
    return &s->moves;
}

static grundy_outcome primitive(const slice *s, uint64_t p) {
    const grundy_game *g = s->game;
    return g->primitive != NULL ? g->primitive(g->ctx, p) : GRUNDY_OUTCOME_DRAW;
}

static void set_count(slice *s, uint64_t i, uint32_t c) {
    if (s->count8 != NULL) {
        s->count8[i] = (uint8_t)c;
    } else {
        s->count[i] = c;
    }
}

/* Count one option of local position i off: nonzero when none is left. */
static int count_off(slice *s, uint64_t i) {
    return s->count8 != NULL ? --s->count8[i] == 0 : --s->count[i] == 0;
}

static void label(slice *s, uint64_t local, grundy_outcome o, uint32_t r) {
    grundy_retro_outcome_set(s->outcomes, local, o);
    s->remoteness[local] = r;
    s->queue[s->tail++] = (uint32_t)local;
}

/* Counters of the slice; terminal and primitive positions are level 0. */
static void seed(slice *s) {
    for (uint64_t i = 0; i < s->len && s->st == GRUNDY_STATUS_OK; i++) {
        const uint64_t p = s->lo + i;
        grundy_outcome o = primitive(s, p);
        set_count(s, i, 0);
        if (o == GRUNDY_OUTCOME_DRAW) {
            const grundy_move_list *m = moves_of(s, p);
            const size_t c = m != NULL ? m->count : 0;
            if (c > (s->count8 != NULL ? 255u : UINT32_MAX) ||
                (s->game->max_moves != 0 && c > s->game->max_moves)) {
                fail(s, GRUNDY_STATUS_INVALID_ARG);
            }
            set_count(s, i, (uint32_t)c);
            o = c == 0 ? GRUNDY_OUTCOME_LOSE : GRUNDY_OUTCOME_DRAW;
        }
        if (o != GRUNDY_OUTCOME_DRAW) {
            label(s, i, o, 0);
        }
    }
}

/* Without a parents callback: every rank sends (child, parent) for the moves of its positions
 * to the child's owner, which keeps them as its slice's reverse rows. */
static void build_reverse(slice *s) {
    vec64 pairs = {NULL, 0, 0};
    uint64_t p = s->lo;
    int more = 1;
    while (more) {
        size_t queued = 0;
        for (; p < s->lo + s->len && queued < MPI_BATCH && s->st == GRUNDY_STATUS_OK; p++) {
            const grundy_move_list *m =
                primitive(s, p) == GRUNDY_OUTCOME_DRAW ? moves_of(s, p) : NULL;
            for (size_t i = 0; m != NULL && i < m->count; i++, queued++) {
                vec64 *const to = &s->to[owner(s, m->items[i].child)];
                if (!push(to, m->items[i].child) || !push(to, p)) {
                    fail(s, GRUNDY_STATUS_NOMEM);
                }
            }
        }
        exchange(s);
        for (size_t i = 0; i + 1 < s->in.n; i += 2) {
            if (!push(&pairs, s->in.v[i]) || !push(&pairs, s->in.v[i + 1])) {
                fail(s, GRUNDY_STATUS_NOMEM);
            }
        }
        more = any(s, p < s->lo + s->len && s->st == GRUNDY_STATUS_OK);
    }
    const size_t edges = pairs.n / 2;
    s->rev_off = calloc((size_t)s->len + 1, sizeof *s->rev_off);
    s->rev = malloc((edges + 1) * sizeof *s->rev);
    if (s->rev_off == NULL || s->rev == NULL) {
        fail(s, GRUNDY_STATUS_NOMEM);
    } else {
        /* counting sort by child, keeping the order the pairs came in */
        for (size_t e = 0; e < edges; e++) {
            s->rev_off[pairs.v[2 * e] - s->lo + 1]++;
        }
        for (uint64_t v = 0; v < s->len; v++) {
            s->rev_off[v + 1] += s->rev_off[v];
        }
        for (size_t e = 0; e < edges; e++) {
            s->rev[s->rev_off[pairs.v[2 * e] - s->lo]++] = pairs.v[2 * e + 1];
        }
        for (uint64_t v = s->len; v > 0; v--) {
            s->rev_off[v] = s->rev_off[v - 1];
        }
        s->rev_off[0] = 0;
    }
    free(pairs.v);
}

/* The parents of global position v (one entry per move), or NULL on failure. */
static const uint64_t *parents_of(slice *s, uint64_t v, size_t *count) {
    if (s->rev_off != NULL) {
        const uint64_t i = v - s->lo;
        *count = (size_t)(s->rev_off[i + 1] - s->rev_off[i]);
        return s->rev + s->rev_off[i];
    }
    s->parents.count = 0;
    s->game->parents(s->game->ctx, v, &s->parents);
    *count = s->parents.count;
    if (s->parents.failed) {
        fail(s, GRUNDY_STATUS_NOMEM);
        *count = 0;
    }
    for (size_t i = 0; i < *count; i++) {
        if (s->parents.items[i] >= s->n) {
            fail(s, GRUNDY_STATUS_INVALID_ARG);
            *count = 0;
        }
    }
    return s->parents.items;
}

/* The owner's side of an update: bit 0 set = the option lost (claim a win), else it won. */
static void apply(slice *s) {
    const uint32_t next = s->level + 1;
    for (size_t i = 0; i < s->in.n; i++) {
        const uint64_t u = (s->in.v[i] >> 1) - s->lo;
        if (grundy_retro_outcome_get(s->outcomes, u) != GRUNDY_OUTCOME_DRAW) {
            continue; /* labelled already (or primitive) */
        }
        if (s->in.v[i] & 1u) {
            label(s, u, GRUNDY_OUTCOME_WIN, next);
        } else if (count_off(s, u)) {
            label(s, u, GRUNDY_OUTCOME_LOSE, next);
        }
    }
}

/* One level: queue[begin, end) tells its parents, in batches every rank exchanges together. */
static void relax_level(slice *s, uint64_t begin, uint64_t end) {
    uint64_t h = begin;
    int more = 1;
    while (more) {
        size_t queued = 0;
        for (; h < end && queued < MPI_BATCH && s->st == GRUNDY_STATUS_OK; h++) {
            const uint64_t v = s->lo + s->queue[h];
            const uint64_t lost =
                grundy_retro_outcome_get(s->outcomes, s->queue[h]) == GRUNDY_OUTCOME_LOSE;
            size_t pc = 0;
            const uint64_t *const ps = parents_of(s, v, &pc);
            for (size_t i = 0; i < pc; i++) {
                if (!push(&s->to[owner(s, ps[i])], ps[i] << 1 | lost)) {
                    fail(s, GRUNDY_STATUS_NOMEM);
                }
            }
            queued += pc;
        }
        exchange(s);
        apply(s);
        more = any(s, h < end && s->st == GRUNDY_STATUS_OK);
    }
}

static grundy_status run_levels(slice *s) {
    uint64_t begin = 0, end = s->tail, level_size = 0, mine = end;
    MPI_Allreduce(&mine, &level_size, 1, MPI_UINT64_T, MPI_SUM, s->comm);
    while (level_size != 0 && agree(s) == GRUNDY_STATUS_OK) {
        relax_level(s, begin, end);
        begin = end;
        end = s->tail;
        mine = end - begin;
        MPI_Allreduce(&mine, &level_size, 1, MPI_UINT64_T, MPI_SUM, s->comm);
        if (level_size != 0) {
            if (s->level + 2u >= GRUNDY_REMOTENESS_NONE) {
                fail(s, GRUNDY_STATUS_LIMIT);
            }
            s->level++;
        }
    }
    return agree(s);
}

uint64_t mpi_solve_rank_bytes(uint64_t n, uint32_t max_moves, int ranks) {
    const uint64_t block = ((n + (uint64_t)ranks - 1) / (uint64_t)ranks + 3) & ~(uint64_t)3;
    const uint64_t counter = max_moves != 0 && max_moves <= 255 ? 1 : 4;
    /* outcomes 1/4, remoteness 4, counter 1 or 4, queue 4 bytes a position; the updates: a
     * batch sent (per destination, then packed) and at most a batch from every rank received */
    return block / 4 + (8 + counter) * block + ((uint64_t)2 + (uint64_t)ranks) * MPI_BATCH * 8;
}

static grundy_status slice_init(slice *s, const grundy_game *game, MPI_Comm comm) {
    MPI_Comm_rank(comm, &s->rank);
    MPI_Comm_size(comm, &s->ranks);
    s->comm = comm;
    s->game = game;
    s->n = game->positions;
    s->block = ((s->n + (uint64_t)s->ranks - 1) / (uint64_t)s->ranks + 3) & ~(uint64_t)3;
    s->lo = (uint64_t)s->rank * s->block;
    s->lo = s->lo < s->n ? s->lo : s->n;
    s->len = s->n - s->lo < s->block ? s->n - s->lo : s->block;
    if (s->block > UINT32_MAX) {
        return GRUNDY_STATUS_LIMIT; /* local ids are 32 bits: use more ranks */
    }
    const size_t len = (size_t)s->len + 1;
    s->outcomes = calloc((size_t)grundy_retro_outcome_bytes(s->len) + 1, 1);
    s->remoteness = malloc(len * sizeof *s->remoteness);
    if (game->max_moves != 0 && game->max_moves <= 255) {
        s->count8 = malloc(len);
    } else {
        s->count = malloc(len * sizeof *s->count);
    }
    s->queue = malloc(len * sizeof *s->queue);
    s->to = calloc((size_t)s->ranks, sizeof *s->to);
    s->counts = calloc(4 * (size_t)s->ranks, sizeof *s->counts);
    if (s->outcomes == NULL || s->remoteness == NULL || (s->count == NULL && s->count8 == NULL) ||
        s->queue == NULL || s->to == NULL || s->counts == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    memset(s->remoteness, 0xFF, len * sizeof *s->remoteness); /* a draw's, until labelled */
    return GRUNDY_STATUS_OK;
}

static void slice_free(slice *s) {
    free(s->outcomes);
    free(s->remoteness);
    free(s->count);
    free(s->count8);
    free(s->queue);
    free(s->rev_off);
    free(s->rev);
    grundy_move_list_free(&s->moves);
    grundy_parent_list_free(&s->parents);
    for (int r = 0; s->to != NULL && r < s->ranks; r++) {
        free(s->to[r].v);
    }
    free(s->to);
    free(s->in.v);
    free(s->counts);
    free(s->send);
}

/* Totals over all ranks, and the start's outcome and remoteness from its owner. */
static void gather_result(slice *s, mpi_result *out) {
    uint64_t mine[3] = {0, 0, 0}, all[3];
    for (uint64_t i = 0; i < s->len; i++) {
        const grundy_outcome o = grundy_retro_outcome_get(s->outcomes, i);
        mine[o == GRUNDY_OUTCOME_WIN ? 0 : o == GRUNDY_OUTCOME_LOSE ? 1 : 2]++;
    }
    MPI_Allreduce(mine, all, 3, MPI_UINT64_T, MPI_SUM, s->comm);
    out->win = all[0];
    out->lose = all[1];
    out->draw = all[2];
    const int at = owner(s, s->game->initial);
    uint32_t start[2] = {0, 0};
    if (at == s->rank) {
        const uint64_t i = s->game->initial - s->lo;
        start[0] = (uint32_t)grundy_retro_outcome_get(s->outcomes, i);
        start[1] = s->remoteness[i];
    }
    MPI_Bcast(start, 2, MPI_UINT32_T, at, s->comm);
    out->initial = (grundy_outcome)start[0];
    out->initial_remoteness = start[1];
    MPI_Allreduce(&s->level, &out->max_remoteness, 1, MPI_UINT32_T, MPI_MAX, s->comm);
}

/* Rank 0 writes one table piece: its own slice, then each rank's in turn as it arrives. */
static grundy_status save_piece(slice *s, grundy_table_writer *w, int table) {
    const uint64_t bytes = table == 0 ? grundy_retro_outcome_bytes(s->len) : s->len * 4;
    const uint8_t *const own = table == 0 ? s->outcomes : (const uint8_t *)s->remoteness;
    grundy_status st = GRUNDY_STATUS_OK;
    if (s->rank != 0) {
        for (uint64_t at = 0; at < bytes; at += MPI_SAVE_CHUNK) {
            const uint64_t k = bytes - at < MPI_SAVE_CHUNK ? bytes - at : MPI_SAVE_CHUNK;
            MPI_Send(own + at, (int)k, MPI_BYTE, 0, table, s->comm);
        }
        return GRUNDY_STATUS_OK;
    }
    uint8_t *const buf = malloc(MPI_SAVE_CHUNK);
    for (int r = 0; r < s->ranks; r++) {
        const uint64_t lo = (uint64_t)r * s->block < s->n ? (uint64_t)r * s->block : s->n;
        const uint64_t len = s->n - lo < s->block ? s->n - lo : s->block;
        const uint64_t rb = table == 0 ? grundy_retro_outcome_bytes(len) : len * 4;
        for (uint64_t at = 0; at < rb; at += MPI_SAVE_CHUNK) {
            const int k = (int)(rb - at < MPI_SAVE_CHUNK ? rb - at : MPI_SAVE_CHUNK);
            const uint8_t *piece = own + at;
            if (r != 0) {
                MPI_Recv(buf, k, MPI_BYTE, r, table, s->comm, MPI_STATUS_IGNORE);
                piece = buf;
            }
            if (st == GRUNDY_STATUS_OK && buf == NULL) {
                st = GRUNDY_STATUS_NOMEM; /* still receive, so that no rank waits forever */
            } else if (st == GRUNDY_STATUS_OK) {
                /* remoteness travels in the host's order; the writer makes it little-endian */
                st = table == 0 ? grundy_table_writer_bytes(w, piece, (size_t)k)
                                : grundy_table_writer_u32(w, (const uint32_t *)(const void *)piece,
                                                          (size_t)k / 4);
            }
        }
    }
    free(buf);
    return st;
}

static void save_table(slice *s, const char *path, const char *describes, const mpi_result *res) {
    grundy_table_writer *w = NULL;
    grundy_status st = GRUNDY_STATUS_OK;
    if (s->rank == 0) {
        st = describes == NULL
                 ? GRUNDY_STATUS_NOMEM
                 : grundy_table_writer_open_game(
                       path, describes, GRUNDY_SOLVE_OUTCOME | GRUNDY_SOLVE_REMOTENESS, s->n, &w);
    }
    int go = st == GRUNDY_STATUS_OK;
    MPI_Bcast(&go, 1, MPI_INT, 0, s->comm);
    if (go) {
        for (int table = 0; table < 2; table++) {
            const grundy_status piece = save_piece(s, w, table);
            st = st == GRUNDY_STATUS_OK ? piece : st;
        }
        if (s->rank == 0) {
            st = st == GRUNDY_STATUS_OK
                     ? grundy_table_writer_finish(w, res->win, res->lose, res->draw)
                     : (grundy_table_writer_abort(w), st);
        }
    }
    fail(s, st);
}

grundy_status mpi_solve(const grundy_game *game, MPI_Comm comm, uint64_t max_bytes,
                        const char *save, const char *describes, mpi_result *out) {
    slice s;
    memset(&s, 0, sizeof s);
    memset(out, 0, sizeof *out);
    if (game->canonical != NULL) {
        s.st = GRUNDY_STATUS_UNSUPPORTED; /* a canonical form's labels may live on another rank */
    }
    int ranks = 1;
    MPI_Comm_size(comm, &ranks);
    out->rank_bytes = mpi_solve_rank_bytes(game->positions, game->max_moves, ranks);
    if (max_bytes != 0 && out->rank_bytes > max_bytes) {
        fail(&s, GRUNDY_STATUS_LIMIT);
    }
    if (s.st == GRUNDY_STATUS_OK) {
        fail(&s, slice_init(&s, game, comm));
    } else {
        MPI_Comm_rank(comm, &s.rank);
        s.comm = comm;
    }
    if (agree(&s) == GRUNDY_STATUS_OK && game->parents == NULL) {
        build_reverse(&s);
    }
    if (agree(&s) == GRUNDY_STATUS_OK) {
        seed(&s);
        run_levels(&s);
    }
    if (s.st == GRUNDY_STATUS_OK) {
        gather_result(&s, out);
        if (save != NULL) {
            save_table(&s, save, describes, out);
        }
    }
    const grundy_status st = agree(&s);
    slice_free(&s);
    return st;
}
