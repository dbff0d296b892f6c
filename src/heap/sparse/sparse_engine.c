/* SPDX-License-Identifier: MIT */
/* The sparse-space engine as the driver sees it (grundy_seq_sparse_ops): its state and labelling
 * are seq_sparse.c's; each chunk goes heap range by heap range, by the path that
 * seq_sparse_path.c's table chooses. */
#include "heap/sparse/sparse_engine.h"
#include "heap/sparse/sparse_state.h"

#include "util/try.h"

static grundy_status sparse_extend(grundy_seq *seq, void *state, uint64_t length) {
    grundy_status st = GRUNDY_STATUS_OK;
    sparse *s = state;
    GRUNDY_TRY(
        grundy_sparse_reserve_bits(seq, s, grundy_sparse_bits_for(grundy_seq_max_value(seq))));
    for (uint64_t n = grundy_seq_length(seq); n < length;) {
        if (n >= s->next_choice) {
            GRUNDY_TRY(grundy_sparse_choose_label(seq, s, n));
        }
        const sparse_facts facts = grundy_sparse_facts(seq, s, n, length);
        uint64_t end;
        const sparse_path path = grundy_sparse_choose(&facts, &end);
        GRUNDY_TRY(grundy_sparse_run_path(seq, s, path, n, end, &n));
    }
cleanup:
    return st;
}

const grundy_seq_engine_ops grundy_seq_sparse_ops = {
    GRUNDY_SEQ_SPARSE,
    "sparse",
    grundy_sparse_applies,
    grundy_sparse_create,
    sparse_extend,
    grundy_sparse_bytes,
    grundy_sparse_destroy,
    grundy_sparse_cost,
    grundy_sparse_resume,
    grundy_sparse_rare_count,
    1,
    grundy_sparse_save, /* checkpoints of the memory window: seq_sparse_window.c */
    grundy_sparse_load,
};
