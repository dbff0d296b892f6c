/* SPDX-License-Identifier: MIT */
/*
 * SCAN mode of the retrograde core (retro.h, grundy_retro_mode): no queue, the frontier lives in
 * the 1-byte counters. Included by retro.c after retro_impl.h for each id type with 1-byte
 * counters (RETRO_FN, RETRO_ID and RETRO_PARENTS or RETRO_CSR as there; uses its row()).
 * No include guard on purpose.
 *
 * A counter byte is 1 .. 254 for an open position (moves not yet known to lead to an opponent's
 * win), RETRO_PENDING for a labelled position whose parents have not been told, 0 once they have.
 * Only RETRO_PENDING needs the outcome bits (to tell a win from a loss), so relaxing a parent
 * touches one byte as in the queue path.
 */

/* Label u (outcome o, counter set to pending). `behind` gets the smallest id labelled at or
 * before the pass's cursor: those wait for the next pass. */
static inline void RETRO_FN(scan_mark)(const retro_run *run, uint8_t *count, RETRO_ID u,
                                       grundy_outcome o, uint64_t cursor, uint64_t *behind) {
    grundy_retro_outcome_set(run->outcomes, u, o);
    count[u] = RETRO_PENDING;
    if (u <= cursor && u < *behind) {
        *behind = u;
    }
}

/* The primitive and terminal positions become pending; the others' counters are their moves. */
static grundy_status RETRO_FN(scan_seed)(const grundy_retro_source *src, const retro_csr *csr,
                                         const retro_run *run, uint8_t *count) {
    uint64_t behind = src->n; /* unused: the first pass starts at 0 */
    for (uint64_t u = 0; u < src->n; u++) {
        grundy_outcome o;
        uint32_t c;
        if (RETRO_FN(seed_one)(src, csr, u, &o, &c) != GRUNDY_STATUS_OK || c >= RETRO_PENDING) {
            return GRUNDY_STATUS_INVALID_ARG;
        }
        count[u] = (uint8_t)c;
        if (o != GRUNDY_OUTCOME_DRAW) {
            RETRO_FN(scan_mark)(run, count, (RETRO_ID)u, o, 0, &behind);
        }
    }
    return GRUNDY_STATUS_OK;
}

/* v (labelled `o`, being processed at `cursor`) tells its open parents, as relax() does. */
static void RETRO_FN(scan_relax)(retro_run *run, uint8_t *count, const RETRO_ID *ps, size_t pc,
                                 grundy_outcome o, uint64_t cursor, uint64_t *behind) {
    for (size_t i = 0; i < pc; i++) {
        const RETRO_ID u = ps[i];
        const uint8_t c = count[u];
        if ((uint8_t)(c - 1u) >= RETRO_PENDING - 1u) {
            continue; /* 0 (done) or pending: labelled already */
        }
        if (o == GRUNDY_OUTCOME_LOSE) {
            RETRO_FN(scan_mark)(run, count, u, GRUNDY_OUTCOME_WIN, cursor, behind);
        } else if (c == 1) {
            RETRO_FN(scan_mark)(run, count, u, GRUNDY_OUTCOME_LOSE, cursor, behind);
        } else {
            count[u] = (uint8_t)(c - 1u);
        }
    }
    run->parents_scanned += pc;
}

/* One pass from `from`: every pending position, in index order, tells its parents. Returns the
 * smallest id left pending behind the cursor (n when none: the analysis is done). */
static uint64_t RETRO_FN(scan_pass)(const grundy_retro_source *src, const retro_csr *csr,
                                    retro_run *run, uint8_t *count, uint64_t from) {
    const uint64_t n = src->n;
    uint64_t behind = n;
    for (uint64_t v = retro_scan_next(count, from, n); v < n;
         v = retro_scan_next(count, v + 1, n)) {
        count[v] = 0;
        size_t pc = 0;
        const RETRO_ID *ps = RETRO_FN(row)(src, csr, (RETRO_ID)v, &pc);
        RETRO_FN(scan_relax)
        (run, count, ps, pc, grundy_retro_outcome_get(run->outcomes, v), v, &behind);
    }
    return behind;
}

static grundy_status RETRO_FN(scan)(const grundy_retro_source *src, const retro_csr *csr,
                                    retro_run *run, uint8_t *count) {
    const grundy_status st = RETRO_FN(scan_seed)(src, csr, run, count);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    for (uint64_t from = 0; from < src->n; run->passes++) {
        from = RETRO_FN(scan_pass)(src, csr, run, count, from);
    }
    return GRUNDY_STATUS_OK;
}
