# SPDX-License-Identifier: MIT
"""grundy.Sequence.axes, the matplotlib helper: one point a heap at its value, the proved
preperiod and period shaded. Run by CTest as python_matplotlib with a Python that has matplotlib
(Debian: python3-matplotlib); exit 77 (skipped) without it, unless GRUNDY_REQUIRE_MATPLOTLIB=1
(scripts/test-all.sh), which makes that a failure."""
import os
import sys
import unittest

try:
    import matplotlib
    matplotlib.use("Agg")  # no display
    MISSING = None
except ImportError as e:
    MISSING = e

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import grundy  # noqa: E402


@unittest.skipIf(MISSING is not None, "matplotlib is not installed")
class Axes(unittest.TestCase):
    def test_kayles(self):
        s = grundy.sequence("kayles", 120)
        ax = s.axes()
        points = ax.collections[0].get_offsets()
        self.assertEqual(len(points), 121)
        self.assertEqual([int(y) for _, y in points], s.values)
        self.assertEqual([int(x) for x, _ in points], list(range(121)))
        spans = [p.get_xy() for p in ax.patches]
        self.assertEqual(len(spans), 2)  # the preperiod and one period
        self.assertEqual((min(x for x, _ in spans[1]), max(x for x, _ in spans[1])), (71, 83))
        self.assertIn("0.77", ax.get_title())

    def test_no_period_no_shading(self):
        s = grundy.sequence("0.6", 50, max_n=60)  # Officers: no period that far
        self.assertEqual(len(s.axes().patches), 0)

    def test_on_given_axes(self):
        import matplotlib.pyplot as plt
        _, (a, b) = plt.subplots(1, 2)
        self.assertIs(grundy.sequence("0.07", 40).axes(b), b)
        self.assertEqual(len(a.collections), 0)


if __name__ == "__main__":
    if MISSING is not None:
        if os.environ.get("GRUNDY_REQUIRE_MATPLOTLIB") == "1":
            print(f"test_matplotlib: matplotlib is required here: {MISSING}")
            sys.exit(1)
        print(f"test_matplotlib: skipped: {MISSING} (Debian: apt-get install python3-matplotlib)")
        sys.exit(77)
    unittest.main()
