# SPDX-License-Identifier: MIT
"""Render every kind of picture and check it: the SVG parses, its points are the tool's own
answers (values, period, graph outcomes and remoteness), rsvg-convert renders it at the SVG's size,
and the PNG (when built with cairo) has the right size. Usage: python3 plot_test.py GRUNDY
GRUNDY_REQUIRE_RSVG=1 turns a missing rsvg-convert into a failure (scripts/test-all.sh sets it)."""
import json
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

GRUNDY = None
NS = "{http://www.w3.org/2000/svg}"
SEED = int(os.environ.get("GRUNDY_TEST_SEED", random.SystemRandom().randrange(1 << 30)))


def run(*args, stdin=None):
    return subprocess.run([GRUNDY, *map(str, args)], input=stdin, capture_output=True, text=True)


def tool_json(*args, stdin=None):
    return json.loads(run(*args, "--json", stdin=stdin).stdout)


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


def parity(x):
    return bin(x).count("1") % 2


def rare_heaps(values, stats):
    """The heaps n >= 1 that `grundy stats --json` labels rare (the split takes' parity K of the
    parity variant is not in the JSON: the K whose rare heaps number rare_count)."""
    if stats["mask"] is None:
        return []
    mask = stats["mask"]
    for k in (0, 1):
        use = 1 if stats["mask_parity"] else 0
        rare = [n for n in range(1, len(values))
                if parity(values[n] & mask) ^ (use & ((n ^ k) & 1)) == 0]
        if len(rare) == stats["rare_count"]:
            return rare
    raise AssertionError(f"no parity gives {stats['rare_count']} rare heaps")


SPARSE_PERCENT = 10  # GRUNDY_PICTURE_SPARSE_PERCENT: the split is drawn up to this share of rare heaps
PLOT_TOP, PLOT_H = 48.0, 420.0  # the plot's frame in a sequence picture


def is_sparse(stats, to):
    return stats["mask"] is not None and stats["rare_count"] * 100 <= SPARSE_PERCENT * to


def texts(root):
    return " ".join(t.text or "" for t in root.iter(NS + "text"))


class PlotTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def render(self, args, name, stdin=None):
        path = os.path.join(self.tmp, name)
        p = run(*args, path, stdin=stdin)
        self.assertEqual(p.returncode, 0, p.stderr)
        return path

    def check_svg(self, path):
        root = ET.parse(path).getroot()
        self.assertEqual(root.tag, NS + "svg")
        w, h = float(root.get("width")), float(root.get("height"))
        self.assertGreater(w, 100)
        self.assertGreater(h, 100)
        rsvg = shutil.which("rsvg-convert")
        if rsvg is None:
            if os.environ.get("GRUNDY_REQUIRE_RSVG"):
                self.fail("rsvg-convert is missing (Debian: librsvg2-bin)")
            print("plot_test: rsvg-convert missing, SVG rendering not checked", file=sys.stderr)
        else:
            png = path + ".rsvg.png"
            subprocess.run([rsvg, path, "-o", png], check=True)
            self.assertEqual(png_size(png), (int(w), int(h)))
        return root

    def points(self, root, cls):
        return [e for e in root.iter() if cls in (e.get("class") or "").split()]

    def test_values_with_period_and_rare(self):
        for rule, to in [("kayles", 120), ("0.07", 200), ("S(1,3,4)", 40), ("nim", 30)]:
            root = self.check_svg(self.render(["plot", rule, "--to", to, "-o"], "v.svg"))
            values = tool_json("values", rule, "--to", to)["values"]
            pts = self.points(root, "value") + self.points(root, "rare")
            got = sorted((int(e.get("data-n")), int(e.get("data-g"))) for e in pts)
            self.assertEqual(got, list(enumerate(values)), rule)
            period = tool_json("period", rule)
            marks = self.points(root, "period")
            self.assertEqual(len(marks), 1, rule)
            self.assertEqual((int(marks[0].get("data-start")), int(marks[0].get("data-length"))),
                             (period["preperiod"], period["period"]), rule)
            pre = self.points(root, "preperiod")
            self.assertEqual([int(e.get("data-length")) for e in pre],
                             [period["preperiod"]] if period["preperiod"] > 0 else [], rule)

    def test_rare_labelling_is_the_stats_one(self):
        """The rare heaps and the mask are those `grundy stats` prints (4!.0 plain, 0.106 the
        parity variant); the rare points are drawn only where the space is sparse (kayles,
        0.106, 0.16: a few rare heaps), not where the best labelling calls one heap in five rare
        (4!.0, 0.6, and the periodic 0.07)."""
        for rule, to, sparse in [("kayles", 120, True), ("0.07", 200, False), ("nim", 30, False),
                                 ("0.106", 300, True), ("4!.0", 300, False), ("0.6", 1000, False),
                                 ("0.16", 600, True)]:
            root = self.check_svg(self.render(["plot", rule, "--to", to, "-o"], "r.svg"))
            values = tool_json("values", rule, "--to", to)["values"]
            stats = tool_json("stats", rule, "--to", to)
            self.assertEqual(is_sparse(stats, to), sparse, rule)
            rare_n = sorted(int(e.get("data-n")) for e in self.points(root, "rare"))
            self.assertEqual(rare_n, rare_heaps(values, stats) if sparse else [], rule)
            text = texts(root)
            if stats["mask"] is not None:
                suffix = " parity" if stats["mask_parity"] else ""
                self.assertIn(f"rare: {stats['rare_count']} of {to} (mask {stats['mask']}{suffix})",
                              text)
                self.assertIn("at most 10%: sparse" if sparse else "over 10%: not sparse", text)

    def test_unproved_period_is_not_marked(self):
        root = self.check_svg(self.render(["plot", "4!.0", "--to", 100, "-o"], "g.svg"))
        self.assertEqual(self.points(root, "period"), [])
        self.assertEqual(len(self.points(root, "value") + self.points(root, "rare")), 101)

    def test_many_heaps_are_bucketed(self):
        root = self.check_svg(self.render(["plot", "0.16", "--to", 5000, "-o"], "b.svg"))
        values = tool_json("values", "0.16", "--to", 5000)["values"]
        drawn = {int(e.get("data-g")) for e in self.points(root, "bucket")}
        self.assertEqual(drawn, set(values))
        self.assertLess(len(self.points(root, "bucket")), 5001)

    def test_freq(self):
        for rule in ["0.16", "kayles"]:
            root = self.check_svg(self.render(["plot", rule, "--to", 3000, "--freq", "-o"],
                                              "f.svg"))
            values = tool_json("values", rule, "--to", 3000)["values"]
            bars = {int(e.get("data-g")): int(e.get("data-count"))
                    for e in self.points(root, "bar")}
            self.assertEqual(bars, {v: values.count(v) for v in range(max(values) + 1)}, rule)
            rare = sum(int(e.get("data-rare")) for e in self.points(root, "bar"))
            self.assertEqual(rare, tool_json("stats", rule, "--to", 3000)["rare_count"], rule)

    def test_graph(self):
        rng = random.Random(SEED)
        for trial in range(5):
            n = rng.randrange(1, 40)
            edges = [(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randrange(2 * n))]
            text = f"{n} {len(edges)}\n" + "".join(f"{u} {v}\n" for u, v in edges)
            root = self.check_svg(self.render(["graph", "-", "--plot"], "g.svg", stdin=text))
            j = tool_json("graph", "--remoteness", stdin=text)
            verts = sorted(self.points(root, "vertex"), key=lambda e: int(e.get("data-v")))
            self.assertEqual([int(e.get("data-v")) for e in verts], list(range(n)))
            letters = {"win": "W", "lose": "L", "draw": "D"}
            self.assertEqual("".join(letters[e.get("data-outcome")] for e in verts),
                             j["outcomes"], f"seed {SEED}: {text}")
            self.assertEqual([None if e.get("data-remoteness") == "-" else
                              int(e.get("data-remoteness")) for e in verts], j["remoteness"])

    def test_titles_name_the_game(self):
        for rule, title in [("kayles", "Kayles (0.77)"), ("0.07", "Dawson's Kayles (0.07)"),
                            ("0.6", "Officers (0.6)"), ("4!.0", "Grundy's game (4!.0)"),
                            ("S(1,3,4)", "of S(1,3-4), heaps")]:
            root = self.check_svg(self.render(["plot", rule, "--to", 40, "-o"], "t.svg"))
            self.assertIn(title, texts(root))

    def test_margin_above_the_highest_point(self):
        """The highest points sit off the top edge: at least 4% of the plot's height below it,
        and the tallest bar likewise."""
        for rule, to in [("0.6", 1000), ("kayles", 120), ("4!.0", 3000), ("nim", 5)]:
            root = self.check_svg(self.render(["plot", rule, "--to", to, "-o"], "m.svg"))
            pts = self.points(root, "value") + self.points(root, "rare")
            top = min(float(e.get("cy")) - float(e.get("r")) for e in pts)
            self.assertGreaterEqual(top, PLOT_TOP + 0.04 * PLOT_H, rule)
            root = self.check_svg(self.render(["plot", rule, "--to", to, "--freq", "-o"], "m.svg"))
            top = min(float(e.get("y")) for e in self.points(root, "bar"))
            self.assertGreaterEqual(top, PLOT_TOP + 0.04 * PLOT_H, rule)

    def test_freq_log_scale(self):
        """--log: every value that occurs has a visible bar (at least 2 pixels; so it has without
        --log, where a count of 1 in 10000 heaps would be under a pixel), a bar's height is
        proportional to log(count / 0.5), and the axis says so."""
        rule, to = "0.16", 10000
        values = tool_json("values", rule, "--to", to)["values"]
        for log in (False, True):
            args = ["plot", rule, "--to", to, "--freq"] + (["--log"] if log else []) + ["-o"]
            root = self.check_svg(self.render(args, "l.svg"))
            bars = {int(e.get("data-g")): float(e.get("height")) for e in self.points(root, "bar")}
            counts = {v: values.count(v) for v in bars}
            for v, h in bars.items():
                if counts[v] > 0:
                    self.assertGreaterEqual(h, 2.0, (log, v))
            self.assertEqual("log scale" in texts(root), log)
            if log:
                import math
                pairs = [(math.log10(counts[v] / 0.5), h) for v, h in bars.items() if counts[v]]
                ratios = [h / lg for lg, h in pairs if h > 2.0]  # heights are printed to 0.01
                self.assertLess(max(ratios) / min(ratios), 1.001, ratios)
        bad = run("plot", rule, "--to", 10, "--log", "-o", os.path.join(self.tmp, "x.svg"))
        self.assertEqual(bad.returncode, 2)
        self.assertIn("--log goes with --freq", bad.stderr)

    def test_from(self):
        """--from A draws heaps A..N only, with the rare labelling of heaps 1..N and the first
        whole period at or after A shaded."""
        root = self.check_svg(self.render(["plot", "kayles", "--from", 80, "--to", 200, "-o"],
                                          "f.svg"))
        values = tool_json("values", "kayles", "--to", 200)["values"]
        pts = self.points(root, "value") + self.points(root, "rare")
        got = sorted((int(e.get("data-n")), int(e.get("data-g"))) for e in pts)
        self.assertEqual(got, [(n, values[n]) for n in range(80, 201)])
        self.assertIn("heaps 80 to 200", texts(root))
        self.assertEqual(self.points(root, "preperiod"), [])  # 71 is before 80
        marks = self.points(root, "period")
        self.assertEqual(len(marks), 1)
        # the first period from 80 on: heaps 83..94 (71 + 12), one x unit a heap
        xunit = 640.0 / 121
        self.assertAlmostEqual(float(marks[0].get("x")), 72 + 3 * xunit, places=1)
        self.assertAlmostEqual(float(marks[0].get("width")), 12 * xunit, places=1)
        bad = run("plot", "kayles", "--from", 50, "--to", 10, "-o", os.path.join(self.tmp, "x.svg"))
        self.assertEqual(bad.returncode, 3)
        self.assertIn("--from (50) is greater than --to (10)", bad.stderr)

    def test_graph_layout(self):
        """Layers by remoteness, left to right from the largest to 0, the draws left of them;
        no label has an edge drawn over it (every edge comes before the first vertex), each
        layer's title is above its vertices, and vertices do not overlap; a graph of 300
        vertices fits in a picture a screen or two wide."""
        rng = random.Random(SEED)
        for n in (12, 60, 300):
            edges = [(u, rng.randrange(max(0, u - 30), u)) for u in range(1, n)
                     for _ in range(rng.randrange(3))]
            edges += [(rng.randrange(n), rng.randrange(n)) for _ in range(n // 10)]
            text = f"{n} {len(edges)}\n" + "".join(f"{u} {v}\n" for u, v in edges)
            root = self.check_svg(self.render(["graph", "-", "--plot"], "g.svg", stdin=text))
            elems = list(root)
            verts = self.points(root, "vertex")
            first_vertex = elems.index(verts[0])
            for i, e in enumerate(elems):
                if e.tag in (NS + "line", NS + "path", NS + "polygon"):
                    self.assertLess(i, first_vertex, f"seed {SEED}: an edge over a vertex")
            xs = {}
            for e in verts:
                r = e.get("data-remoteness")
                xs.setdefault(r, []).append(float(e.get("cx")))
            finite = sorted((int(r), min(v), max(v)) for r, v in xs.items() if r != "-")
            for (r1, lo1, hi1), (r2, lo2, hi2) in zip(finite, finite[1:]):
                self.assertGreater(lo1, hi2, f"seed {SEED}: remoteness {r1} not right of {r2}")
            if "-" in xs and finite:
                self.assertLess(max(xs["-"]), min(lo for _, lo, _ in finite))
            pos = [(float(e.get("cx")), float(e.get("cy"))) for e in verts]
            self.assertEqual(len(set(pos)), n)
            titles = [t for t in root.iter(NS + "text") if (t.text or "").startswith("remoteness ")]
            self.assertEqual(len(titles), len(finite))
            top_vertex = min(y for _, y in pos)
            for t in titles:
                self.assertLess(float(t.get("y")), top_vertex - 12)
            if n == 300:
                self.assertLess(float(root.get("width")) * float(root.get("height")), 2400 * 1600)

    def test_table(self):
        """plot --table draws the table `period --table --json` prints: the same rows (cells
        grouped by height, each row's first heap and values), the same rare heaps marked, a line
        between the preperiod and the period; --width too; without a period, --to N gives rows
        of 10 over g(0..N)."""
        cases = [("kayles", []), ("0.07", []), ("S(3,4,6,10)", []), ("kayles", ["--width", 10])]
        for rule, extra in cases:
            root = self.check_svg(self.render(["plot", rule, "--table", *extra, "-o"], "t.svg"))
            want = tool_json("period", rule, "--table", *extra)["table"]
            cells = self.points(root, "cell")
            rows = {}
            for e in cells:
                rows.setdefault(float(e.get("y")), []).append(e)
            got = [{"n": int(r[0].get("data-n")), "values": [int(e.get("data-g")) for e in r]}
                   for _, r in sorted(rows.items())]
            self.assertEqual(got, want["rows"], rule)
            rare = sorted(int(e.get("data-n")) for e in self.points(root, "rare"))
            self.assertEqual(rare, want["rare"], rule)
            lines = [e for e in root.iter(NS + "line")
                     if e.get("stroke") == "#3182bd" and e.get("stroke-width") == "2"]
            self.assertEqual(len(lines), 1 if want["split"] > 0 else 0, rule)
            self.assertIn(f"in rows of {want['width']}", texts(root))
        self.assertTrue(tool_json("period", "kayles", "--table")["table"]["rare"])  # marked
        root = self.check_svg(self.render(["plot", "4!.0", "--table", "--to", 99, "-o"], "g.svg"))
        cells = sorted((int(e.get("data-n")), int(e.get("data-g")))
                       for e in self.points(root, "cell"))
        self.assertEqual(cells, list(enumerate(tool_json("values", "4!.0", "--to", 99)["values"])))
        self.assertEqual(len({e.get("y") for e in self.points(root, "cell")}), 10)

    def test_png(self):
        p = run("plot", "kayles", "--to", 50, "-o", os.path.join(self.tmp, "k.png"))
        if p.returncode == 3 and "without cairo" in p.stderr:
            self.skipTest("built without cairo")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(png_size(os.path.join(self.tmp, "k.png")), (960, 540))
        q = run("graph", "-", "--plot", os.path.join(self.tmp, "g.png"), stdin="2 1\n0 1\n")
        self.assertEqual(q.returncode, 0, q.stderr)
        self.assertGreater(png_size(os.path.join(self.tmp, "g.png"))[0], 100)

    def test_refusals(self):
        bad = run("plot", "kayles", "--to", 10, "-o", os.path.join(self.tmp, "k.txt"))
        self.assertEqual(bad.returncode, 3)
        self.assertIn(".svg or .png", bad.stderr)
        self.assertEqual(run("plot", "kayles", "--to", 10).returncode, 2)
        big = "501 0\n"
        g = run("graph", "-", "--plot", os.path.join(self.tmp, "big.svg"), stdin=big)
        self.assertEqual(g.returncode, 3)
        self.assertFalse(os.path.exists(os.path.join(self.tmp, "big.svg")))
        nodir = run("plot", "kayles", "--to", 10, "-o", os.path.join(self.tmp, "no", "k.svg"))
        self.assertEqual(nodir.returncode, 5)
        self.assertEqual(os.listdir(self.tmp), [])


if __name__ == "__main__":
    GRUNDY = sys.argv.pop(1)
    unittest.main()
