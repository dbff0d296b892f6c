/* SPDX-License-Identifier: MIT */
/*
 * What the one-thread loop (retro_impl.h) and the threaded one (retro_par_impl.h) both read of a
 * position: its parents and its start (moves and outcome). Included by each of them with the
 * same RETRO_FN, RETRO_ID, RETRO_COUNT and RETRO_PARENTS or RETRO_CSR. No include guard on
 * purpose.
 */

/* The parents of v: a pointer into the reverse rows (CSR) or the source's callback. */
static inline const RETRO_ID *RETRO_FN(row)(const grundy_retro_source *src, const retro_csr *csr,
                                            RETRO_ID v, size_t *pc) {
#ifdef RETRO_CSR
    (void)src;
    const uint32_t b = csr->off[v];
    *pc = csr->off[(size_t)v + 1] - b;
    return csr->rev + b;
#else
    (void)csr;
    return src->RETRO_PARENTS(src->ctx, v, pc);
#endif
}

/* Position u at the start: its number of moves *c (0 for a primitive position) and its outcome:
 * the primitive one, a loss with no moves, else DRAW (open). INVALID_ARG past max_moves. */
static inline grundy_status RETRO_FN(seed_one)(const grundy_retro_source *src, const retro_csr *csr,
                                               uint64_t u, grundy_outcome *o, uint32_t *c) {
    *o = GRUNDY_OUTCOME_DRAW;
#ifdef RETRO_CSR
    (void)src;
    *c = csr->deg[u];
#else
    (void)csr;
    if (src->primitive != NULL) {
        *o = src->primitive(src->ctx, u);
    }
    *c = *o == GRUNDY_OUTCOME_DRAW ? src->move_count(src->ctx, u) : 0;
    if (src->max_moves != 0 && *c > src->max_moves) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
#endif
    if (*o == GRUNDY_OUTCOME_DRAW && *c == 0) {
        *o = GRUNDY_OUTCOME_LOSE;
    }
    return GRUNDY_STATUS_OK;
}
