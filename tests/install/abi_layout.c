/* SPDX-License-Identifier: MIT */
/* The C side of every struct python/grundy/_lib.py mirrors with ctypes, as this compiler lays it
 * out: "name size" for a struct, "name.field offset size" for each of its fields (list them all),
 * and the soname the mirror must load. python/tests/test_layout.py compares the two. */
#include <grundy/grundy.h>

#include <stddef.h>
#include <stdio.h>

#define STRUCT(s)   printf("%s %zu\n", #s, sizeof(s))
#define FIELD(s, f) printf("%s.%s %zu %zu\n", #s, #f, offsetof(s, f), sizeof(((const s *)NULL)->f))

static void seq_structs(void) {
    STRUCT(grundy_seq_limit_info);
    FIELD(grundy_seq_limit_info, reason);
    FIELD(grundy_seq_limit_info, heap);
    FIELD(grundy_seq_limit_info, index);
    FIELD(grundy_seq_limit_info, need_bytes);
    FIELD(grundy_seq_limit_info, prefix);
    FIELD(grundy_seq_limit_info, first);
    FIELD(grundy_seq_limit_info, what);
    STRUCT(grundy_seqfile_info);
    FIELD(grundy_seqfile_info, version);
    FIELD(grundy_seqfile_info, kind);
    FIELD(grundy_seqfile_info, engine);
    FIELD(grundy_seqfile_info, width);
    FIELD(grundy_seqfile_info, count);
    FIELD(grundy_seqfile_info, max_value);
    FIELD(grundy_seqfile_info, problem);
    FIELD(grundy_seqfile_info, message);
    STRUCT(grundy_board);
    FIELD(grundy_board, n);
    FIELD(grundy_board, blocked_count);
    FIELD(grundy_board, blocked);
    STRUCT(grundy_rule_shape);
    FIELD(grundy_rule_shape, max_take);
    FIELD(grundy_rule_shape, max_heaps_left);
    FIELD(grundy_rule_shape, octal);
    STRUCT(grundy_nim_pos);
    FIELD(grundy_nim_pos, w);
    STRUCT(grundy_nim_game);
    FIELD(grundy_nim_game, name);
    FIELD(grundy_nim_game, words);
    FIELD(grundy_nim_game, initial);
    FIELD(grundy_nim_game, ctx);
    FIELD(grundy_nim_game, moves);
    FIELD(grundy_nim_game, split);
    FIELD(grundy_nim_game, canonical);
    FIELD(grundy_nim_game, known);
    FIELD(grundy_nim_game, size);
    FIELD(grundy_nim_game, destroy);
    FIELD(grundy_nim_game, endgame_index);
    STRUCT(grundy_nim_opts);
    FIELD(grundy_nim_opts, max_bytes);
    FIELD(grundy_nim_opts, threads);
    FIELD(grundy_nim_opts, flags);
    FIELD(grundy_nim_opts, checkpoint);
    FIELD(grundy_nim_opts, description);
    FIELD(grundy_nim_opts, checkpoint_seconds);
    FIELD(grundy_nim_opts, stop);
    FIELD(grundy_nim_opts, progress);
    FIELD(grundy_nim_opts, progress_arg);
    FIELD(grundy_nim_opts, progress_seconds);
    FIELD(grundy_nim_opts, endgame_bytes);
    STRUCT(grundy_seq_check_report);
    FIELD(grundy_seq_check_report, checked);
    FIELD(grundy_seq_check_report, failed);
    FIELD(grundy_seq_check_report, heap);
    FIELD(grundy_seq_check_report, value);
    FIELD(grundy_seq_check_report, mex);
    STRUCT(grundy_seq_opts);
    FIELD(grundy_seq_opts, engine);
    FIELD(grundy_seq_opts, max_bytes);
    FIELD(grundy_seq_opts, threads);
    FIELD(grundy_seq_opts, check);
    FIELD(grundy_seq_opts, check_rate);
    FIELD(grundy_seq_opts, check_report);
    FIELD(grundy_seq_opts, hook);
    FIELD(grundy_seq_opts, hook_ctx);
    FIELD(grundy_seq_opts, stop);
    FIELD(grundy_seq_opts, memory);
    FIELD(grundy_seq_opts, spill);
    FIELD(grundy_seq_opts, experimental);
}

static void period_structs(void) {
    STRUCT(grundy_period_opts);
    FIELD(grundy_period_opts, max_n);
    FIELD(grundy_period_opts, unproved_max_n);
    FIELD(grundy_period_opts, max_work);
    FIELD(grundy_period_opts, seq);
    STRUCT(grundy_period_result);
    FIELD(grundy_period_result, found);
    FIELD(grundy_period_result, proved);
    FIELD(grundy_period_result, proof);
    FIELD(grundy_period_result, preperiod);
    FIELD(grundy_period_result, period);
    FIELD(grundy_period_result, saltus);
    FIELD(grundy_period_result, values_computed);
    FIELD(grundy_period_result, max_value);
}

static void position_structs(void) {
    STRUCT(grundy_position_opts);
    FIELD(grundy_position_opts, max_states);
    FIELD(grundy_position_opts, max_bytes);
    FIELD(grundy_position_opts, max_work);
    FIELD(grundy_position_opts, quotient_max_heap);
    FIELD(grundy_position_opts, quotient_max_work);
    FIELD(grundy_position_opts, quotient_progress);
    FIELD(grundy_position_opts, quotient_progress_ctx);
    FIELD(grundy_position_opts, search_progress);
    FIELD(grundy_position_opts, search_progress_ctx);
    FIELD(grundy_position_opts, period);
    STRUCT(grundy_move);
    FIELD(grundy_move, heap);
    FIELD(grundy_move, size);
    FIELD(grundy_move, take);
    FIELD(grundy_move, leaves_count);
    FIELD(grundy_move, leaves);
    STRUCT(grundy_play_result);
    FIELD(grundy_play_result, win);
    FIELD(grundy_play_result, nim_sum);
    FIELD(grundy_play_result, move_count);
    FIELD(grundy_play_result, moves_listed);
    FIELD(grundy_play_result, move_count_high);
}

static void graph_structs(void) {
    STRUCT(grundy_diag);
    FIELD(grundy_diag, line);
    FIELD(grundy_diag, column);
    FIELD(grundy_diag, message);
    STRUCT(grundy_graph_read_opts);
    FIELD(grundy_graph_read_opts, format);
    FIELD(grundy_graph_read_opts, max_bytes);
    STRUCT(grundy_graph_labels);
    FIELD(grundy_graph_labels, n);
    FIELD(grundy_graph_labels, outcomes);
    FIELD(grundy_graph_labels, remoteness);
    FIELD(grundy_graph_labels, win);
    FIELD(grundy_graph_labels, lose);
    FIELD(grundy_graph_labels, draw);
}

static void misere_structs(void) {
    STRUCT(grundy_misere_opts);
    FIELD(grundy_misere_opts, max_quotient);
    FIELD(grundy_misere_opts, max_states);
    FIELD(grundy_misere_opts, max_options);
    FIELD(grundy_misere_opts, trace);
    FIELD(grundy_misere_opts, trace_ctx);
    FIELD(grundy_misere_opts, max_bytes);
    FIELD(grundy_misere_opts, max_work);
    FIELD(grundy_misere_opts, progress);
    FIELD(grundy_misere_opts, progress_ctx);
    STRUCT(grundy_genus);
    FIELD(grundy_genus, normal);
    FIELD(grundy_genus, len);
    FIELD(grundy_genus, misere);
}

static void stats_verify_structs(void) {
    STRUCT(grundy_stats);
    FIELD(grundy_stats, count);
    FIELD(grundy_stats, max_value);
    FIELD(grundy_stats, max_heap);
    FIELD(grundy_stats, has_mask);
    FIELD(grundy_stats, mask);
    FIELD(grundy_stats, use_parity);
    FIELD(grundy_stats, parity_bit);
    FIELD(grundy_stats, rare_count);
    FIELD(grundy_stats, has_rare);
    FIELD(grundy_stats, last_rare);
    FIELD(grundy_stats, freq);
    STRUCT(grundy_verify_opts);
    FIELD(grundy_verify_opts, max_heap);
    FIELD(grundy_verify_opts, heaps);
    FIELD(grundy_verify_opts, samples);
    FIELD(grundy_verify_opts, seed);
    FIELD(grundy_verify_opts, misere);
    FIELD(grundy_verify_opts, max_n);
    FIELD(grundy_verify_opts, naive_to);
    FIELD(grundy_verify_opts, threads);
    STRUCT(grundy_verify_report);
    FIELD(grundy_verify_report, positions);
    FIELD(grundy_verify_report, moves_checked);
    FIELD(grundy_verify_report, values_checked);
    FIELD(grundy_verify_report, brute_states);
    FIELD(grundy_verify_report, period);
    FIELD(grundy_verify_report, mismatch);
    FIELD(grundy_verify_report, heap_count);
    FIELD(grundy_verify_report, heaps);
    FIELD(grundy_verify_report, message);
}

static void survey_structs(void) {
    STRUCT(grundy_survey_row);
    FIELD(grundy_survey_row, code);
    FIELD(grundy_survey_row, canonical);
    FIELD(grundy_survey_row, trivial);
    FIELD(grundy_survey_row, status);
    FIELD(grundy_survey_row, period);
    FIELD(grundy_survey_row, values_computed);
    FIELD(grundy_survey_row, max_value);
    FIELD(grundy_survey_row, max_value_heap);
    FIELD(grundy_survey_row, mask);
    FIELD(grundy_survey_row, mask_parity);
    FIELD(grundy_survey_row, rare_count);
    FIELD(grundy_survey_row, last_rare);
    FIELD(grundy_survey_row, seconds);
    FIELD(grundy_survey_row, known);
    FIELD(grundy_survey_row, fp);
    FIELD(grundy_survey_row, prefix);
    FIELD(grundy_survey_row, prefix_len);
    FIELD(grundy_survey_row, limit_length);
    FIELD(grundy_survey_row, limit_need_bytes);
    STRUCT(grundy_survey_opts);
    FIELD(grundy_survey_opts, max_n);
    FIELD(grundy_survey_opts, time_per_game);
    FIELD(grundy_survey_opts, reach);
    FIELD(grundy_survey_opts, seq);
    STRUCT(grundy_survey_relation);
    FIELD(grundy_survey_relation, a);
    FIELD(grundy_survey_relation, b);
    FIELD(grundy_survey_relation, shift);
    FIELD(grundy_survey_relation, upto);
    FIELD(grundy_survey_relation, proved);
}

static void solver_structs(void) {
    STRUCT(grundy_game);
    FIELD(grundy_game, name);
    FIELD(grundy_game, positions);
    FIELD(grundy_game, initial);
    FIELD(grundy_game, flags);
    FIELD(grundy_game, max_moves);
    FIELD(grundy_game, ctx);
    FIELD(grundy_game, moves);
    FIELD(grundy_game, primitive);
    FIELD(grundy_game, parents);
    FIELD(grundy_game, canonical);
    FIELD(grundy_game, destroy);
    STRUCT(grundy_solve_opts);
    FIELD(grundy_solve_opts, want);
    FIELD(grundy_solve_opts, max_positions);
    FIELD(grundy_solve_opts, max_bytes);
    FIELD(grundy_solve_opts, threads);
}

static void picture_structs(void) {
    STRUCT(grundy_picture_seq);
    FIELD(grundy_picture_seq, rule);
    FIELD(grundy_picture_seq, values);
    FIELD(grundy_picture_seq, to);
    FIELD(grundy_picture_seq, period);
    STRUCT(grundy_picture_opts);
    FIELD(grundy_picture_opts, kind);
    FIELD(grundy_picture_opts, max_bytes);
    FIELD(grundy_picture_opts, from);
    FIELD(grundy_picture_opts, log_scale);
    FIELD(grundy_picture_opts, width);
    STRUCT(grundy_picture_graph);
    FIELD(grundy_picture_graph, vertices);
    FIELD(grundy_picture_graph, edges);
    FIELD(grundy_picture_graph, from);
    FIELD(grundy_picture_graph, to);
    FIELD(grundy_picture_graph, outcome);
    FIELD(grundy_picture_graph, remoteness);
    STRUCT(grundy_picture_table);
    FIELD(grundy_picture_table, width);
    FIELD(grundy_picture_table, split);
    FIELD(grundy_picture_table, pre_rows);
    FIELD(grundy_picture_table, rows);
    FIELD(grundy_picture_table, count);
}

int main(void) {
    picture_structs();
    solver_structs();
    survey_structs();
    stats_verify_structs();
    misere_structs();
    seq_structs();
    period_structs();
    position_structs();
    graph_structs();
    printf("soname %s\n", GRUNDY_SONAME);
    return 0;
}
