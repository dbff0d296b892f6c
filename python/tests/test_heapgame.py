# SPDX-License-Identifier: MIT
"""Heap games defined in Python (grundy.HeapGame): built-in games written as move functions give
the built-in rule's and the tool's answers; random take-and-break codes agree with the
brute-force search; bad moves, exceptions and Ctrl-C stop a computation cleanly."""
import os
import random
import signal
import sys
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, ".."))
import grundy  # noqa: E402
from test_grundy import SEED, cli_json  # noqa: E402
from test_robust import child  # noqa: E402


def code_moves(digits):
    """The move function of a take-and-break code without '!' or tail: digits[k]'s bit 2^j says
    that taking k tokens may leave j heaps (every split of the rest into j heaps)."""
    def splits(rest, parts, least):
        if parts == 1:
            if rest >= least:
                yield (rest,)
            return
        for a in range(least, rest // parts + 1):
            for tail in splits(rest - a, parts - 1, a):
                yield (a,) + tail

    def moves(n):
        out = []
        for k, d in enumerate(digits):
            if k > n:
                break
            if d & 1 and k == n and k > 0:
                out.append(())
            for j in range(1, 4):
                if d & (1 << j) and n - k >= j:
                    out.extend(splits(n - k, j, 1))
        return out
    return moves


def kayles(n):
    """Knock down one pin or two adjacent ones from a row of n."""
    return [(a, n - t - a) for t in (1, 2) if t <= n for a in range((n - t) // 2 + 1)]


def dawson(n):
    """0.07: take two tokens, leaving nothing, one heap or two."""
    return [(a, n - 2 - a) for a in range((n - 2) // 2 + 1)] if n >= 2 else []


def subtraction(n):
    """S(1,3,4): take 1, 3 or 4 tokens."""
    return [n - k for k in (1, 3, 4) if k <= n]


# (built-in rule, move function, shape)
SAME = [("kayles", kayles, dict(max_take=2, max_heaps_left=2)),
        ("0.07", dawson, dict(max_take=2, max_heaps_left=2)),
        ("S(1,3,4)", subtraction, dict(max_take=4, max_heaps_left=1))]


def move_key(m):
    return (m.heap, m.take, tuple(m.leaves))


class TestSameAsBuiltIn(unittest.TestCase):
    def test_values_period_play_as_the_rule_and_the_cli(self):
        rng = random.Random(SEED)
        for rule, fn, shape in SAME:
            for octal in (True, False):
                with self.subTest(rule=rule, octal=octal):
                    g = grundy.HeapGame(fn, octal=octal, **shape)
                    want = grundy.values(rule, 300)
                    rc, j, err = cli_json("values", rule, "--to", 300)
                    self.assertEqual(rc, 0, err)
                    self.assertEqual(g.values(300), want)
                    self.assertEqual(j["values"], want)
                    p, q = g.period(), grundy.period(rule)
                    rc, j, err = cli_json("period", rule)
                    self.assertEqual((p.period, p.preperiod), (q.period, q.preperiod))
                    self.assertEqual((p.period, p.preperiod), (j["period"], j["preperiod"]))
                    self.assertEqual(p.proved, octal)
                    if octal:
                        self.assertEqual(p.proof, j["proof"] if j["proof"] != "closed-form"
                                         else "window")
                        self.assertEqual(g.code, grundy.canonical(
                            "0.3033" if rule.startswith("S") else rule))
                    for _ in range(15):
                        heaps = [rng.randrange(60) for _ in range(rng.randrange(1, 4))]
                        a, b = g.play(heaps, max_moves=1000), grundy.play(rule, heaps,
                                                                         max_moves=1000)
                        rc, j, err = cli_json("play", rule, *heaps, "--max-moves", 1000)
                        what = f"{rule} {heaps} (GRUNDY_TEST_SEED={SEED})"
                        self.assertEqual((a.outcome, a.nim_sum, a.move_count),
                                         (b.outcome, b.nim_sum, b.move_count), what)
                        self.assertEqual((a.outcome, a.nim_sum, a.move_count),
                                         (j["outcome"], j["nim_sum"], j["move_count"]), what)
                        self.assertEqual(sorted(map(move_key, a.moves)),
                                         sorted(map(move_key, b.moves)), what)

    def test_each_value_and_a_closed_game(self):
        g = grundy.HeapGame(dawson, name="dawson")
        seen = []
        g.each_value(100, lambda n, v: seen.append(v))
        self.assertEqual(seen, grundy.values("0.07", 100))
        g.close()
        with self.assertRaises(grundy.GrundyError):
            g.values(5)

    def test_value_past_max_n_needs_a_proof(self):
        g = grundy.HeapGame(kayles, max_take=2, max_heaps_left=2, octal=True)
        self.assertEqual(g.value(10**18), grundy.value("kayles", 10**18))
        h = grundy.HeapGame(kayles, max_n=200)
        with self.assertRaises(grundy.GrundyError) as e:
            h.value(10**18)
        self.assertEqual(e.exception.status, "limit")
        self.assertIn("observed", str(e.exception))

    def test_verify_agrees_with_the_cli(self):
        g = grundy.HeapGame(kayles, max_take=2, max_heaps_left=2, octal=True, name="kayles")
        v = grundy.verify(g, samples=200, max_heap=10)
        rc, j, err = cli_json("verify", "kayles", "--samples", 200, "--max-heap", 10)
        self.assertEqual(rc, 0, err)
        self.assertTrue(v.agree)
        self.assertEqual((v.positions, v.period, v.preperiod, v.proved, v.proof),
                         (j["positions"], j["period"], j["preperiod"], j["proved"], j["proof"]))


class TestRandomCodes(unittest.TestCase):
    def test_random_codes_against_the_brute_force(self):
        rng = random.Random(SEED)
        print(f"\nHeapGame random codes: GRUNDY_TEST_SEED={SEED}", file=sys.stderr)
        for _ in range(6):
            t = rng.randrange(1, 4)
            digits = [0] + [rng.randrange(8) for _ in range(t)]
            digits[t] |= 1
            text = "0." + "".join(map(str, digits[1:]))
            what = f"{text} (GRUNDY_TEST_SEED={SEED})"
            g = grundy.HeapGame(code_moves(digits), name=text, max_n=300)
            self.assertEqual(g.values(150), grundy.values(text, 150), what)
            v = grundy.verify(g, samples=60, max_heap=9, seed=rng.randrange(1 << 30),
                              naive_to=100)
            self.assertTrue(v.agree, f"{what}: {v.mismatch}")
            v = grundy.verify(g, samples=30, max_heap=7, misere=True, naive_to=0)
            self.assertTrue(v.agree, f"{what} misere: {v.mismatch}")


class TestErrors(unittest.TestCase):
    def bad(self, moves, message, status="invalid_arg", upto=20, **kw):
        g = grundy.HeapGame(moves, **kw)
        with self.assertRaises(grundy.GrundyError) as e:
            g.values(upto)
        self.assertEqual(e.exception.status, status)
        self.assertIn(message, str(e.exception))
        return g

    def test_bad_moves_say_which(self):
        self.bad(lambda n: [(n,)] if n else [], "heap 1: a move leaves a heap of 1, not smaller")
        self.bad(lambda n: [(n - 2,)] if n else [], "heap 1: a move leaves a negative heap (-1)")
        self.bad(lambda n: [(1,) * 5] if n > 5 else [], "heap 6: a move leaves more than 4 heaps")
        self.bad(lambda n: [(n - 1, n - 1)] if n > 2 else [],
                 "heap 3: a move leaves heaps of more than 3 tokens in all")
        self.bad(lambda n: [n - 3] if n > 3 else [],
                 "heap 4: a move takes 3 tokens, more than the declared max_take 2", max_take=2)
        self.bad(lambda n: [(1, 1, 1)] if n > 3 else [],
                 "heap 4: a move leaves 3 heaps, more than the declared max_heaps_left 2",
                 max_heaps_left=2)
        # the octal promise, broken at heap 30
        self.assertEqual(self.bad(lambda n: kayles(n) if n < 30 else kayles(n)[1:],
                                  "heap 30: the moves are not those of the declared octal "
                                  "shape (0.77)", upto=40, max_take=2, max_heaps_left=2,
                                  octal=True).code, "0.77")

    def test_moves_that_are_not_tuples_of_ints(self):
        for moves in (lambda n: [(1.5,)], lambda n: None, lambda n: [("a",)], lambda n: [True],
                      lambda n: 3):
            with self.assertRaises(TypeError):
                grundy.HeapGame(moves).values(5)

    def test_an_exception_propagates_and_the_game_stays_usable(self):
        def moves(n):
            if n == 17:
                raise ZeroDivisionError("seventeen")
            return [n - 1] if n else []
        g = grundy.HeapGame(moves)
        with self.assertRaises(ZeroDivisionError):
            g.values(40)
        self.assertEqual(g.values(16), [n % 2 for n in range(17)])
        with self.assertRaises(ZeroDivisionError):
            g.play([20])
        self.assertEqual(g.play([3, 4]).outcome, "win")
        with self.assertRaises(ZeroDivisionError):  # at creation: the octal code is read
            grundy.HeapGame(lambda n: 1 / 0, max_take=1, octal=True)

    def test_shapes_that_cannot_be_honoured(self):
        with self.assertRaises(grundy.GrundyError) as e:
            grundy.HeapGame(kayles, octal=True)
        self.assertIn("an octal shape needs its max_take", str(e.exception))
        with self.assertRaises(grundy.GrundyError):
            grundy.HeapGame(kayles, max_heaps_left=5)
        with self.assertRaises(TypeError):
            grundy.HeapGame(42)


class TestInterrupt(unittest.TestCase):
    def test_ctrl_c_stops_a_slow_move_function(self):
        p = child("""
            import time, grundy
            def slow(n):
                time.sleep(0.002)
                return [(a, n - 1 - a) for a in range((n - 1) // 2 + 1)] if n else []
            g = grundy.HeapGame(slow, max_n=100000)
            print("ready", flush=True)
            try:
                g.values(100000)
                print("finished")
            except KeyboardInterrupt:
                print("interrupted", flush=True)
            print(g.values(30) == grundy.values("0.7", 30))
            """)
        try:
            self.assertEqual(p.stdout.readline().strip(), "ready")
            time.sleep(1.0)
            sent = time.monotonic()
            p.send_signal(signal.SIGINT)
            line = p.stdout.readline().strip()
            delay = time.monotonic() - sent
            rest, err = p.stdout.read(), p.stderr.read()
            p.wait(timeout=60)
        finally:
            p.kill()
            p.stdout.close()
            p.stderr.close()
        self.assertEqual(line, "interrupted", err)
        self.assertLess(delay, 0.5, f"KeyboardInterrupt {delay:.3f} s after SIGINT")
        self.assertEqual(rest.strip(), "True", err)


if __name__ == "__main__":
    unittest.main()
