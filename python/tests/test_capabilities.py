# SPDX-License-Identifier: MIT
"""The calls beyond values and play, each against the grundy tool's --json answers: misere
quotients and genus, the Nim family, NumPy arrays (when NumPy is installed)."""
import os
import random
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, ".."))
import grundy  # noqa: E402
from grundy import nim  # noqa: E402
from test_grundy import SEED, cli, cli_json  # noqa: E402

try:
    import numpy
except ImportError:
    numpy = None

MISERE_RULES = ["0.75", "kayles", "0.07", "S(1,3,4)", "0.137", "4.7", "0.123"]


class TestMisere(unittest.TestCase):
    def test_quotients_as_the_cli(self):
        for rule in MISERE_RULES:
            with self.subTest(rule=rule):
                rc, j, err = cli_json("misere", rule, "--max-heap", 14, "-q")
                q = grundy.misere(rule, 14)
                self.assertEqual(rc, 0, err)
                self.assertEqual(q.rule, j["rule"])
                for key in ("max_heap", "order", "p_size", "tame", "relations", "p_portion",
                            "phi", "stable_from", "phi_period", "phi_preperiod", "proved"):
                    self.assertEqual(getattr(q, key), j[key], key)
                self.assertEqual([{"name": n, "heap": h} for n, h in q.generators],
                                 j["generators"])

    def test_outcomes_agree_with_misere_play(self):
        rng = random.Random(SEED)
        for rule in ("0.75", "kayles", "S(1,3,4)"):
            q = grundy.misere(rule, 12)
            for _ in range(20):
                heaps = [rng.randrange(13) for _ in range(rng.randrange(1, 4))]
                self.assertEqual(q.outcome(heaps),
                                 grundy.play(rule, heaps, misere=True, max_moves=0).outcome,
                                 f"{rule} {heaps} (GRUNDY_TEST_SEED={SEED})")

    def test_limit_as_the_cli(self):
        rc, _, err = cli("misere", "0.123", "--max-heap", 30, "--max-quotient", 4, "-q")
        with self.assertRaises(grundy.GrundyError) as e:
            grundy.misere("0.123", 30, max_quotient=4)
        self.assertEqual(e.exception.exit_code, rc, err)

    def test_genus_as_the_cli(self):
        for rule in ("kayles", "0.07", "S(2,5)"):
            rc, j, err = cli_json("misere", rule, "--max-heap", 12, "--genus")
            self.assertEqual(rc, 0, err)
            self.assertEqual([vars(g) for g in grundy.genus(rule, 12)], j["genus"])

    def test_help_teaches(self):
        self.assertIn("P-portion", grundy.misere.__doc__)
        self.assertIn(">>>", grundy.misere.__doc__)

    def test_docstring_examples(self):
        """Every >>> example in the docstrings prints what it says."""
        import doctest
        from grundy import _analysis, _misere, _solve, _survey
        for module in (_misere, _analysis, _survey, _solve, nim):
            result = doctest.testmod(module, extraglobs={"grundy": grundy}, verbose=False)
            self.assertEqual(result.failed, 0, module.__name__)

    def test_every_public_call_is_documented_and_typed(self):
        for name in grundy.__all__:
            obj = getattr(grundy, name)
            if callable(obj) and not isinstance(obj, type):
                self.assertTrue(obj.__doc__, name)
                self.assertIn("return", obj.__annotations__,
                              name)


class TestNim(unittest.TestCase):
    def test_as_the_cli(self):
        rng = random.Random(SEED)
        for _ in range(10):
            xs = [rng.randrange(1 << rng.choice((3, 16, 64))) for _ in range(rng.randrange(1, 5))]
            for op, fn in (("sum", nim.sum), ("product", nim.product)):
                rc, j, _ = cli_json("nim", op, *xs)
                self.assertEqual(fn(*xs), j["value"], f"{op} {xs} (GRUNDY_TEST_SEED={SEED})")
            a = max(xs[0], 1)
            self.assertEqual(nim.inverse(a), cli_json("nim", "inverse", a)[1]["value"])
        for args in ((1 << 30, 1, (1, 2, 3)), (10**12, 5, (1, 3, 7)), (999, 1, (2, 0, 9))):
            to, start, cs = args
            rc, j, _ = cli_json("nim", "count", "--to", to, "--from", start, "--multipliers",
                                ",".join(map(str, cs)))
            self.assertEqual(nim.count(to, start, cs), j["p_positions"], args)

    def test_refusals_as_the_cli(self):
        rc, _, _ = cli("nim", "inverse", 0)
        with self.assertRaises(grundy.GrundyError) as e:
            nim.inverse(0)
        self.assertEqual(e.exception.exit_code, rc)
        rc, _, _ = cli("nim", "count", "--to", 100, "--multipliers", "1,2,3000000")
        with self.assertRaises(grundy.GrundyError) as e:
            nim.count(100, 1, (1, 2, 3000000))
        self.assertEqual(e.exception.exit_code, rc)


class TestStatsVerify(unittest.TestCase):
    def test_stats_as_the_cli(self):
        for rule, to in (("0.16", 10000), ("kayles", 100), ("0.07", 1), ("0.[3]", 500),
                         ("S(1,3,4)", 2000), ("4.7", 3000)):
            rc, j, err = cli_json("stats", rule, "--to", to, "--freq")
            self.assertEqual(rc, 0, err)
            s = grundy.stats(rule, to)
            got = dict(vars(s), frequencies=[[v, c] for v, c in s.frequencies.items()])
            self.assertEqual(got, j, rule)

    def test_verify_as_the_cli(self):
        for rule, args in (("kayles", {}), ("0.07", {"misere": True, "seed": 5}),
                           ("S(2,5)", {"samples": 300, "heaps": 4, "seed": 9}),
                           ("0.F", {"samples": 100, "max_heap": 8}),
                           ("0.354", {"samples": 200, "threads": 2, "max_n": 300000})):
            cmd = ["verify", rule]
            for k, v in args.items():
                cmd += [f"--{k.replace('_', '-')}"] + ([] if v is True else [v])
            rc, j, err = cli_json(*cmd)
            v = grundy.verify(rule, **args)
            self.assertEqual(rc, 0, err)
            self.assertEqual({k: x for k, x in vars(v).items() if x is not None or k in j}, j)

    def test_verify_refusals_as_the_cli(self):
        for args in ({"heaps": 17}, {"max_heap": 1001}):
            k, v = next(iter(args.items()))
            rc, _, _ = cli("verify", "kayles", f"--{k.replace('_', '-')}", v)
            with self.assertRaises(grundy.GrundyError) as e:
                grundy.verify("kayles", **args)
            self.assertEqual(e.exception.exit_code, rc)


class TestSurvey(unittest.TestCase):
    def test_as_the_cli(self):
        import json
        for pattern, args in (("0.??", {"max_n": 4096}), ("?.3", {"max_n": 4096}),
                              ("0.?", {"hex": True, "max_n": 512})):
            with self.subTest(pattern=pattern):
                cmd = ["survey", pattern, "--max-n", args["max_n"], "--json", "-q",
                       "--threads", 2] + (["--hex"] if args.get("hex") else [])
                rc, out, err = cli(*cmd)
                self.assertEqual(rc, 0, err)
                lines = [json.loads(line) for line in out.splitlines()]
                s = grundy.survey(pattern, threads=2, **args)
                got = [{k: v for k, v in r.items() if k != "seconds"} for r in s.records()]
                self.assertEqual(got, lines[:-1])
                self.assertEqual(s.totals(), lines[-1])
                self.assertIn("<table>", s._repr_html_())


class TestSolve(unittest.TestCase):
    def test_as_the_cli(self):
        for game, args, misere in (("divisors", [6], False), ("divisors", [13], False),
                                   ("pick", [3, 9, 1, 2], False), ("pick", [5, 5], False),
                                   ("misere-piles", [4, 5], False), ("misere-piles", [3, 0], False),
                                   ("heaps", ["kayles", 3, 4], False),
                                   ("heaps", ["kayles", 3, 4], True),
                                   ("heaps", ["0.07", 5, 6, 2], False)):
            with self.subTest(game=game, args=args, misere=misere):
                rc, j, err = cli_json("solve", game, *args, *(["--misere"] if misere else []))
                self.assertEqual(rc, 0, err)
                self.assertEqual(grundy.solve(game, *args, misere=misere).as_json(), j)

    def test_refusals_as_the_cli(self):
        for game, args in (("divisors", [31]), ("heaps", ["kayles", 401])):
            rc, _, _ = cli("solve", game, *args)
            with self.assertRaises(grundy.GrundyError) as e:
                grundy.solve(game, *args)
            self.assertEqual(e.exception.exit_code, rc, (game, args))

    def test_left_stack_as_the_cli(self):
        rng = random.Random(SEED)
        cases = [[3, 9, 8, 7], [3, 900000, 8, 7], [0, 0, 0, 0], [10**18, 5, 0, 5]]
        cases += [[rng.randrange(5), rng.randrange(12), rng.randrange(12), rng.randrange(12)]
                  for _ in range(6)]
        for args in cases:
            with self.subTest(args=args, seed=SEED):
                rc, j, err = cli_json("solve", "left-stack", *args)
                self.assertEqual(rc, 0, err)
                self.assertEqual(grundy.solve("left-stack", *args).as_json(), j)

    def test_mirror_board_as_the_cli(self):
        for n, blocked in ((4, [(1, 1), (4, 4)]), (3, []), (3, [(2, 2)]), (5, [(3, 3)]),
                           (5, []), (10**9, [(1, 2), (10**9, 10**9 - 1)])):
            text = f"{n} {len(blocked)}\n" + "".join(f"{r} {c}\n" for r, c in blocked)
            with self.subTest(n=n, blocked=blocked):
                rc, j, err = cli_json("solve", "mirror-board", stdin=text)
                self.assertEqual(rc, 0, err)
                self.assertEqual(grundy.solve("mirror-board", n, blocked).as_json(), j)
                self.assertEqual(grundy.solve("mirror-board", text).as_json(), j)
        text = "4 1\n1 1\n"  # not symmetric
        rc, _, err = cli("solve", "mirror-board", stdin=text)
        with self.assertRaises(grundy.GrundyError) as e:
            grundy.solve("mirror-board", text)
        self.assertEqual(e.exception.exit_code, rc)
        self.assertIn(str(e.exception), err)


class TestThreads(unittest.TestCase):
    def test_values_do_not_depend_on_threads(self):
        for rule in ("0.16", "C.0"):
            want = grundy.values(rule, 600, max_n=1 << 12)
            self.assertEqual(grundy.values(rule, 600, max_n=1 << 12, threads=3), want, rule)


class TestDisplay(unittest.TestCase):
    def test_notebook_tables(self):
        g = grundy.graph([(0, 1), (1, 2), (2, 1), (2, 3), (3, 4)])
        html = g._repr_html_()
        self.assertEqual(html.count("<td"), 5)
        self.assertIn("<b>W</b> 1", html)
        q = grundy.misere("0.75", 20)._repr_html_()
        self.assertEqual(q.count("<tr>"), 9)  # a header and one row per element
        self.assertIn("P-portion", q)


class TestArrays(unittest.TestCase):
    def test_narrowest_width(self):
        with grundy.Rule("0.07") as r:
            a = r.array(1000)
            self.assertEqual(list(a), r.values(1000))
            if numpy is not None:
                self.assertIsInstance(a, numpy.ndarray)
                self.assertEqual(a.dtype, numpy.uint8)
            else:
                self.assertEqual(a.typecode, "B")
        big = grundy.array_of("0.[3]", 3000)  # a saltus: values past 255
        self.assertEqual(list(big), grundy.values("0.[3]", 3000))
        self.assertEqual(big.itemsize, 2)

    @unittest.skipIf(numpy is None, "NumPy is not installed (Debian: python3-numpy)")
    def test_numpy_shares_the_filled_buffer(self):
        with grundy.Rule("4.7") as r:
            wide = r.values_array(10)
            view = numpy.frombuffer(wide, dtype=numpy.uint64)
            self.assertTrue(numpy.shares_memory(view, wide))


if __name__ == "__main__":
    unittest.main()
