# SPDX-License-Identifier: MIT
"""The package under abuse: a closed Rule, one Rule shared by threads, Ctrl-C during a long call,
the progress callback. Each risky case runs in a child interpreter, so that a crash is a failed
test and not the end of the test run."""
import os
import signal
import subprocess
import sys
import textwrap
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import grundy  # noqa: E402

CHILD_ENV = dict(os.environ, PYTHONPATH=os.path.join(HERE, ".."))


def child(code, **kw):
    return subprocess.Popen([sys.executable, "-u", "-c", textwrap.dedent(code)], env=CHILD_ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def child_run(code, timeout=60):
    p = child(code)
    out, err = p.communicate(timeout=timeout)
    return p.returncode, out, err


class TestClosed(unittest.TestCase):
    def test_every_call_on_a_closed_rule_raises(self):
        # A NULL query reached the library and killed the interpreter.
        rc, out, err = child_run("""
            import grundy
            r = grundy.Rule("kayles")
            r.close()
            with grundy.Rule("0.07") as w:
                pass
            calls = [lambda x: x.value(5), lambda x: x.values(10), lambda x: x.values_array(10),
                     lambda x: x.period(), lambda x: x.count(10), lambda x: x.play([1, 2])]
            for obj in (r, w):
                for call in calls:
                    try:
                        call(obj)
                        print("no error")
                    except grundy.GrundyError as e:
                        assert e.status == "invalid_arg" and "closed" in e.message, e
            r.close()  # twice is fine
            print("ok")
            """)
        self.assertEqual((rc, out.strip()), (0, "ok"), err)


class TestThreads(unittest.TestCase):
    def test_one_rule_shared_by_threads(self):
        # Threads growing and reading one sequence at once (ctypes drops the GIL in C calls):
        # without the Rule's lock, storage was reallocated under a reader.
        rc, out, err = child_run("""
            import threading, grundy
            want = grundy.values("0.16", 400000, max_n=1 << 20)
            r = grundy.Rule("0.16", max_n=1 << 20)
            bad = []
            def work(i):
                for k in range(1, 9):
                    to = k * 50000 - i * 997
                    got = r.values(to, to - 300)
                    if got != want[to - 300:to + 1]:
                        bad.append((i, to))
                    if r.value(to // 2) != want[to // 2]:
                        bad.append((i, to // 2))
            ts = [threading.Thread(target=work, args=(i,)) for i in range(4)]
            for t in ts: t.start()
            for t in ts: t.join()
            print("ok" if not bad else bad)
            """)
        self.assertEqual((rc, out.strip()), (0, "ok"), err)


class TestInterrupt(unittest.TestCase):
    # C.0 by the naive engine: about ten seconds, in chunks of well under a tenth of one.
    LONG = """
        import time, grundy
        r = grundy.Rule("C.0", max_n=2600, threads=1)
        print("ready", flush=True)
        try:
            r.values(2600)
            print("finished")
        except KeyboardInterrupt:
            print("interrupted", flush=True)
        print(r.values(40) == grundy.values("C.0", 40), r.value(100) == grundy.value("C.0", 100))
        """

    def test_ctrl_c_stops_a_long_call_within_half_a_second(self):
        p = child(self.LONG)
        try:
            self.assertEqual(p.stdout.readline().strip(), "ready")
            time.sleep(1.0)
            sent = time.monotonic()
            p.send_signal(signal.SIGINT)
            line = p.stdout.readline().strip()
            delay = time.monotonic() - sent
            # read on through the same buffered file: communicate() would miss what readline
            # already buffered
            rest, err = p.stdout.read(), p.stderr.read()
            p.wait(timeout=60)
        finally:
            p.kill()
        self.assertEqual(line, "interrupted", err)
        self.assertLess(delay, 0.5, f"KeyboardInterrupt {delay:.3f} s after SIGINT")
        self.assertEqual(rest.strip(), "True True", err)  # the Rule still answers, correctly
        self.assertEqual(p.returncode, 0, err)


class TestProgress(unittest.TestCase):
    def test_progress_reports_heaps_done(self):
        seen = []
        with grundy.Rule("0.16", max_n=1 << 20, progress=lambda d, t: seen.append((d, t))) as r:
            r.values(200000)
        self.assertTrue(seen)
        dones = [d for d, _ in seen]
        self.assertEqual(dones, sorted(dones))
        self.assertTrue(all(d <= t for d, t in seen))
        self.assertGreaterEqual(dones[-1], 200001)

    def test_a_progress_function_that_raises_stops_the_call(self):
        class Enough(Exception):
            pass

        def stop(done, target):
            if done > 1000:
                raise Enough()
        r = grundy.Rule("0.16", max_n=1 << 20, progress=stop)
        with self.assertRaises(Enough):
            r.values(200000)
        r.progress = None
        self.assertEqual(r.values(300), grundy.values("0.16", 300))


if __name__ == "__main__":
    unittest.main()
