# SPDX-License-Identifier: MIT
"""Long runs from Python against the CLI's: checkpoints written by one and resumed by the other,
and values past what fits in `memory`, handed over as they are computed (Rule.each_value)."""
import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, ".."))
import grundy  # noqa: E402
from test_grundy import cli  # noqa: E402


class TempDir(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.dir)


class TestCheckpoint(TempDir):
    def test_python_checkpoint_resumed_by_the_cli(self):
        cp = os.path.join(self.dir, "cp")
        self.assertEqual(grundy.values("0.07", 5000, checkpoint=cp)[:5], [0, 0, 1, 1, 2])
        rc, out, err = cli("values", "0.07", "--to", 6000, "--checkpoint", cp)
        self.assertEqual(rc, 0, err)
        self.assertIn("resuming 0.07 from checkpoint", err)
        self.assertIn("at heap 5001", err)
        self.assertEqual(list(map(int, out.split())), grundy.values("0.07", 6000))

    def test_cli_checkpoint_resumed_by_python(self):
        cp = os.path.join(self.dir, "cp")
        rc, out, err = cli("values", "kayles", "--to", 3000, "--checkpoint", cp, "-q")
        self.assertEqual(rc, 0, err)
        r = grundy.Rule("kayles", checkpoint=cp, max_n=4000)
        self.assertEqual(grundy._c.grundy_seq_length(r._long.seq), 3001)  # resumed, not redone
        self.assertEqual(r.values(3000), list(map(int, out.split())))
        with self.assertRaises(grundy.GrundyError) as e:  # another rule's checkpoint
            grundy.Rule("0.07", checkpoint=cp)
        self.assertEqual(e.exception.status, "parse")

    def test_a_stopped_call_leaves_its_checkpoint(self):
        cp = os.path.join(self.dir, "cp")

        def stop(done, target):
            if done > 300:
                raise KeyboardInterrupt

        # C.0 by the naive engine: seconds to 2600, in chunks of well under a tenth of one
        r = grundy.Rule("C.0", checkpoint=cp, progress=stop, engine="naive", max_n=2600)
        with self.assertRaises(KeyboardInterrupt):
            r.values(2600)
        r.close()
        s = grundy.Rule("C.0", checkpoint=cp, engine="naive", max_n=2600)
        held = grundy._c.grundy_seq_length(s._long.seq)
        self.assertGreater(held, 300)
        self.assertLess(held, 2601)
        self.assertEqual(s.values(held - 1), grundy.values("C.0", held - 1))

    def test_a_closed_rule_writes_nothing(self):
        cp = os.path.join(self.dir, "cp")
        r = grundy.Rule("0.07", checkpoint=cp)
        r.values(100)
        r.close()
        os.remove(cp)
        with self.assertRaises(grundy.GrundyError):
            r.values(200)
        self.assertFalse(os.path.exists(cp))

    def test_checkpoint_every(self):
        cp = os.path.join(self.dir, "cp")
        r = grundy.Rule("0.07", checkpoint=cp, checkpoint_every=0)
        r.values(100)
        self.assertTrue(os.path.exists(cp))


class TestMemory(TempDir):
    def test_values_past_memory_as_the_cli(self):
        rc, out, err = cli("values", "4.0", "--to", 200000, "--memory", 100000, "-q")
        self.assertEqual(rc, 0, err)
        got = []
        r = grundy.Rule("4.0", memory=100000)
        r.each_value(200000, lambda n, g: got.append(g))
        self.assertEqual(got, list(map(int, out.split())))
        with self.assertRaises(grundy.GrundyError) as e:  # the early values were dropped
            r.values(10)
        self.assertIn("raise memory to at least", str(e.exception))
        spill = os.path.join(self.dir, "spill")
        got2 = []
        grundy.Rule("4.0", memory=100000, spill=spill).each_value(
            200000, lambda n, g: got2.append((n, g)), start=100000)
        self.assertEqual(got2, list(enumerate(got))[100000:])

    def test_a_limit_as_the_cli(self):
        rc, out, err = cli("values", "0.07", "--to", 300000, "--memory", 200000, "-q")
        got = []
        with self.assertRaises(grundy.GrundyError) as e:
            grundy.Rule("0.07", memory=200000).each_value(300000, lambda n, g: got.append(g))
        self.assertEqual(e.exception.exit_code, rc, err)
        self.assertIn("raise memory to at least 301641", str(e.exception))
        self.assertIn("at least 301641", err)
        self.assertEqual(got, list(map(int, out.split())))  # what was computed, handed over

    def test_windowed_checkpoint_python_then_cli(self):
        cp, spill = os.path.join(self.dir, "cp"), os.path.join(self.dir, "spill")
        want = grundy.values("4.0", 200000)

        def stop(done, target):
            if done > 100000:
                raise KeyboardInterrupt

        r = grundy.Rule("4.0", memory=100000, spill=spill, checkpoint=cp, progress=stop)
        got = []
        with self.assertRaises(KeyboardInterrupt):
            r.each_value(200000, lambda n, g: got.append(g))
        self.assertEqual(got, want[:len(got)])
        r.close()
        rc, out, err = cli("values", "4.0", "--to", 200000, "--memory", 100000, "--spill", spill,
                           "--checkpoint", cp)
        self.assertEqual(rc, 0, err)
        self.assertIn("resuming 4.0 from checkpoint", err)
        self.assertEqual(list(map(int, out.split())), want)

    def test_windowed_checkpoint_cli_then_python(self):
        cp, spill = os.path.join(self.dir, "cp"), os.path.join(self.dir, "spill")
        rc, out, err = cli("values", "4.0", "--to", 150000, "--memory", 100000, "--spill", spill,
                           "--checkpoint", cp, "-q")
        self.assertEqual(rc, 0, err)
        r = grundy.Rule("4.0", memory=100000, spill=spill, checkpoint=cp)
        self.assertEqual(grundy._c.grundy_seq_length(r._long.seq), 150001)  # resumed
        got = []
        r.each_value(200000, lambda n, g: got.append(g))
        self.assertEqual(got, grundy.values("4.0", 200000))
        r.close()
        with self.assertRaises(grundy.GrundyError) as e:  # another memory: another run
            grundy.Rule("4.0", memory=200000, spill=spill, checkpoint=cp)
        self.assertEqual(e.exception.status, "parse")

    def test_the_cli_s_refusals(self):
        spill = os.path.join(self.dir, "spill")
        with open(spill, "w") as f:
            f.write("not a spill file")
        for kw in (dict(spill=spill), dict(memory=0), dict(checkpoint_every=5),
                   dict(memory=1 << 20, checkpoint=os.path.join(self.dir, "cp")),
                   dict(memory=1 << 20, spill=spill)):
            with self.subTest(kw=sorted(kw)):
                with self.assertRaises(grundy.GrundyError):
                    grundy.Rule("0.07", **kw)


if __name__ == "__main__":
    unittest.main()
