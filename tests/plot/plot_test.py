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
        parity variant)."""
        for rule, to in [("kayles", 120), ("0.07", 200), ("nim", 30), ("0.106", 300),
                         ("4!.0", 300)]:
            root = self.check_svg(self.render(["plot", rule, "--to", to, "-o"], "r.svg"))
            values = tool_json("values", rule, "--to", to)["values"]
            stats = tool_json("stats", rule, "--to", to)
            rare_n = sorted(int(e.get("data-n")) for e in self.points(root, "rare"))
            self.assertEqual(rare_n, rare_heaps(values, stats), rule)
            text = " ".join(t.text or "" for t in root.iter(NS + "text"))
            suffix = " parity" if stats["mask_parity"] else ""
            self.assertIn(f"rare: {stats['rare_count']} of {to} (mask {stats['mask']}{suffix})",
                          text)

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
