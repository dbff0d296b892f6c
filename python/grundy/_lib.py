# SPDX-License-Identifier: MIT
"""Loading libgrundy and declaring the C calls the package uses (ctypes, standard library only).

The library is looked for, in order: the file named by the environment variable GRUNDY_LIBRARY;
the libgrundy.so.1 inside this package (`pip install ./python` builds it from the repository's
sources and bundles it); the system loader (libgrundy.so.1 in a folder it searches)."""
import ctypes
import ctypes.util
import glob
import os

u64 = ctypes.c_uint64
SOVERSION = 1  # libgrundy.so.SOVERSION: raised with every ABI change (test_layout checks it)


class SeqCheckReport(ctypes.Structure):
    _fields_ = [("checked", u64), ("failed", ctypes.c_int), ("heap", u64), ("value", u64),
                ("mex", u64)]


# The structs below mirror include/grundy/*.h field by field, in the same order; keep them in
# step (python/tests/test_layout.py compares every size and offset with the C compiler's).


class SeqOpts(ctypes.Structure):
    # Zeros, as left here: one thread, no self-check, no hook and no stop flag, every value
    # kept, no spill file, no experimental options.
    _fields_ = [("engine", ctypes.c_int), ("max_bytes", u64), ("threads", ctypes.c_uint),
                ("check", ctypes.c_int), ("check_rate", ctypes.c_double),
                ("check_report", ctypes.POINTER(SeqCheckReport)),
                ("hook", ctypes.c_void_p), ("hook_ctx", ctypes.c_void_p),
                ("stop", ctypes.c_void_p), ("memory", u64), ("spill", ctypes.c_char_p),
                ("experimental", ctypes.c_void_p)]


class SeqLimitInfo(ctypes.Structure):
    # grundy_seq_limit_info (seq.h): why the last GRUNDY_STATUS_LIMIT of a sequence came
    _fields_ = [("reason", ctypes.c_int), ("heap", u64), ("index", u64), ("need_bytes", u64),
                ("prefix", u64), ("first", u64), ("what", ctypes.c_char_p)]


class SeqfileInfo(ctypes.Structure):
    # grundy_seqfile_info (seqfile.h): what a sequence file or checkpoint holds
    _fields_ = [("version", ctypes.c_uint), ("kind", ctypes.c_int), ("engine", ctypes.c_int),
                ("width", ctypes.c_uint), ("count", u64), ("max_value", u64),
                ("problem", ctypes.c_int), ("message", ctypes.c_char * 256)]


class PeriodOpts(ctypes.Structure):
    # "max_work": 0, as left here, is the default work bound of queries.
    _fields_ = [("max_n", u64), ("unproved_max_n", u64), ("max_work", u64), ("seq", SeqOpts)]


class PeriodResult(ctypes.Structure):
    _fields_ = [("found", ctypes.c_int), ("proved", ctypes.c_int), ("proof", ctypes.c_int),
                ("preperiod", u64), ("period", u64), ("saltus", u64),
                ("values_computed", u64), ("max_value", u64)]


class PositionOpts(ctypes.Structure):
    # every field of grundy_position_opts: the library reads the whole struct
    _fields_ = [("max_states", u64), ("max_bytes", u64),
                ("max_work", u64), ("quotient_max_heap", u64), ("quotient_max_work", u64),
                ("quotient_progress", ctypes.c_void_p), ("quotient_progress_ctx", ctypes.c_void_p),
                ("search_progress", ctypes.c_void_p), ("search_progress_ctx", ctypes.c_void_p),
                ("period", PeriodOpts)]


class Move(ctypes.Structure):
    _fields_ = [("heap", ctypes.c_size_t), ("size", u64), ("take", u64),
                ("leaves_count", ctypes.c_uint), ("leaves", u64 * 4)]


class PlayResult(ctypes.Structure):
    _fields_ = [("win", ctypes.c_int), ("nim_sum", u64), ("move_count", u64),
                ("moves_listed", ctypes.c_size_t), ("move_count_high", u64)]


class Diag(ctypes.Structure):
    _fields_ = [("line", ctypes.c_size_t), ("column", ctypes.c_size_t),
                ("message", ctypes.c_char * 160)]


class GraphReadOpts(ctypes.Structure):
    _fields_ = [("format", ctypes.c_int), ("max_bytes", u64)]


class GraphLabels(ctypes.Structure):
    _fields_ = [("n", u64), ("outcomes", ctypes.POINTER(ctypes.c_uint8)),
                ("remoteness", ctypes.POINTER(ctypes.c_uint32)),
                ("win", u64), ("lose", u64), ("draw", u64)]


class MisereOpts(ctypes.Structure):
    _fields_ = [("max_quotient", u64), ("max_states", u64), ("max_options", u64),
                ("trace", ctypes.c_void_p), ("trace_ctx", ctypes.c_void_p), ("max_bytes", u64),
                ("max_work", u64), ("progress", ctypes.c_void_p),
                ("progress_ctx", ctypes.c_void_p)]


class Genus(ctypes.Structure):
    _fields_ = [("normal", u64), ("len", ctypes.c_size_t), ("misere", ctypes.c_uint8 * 64)]


class Stats(ctypes.Structure):
    _fields_ = [("count", u64), ("max_value", u64), ("max_heap", u64), ("has_mask", ctypes.c_int),
                ("mask", u64), ("use_parity", ctypes.c_uint), ("parity_bit", ctypes.c_uint),
                ("rare_count", u64), ("has_rare", ctypes.c_int), ("last_rare", u64),
                ("freq", ctypes.POINTER(u64))]


class VerifyOpts(ctypes.Structure):
    _fields_ = [("max_heap", u64), ("heaps", ctypes.c_uint), ("samples", u64), ("seed", u64),
                ("misere", ctypes.c_int), ("max_n", u64), ("naive_to", u64),
                ("threads", ctypes.c_uint)]


class VerifyReport(ctypes.Structure):
    _fields_ = [("positions", u64), ("moves_checked", u64), ("values_checked", u64),
                ("brute_states", u64), ("period", PeriodResult), ("mismatch", ctypes.c_int),
                ("heap_count", ctypes.c_size_t), ("heaps", u64 * 16),
                ("message", ctypes.c_char * 256)]


class SurveyRow(ctypes.Structure):
    _fields_ = [("code", ctypes.c_char * 64), ("canonical", ctypes.c_char * 128),
                ("trivial", ctypes.c_int), ("status", ctypes.c_int), ("period", PeriodResult),
                ("values_computed", u64), ("max_value", u64), ("max_value_heap", u64),
                ("mask", u64), ("mask_parity", ctypes.c_uint), ("rare_count", u64),
                ("last_rare", u64), ("seconds", ctypes.c_double), ("known", u64),
                ("fp", (u64 * 48) * 5), ("prefix", ctypes.POINTER(ctypes.c_uint32)),
                ("prefix_len", u64), ("limit_length", u64), ("limit_need_bytes", u64)]


class SurveyOpts(ctypes.Structure):
    _fields_ = [("max_n", u64), ("time_per_game", ctypes.c_double), ("reach", u64),
                ("seq", SeqOpts)]


class SurveyRelation(ctypes.Structure):
    _fields_ = [("a", ctypes.c_size_t), ("b", ctypes.c_size_t), ("shift", ctypes.c_uint),
                ("upto", u64), ("proved", ctypes.c_int)]


class Game(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("positions", u64), ("initial", u64),
                ("flags", ctypes.c_uint), ("max_moves", ctypes.c_uint32), ("ctx", ctypes.c_void_p),
                ("moves", ctypes.c_void_p), ("primitive", ctypes.c_void_p),
                ("parents", ctypes.c_void_p), ("canonical", ctypes.c_void_p),
                ("destroy", ctypes.c_void_p)]


class Board(ctypes.Structure):
    # grundy_board (solver.h): the mirror-board game's n x n board and its blocked cells
    _fields_ = [("n", u64), ("blocked_count", ctypes.c_size_t), ("blocked", ctypes.c_void_p)]


class SolveOpts(ctypes.Structure):
    _fields_ = [("want", ctypes.c_uint), ("max_positions", u64), ("max_bytes", u64),
                ("threads", ctypes.c_uint)]


# void progress(void *ctx, uint64_t heap, uint64_t work) (misere.h)
MisereProgress = ctypes.CFUNCTYPE(None, ctypes.c_void_p, u64, u64)

# The seq hook (include/grundy/seq.h): status hook(void *ctx, const grundy_seq *seq, uint64_t target).
SeqHook = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, u64)
# grundy_rule_moves_fn (rule.h): (ctx, heap, sink) -> status
RuleMovesFn = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, u64, ctypes.c_void_p)


class RuleShape(ctypes.Structure):
    # GRUNDY_RULE_SHAPE_INIT: max_take GRUNDY_NUMBER_MAX (not known), max_heaps_left 4, octal 0
    _fields_ = [("max_take", u64), ("max_heaps_left", ctypes.c_uint), ("octal", ctypes.c_int)]

class NimPos(ctypes.Structure):
    _fields_ = [("w", u64 * 5)]


class NimGame(ctypes.Structure):
    # grundy_nim_game (nimsearch.h); Python reads initial, the callbacks are the library's
    _fields_ = [("name", ctypes.c_char_p), ("words", ctypes.c_uint), ("initial", NimPos),
                ("ctx", ctypes.c_void_p), ("moves", ctypes.c_void_p), ("split", ctypes.c_void_p),
                ("canonical", ctypes.c_void_p), ("known", ctypes.c_void_p),
                ("size", ctypes.c_void_p), ("destroy", ctypes.c_void_p),
                ("endgame_index", ctypes.c_void_p)]


class NimOpts(ctypes.Structure):
    # Mirrors grundy_nim_opts field by field: no checkpoint, no stop flag, no progress hook
    _fields_ = [("max_bytes", u64), ("threads", ctypes.c_uint), ("flags", ctypes.c_uint),
                ("checkpoint", ctypes.c_char_p), ("description", ctypes.c_char_p),
                ("checkpoint_seconds", ctypes.c_double), ("stop", ctypes.c_void_p),
                ("progress", ctypes.c_void_p), ("progress_arg", ctypes.c_void_p),
                ("progress_seconds", ctypes.c_double), ("endgame_bytes", u64)]


# The defaults of the C headers' _INIT macros (period.h, seq.h, position.h, graph.h).
DEFAULT_MAX_N = 1 << 25
DEFAULT_SEQ_MAX_BYTES = 8 << 30
DEFAULT_MAX_STATES = 1 << 22
DEFAULT_POSITION_MAX_BYTES = 1 << 30
NIM_DEFAULT_ENDGAME_BYTES = 1 << 26  # GRUNDY_NIM_OPTS_INIT (nimsearch.h)
DEFAULT_QUOTIENT_MAX_HEAP = 1000
DEFAULT_MAX_WORK = 1 << 27
DEFAULT_GRAPH_MAX_BYTES = 24 << 30
DEFAULT_MISERE_MAX_QUOTIENT = 4096
DEFAULT_MISERE_MAX_STATES = 1 << 22
DEFAULT_MISERE_MAX_OPTIONS = 1 << 24
NIM_COUNT_DEFAULT_STATES = 1 << 20
STATUS_LIMIT = 5  # grundy_status (common.h)
BOARD_SOLVE_FREE = 20  # GRUNDY_BOARD_SOLVE_FREE (solver.h)
LEFT_STACK_SOLVE_POSITIONS = 1 << 18  # GRUNDY_LEFT_STACK_SOLVE_POSITIONS (left_stack.h)
REMOTENESS_NONE = 0xFFFFFFFF

P = ctypes.POINTER
vp = ctypes.c_void_p
_PROTOTYPES = {
    "grundy_version": (ctypes.c_char_p, []),
    "grundy_status_str": (ctypes.c_char_p, [ctypes.c_int]),
    "grundy_rule_parse": (ctypes.c_int, [ctypes.c_char_p, P(vp), P(Diag)]),
    "grundy_rule_destroy": (None, [vp]),
    "grundy_rule_format": (ctypes.c_size_t, [vp, ctypes.c_char_p, ctypes.c_size_t]),
    "grundy_rule_max_heaps_left": (ctypes.c_uint, [vp]),
    "grundy_rule_from_moves": (ctypes.c_int, [RuleMovesFn, vp, P(RuleShape), ctypes.c_char_p,
                                              P(Diag), P(vp)]),
    "grundy_rule_sink_add": (ctypes.c_int, [vp, P(ctypes.c_int64), ctypes.c_size_t,
                                            ctypes.c_size_t]),
    "grundy_rule_problem": (ctypes.c_char_p, [vp]),
    "grundy_rule_shape_code": (vp, [vp]),
    "grundy_period_theorem": (ctypes.c_int, [vp]),
    "grundy_proof_name": (ctypes.c_char_p, [ctypes.c_int]),
    "grundy_query_create": (ctypes.c_int, [vp, P(PeriodOpts), P(vp)]),
    "grundy_query_destroy": (None, [vp]),
    "grundy_query_prepare": (ctypes.c_int, [vp, u64]),
    "grundy_query_reach": (u64, [vp]),
    "grundy_query_work": (ctypes.c_double, [vp, u64]),
    "grundy_seq_length": (u64, [vp]),
    "grundy_query_seq": (vp, [vp]),
    "grundy_seq_extend": (ctypes.c_int, [vp, u64]),
    "grundy_seq_kept": (ctypes.c_int, [vp, u64]),
    "grundy_seq_get": (u64, [vp, u64]),
    "grundy_seq_value": (ctypes.c_int, [vp, u64, P(u64)]),
    "grundy_seq_limit": (P(SeqLimitInfo), [vp]),
    "grundy_seq_spill_probe": (ctypes.c_int, [ctypes.c_char_p]),
    "grundy_seqfile_save": (ctypes.c_int, [vp, u64, ctypes.c_int, ctypes.c_char_p]),
    "grundy_seqfile_load": (ctypes.c_int, [ctypes.c_char_p, vp, P(SeqfileInfo)]),
    "grundy_seqfile_save_extra": (ctypes.c_int, [vp, u64, ctypes.c_int, ctypes.c_char_p, vp,
                                                 ctypes.c_size_t]),
    "grundy_seqfile_load_extra": (ctypes.c_int, [ctypes.c_char_p, vp, P(SeqfileInfo), P(vp),
                                                 P(ctypes.c_size_t)]),
    "grundy_query_period": (P(PeriodResult), [vp]),
    "grundy_query_value": (ctypes.c_int, [vp, u64, P(u64)]),
    "grundy_query_values": (ctypes.c_int, [vp, u64, u64, P(u64)]),
    "grundy_query_count": (ctypes.c_int, [vp, u64, u64, P(u64), P(u64)]),
    "grundy_period_find": (ctypes.c_int, [vp, vp, P(PeriodOpts), P(PeriodResult)]),
    "grundy_position_create": (ctypes.c_int, [vp, P(PositionOpts), P(vp)]),
    "grundy_position_destroy": (None, [vp]),
    "grundy_position_play": (ctypes.c_int, [vp, P(u64), ctypes.c_size_t, ctypes.c_int,
                                            P(Move), ctypes.c_size_t, P(PlayResult)]),
    "grundy_graph_parse": (ctypes.c_int, [ctypes.c_char_p, ctypes.c_size_t, P(GraphReadOpts),
                                          P(vp), P(Diag)]),
    "grundy_graph_destroy": (None, [vp]),
    "grundy_graph_edge_count": (u64, [vp]),
    "grundy_graph_label": (ctypes.c_int, [vp, ctypes.c_int, P(GraphLabels)]),
    "grundy_graph_labels_free": (None, [P(GraphLabels)]),
    "grundy_misere_create": (ctypes.c_int, [vp, P(MisereOpts), P(vp)]),
    "grundy_misere_extend": (ctypes.c_int, [vp, u64]),
    "grundy_misere_destroy": (None, [vp]),
    "grundy_misere_limit": (ctypes.c_int, [vp, P(u64)]),
    "grundy_misere_max_heap": (u64, [vp]),
    "grundy_misere_order": (ctypes.c_uint32, [vp]),
    "grundy_misere_p_size": (ctypes.c_uint32, [vp]),
    "grundy_misere_mul": (ctypes.c_uint32, [vp, ctypes.c_uint32, ctypes.c_uint32]),
    "grundy_misere_is_p": (ctypes.c_int, [vp, ctypes.c_uint32]),
    "grundy_misere_image": (ctypes.c_int, [vp, u64, P(ctypes.c_uint32)]),
    "grundy_misere_outcome": (ctypes.c_int, [vp, P(u64), ctypes.c_size_t, P(ctypes.c_int)]),
    "grundy_misere_generator_count": (ctypes.c_size_t, [vp]),
    "grundy_misere_generator_heap": (u64, [vp, ctypes.c_size_t]),
    "grundy_misere_format_element": (ctypes.c_size_t, [vp, ctypes.c_uint32, ctypes.c_char_p,
                                                       ctypes.c_size_t]),
    "grundy_misere_relation_count": (ctypes.c_size_t, [vp]),
    "grundy_misere_format_relation": (ctypes.c_size_t, [vp, ctypes.c_size_t, ctypes.c_char_p,
                                                        ctypes.c_size_t]),
    "grundy_misere_tame": (ctypes.c_int, [vp]),
    "grundy_misere_stable_from": (u64, [vp]),
    "grundy_misere_phi_period": (ctypes.c_int, [vp, P(u64), P(u64)]),
    "grundy_misere_proved": (ctypes.c_int, [vp, P(u64), P(u64)]),
    "grundy_misere_solve": (ctypes.c_int, [vp, u64]),
    "grundy_misere_proved_at": (u64, [vp]),
    "grundy_misere_provable": (ctypes.c_int, [vp]),
    "grundy_misere_save": (ctypes.c_int, [vp, ctypes.c_char_p]),
    "grundy_misere_load": (ctypes.c_int, [vp, ctypes.c_char_p, P(MisereOpts), P(vp),
                                          ctypes.c_char_p, ctypes.c_size_t]),
    "grundy_misere_genus": (ctypes.c_int, [vp, u64, u64, u64, P(Genus)]),
    "grundy_stats_of_values": (ctypes.c_int, [vp, P(u64), u64, P(Stats)]),
    "grundy_stats_free": (None, [P(Stats)]),
    "grundy_verify": (ctypes.c_int, [vp, P(VerifyOpts), P(VerifyReport)]),
    "grundy_survey_expand": (ctypes.c_int, [ctypes.c_char_p, ctypes.c_int,
                                            P(P(ctypes.c_char_p)), P(ctypes.c_size_t)]),
    "grundy_survey_code_threads": (ctypes.c_uint, [ctypes.c_uint, ctypes.c_size_t]),
    "grundy_survey_run": (ctypes.c_int, [P(ctypes.c_char_p), ctypes.c_size_t, vp, P(SurveyOpts),
                                         ctypes.c_uint, P(SurveyRow), P(ctypes.c_int), vp, vp]),
    "grundy_survey_relate": (ctypes.c_int, [P(SurveyRow), ctypes.c_size_t,
                                            P(P(SurveyRelation)), P(ctypes.c_size_t)]),
    "grundy_survey_row_clear": (None, [P(SurveyRow)]),
    "grundy_survey_status_name": (ctypes.c_char_p, [ctypes.c_int]),
    "grundy_game_destroy": (None, [P(Game)]),
    "grundy_game_divisors_create": (ctypes.c_int, [ctypes.c_uint, P(P(Game))]),
    "grundy_game_pick_create": (ctypes.c_int, [P(u64), ctypes.c_size_t, P(P(Game))]),
    "grundy_game_misere_piles_create": (ctypes.c_int, [u64, u64, u64, P(P(Game))]),
    "grundy_game_heaps_create": (ctypes.c_int, [vp, P(u64), ctypes.c_size_t, ctypes.c_int, u64,
                                                P(P(Game))]),
    "grundy_board_parse": (ctypes.c_int, [P(vp), vp, P(ctypes.c_size_t), P(Board), P(Diag)]),
    "grundy_board_free": (None, [P(Board)]),
    "grundy_board_free_cells": (u64, [P(Board)]),
    "grundy_board_mirror_rule": (ctypes.c_int, [P(Board)]),
    "grundy_game_board_create": (ctypes.c_int, [P(Board), P(P(Game))]),
    "grundy_left_stack_outcome": (ctypes.c_int, [u64, u64, u64, u64]),
    "grundy_left_stack_small": (ctypes.c_int, [u64, u64, u64, u64]),
    "grundy_game_left_stack_create": (ctypes.c_int, [u64, u64, u64, u64, u64, P(P(Game))]),
    "grundy_solve": (ctypes.c_int, [P(Game), P(SolveOpts), P(vp)]),
    "grundy_solution_destroy": (None, [vp]),
    "grundy_solution_tables": (ctypes.c_uint, [vp]),
    "grundy_solution_outcome": (ctypes.c_int, [vp, u64]),
    "grundy_solution_remoteness": (ctypes.c_uint32, [vp, u64]),
    "grundy_solution_score": (ctypes.c_int64, [vp, u64]),
    "grundy_solution_grundy": (ctypes.c_uint32, [vp, u64]),
    "grundy_solution_counts": (None, [vp, P(u64), P(u64), P(u64)]),
    "grundy_nim_sum_array": (u64, [P(u64), ctypes.c_size_t]),
    "grundy_nim_product": (u64, [u64, u64]),
    "grundy_nim_inverse": (ctypes.c_int, [u64, P(u64)]),
    "grundy_nim_count_zero": (ctypes.c_int, [P(u64), ctypes.c_size_t, u64, u64, ctypes.c_size_t,
                                             P(u64), P(ctypes.c_size_t)]),
    "grundy_nim_game_cram_create": (ctypes.c_int, [ctypes.c_uint, ctypes.c_uint,
                                                   P(ctypes.c_uint8), P(P(NimGame))]),
    "grundy_nim_game_chomp_create": (ctypes.c_int, [ctypes.c_uint, ctypes.c_uint,
                                                    P(P(NimGame))]),
    "grundy_nim_game_node_kayles_create": (ctypes.c_int, [ctypes.c_uint, P(ctypes.c_uint32),
                                                          P(ctypes.c_uint32), ctypes.c_size_t,
                                                          P(P(NimGame))]),
    "grundy_nim_game_destroy": (None, [P(NimGame)]),
    "grundy_nim_search": (ctypes.c_int, [P(NimGame), P(NimPos), P(NimOpts),
                                         P(ctypes.c_uint32), vp]),
}


def _candidates():
    env = os.environ.get("GRUNDY_LIBRARY")
    if env:
        return [env]  # named explicitly: no fallback that could load another version
    here = os.path.dirname(os.path.abspath(__file__))
    found = sorted(glob.glob(os.path.join(here, "libgrundy.so*")))
    found.append(f"libgrundy.so.{SOVERSION}")
    system = ctypes.util.find_library("grundy")
    if system:
        found.append(system)
    return found


def load():
    errors = []
    for path in _candidates():
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            errors.append(f"{path}: {e}")
            continue
        for name, (restype, argtypes) in _PROTOTYPES.items():
            fn = getattr(lib, name)
            fn.restype = restype
            fn.argtypes = argtypes
        global PATH
        PATH = getattr(lib, "_name", path)
        return lib
    raise ImportError("grundy: cannot load libgrundy (reinstall with `pip install ./python` from the "
                      "repository, which builds it, or set GRUNDY_LIBRARY to its path): "
                      + "; ".join(errors))


PATH = None  # the file load() opened
