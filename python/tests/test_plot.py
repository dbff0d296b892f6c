# SPDX-License-Identifier: MIT
"""grundy.plot and the notebook picture against the grundy tool: the SVG text Python gets from
the library is the file `grundy plot` (and `grundy graph --plot`) writes, byte for byte. Needs
GRUNDY_CLI and the library, as test_grundy.py."""
import os
import random
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import grundy  # noqa: E402

CLI = os.environ.get("GRUNDY_CLI", "grundy")


def cli_svg(*args):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "p.svg")
        p = subprocess.run([CLI, *map(str, args), path], capture_output=True, text=True)
        assert p.returncode == 0, p.stderr
        with open(path, encoding="utf-8") as f:
            return f.read()


class TestPlot(unittest.TestCase):
    def test_same_svg_as_the_tool(self):
        cases = [
            (("kayles", 120), {}, ["plot", "kayles", "--to", 120, "-o"]),
            (("0.07", 300), {"start": 50}, ["plot", "0.07", "--to", 300, "--from", 50, "-o"]),
            (("0.16", 3000), {"kind": "freq", "log": True},
             ["plot", "0.16", "--to", 3000, "--freq", "--log", "-o"]),
            (("4!.0", 200), {}, ["plot", "4!.0", "--to", 200, "-o"]),
            (("S(3,4,6,10)",), {"kind": "table"}, ["plot", "S(3,4,6,10)", "--table", "-o"]),
            (("kayles",), {"kind": "table", "width": 10},
             ["plot", "kayles", "--table", "--width", 10, "-o"]),
        ]
        for args, kw, tool in cases:
            with self.subTest(tool=tool):
                self.assertEqual(grundy.plot(*args, **kw), cli_svg(*tool))

    def test_graph_same_svg_as_the_tool(self):
        rng = random.Random(5)
        for n, edges in [(8, [(0, 1), (1, 2), (2, 1), (2, 3), (3, 4), (5, 6), (6, 7), (5, 7)]),
                         (40, [(rng.randrange(40), rng.randrange(40)) for _ in range(70)])]:
            g = grundy.graph(edges, n)
            with tempfile.TemporaryDirectory() as tmp:
                path = os.path.join(tmp, "g.svg")
                text = f"{n} {len(edges)}\n" + "".join(f"{u} {v}\n" for u, v in edges)
                p = subprocess.run([CLI, "graph", "-", "--plot", path], input=text,
                                   capture_output=True, text=True)
                self.assertEqual(p.returncode, 0, p.stderr)
                with open(path, encoding="utf-8") as f:
                    self.assertEqual(grundy.plot_graph(g, edges), f.read())

    def test_sequence_shows_its_picture(self):
        s = grundy.sequence("kayles", 120)
        self.assertEqual(s.values, grundy.values("kayles", 120))
        self.assertEqual((s.period.preperiod, s.period.period), (71, 12))
        svg = s._repr_svg_()
        self.assertEqual(svg, cli_svg("plot", "kayles", "--to", 120, "-o"))
        self.assertIn('class="period" data-start="71" data-length="12"', svg)

    def test_refusals(self):
        with self.assertRaises(grundy.GrundyError) as e:
            grundy.plot("kayles", 120, max_bytes=1000)
        self.assertEqual(e.exception.status, "limit")
        with self.assertRaises(grundy.GrundyError) as e:
            grundy.plot("kayles", 120, kind="pie")
        self.assertEqual(e.exception.status, "invalid_arg")
        with self.assertRaises(grundy.GrundyError) as e:
            grundy.plot("kayles")
        self.assertEqual(e.exception.status, "invalid_arg")
        with self.assertRaises(grundy.GrundyError) as e:
            grundy.plot("4!.0", kind="table", max_n=200)
        self.assertEqual(e.exception.status, "limit")
        with self.assertRaises(grundy.GrundyError) as e:
            grundy.plot("kayles", 10, start=11)
        self.assertEqual(e.exception.status, "invalid_arg")


if __name__ == "__main__":
    unittest.main()
