# The heap wing, one sub-wing a line (the arrows between them are at the top of src/CMakeLists.txt).
set(GRUNDY_HEAP_SOURCES
    heap/rule/rule.c heap/rule/rule_describe.c heap/rule/rule_callback.c heap/rule/heap_moves.c
    heap/nim/nimber.c heap/nim/nim_count.c
    heap/seq/seq_store.c heap/seq/seq_stream.c heap/seq/seq_checkpoint.c heap/seq/seq_naive.c
    heap/seq/seq_check.c heap/seq/seq_spill.c heap/seq/seqfile.c
    heap/driver/seq_driver.c
    heap/sparse/sparse_engine.c heap/sparse/seq_sparse.c heap/sparse/seq_sparse_heap.c heap/sparse/seq_sparse_path.c
    heap/sparse/seq_sparse_batch.c heap/sparse/seq_sparse_bits.c heap/sparse/seq_sparse_block.c heap/sparse/seq_sparse_pipe.c heap/sparse/seq_sparse_pipe16.c
    heap/sparse/seq_sparse_simd.c heap/sparse/seq_sparse_window.c heap/sparse/sparse_mask.c
    heap/sparse/sparse_mark_bits.c
    heap/period/period.c heap/period/period_theorem.c heap/period/period_scan.c
    heap/period/query.c heap/period/query_values.c
    heap/play/position.c heap/play/position_moves.c heap/play/move_sink.c heap/play/misere_play.c heap/play/quotient_play.c
    heap/play/verify.c heap/play/brute.c
    heap/misere/misere_check.c heap/misere/misere_genus.c heap/misere/misere_ledger.c
    heap/misere/misere_present.c heap/misere/misere_file.c
    heap/misere/misere_monoid.c heap/misere/misere_quotient.c
    heap/survey/survey.c heap/survey/survey_relate.c heap/survey/survey_run.c
    heap/survey/survey_file.c heap/survey/stats.c)
