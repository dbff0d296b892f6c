# SPDX-License-Identifier: MIT
"""The Python package against the grundy tool's answers (--json), on fixed and seeded random
inputs. Needs GRUNDY_CLI (the tool) and the library (GRUNDY_LIBRARY, or installed); CTest sets
both. GRUNDY_TEST_SEED=N replays a seed."""
import json
import os
import random
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import grundy  # noqa: E402

CLI = os.environ.get("GRUNDY_CLI", "grundy")
SEED = int(os.environ.get("GRUNDY_TEST_SEED", random.SystemRandom().randrange(1 << 30)))
RULES = ["kayles", "0.07", "0.137", "4!.0", "S(1,3,4)", "S(2-5)", "0.15", "0.16", "4.7", "0.[3]",
         "0.3F", "0.8", "0.123"]


def cli(*args, stdin=None):
    p = subprocess.run([CLI, *map(str, args)], input=stdin, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def cli_json(*args, stdin=None):
    rc, out, err = cli(*args, "--json", stdin=stdin)
    return rc, json.loads(out) if out.strip() else None, err


class TestAgainstCli(unittest.TestCase):
    def setUp(self):
        self.rng = random.Random(SEED)

    def msg(self, what):
        return f"{what} (GRUNDY_TEST_SEED={SEED})"

    def test_values(self):
        for rule in RULES:
            rc, j, _ = cli_json("values", rule, "--to", 300)
            self.assertEqual(rc, 0)
            self.assertEqual(grundy.values(rule, 300), j["values"], rule)
            self.assertEqual(grundy.canonical(rule), j["rule"])
            start = self.rng.randrange(300)
            self.assertEqual(grundy.values(rule, 300, start), j["values"][start:],
                             self.msg(f"{rule} from {start}"))

    def test_values_array_is_a_bytes_view(self):
        with grundy.Rule("0.07") as r:
            a = r.values_array(10**6)
            self.assertEqual(len(a), 10**6 + 1)
            self.assertEqual(memoryview(a).nbytes, 8 * (10**6 + 1))
            self.assertEqual(a[10**6], r.value(10**6))

    def test_period(self):
        for rule in RULES:
            rc, j, _ = cli_json("period", rule)
            p = grundy.period(rule)
            self.assertEqual(p.rule, j["rule"])
            self.assertEqual((p.period, p.preperiod, p.proved, p.proof, p.values_computed),
                             (j["period"], j["preperiod"], j["proved"], j["proof"],
                              j["values_computed"]), rule)
            self.assertEqual(rc, 0 if p.period is not None else 1)
            if p.period is not None:
                self.assertEqual((p.saltus, p.max_value), (j["saltus"], j["max_value"]), rule)

    def test_value_huge(self):
        for rule in ["kayles", "0.07", "S(1-1000000000000000000)", "0.[3]", "S(2,5)"]:
            for n in [0, 71, 10**18, grundy.NUMBER_MAX, self.rng.randrange(grundy.NUMBER_MAX)]:
                rc, j, _ = cli_json("value", rule, n)
                self.assertEqual(rc, 0)
                self.assertEqual(grundy.value(rule, n), j["value"], self.msg(f"{rule} {n}"))

    def test_count(self):
        for rule in ["kayles", "0.07", "S(1,3,4)", "0.137"]:
            start = self.rng.randrange(1000)
            to = start + self.rng.randrange(10**15)
            rc, j, _ = cli_json("count", rule, "--from", start, "--to", to)
            self.assertEqual(rc, 0)
            c = grundy.count(rule, to, start)
            self.assertEqual((c.p_positions, c.n_positions), (j["p_positions"], j["n_positions"]),
                             self.msg(f"{rule} {start}..{to}"))

    def test_play_random_positions(self):
        for rule in ["kayles", "0.07", "S(1,3,4)", "4!.0", "0.15"]:
            for misere in (False, True):
                for _ in range(8):
                    heaps = [self.rng.randrange(1, 14) for _ in range(self.rng.randrange(1, 4))]
                    args = ["play", rule, *heaps] + (["--misere"] if misere else [])
                    rc, j, _ = cli_json(*args)
                    self.assertEqual(rc, 0)
                    p = grundy.play(rule, heaps, misere=misere)
                    what = self.msg(" ".join(map(str, args)))
                    self.assertEqual((p.outcome, p.move_count), (j["outcome"], j["move_count"]),
                                     what)
                    self.assertEqual([m.__dict__ for m in p.moves], j["moves"], what)
                    if not misere:
                        self.assertEqual(p.nim_sum, j["nim_sum"], what)

    def test_play_huge_heap(self):
        p = grundy.play("0.07", [10**18, 5], max_moves=3)
        rc, j, _ = cli_json("play", "0.07", 10**18, 5, "--max-moves", 3)
        self.assertEqual((p.outcome, p.move_count, len(p.moves)),
                         (j["outcome"], j["move_count"], len(j["moves"])))

    def test_graph_random(self):
        for _ in range(30):
            n = self.rng.randrange(1, 12)
            edges = [(self.rng.randrange(n), self.rng.randrange(n))
                     for _ in range(self.rng.randrange(0, 2 * n + 1))]
            text = f"{n} {len(edges)}\n" + "".join(f"{u} {v}\n" for u, v in edges)
            rc, j, _ = cli_json("graph", "--remoteness", stdin=text)
            self.assertEqual(rc, 0)
            for g in (grundy.graph(text), grundy.graph(edges, n)):
                self.assertEqual((g.outcomes, g.remoteness, g.win, g.lose, g.draw, g.edges),
                                 (j["outcomes"], j["remoteness"], j["win"], j["lose"], j["draw"],
                                  j["edges"]), self.msg(text))


class TestErrors(unittest.TestCase):
    def check_like_cli(self, call, *cli_args):
        rc, _, err = cli(*cli_args)
        with self.assertRaises(grundy.GrundyError) as ctx:
            call()
        self.assertEqual(ctx.exception.exit_code, rc, cli_args)
        return ctx.exception, err

    def test_bad_rule(self):
        e, err = self.check_like_cli(lambda: grundy.value("0.7W", 3), "value", "0.7W", 3)
        self.assertEqual(e.status, "parse")
        self.assertIn(e.message, err)  # the CLI prints "grundy value: " + the same message

    def test_past_what_is_proved(self):
        e, err = self.check_like_cli(lambda: grundy.value("4!.0", 10**18), "value", "4!.0",
                                     10**18)
        self.assertEqual(e.status, "limit")
        self.assertIn("past what is proved", e.message)
        self.assertIn("past what is proved", err)

    def test_small_max_n(self):
        e, _ = self.check_like_cli(lambda: grundy.value("0.16", 10**18, max_n=1000), "value",
                                   "0.16", 10**18, "--max-n", 1000)
        self.assertIn("raise max_n (now 1000)", e.message)

    def test_searched_games(self):
        # Beling's table, the CLI on a board with blocked cells, Chomp, a Dawson's Kayles path
        self.assertEqual([grundy.cram(4, 5), grundy.cram(5, 5), grundy.cram(3, 4)], [2, 0, 1])
        rc, j, _ = cli_json("solve", "cram", stdin="3 4\n....\n.x..\n...x\n")
        self.assertEqual(grundy.cram(3, 4, [(1, 1), (2, 3)]), j["value"])
        self.assertEqual([grundy.chomp(1, 1), grundy.chomp(1, 7), grundy.chomp(4, 4)], [0, 6, 6])
        self.assertEqual(grundy.node_kayles([(i, i + 1) for i in range(4)]), 3)
        with self.assertRaises(grundy.GrundyError) as e:
            grundy.cram(17, 16)
        self.assertEqual(e.exception.status, "range")

    def test_bad_numbers_and_graphs(self):
        for bad in (-1, 1 << 63, 1.5, "3"):
            with self.assertRaises(grundy.GrundyError):
                grundy.value("kayles", bad)
        with self.assertRaises(grundy.GrundyError) as ctx:
            grundy.values("kayles", 3, 5)
        self.assertEqual(ctx.exception.exit_code, 3)
        e, err = self.check_like_cli(lambda: grundy.graph("3 1\n0 5\n"), "graph", "/dev/stdin")
        self.assertEqual(e.status, "range")
        with self.assertRaises(grundy.GrundyError):
            grundy.Rule("kayles", engine="fast")
        self.assertTrue(str(e))


class TestTutorial(unittest.TestCase):
    def test_docs_python_md(self):
        """Every example of docs/python.md prints what the page says."""
        import doctest
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs",
                            "python.md")
        result = doctest.testfile(path, module_relative=False, globs={"grundy": grundy},
                                  optionflags=doctest.NORMALIZE_WHITESPACE)
        self.assertGreater(result.attempted, 8)
        self.assertEqual(result.failed, 0)


class TestInstall(unittest.TestCase):
    def test_pip_install_offline(self):
        """pip install ./python with no index: the in-tree backend needs no registry."""
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        with tempfile.TemporaryDirectory() as tmp:
            build_env = dict(os.environ)
            if "GRUNDY_LIBRARY" in build_env:
                build_env["GRUNDY_LIBRARY"] = os.path.abspath(build_env["GRUNDY_LIBRARY"])
            p = subprocess.run([sys.executable, "-m", "pip", "install", "--no-index", "--quiet",
                                "--disable-pip-version-check", "--target", tmp, here],
                               capture_output=True, text=True, env=build_env)
            if p.returncode != 0 and "No module named pip" in p.stderr:
                self.skipTest("pip is not installed")
            self.assertEqual(p.returncode, 0, p.stderr)
            code = "import grundy, sys; print(grundy.__file__, grundy.values('kayles', 5))"
            env = dict(os.environ, PYTHONPATH=tmp)
            env.pop("GRUNDY_LIBRARY", None)  # the wheel carries the library it was built with
            out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                 env=env, cwd=tmp)
            self.assertEqual(out.returncode, 0, out.stderr)
            self.assertTrue(out.stdout.startswith(tmp), out.stdout)
            self.assertTrue(out.stdout.rstrip().endswith("[0, 1, 2, 3, 1, 4]"), out.stdout)


if __name__ == "__main__":
    unittest.main()
