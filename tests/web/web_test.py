#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The page in a real browser: headless Chromium driven through chromedriver's WebDriver HTTP
protocol (urllib and json only), the built page (build/<dir>/web) served by an http.server thread
on a free port. Checks Kayles' first values, a bad rule's message, a game played to the end, a
misere answer, and, on seeded random rules, that the page's values, period and P/N counts are the
command line's (the same library, compiled to WebAssembly); writes a screenshot.

Usage: web_test.py --web DIR --grundy PATH [--screenshot FILE] [--seed N] [--rules K]
Exit 77 (skipped) when the page is not built or chromium/chromedriver are missing, unless
GRUNDY_REQUIRE_WEB=1 (scripts/test-all.sh), which makes that a failure."""
import argparse
import base64
import functools
import http.server
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

SKIP = 77


def skip(why):
    if os.environ.get("GRUNDY_REQUIRE_WEB") == "1":
        print(f"web_test: {why} (GRUNDY_REQUIRE_WEB=1: a failure)")
        sys.exit(1)
    print(f"web_test: skipped: {why}")
    sys.exit(SKIP)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder):
    handler = functools.partial(Quiet, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class Browser:
    """A WebDriver session of headless Chromium (the W3C protocol over HTTP)."""

    def __init__(self, chromium, chromedriver):
        self.port = free_port()
        self.driver = subprocess.Popen([chromedriver, f"--port={self.port}"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}"
        for _ in range(100):
            try:
                if self.call("GET", "/status")["ready"]:
                    break
            except (OSError, urllib.error.URLError):
                time.sleep(0.1)
        args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,1800", "--hide-scrollbars", "--force-device-scale-factor=1"]
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium, "args": args}}}}
        self.session = self.call("POST", "/session", caps)["sessionId"]

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                return json.loads(r.read())["value"]
        except urllib.error.HTTPError as e:
            raise RuntimeError(f"WebDriver {method} {path}: {e.read().decode()[:500]}") from None

    def s(self, method, path, body=None):
        return self.call(method, f"/session/{self.session}{path}", body)

    def go(self, url):
        self.s("POST", "/url", {"url": url})

    def js(self, script, *args):
        return self.s("POST", "/execute/sync", {"script": script, "args": list(args)})

    def wait(self, script, what, timeout=60):
        end = time.time() + timeout
        while time.time() < end:
            value = self.js(script)
            if value:
                return value
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what}")

    def click(self, css):
        """A real click (the WebDriver element click), not a script's."""
        element = self.s("POST", "/element", {"using": "css selector", "value": css})
        self.s("POST", f"/element/{next(iter(element.values()))}/click", {})

    def screenshot(self, path):
        height = self.js("return document.documentElement.scrollHeight")
        self.s("POST", "/window/rect", {"width": 1280, "height": min(int(height) + 40, 4000)})
        self.js("window.scrollTo(0, 0)")
        time.sleep(0.3)
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.s("GET", "/screenshot")))

    def close(self):
        try:
            self.s("DELETE", "")
        finally:
            self.driver.terminate()
            self.driver.wait(timeout=10)


class Check:
    def __init__(self):
        self.failures = 0
        self.count = 0

    def eq(self, got, want, what):
        self.count += 1
        if got != want:
            self.failures += 1
            print(f"FAIL {what}:\n  page: {got!r}\n  want: {want!r}")


def cli(grundy, *args, ok=(0,)):
    r = subprocess.run([grundy, *args], capture_output=True, text=True, timeout=120)
    if r.returncode not in ok:
        raise AssertionError(f"grundy {' '.join(args)}: exit {r.returncode}: {r.stderr}")
    return r


def cli_json(grundy, *args, ok=(0,)):
    return json.loads(cli(grundy, *args, "--json", ok=ok).stdout)


DONE = "return document.getElementById('values-section').dataset.state"


def load(b, site, query):
    b.go(f"{site}/?{urllib.parse.urlencode(query, safe=',()')}")
    state = b.wait(f"const s = document.getElementById('values-section').dataset.state;"
                   f"return s === 'done' || s === 'failed' ? s : null", f"the page for {query}")
    return state


def page_period(b):
    return b.js("const d = document.getElementById('period-text').dataset;"
                "return {found: d.found, proved: d.proved, period: d.period,"
                " preperiod: d.preperiod, proof: d.proof, final: d.final}")


def test_kayles(b, site, grundy, c):
    load(b, site, {"rule": "kayles", "to": "11"})
    c.eq(b.js("return document.getElementById('values-text').textContent"),
         "0 1 2 3 1 4 3 2 1 4 2 6", "kayles values to 11")
    c.eq(b.js("return document.getElementById('canonical').textContent"), "0.77", "canonical")
    words = cli(grundy, "rule", "kayles").stdout.rstrip("\n").split("\n", 1)[1]
    c.eq(b.js("return document.getElementById('rule-words').textContent"), words, "rule words")
    c.eq(b.js("return document.querySelectorAll('#values-table td.p').length"), 1, "P cells")
    text = b.js("return document.getElementById('period-text').textContent")
    c.eq(text.startswith("g(n + 12) = g(n) for every n ≥ 71. Period 12, preperiod 71, proved by"
                         " the Guy-Smith theorem (168 values needed"), True,
         f"kayles period text ({text})")
    c.eq(b.js("return !!document.querySelector('#picture svg')"), True, "the picture")


def test_address(b, site, grundy, c):
    """A rule typed in the form goes into the address, beside what was there."""
    load(b, site, {"rule": "kayles", "to": "11", "heaps": "2,3"})
    b.js("document.getElementById('rule').value = ''")
    element = b.s("POST", "/element", {"using": "css selector", "value": "#rule"})
    b.s("POST", f"/element/{next(iter(element.values()))}/value", {"text": "dawson-kayles"})
    b.click("#show")
    b.wait("return document.getElementById('canonical').textContent === '0.07'", "0.07")
    c.eq(b.js("return location.search"), "?rule=dawson-kayles&heaps=2,3&to=11", "the address")


def test_stop(b, site, grundy, c):
    """A long search shows its progress, the page answers meanwhile, and Stop ends it."""
    b.go(f"{site}/?rule=0.6&budget=60")
    b.wait("return document.getElementById('progress').value > 0", "progress")
    start = time.time()
    c.eq(b.js("return document.getElementById('stop').disabled"), False, "stop enabled")
    # a frozen page would hold this script until the search's 60 s were spent
    c.eq(time.time() - start < 5, True, "the page answers during the search")
    b.click("#stop")
    c.eq(b.js("return document.getElementById('values-section').dataset.state"), "stopped",
         "stopped")
    text = b.wait("return document.getElementById('period-text').textContent", "the period text")
    c.eq("not proved up to heap" in text and "(stopped)" in text, True, f"after stop: {text}")
    # the new worker answers: a game can be played at once
    c.eq(position(b)["state"], "you", "a game after stop")
    c.eq(hint_moves(b), cli_moves(grundy, "0.6", [3, 5, 7], False), "the hint after stop")


def test_bad_rule(b, site, grundy, c):
    for rule in ("0.7W", "S(3,", "kayle"):
        load(b, site, {"rule": rule})
        # the library's message; the tool may add its own hint after it ("; did you mean")
        err = cli(grundy, "rule", rule, ok=(3,)).stderr.strip().split("; did you mean")[0]
        c.eq("grundy rule: " + b.js("return document.getElementById('rule-error-text')"
                                    ".textContent"), err, f"bad rule {rule}")


def position(b):
    return b.wait("const s = document.getElementById('play-status').dataset.state;"
                  "if (s !== 'you' && s !== 'over') return null;"
                  "return {state: s, winner: document.getElementById('play-status')"
                  ".dataset.winner, heaps: [...document.querySelectorAll('#board .heap')]"
                  ".map(e => Number(e.dataset.size))}", "the player's turn")


def hint_moves(b):
    b.click("#hint")
    return b.js("return [...document.querySelectorAll('#hint-box li')].map(li =>"
                " ({heap: Number(li.dataset.heap), take: Number(li.dataset.take),"
                " leaves: li.dataset.leaves === '' ? [] : li.dataset.leaves.split(',')"
                ".map(Number)}))")


def cli_moves(grundy, rule, heaps, misere):
    args = ["play", rule, *map(str, heaps), "--max-moves", "4096"]
    if misere:
        args.append("--misere")
    out = cli_json(grundy, *args)
    return [{"heap": m["heap"], "take": m["take"], "leaves": m["leaves"]} for m in out["moves"]]


def history(b):
    return b.js("return [...document.querySelectorAll('#history li')].map(li => li.textContent)")


def first_move(b, heaps):
    """Click the first heap that has a move, then its first move."""
    for i in range(heaps):
        b.click(f"#board .heap[data-heap='{i}']")
        if b.js("return document.querySelectorAll('#heap-moves .move').length"):
            b.click("#heap-moves .move")
            return
    raise AssertionError("no heap has a move, yet the game is not over")


def play_to_the_end(b, site, grundy, c, rule, heaps, misere):
    """Play the first move of the first heap until the game ends; at each turn the hint lists
    the CLI's winning moves."""
    query = {"rule": rule, "heaps": ",".join(map(str, heaps))}
    if misere:
        query["misere"] = "1"
    load(b, site, query)
    for turn in range(200):
        pos = position(b)
        if pos["state"] == "over":
            break
        c.eq(hint_moves(b), cli_moves(grundy, rule, pos["heaps"], misere),
             f"hint for {rule} {pos['heaps']} misere={misere}")
        first_move(b, len(pos["heaps"]))
        b.wait("return document.getElementById('play-status').dataset.state !== 'you'",
               "the machine's turn")
    pos = position(b)
    c.eq(pos["state"], "over", f"{rule} {heaps}: the game ends")
    # The user moved first with the first move each time: against a winning first position the
    # machine's winning replies make it the winner whenever the user's first move lost.
    c.eq(pos["winner"] in ("you", "machine"), True, f"{rule} {heaps}: a winner")
    return pos, history(b)


def test_play(b, site, grundy, c):
    # Kayles 2 3 is a loss for the player to move (g = 2 xor 3 = 1 ... no: 2 ^ 3 = 1, a win);
    # 1 2 3 has nim-sum 0: the user moves first and loses against the machine.
    pos, moves = play_to_the_end(b, site, grundy, c, "kayles", [1, 2, 3], False)
    c.eq(pos["winner"], "machine", f"kayles 1 2 3: the machine wins ({moves})")
    c.eq(all("(a winning move)" in m for m in moves if m.startswith("Machine")), True,
         "every machine move wins")


def test_misere(b, site, grundy, c):
    # Misere Nim 2 1: the winning move takes the heap of 2 (Bouton: leave an odd number of 1s).
    load(b, site, {"rule": "nim", "heaps": "2,1", "misere": "1"})
    position(b)
    b.click("#machine-first")
    pos = position(b)
    want = cli_moves(grundy, "nim", [2, 1], True)[0]
    first = history(b)[0]
    c.eq(first, f"Machine: heap {want['heap'] + 1} (2): take {want['take']}, leaving nothing"
         " (a winning move)", "misere nim 2 1: the machine's move")
    c.eq(pos["heaps"], [1], "misere nim 2 1 -> 1")
    # The user must take the last token, and loses in misere play.
    b.click("#board .heap[data-heap='0']")
    b.click("#heap-moves .move")
    pos = position(b)
    c.eq((pos["state"], pos["winner"]), ("over", "machine"), "misere nim: taking the last loses")
    # Misere Kayles and Dawson's Kayles: the hints are the CLI's winning moves.
    play_to_the_end(b, site, grundy, c, "kayles", [2, 4, 5], True)
    play_to_the_end(b, site, grundy, c, "0.07", [6, 7], True)


def random_rule(rng):
    kind = rng.randrange(3)
    if kind == 0:
        takes = sorted(rng.sample(range(1, 9), rng.randint(1, 3)))
        return "S(" + ",".join(map(str, takes)) + ")"
    digits = [str(rng.randrange(8)) for _ in range(rng.randint(1, 3))]
    digits[-1] = str(rng.randint(1, 7))
    return "0." + "".join(digits)


def test_random_rules(b, site, grundy, c, seed, count):
    rng = random.Random(seed)
    before = c.failures
    for _ in range(count):
        rule = random_rule(rng)
        to = rng.randint(20, 120)
        heaps = [rng.randint(1, 9) for _ in range(rng.randint(1, 3))]
        misere = rng.randrange(2) == 1
        load(b, site, {"rule": rule, "to": str(to), "budget": "2",
                       "heaps": ",".join(map(str, heaps)), "misere": "1" if misere else "0"})
        want = cli(grundy, "values", rule, "--to", str(to)).stdout.split()
        c.eq(b.js("return document.getElementById('values-text').textContent").split(), want,
             f"values of {rule} to {to}")
        count_json = cli_json(grundy, "count", rule, "--to", str(to))
        c.eq(b.js("const d = document.getElementById('counts-text').dataset;"
                  "return [Number(d.p), Number(d.n)]"),
             [count_json["p_positions"], count_json["n_positions"]], f"P/N counts of {rule}")
        pos = position(b)
        if pos["state"] == "you":
            c.eq(hint_moves(b), cli_moves(grundy, rule, heaps, misere),
                 f"winning moves of {rule} {heaps} misere={misere}")
        page = page_period(b)
        if page["final"] != "1":
            print(f"web_test: {rule}: the page's period search did not finish; not compared")
            continue
        period = cli_json(grundy, "period", rule, ok=(0, 1))
        c.eq(page, {"found": "1" if period["period"] is not None else "0",
                    "proved": "1" if period["proved"] else "0",
                    "period": str(period["period"] or ""),
                    "preperiod": str(period["preperiod"] if period["period"] else ""),
                    "proof": period["proof"] or "", "final": "1"}, f"period of {rule}")
    if c.failures > before:
        print(f"web_test: random rules failed with seed {seed} (--seed {seed} replays)")


def test_screenshot(b, site, path):
    load(b, site, {"rule": "kayles", "heaps": "3,5,7"})
    position(b)
    b.click("#board .heap[data-heap='2']")
    b.click("#hint")
    b.screenshot(path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--web", required=True, help="the built page (build/<dir>/web)")
    ap.add_argument("--grundy", required=True, help="the command-line tool")
    ap.add_argument("--screenshot", help="write a screenshot of the page here")
    ap.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    ap.add_argument("--rules", type=int, default=12, help="random rules compared")
    args = ap.parse_args()
    if not os.path.isfile(os.path.join(args.web, "grundy.wasm")):
        skip(f"no page built in {args.web} (cmake --build <dir> --target web; needs emcc)")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    chromedriver = shutil.which("chromedriver")
    if chromium is None or chromedriver is None:
        skip("chromium or chromedriver missing (apt-get install chromium chromium-driver)")
    server = serve(args.web)
    site = f"http://127.0.0.1:{server.server_address[1]}"
    b = Browser(chromium, chromedriver)
    c = Check()
    start = time.time()
    try:
        test_kayles(b, site, args.grundy, c)
        test_address(b, site, args.grundy, c)
        test_bad_rule(b, site, args.grundy, c)
        test_stop(b, site, args.grundy, c)
        test_play(b, site, args.grundy, c)
        test_misere(b, site, args.grundy, c)
        test_random_rules(b, site, args.grundy, c, args.seed, args.rules)
        if args.screenshot:
            test_screenshot(b, site, args.screenshot)
    finally:
        b.close()
        server.shutdown()
    print(f"web_test: {c.count - c.failures}/{c.count} checks passed in "
          f"{time.time() - start:.1f} s (seed {args.seed})")
    return 1 if c.failures else 0


if __name__ == "__main__":
    sys.exit(main())
