/* SPDX-License-Identifier: MIT */
/*
 * The retrograde loop, written once and compiled once per (id type, counter type) by retro.c:
 * define RETRO_FN, RETRO_ID (uint32_t or uint64_t), RETRO_PARENTS (parents32 or parents64) and
 * RETRO_COUNT (uint8_t or uint32_t), then include this file. No include guard on purpose.
 */

/* Label the primitive and terminal positions (remoteness 0), queue them, set the counters of the
 * others to their number of moves. */
static grundy_status RETRO_FN(seed)(const grundy_retro_source *src, retro_run *run,
                                    RETRO_COUNT *count, RETRO_ID *queue) {
    const uint64_t limit = sizeof(RETRO_COUNT) == 1 ? 255u : UINT32_MAX;
    for (uint64_t u = 0; u < src->n; u++) {
        grundy_outcome o = GRUNDY_OUTCOME_DRAW;
        if (src->primitive != NULL) {
            o = src->primitive(src->ctx, u);
        }
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
        grundy_retro_outcome_set(run->outcomes, u, o);
        if (run->remoteness != NULL) {
            run->remoteness[u] = 0;
        }
        queue[run->tail++] = (RETRO_ID)u;
    }
    return GRUNDY_STATUS_OK;
}

/* v (labelled `o` at remoteness `level`) tells each unlabelled parent what it now knows: a loss
 * makes every parent a win (first found = smallest remoteness, as the queue runs in order of
 * remoteness); a win takes one option from each parent, which loses when none is left (last
 * found = largest remoteness). One entry per move, so multi-edges count correctly. */
static void RETRO_FN(relax)(retro_run *run, RETRO_COUNT *count, RETRO_ID *queue, const RETRO_ID *ps,
                            size_t pc, grundy_outcome o) {
    uint8_t *const out = run->outcomes;
    uint32_t *const rem = run->remoteness;
    const uint32_t next = run->level + 1;
    uint64_t tail = run->tail;
    if (o == GRUNDY_OUTCOME_LOSE) {
        for (size_t i = 0; i < pc; i++) {
            const RETRO_ID u = ps[i];
            if (grundy_retro_outcome_get(out, u) == GRUNDY_OUTCOME_DRAW) {
                grundy_retro_outcome_set(out, u, GRUNDY_OUTCOME_WIN);
                if (rem != NULL) {
                    rem[u] = next;
                }
                queue[tail++] = u;
            }
        }
    } else {
        for (size_t i = 0; i < pc; i++) {
            const RETRO_ID u = ps[i];
            if (grundy_retro_outcome_get(out, u) == GRUNDY_OUTCOME_DRAW && --count[u] == 0) {
                grundy_retro_outcome_set(out, u, GRUNDY_OUTCOME_LOSE);
                if (rem != NULL) {
                    rem[u] = next;
                }
                queue[tail++] = u;
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
static grundy_status RETRO_FN(drain)(const grundy_retro_source *src, retro_run *run,
                                     RETRO_COUNT *count, RETRO_ID *queue) {
    for (uint64_t head = 0; head < run->tail; head++) {
        if (RETRO_FN(step_level)(run, head) != GRUNDY_STATUS_OK) {
            return GRUNDY_STATUS_LIMIT;
        }
        const RETRO_ID v = queue[head];
        size_t pc = 0;
        const RETRO_ID *ps = src->RETRO_PARENTS(src->ctx, v, &pc);
        RETRO_FN(relax)(run, count, queue, ps, pc, grundy_retro_outcome_get(run->outcomes, v));
    }
    return GRUNDY_STATUS_OK;
}

/* The pipelined loop for stable parent arrays: fetch the parent array RETRO_AHEAD_A positions
 * ahead in the queue (and prefetch its first line), prefetch the outcome bits and counters of
 * the parents RETRO_AHEAD_B positions ahead, then relax the head. On a random graph nearly every
 * counter access is a cache miss; this keeps many of them in flight instead of one. */
static grundy_status RETRO_FN(drain_ahead)(const grundy_retro_source *src, retro_run *run,
                                           RETRO_COUNT *count, RETRO_ID *queue) {
    struct {
        const RETRO_ID *ps;
        size_t pc;
    } ring[RETRO_RING];
    uint64_t a = 0, b = 0;
    for (uint64_t head = 0; head < run->tail; head++) {
        if (RETRO_FN(step_level)(run, head) != GRUNDY_STATUS_OK) {
            return GRUNDY_STATUS_LIMIT;
        }
        for (; a < run->tail && a < head + RETRO_AHEAD_A; a++) {
            size_t pc = 0;
            const RETRO_ID *ps = src->RETRO_PARENTS(src->ctx, queue[a], &pc);
            ring[a % RETRO_RING].ps = ps;
            ring[a % RETRO_RING].pc = pc;
            RETRO_PREFETCH(ps);
        }
        for (; b < a && b < head + RETRO_AHEAD_B; b++) {
            const RETRO_ID *ps = ring[b % RETRO_RING].ps;
            const size_t pc = ring[b % RETRO_RING].pc;
            for (size_t i = 0; i < pc; i++) {
                RETRO_PREFETCH(&count[ps[i]]);
                RETRO_PREFETCH(&run->outcomes[ps[i] >> 2]);
            }
        }
        const RETRO_ID v = queue[head];
        RETRO_FN(relax)
        (run, count, queue, ring[head % RETRO_RING].ps, ring[head % RETRO_RING].pc,
         grundy_retro_outcome_get(run->outcomes, v));
    }
    return GRUNDY_STATUS_OK;
}

static grundy_status RETRO_FN(run)(const grundy_retro_source *src, retro_run *run,
                                   RETRO_COUNT *count, RETRO_ID *queue) {
    const grundy_status st = RETRO_FN(seed)(src, run, count, queue);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    run->level_end = run->tail;
    return src->parents_stable ? RETRO_FN(drain_ahead)(src, run, count, queue)
                               : RETRO_FN(drain)(src, run, count, queue);
}
