set(GRUNDY_HEAP_SOURCES heap/rule.c heap/nimber.c heap/nim_count.c heap/heap_moves.c heap/state_memo.c heap/brute.c heap/seq.c heap/seq_naive.c heap/seq_sparse.c heap/sparse_mask.c heap/period_scan.c heap/period.c heap/query.c heap/misere.c heap/position.c heap/verify.c heap/query_values.c heap/survey.c heap/survey_relate.c heap/survey_run.c heap/survey_file.c heap/seqfile.c heap/stats.c heap/misere_monoid.c heap/misere_check.c heap/misere_quotient.c heap/misere_genus.c heap/misere_play.c)
# issue 11: the self-check of computed sequences
list(APPEND GRUNDY_HEAP_SOURCES heap/seq_check.c)
# issue 12: the sparse engine's blocks of heaps on threads
list(APPEND GRUNDY_HEAP_SOURCES heap/seq_sparse_block.c)
list(APPEND GRUNDY_HEAP_SOURCES heap/seq_sparse_batch.c)
list(APPEND GRUNDY_HEAP_SOURCES heap/seq_sparse_simd.c)
list(APPEND GRUNDY_HEAP_SOURCES heap/seq_sparse_pipe.c)
# issue 13: the sparse engine over a prefix and a window (memory beyond RAM)
list(APPEND GRUNDY_HEAP_SOURCES heap/seq_sparse_window.c)
list(APPEND GRUNDY_HEAP_SOURCES heap/seq_spill.c)
