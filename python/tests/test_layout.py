# SPDX-License-Identifier: MIT
"""The ctypes mirrors of python/grundy/_lib.py (and _plot.py's) against the C structs as the compiler lays them out
(tests/install/abi_layout.c, named by GRUNDY_LAYOUT; CTest sets it): every struct's size, every
field's offset and size, in the same order; and the soname _lib.SOVERSION loads."""
import ctypes
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from grundy import _lib, _plot  # noqa: E402

LAYOUT = os.environ.get("GRUNDY_LAYOUT")
MIRRORS = {
    "grundy_seq_check_report": _lib.SeqCheckReport,
    "grundy_seq_opts": _lib.SeqOpts,
    "grundy_period_opts": _lib.PeriodOpts,
    "grundy_period_result": _lib.PeriodResult,
    "grundy_position_opts": _lib.PositionOpts,
    "grundy_move": _lib.Move,
    "grundy_play_result": _lib.PlayResult,
    "grundy_diag": _lib.Diag,
    "grundy_graph_read_opts": _lib.GraphReadOpts,
    "grundy_graph_labels": _lib.GraphLabels,
    "grundy_misere_opts": _lib.MisereOpts,
    "grundy_genus": _lib.Genus,
    "grundy_stats": _lib.Stats,
    "grundy_verify_opts": _lib.VerifyOpts,
    "grundy_verify_report": _lib.VerifyReport,
    "grundy_survey_row": _lib.SurveyRow,
    "grundy_survey_opts": _lib.SurveyOpts,
    "grundy_survey_relation": _lib.SurveyRelation,
    "grundy_game": _lib.Game,
    "grundy_solve_opts": _lib.SolveOpts,
    "grundy_nim_pos": _lib.NimPos,
    "grundy_nim_game": _lib.NimGame,
    "grundy_nim_opts": _lib.NimOpts,
    "grundy_rule_shape": _lib.RuleShape,
    "grundy_board": _lib.Board,
    "grundy_seq_limit_info": _lib.SeqLimitInfo,
    "grundy_seqfile_info": _lib.SeqfileInfo,
    "grundy_picture_seq": _plot.PictureSeq,
    "grundy_picture_opts": _plot.PictureOpts,
    "grundy_picture_graph": _plot.PictureGraph,
    "grundy_picture_table": _plot.PictureTable,
}


def c_layout():
    """{struct: size}, {struct: [(field, offset, size)] in offset order}, soname"""
    out = subprocess.run([LAYOUT], check=True, capture_output=True, text=True).stdout
    sizes, fields, soname = {}, {}, None
    for line in out.splitlines():
        name, *numbers = line.split()
        if name == "soname":
            soname = numbers[0]
        elif "." in name:
            struct, field = name.split(".")
            fields.setdefault(struct, []).append((field, int(numbers[0]), int(numbers[1])))
        else:
            sizes[name] = int(numbers[0])
    return sizes, {s: sorted(f, key=lambda t: t[1]) for s, f in fields.items()}, soname


def py_fields(cls):
    return [(name, getattr(cls, name).offset, getattr(cls, name).size)
            for name, *_ in cls._fields_]


@unittest.skipUnless(LAYOUT, "GRUNDY_LAYOUT (the abi_layout program) is not set")
class Layout(unittest.TestCase):
    def setUp(self):
        self.sizes, self.fields, self.soname = c_layout()

    def test_every_mirror_is_checked(self):
        mirrors = {c for module in (_lib, _plot) for c in vars(module).values()
                   if isinstance(c, type) and issubclass(c, ctypes.Structure)}
        self.assertEqual(mirrors, set(MIRRORS.values()))
        self.assertEqual(set(self.sizes), set(MIRRORS))

    def test_fields_in_place(self):
        for struct, cls in MIRRORS.items():
            with self.subTest(struct=struct):
                self.assertEqual(py_fields(cls), self.fields[struct])
                self.assertEqual(ctypes.sizeof(cls), self.sizes[struct])

    def test_soname(self):
        self.assertEqual(f"libgrundy.so.{_lib.SOVERSION}", self.soname)


if __name__ == "__main__":
    unittest.main()
