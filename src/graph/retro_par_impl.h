/* SPDX-License-Identifier: MIT */
/*
 * QUEUE mode on several threads (retro.h, grundy_retro_opts.threads): the loop of retro_impl.h
 * taken one level of remoteness at a time. Included by retro_par.c after retro_row_impl.h (same
 * RETRO_FN, RETRO_ID, RETRO_COUNT, RETRO_PARENTS or RETRO_CSR; uses its row() and seed_one()).
 * No include guard on purpose.
 *
 * Why the tables do not depend on the threads: a position's outcome and remoteness are functions
 * of the graph (a win: 1 + the least remoteness of its losing options; a loss: 1 + the largest of
 * its options, all wins). Level r of the queue holds exactly the positions of remoteness r, and
 * every one of them tells its parents before any position of level r + 1 does (a barrier between
 * levels), so whichever worker claims a parent, it is claimed at the same level. Two updates can
 * meet on one parent: several losses claiming it (an atomic exchange picks one winner), several
 * wins decrementing it (an atomic decrement: exactly one sees the counter empty). A claim and the
 * decrement that empties a counter never meet: a position with a losing option never has its
 * counter emptied, since the move to that option is never counted off.
 */

#define RETRO_STATE_IN_COUNT (sizeof(RETRO_COUNT) == 1)

/* Claim u as a win: nonzero when this worker took it (it was open). */
static inline int RETRO_FN(par_claim)(const retro_par *p, RETRO_COUNT *count, RETRO_ID u) {
    if (RETRO_STATE_IN_COUNT) {
        RETRO_COUNT c = __atomic_load_n(&count[u], __ATOMIC_RELAXED);
        do {
            if (c == 0) {
                return 0;
            }
        } while (!__atomic_compare_exchange_n(&count[u], &c, (RETRO_COUNT)0, 1, __ATOMIC_RELAXED,
                                              __ATOMIC_RELAXED));
        retro_par_set(p->run->outcomes, u, GRUNDY_OUTCOME_WIN);
        return 1;
    }
    return retro_par_take(p->run->outcomes, u, GRUNDY_OUTCOME_WIN);
}

/* Count one option of u off as a win: nonzero when that emptied its counter (u loses). */
static inline int RETRO_FN(par_count_off)(const retro_par *p, RETRO_COUNT *count, RETRO_ID u) {
    if (RETRO_STATE_IN_COUNT) {
        RETRO_COUNT c = __atomic_load_n(&count[u], __ATOMIC_RELAXED);
        do {
            if (c == 0) {
                return 0;
            }
        } while (!__atomic_compare_exchange_n(&count[u], &c, (RETRO_COUNT)(c - 1u), 1,
                                              __ATOMIC_RELAXED, __ATOMIC_RELAXED));
        if (c != 1) {
            return 0;
        }
    } else if (retro_par_get(p->run->outcomes, u) != GRUNDY_OUTCOME_DRAW ||
               __atomic_fetch_sub(&count[u], (RETRO_COUNT)1, __ATOMIC_RELAXED) != 1) {
        /* labelled already; or a counter that other wins still hold up. A position labelled in
         * this same level may still be counted off here: its counter is dead (it cannot reach 0,
         * see above) and, when it lives in the remoteness array, is overwritten next level. */
        return 0;
    }
    retro_par_set(p->run->outcomes, u, GRUNDY_OUTCOME_LOSE);
    return 1;
}

/* Append the worker's labelled positions to the shared queue. */
static void RETRO_FN(par_flush)(retro_worker *w) {
    RETRO_ID *const queue = w->par->queue;
    const uint64_t base = __atomic_fetch_add(&w->par->tail, (uint64_t)w->used, __ATOMIC_RELAXED);
    for (size_t i = 0; i < w->used; i++) {
        queue[base + i] = (RETRO_ID)w->out[i];
    }
    w->used = 0;
}

static inline void RETRO_FN(par_push)(retro_worker *w, RETRO_ID u) {
    if (w->used == RETRO_PAR_OUT) {
        RETRO_FN(par_flush)(w);
    }
    w->out[w->used++] = u;
}

/* Seed positions [a, b): counters and the terminal and primitive positions (level 0). */
static grundy_status RETRO_FN(par_seed_range)(retro_worker *w, RETRO_COUNT *count, uint64_t a,
                                              uint64_t b) {
    const retro_par *const p = w->par;
    const uint64_t limit = sizeof(RETRO_COUNT) == 1 ? 255u : UINT32_MAX;
    for (uint64_t u = a; u < b; u++) {
        grundy_outcome o;
        uint32_t c;
        if (RETRO_FN(seed_one)(&w->src, p->csr, u, &o, &c) != GRUNDY_STATUS_OK || c > limit) {
            return GRUNDY_STATUS_INVALID_ARG;
        }
        count[u] = (RETRO_COUNT)c;
        if (o != GRUNDY_OUTCOME_DRAW) {
            retro_par_set(p->run->outcomes, u, o);
            RETRO_FN(par_push)(w, (RETRO_ID)u);
        }
    }
    return GRUNDY_STATUS_OK;
}

static void RETRO_FN(par_seed)(retro_worker *w) {
    retro_par *const p = w->par;
    const uint64_t chunk = grundy_retro_par_tuning.seed_chunk;
    for (;;) {
        const uint64_t a = __atomic_fetch_add(&p->next, chunk, __ATOMIC_RELAXED);
        if (a >= p->n || w->st != GRUNDY_STATUS_OK) {
            break;
        }
        w->st = RETRO_FN(par_seed_range)(w, p->count, a, a + chunk < p->n ? a + chunk : p->n);
    }
    RETRO_FN(par_flush)(w);
}

/* Take chunks of the current level until none is left: each position gets its remoteness (no
 * worker writes to it after its level, so a counter that lived there is dead) and tells its
 * parents. */
static void RETRO_FN(par_level)(retro_worker *w) {
    retro_par *const p = w->par;
    RETRO_COUNT *const count = p->count;
    const RETRO_ID *const queue = p->queue;
    const uint64_t chunk = grundy_retro_par_tuning.chunk;
    for (;;) {
        const uint64_t a = __atomic_fetch_add(&p->next, chunk, __ATOMIC_RELAXED);
        if (a >= p->end) {
            break;
        }
        const uint64_t b = a + chunk < p->end ? a + chunk : p->end;
        for (uint64_t h = a; h < b; h++) {
            const RETRO_ID v = queue[h];
            if (p->run->remoteness != NULL) {
                p->run->remoteness[v] = p->level;
            }
            const grundy_outcome o = retro_par_get(p->run->outcomes, v);
            size_t pc = 0;
            const RETRO_ID *const ps = RETRO_FN(row)(&w->src, p->csr, v, &pc);
            for (size_t i = 0; i < pc; i++) {
                const RETRO_ID u = ps[i];
                if (o == GRUNDY_OUTCOME_LOSE ? RETRO_FN(par_claim)(p, count, u)
                                             : RETRO_FN(par_count_off)(p, count, u)) {
                    RETRO_FN(par_push)(w, u);
                }
            }
            w->scanned += pc;
        }
    }
    RETRO_FN(par_flush)(w);
}

/* Worker 0, between barriers: the next level (or the end), and the small levels run alone (a
 * barrier costs more than a few thousand positions). */
static void RETRO_FN(par_advance)(retro_worker *w0, int first) {
    retro_par *const p = w0->par;
    for (;;) {
        if (!retro_par_next_level(p, first)) {
            return;
        }
        first = 0;
        if (p->end - p->begin >= grundy_retro_par_tuning.small_level) {
            return;
        }
        RETRO_FN(par_level)(w0);
    }
}

static void *RETRO_FN(par_worker)(void *arg) {
    retro_worker *const w = arg;
    retro_par *const p = w->par;
    RETRO_FN(par_seed)(w);
    grundy_team_wait(&p->team);
    if (w->id == 0) {
        retro_par_seed_status(p);
        RETRO_FN(par_advance)(w, 1);
    }
    grundy_team_wait(&p->team);
    while (!p->done) {
        RETRO_FN(par_level)(w);
        grundy_team_wait(&p->team);
        if (w->id == 0) {
            RETRO_FN(par_advance)(w, 0);
        }
        grundy_team_wait(&p->team);
    }
    return NULL;
}

#undef RETRO_STATE_IN_COUNT
