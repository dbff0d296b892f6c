# SPDX-License-Identifier: MIT
"""Misere quotients grown until proved and saved to files: a quotient read back answers as the one
computed (and as the grundy tool's --load), damaged files are refused."""
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, ".."))
import grundy  # noqa: E402
from grundy import MisereQuotient  # noqa: E402
from test_grundy import cli_json  # noqa: E402


class TestMisereFiles(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.dir.name, "q.mq")

    def tearDown(self):
        self.dir.cleanup()

    def test_until_proved_as_the_cli(self):
        q = grundy.misere("kayles")
        rc, j, err = cli_json("misere", "kayles", "-q")
        self.assertEqual(rc, 0, err)
        self.assertEqual((q.order, q.stable_from, q.proved_at, q.max_heap), (40, 27, 168, 168))
        self.assertEqual((q.proved_at, q.partial, q.phi), (j["proved_at"], j["partial"], j["phi"]))
        self.assertTrue(grundy.misere("kayles", 30).partial)

    def test_loaded_answers_as_computed(self):
        for rule, heap in (("kayles", None), ("0.07", 20), ("0.75", 10)):
            with self.subTest(rule=rule):
                q = grundy.misere(rule, heap, save=self.path)
                self.assertEqual(MisereQuotient.load(rule, self.path), q)
                rc, j, err = cli_json("misere", rule, "--load", self.path)
                self.assertEqual(rc, 0, err)
                self.assertEqual((j["order"], j["phi"], j["relations"]),
                                 (q.order, q.phi, q.relations))

    def test_damaged_files_refused(self):
        grundy.misere("0.75", save=self.path)
        with open(self.path, "rb") as f:
            data = f.read()
        with self.assertRaises(grundy.GrundyError) as e:
            MisereQuotient.load("kayles", self.path)
        self.assertIn("made for another rule", str(e.exception))
        for damaged, word in ((data[:-3], "truncated"),
                              (data[:-20] + bytes([data[-20] ^ 1]) + data[-19:], "checksum"),
                              (b"hello", "not a grundy misere quotient file")):
            with open(self.path, "wb") as f:
                f.write(damaged)
            with self.assertRaises(grundy.GrundyError) as e:
                MisereQuotient.load("0.75", self.path)
            self.assertIn(word, str(e.exception))
            self.assertEqual(e.exception.status, "parse")


if __name__ == "__main__":
    unittest.main()
