# SPDX-License-Identifier: MIT
"""Loading libgrundy and declaring the C calls the package uses (ctypes, standard library only).

The library is looked for, in order: the file named by the environment variable GRUNDY_LIBRARY;
a libgrundy.so* next to this package (a wheel built with GRUNDY_LIBRARY set carries one); the
system loader (libgrundy.so.0, as `cmake --install` puts it in PREFIX/lib)."""
import ctypes
import ctypes.util
import glob
import os

u64 = ctypes.c_uint64
SOVERSION = 0


class SeqCheckReport(ctypes.Structure):
    _fields_ = [("checked", u64), ("failed", ctypes.c_int), ("heap", u64), ("value", u64),
                ("mex", u64)]


class SeqOpts(ctypes.Structure):
    # Mirrors include/grundy/seq.h's grundy_seq_opts field by field; keep them in step:
    # "threads": 0, as left here, is one thread; the self-check: off
    # (zeros); the run hooks of long runs: NULL, so Python runs have no hook and no stop flag.
    _fields_ = [("engine", ctypes.c_int), ("max_bytes", u64), ("threads", ctypes.c_uint),
                ("check", ctypes.c_int), ("check_rate", ctypes.c_double),
                ("check_report", ctypes.POINTER(SeqCheckReport)), ("test_corrupt_heap", u64),
                ("hook", ctypes.c_void_p), ("hook_ctx", ctypes.c_void_p),
                ("stop", ctypes.c_void_p),
                # memory beyond RAM: 0, every value kept; no spill file
                ("memory", u64), ("spill", ctypes.c_char_p)]


class PeriodOpts(ctypes.Structure):
    # "max_work": 0, as left here, is the default work bound of queries.
    _fields_ = [("max_n", u64), ("seq", SeqOpts), ("unproved_max_n", u64), ("max_work", u64)]


class PeriodResult(ctypes.Structure):
    _fields_ = [("found", ctypes.c_int), ("proved", ctypes.c_int), ("proof", ctypes.c_int),
                ("preperiod", u64), ("period", u64), ("saltus", u64),
                ("values_computed", u64), ("max_value", u64)]


class PositionOpts(ctypes.Structure):
    # every field of grundy_position_opts: the library reads the whole struct (the
    # quotient's work bound and progress hook among them; quotient_max_heap was missing before)
    _fields_ = [("period", PeriodOpts), ("max_states", u64), ("max_bytes", u64),
                ("max_work", u64), ("quotient_max_heap", u64), ("quotient_max_work", u64),
                ("quotient_progress", ctypes.c_void_p), ("quotient_progress_ctx", ctypes.c_void_p),
                ("search_progress", ctypes.c_void_p), ("search_progress_ctx", ctypes.c_void_p)]


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


class NimPos(ctypes.Structure):
    _fields_ = [("w", u64 * 5)]


class NimGame(ctypes.Structure):
    # grundy_nim_game (nimsearch.h): the fields Python reads; the callbacks are the library's
    _fields_ = [("name", ctypes.c_char_p), ("words", ctypes.c_uint), ("initial", NimPos),
                ("ctx", ctypes.c_void_p), ("callbacks", ctypes.c_void_p * 6)]


class NimOpts(ctypes.Structure):
    # Mirrors grundy_nim_opts field by field: no checkpoint, no stop flag, no progress hook
    _fields_ = [("max_bytes", u64), ("threads", ctypes.c_uint), ("flags", ctypes.c_uint),
                ("checkpoint", ctypes.c_char_p), ("description", ctypes.c_char_p),
                ("checkpoint_seconds", ctypes.c_double), ("stop", ctypes.c_void_p),
                ("progress", ctypes.c_void_p), ("progress_arg", ctypes.c_void_p),
                ("progress_seconds", ctypes.c_double)]


# The defaults of the C headers' _INIT macros (period.h, seq.h, position.h, graph.h).
DEFAULT_MAX_N = 1 << 25
DEFAULT_SEQ_MAX_BYTES = 8 << 30
DEFAULT_MAX_STATES = 1 << 22
DEFAULT_POSITION_MAX_BYTES = 1 << 30
DEFAULT_QUOTIENT_MAX_HEAP = 1000
DEFAULT_MAX_WORK = 1 << 27
DEFAULT_GRAPH_MAX_BYTES = 24 << 30
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
    "grundy_period_theorem": (ctypes.c_int, [vp]),
    "grundy_proof_name": (ctypes.c_char_p, [ctypes.c_int]),
    "grundy_query_create": (ctypes.c_int, [vp, P(PeriodOpts), P(vp)]),
    "grundy_query_destroy": (None, [vp]),
    "grundy_query_prepare": (ctypes.c_int, [vp, u64]),
    "grundy_query_reach": (u64, [vp]),
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
        return lib
    raise ImportError("grundy: cannot load libgrundy (set GRUNDY_LIBRARY to its path, or install "
                      "it with cmake --install): " + "; ".join(errors))
