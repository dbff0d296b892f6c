/* SPDX-License-Identifier: MIT */
/*
 * The retrograde loop, written once and compiled once per (id type, counter type, parents) by
 * retro.c: define RETRO_FN, RETRO_ID (uint32_t or uint64_t), RETRO_COUNT (uint8_t or uint32_t) and
 * either RETRO_PARENTS (parents32 or parents64: the source's callbacks) or RETRO_CSR (a
 * grundy_graph's reverse rows and out-degrees read in place: no call per position), then include
 * retro_row_impl.h and this file. No include guard on purpose.
 *
 * Which positions are still open (unlabelled): with 1-byte counters the counter itself says it,
 * 0 = labelled (a terminal starts at 0, a win is set to 0, a loss reaches 0), so relaxing a parent
 * touches one byte and the outcome bits are only written, never read back at random. With 4-byte
 * counters, which may live in the caller's remoteness array, the outcome bits say it.
 */
#define RETRO_STATE_IN_COUNT (sizeof(RETRO_COUNT) == 1)

static inline int RETRO_FN(open)(const retro_run *run, const RETRO_COUNT *count, RETRO_ID u) {
    return RETRO_STATE_IN_COUNT ? count[u] != 0
                                : grundy_retro_outcome_get(run->outcomes, u) == GRUNDY_OUTCOME_DRAW;
}

/* Label u (outcome o, remoteness r) and queue it. */
static inline void RETRO_FN(mark)(const retro_run *run, RETRO_ID *queue, uint64_t *tail, RETRO_ID u,
                                  grundy_outcome o, uint32_t r) {
    grundy_retro_outcome_set(run->outcomes, u, o);
    if (run->remoteness != NULL) {
        run->remoteness[u] = r;
    }
    queue[(*tail)++] = u;
}

/* The graph's positions: counters copied from the out-degrees, terminals queued, in one pass. */
static grundy_status RETRO_FN(seed_csr)(const grundy_retro_source *src, const retro_csr *csr,
                                        retro_run *run, RETRO_COUNT *count, RETRO_ID *queue) {
    const uint32_t *const deg = csr->deg;
    const uint64_t n = src->n;
    uint64_t tail = 0;
    if (sizeof(RETRO_COUNT) == 1 && csr->max_deg > 255) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    for (uint64_t u = 0; u < n; u++) {
        count[u] = (RETRO_COUNT)deg[u];
        if (deg[u] == 0) {
            RETRO_FN(mark)(run, queue, &tail, (RETRO_ID)u, GRUNDY_OUTCOME_LOSE, 0);
        }
    }
    run->tail = tail;
    return GRUNDY_STATUS_OK;
}

/* Label the primitive and terminal positions (remoteness 0), queue them, set the counters of the
 * others to their number of moves. */
static grundy_status RETRO_FN(seed)(const grundy_retro_source *src, const retro_csr *csr,
                                    retro_run *run, RETRO_COUNT *count, RETRO_ID *queue) {
#ifdef RETRO_CSR
    return RETRO_FN(seed_csr)(src, csr, run, count, queue);
#else
    (void)csr;
    (void)RETRO_FN(seed_csr);
    const uint64_t limit = sizeof(RETRO_COUNT) == 1 ? 255u : UINT32_MAX;
    uint64_t tail = 0;
    for (uint64_t u = 0; u < src->n; u++) {
        grundy_outcome o = GRUNDY_OUTCOME_DRAW;
        if (src->primitive != NULL) {
            o = src->primitive(src->ctx, u);
        }
        count[u] = 0;
        if (o == GRUNDY_OUTCOME_DRAW) {
            const uint32_t c = src->move_count(src->ctx, u);
            if (c > limit || (src->max_moves != 0 && c > src->max_moves)) {
                return GRUNDY_STATUS_INVALID_ARG;
            }
            count[u] = (RETRO_COUNT)c;
            if (c != 0) {
                continue;
            }
            o = GRUNDY_OUTCOME_LOSE;
        }
        RETRO_FN(mark)(run, queue, &tail, (RETRO_ID)u, o, 0);
    }
    run->tail = tail;
    return GRUNDY_STATUS_OK;
#endif
}

/* v (labelled `o` at remoteness `level`) tells each unlabelled parent what it now knows: a loss
 * makes every parent a win (first found = smallest remoteness, as the queue runs in order of
 * remoteness); a win takes one option from each parent, which loses when none is left (last
 * found = largest remoteness). One entry per move, so multi-edges count correctly. */
static void RETRO_FN(relax)(retro_run *run, RETRO_COUNT *count, RETRO_ID *queue, const RETRO_ID *ps,
                            size_t pc, grundy_outcome o) {
    const uint32_t next = run->level + 1;
    uint64_t tail = run->tail;
    if (o == GRUNDY_OUTCOME_LOSE) {
        for (size_t i = 0; i < pc; i++) {
            const RETRO_ID u = ps[i];
            if (RETRO_FN(open)(run, count, u)) {
                if (RETRO_STATE_IN_COUNT) {
                    count[u] = 0;
                }
                RETRO_FN(mark)(run, queue, &tail, u, GRUNDY_OUTCOME_WIN, next);
            }
        }
    } else {
        for (size_t i = 0; i < pc; i++) {
            const RETRO_ID u = ps[i];
            if (RETRO_FN(open)(run, count, u) && --count[u] == 0) {
                RETRO_FN(mark)(run, queue, &tail, u, GRUNDY_OUTCOME_LOSE, next);
            }
        }
    }
    run->parents_scanned += pc;
    run->tail = tail;
}

/* Advance the level when the queue's head leaves the current one (FIFO: the queue holds the
 * positions in order of remoteness, each level a contiguous run). */
static grundy_status RETRO_FN(step_level)(retro_run *run, uint64_t head) {
    if (head == run->level_end) {
        if (run->level + 2u >= GRUNDY_REMOTENESS_NONE) {
            return GRUNDY_STATUS_LIMIT;
        }
        run->level++;
        run->level_end = run->tail;
    }
    return GRUNDY_STATUS_OK;
}

/* The plain loop: one parents call per labelled position, nothing ahead. */
static grundy_status RETRO_FN(drain)(const grundy_retro_source *src, const retro_csr *csr,
                                     retro_run *run, RETRO_COUNT *count, RETRO_ID *queue) {
    for (uint64_t head = 0; head < run->tail; head++) {
        if (RETRO_FN(step_level)(run, head) != GRUNDY_STATUS_OK) {
            return GRUNDY_STATUS_LIMIT;
        }
        const RETRO_ID v = queue[head];
        size_t pc = 0;
        const RETRO_ID *ps = RETRO_FN(row)(src, csr, v, &pc);
        RETRO_FN(relax)(run, count, queue, ps, pc, grundy_retro_outcome_get(run->outcomes, v));
    }
    return GRUNDY_STATUS_OK;
}

/* Look ahead from queue index `head`: the row offsets of the position RETRO_AHEAD_Z ahead are
 * prefetched (CSR only), the parent array RETRO_AHEAD_A ahead is fetched into the ring (and its
 * first line prefetched), the parents' states RETRO_AHEAD_B ahead are prefetched. */
static void RETRO_FN(look_ahead)(const grundy_retro_source *src, const retro_csr *csr,
                                 const retro_run *run, const RETRO_COUNT *count,
                                 const RETRO_ID *queue, retro_ring *ring, uint64_t head) {
#ifdef RETRO_CSR
    for (; ring->z < run->tail && ring->z < head + RETRO_AHEAD_Z; ring->z++) {
        RETRO_PREFETCH(&csr->off[queue[ring->z]]);
        RETRO_PREFETCH(&run->outcomes[queue[ring->z] >> 2]);
    }
#endif
    for (; ring->a < run->tail && ring->a < head + RETRO_AHEAD_A; ring->a++) {
        size_t pc = 0;
        const RETRO_ID *ps = RETRO_FN(row)(src, csr, queue[ring->a], &pc);
        ring->ps[ring->a % RETRO_RING] = ps;
        ring->pc[ring->a % RETRO_RING] = pc;
        RETRO_PREFETCH(ps);
    }
    for (; ring->b < ring->a && ring->b < head + RETRO_AHEAD_B; ring->b++) {
        const RETRO_ID *ps = ring->ps[ring->b % RETRO_RING];
        const size_t pc = ring->pc[ring->b % RETRO_RING];
        /* the parents of a loss all become wins: their remoteness is about to be written */
        const int to_win =
            run->remoteness != NULL &&
            grundy_retro_outcome_get(run->outcomes, queue[ring->b]) == GRUNDY_OUTCOME_LOSE;
        for (size_t i = 0; i < pc; i++) {
            RETRO_PREFETCH(&count[ps[i]]);
            if (!RETRO_STATE_IN_COUNT) {
                RETRO_PREFETCH(&run->outcomes[ps[i] >> 2]);
            }
            if (to_win) {
                RETRO_PREFETCH(&run->remoteness[ps[i]]);
            }
        }
    }
}

/* The pipelined loop for stable parent arrays (look_ahead, then relax the head). On a random
 * graph nearly every access is a cache miss; this keeps many of them in flight instead of one
 * (bench/bench_memlat.c measures how many). When the queue walks memory in order (a structured
 * game: most positions next to the one before), looking ahead only costs, so each block of
 * RETRO_BLOCK positions runs plainly when at least 7/8 of the block before was local. */
static grundy_status RETRO_FN(drain_ahead)(const grundy_retro_source *src, const retro_csr *csr,
                                           retro_run *run, RETRO_COUNT *count, RETRO_ID *queue) {
    retro_ring ring;
    ring.z = ring.a = ring.b = 0;
    uint64_t near = 0, block_end = RETRO_BLOCK;
    int local = 0;
    RETRO_ID prev = 0;
    for (uint64_t head = 0; head < run->tail; head++) {
        if (RETRO_FN(step_level)(run, head) != GRUNDY_STATUS_OK) {
            return GRUNDY_STATUS_LIMIT;
        }
        if (head == block_end) {
            local = near * 8 >= (uint64_t)RETRO_BLOCK * 7;
            near = 0;
            block_end += RETRO_BLOCK;
            ring.z = ring.z < head ? head : ring.z;
            ring.a = ring.a < head ? head : ring.a;
            ring.b = ring.b < head ? head : ring.b;
        }
        const RETRO_ID v = queue[head];
        near += (RETRO_ID)(v - prev + RETRO_NEAR) <= 2 * RETRO_NEAR;
        prev = v;
        const grundy_outcome o = grundy_retro_outcome_get(run->outcomes, v);
        if (local) {
            size_t pc = 0;
            const RETRO_ID *ps = RETRO_FN(row)(src, csr, v, &pc);
            RETRO_FN(relax)(run, count, queue, ps, pc, o);
        } else {
            RETRO_FN(look_ahead)(src, csr, run, count, queue, &ring, head);
            RETRO_FN(relax)
            (run, count, queue, ring.ps[head % RETRO_RING], ring.pc[head % RETRO_RING], o);
        }
    }
    return GRUNDY_STATUS_OK;
}

static grundy_status RETRO_FN(run)(const grundy_retro_source *src, const retro_csr *csr,
                                   retro_run *run, RETRO_COUNT *count, RETRO_ID *queue) {
    const grundy_status st = RETRO_FN(seed)(src, csr, run, count, queue);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    run->level_end = run->tail;
    return run->pipelined ? RETRO_FN(drain_ahead)(src, csr, run, count, queue)
                          : RETRO_FN(drain)(src, csr, run, count, queue);
}

#undef RETRO_STATE_IN_COUNT
