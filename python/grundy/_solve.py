# SPDX-License-Identifier: MIT
"""Finite games solved exhaustively, as `grundy solve` does for its built-in games."""
import ctypes
import os
from dataclasses import dataclass, field
from typing import Any, Dict, Optional

from . import _lib
from . import _c, GrundyError, Rule, _check, _number

OUTCOME, REMOTENESS, SCORE, GRUNDY = 1, 2, 4, 8  # GRUNDY_SOLVE_* (solver.h)
_WORDS = {0: "draw", 1: "lose", 2: "win"}
DEFAULT_MAX_BYTES = 4 << 30  # the CLI's --max-bytes
MAX_POSITIONS = 1 << 34      # GRUNDY_SOLVE_OPTS_INIT
DIVISORS_MAX, PICK_MAX_ITEMS, PICK_MAX_VALUE = 30, 24, 10**17
PILES_MAX, HEAPS_MAX_TOTAL = 10**6, 400


@dataclass(frozen=True)
class Solution:
    """What `grundy solve GAME ... --json` prints: the start's `outcome` ('win', 'lose' or 'draw'
    for the player to move), `remoteness` (moves to the end under best play; None for a draw),
    `score` (pick: the first player's best total minus the second's), `value` (the start's
    Grundy value where defined), and the counts over all `positions`. `args` holds the game's
    own keys (n; items; a, b; rule, heaps, misere)."""
    game: str
    args: Dict[str, Any]
    positions: int
    outcome: str
    score: Optional[int]
    remoteness: Optional[int]
    win: int
    lose: int
    draw: int
    value: Optional[int] = field(default=None)

    def as_json(self) -> Dict[str, Any]:
        """The dict of the CLI's JSON object, keys in its order."""
        out = {"game": self.game, **self.args, "positions": self.positions,
               "outcome": self.outcome, "score": self.score, "remoteness": self.remoteness,
               "win": self.win, "lose": self.lose, "draw": self.draw}
        if self.game != "pick":
            out["value"] = self.value
        return out


def _limit(what: str) -> GrundyError:
    return GrundyError(f"{what}: the game needs more memory or positions than allowed (raise "
                       "max_bytes)", "limit")


def _make(game: str, args, misere: bool, max_bytes: int, keep: list):
    """The C game, the game's JSON keys, and whether it has Grundy values."""
    g = ctypes.POINTER(_lib.Game)()
    nums = [_number(a, "operand") for a in args] if game != "heaps" else None
    if game == "divisors":
        if len(nums) != 1 or not 1 <= nums[0] <= DIVISORS_MAX:
            raise GrundyError(f"divisors N: N must be 1 to {DIVISORS_MAX}", "range")
        st = _c.grundy_game_divisors_create(nums[0], ctypes.byref(g))
        return st, g, {"n": nums[0]}, True
    if game == "pick":
        if not 1 <= len(nums) <= PICK_MAX_ITEMS or max(nums) > PICK_MAX_VALUE:
            raise GrundyError(f"pick: 1 to {PICK_MAX_ITEMS} items of 0 to 10^17", "range")
        arr = (ctypes.c_uint64 * len(nums))(*nums)
        keep.append(arr)
        st = _c.grundy_game_pick_create(arr, len(nums), ctypes.byref(g))
        return st, g, {"items": len(nums)}, False
    if game == "misere-piles":
        if len(nums) != 2 or max(nums) > PILES_MAX:
            raise GrundyError(f"misere-piles A B: A, B must be 0 to {PILES_MAX}", "range")
        st = _c.grundy_game_misere_piles_create(nums[0], nums[1], max_bytes // 5 + 1,
                                                ctypes.byref(g))
        return st, g, {"a": nums[0], "b": nums[1]}, False
    if game == "heaps":
        if len(args) < 2:
            raise GrundyError("heaps RULE H...: a rule and at least one heap", "invalid_arg")
        rule = Rule(args[0])
        keep.append(rule)
        heaps = [_number(h, "heap") for h in args[1:]]
        arr = (ctypes.c_uint64 * len(heaps))(*heaps)
        keep.append(arr)
        st = _c.grundy_game_heaps_create(rule._rule, arr, len(heaps), int(misere),
                                         max_bytes // 5 + 1, ctypes.byref(g))
        if st == 4:  # RANGE
            raise GrundyError(f"heaps: the heaps total more than {HEAPS_MAX_TOTAL} tokens, the "
                              "most this game supports", "range")
        return st, g, {"rule": rule.canonical, "heaps": heaps, "misere": misere}, not misere
    raise GrundyError(f"unknown game '{game}' (divisors, pick, misere-piles, heaps)",
                      "invalid_arg")


def solve(game: str, *args, misere: bool = False, max_bytes: int = DEFAULT_MAX_BYTES,
          threads: Optional[int] = None) -> Solution:
    """Solve every position of one of `grundy solve`'s built-in games and answer for its start
    (the CLI's defaults: max_bytes 4 GiB, threads all cores; the answer never depends on them):

    - divisors N: cards 1..N (N <= 30); a pick removes the card and every card that divides it;
    - pick V1 V2 ...: up to 24 items taken one at a time; `score` is the first player's best
      total minus the second's;
    - misere-piles A B: take 1 or 2 stones from one pile, the last stone loses;
    - heaps RULE H...: a sum of heaps under RULE (total at most 400), misere=True for misere play.

        >>> s = grundy.solve("divisors", 6)
        >>> s.outcome, s.remoteness, s.value
        ('win', 3, 4)
        >>> grundy.solve("pick", 3, 9, 1, 2).score
        7
    """
    if misere and game != "heaps":
        raise GrundyError("misere: heaps only", "invalid_arg")
    max_bytes = _number(max_bytes, "max_bytes")
    threads = (os.cpu_count() or 1) if threads is None else _number(threads, "threads")
    keep: list = []
    st, g, keys, has_grundy = _make(game, args, bool(misere), max_bytes, keep)
    try:
        if st == _lib.STATUS_LIMIT or st == 1:
            raise _limit(game)
        _check(st, game)
        want = SCORE if game == "pick" else OUTCOME | REMOTENESS | (GRUNDY if has_grundy else 0)
        opts = _lib.SolveOpts(want=want, max_positions=MAX_POSITIONS, max_bytes=max_bytes,
                              threads=threads)
        sol = ctypes.c_void_p()
        st = _c.grundy_solve(g, ctypes.byref(opts), ctypes.byref(sol))
        if st in (1, _lib.STATUS_LIMIT):
            raise _limit(game)
        _check(st, game)
        try:
            return _answer(game, keys, g.contents, sol)
        finally:
            _c.grundy_solution_destroy(sol)
    finally:
        _c.grundy_game_destroy(g)
        for k in keep:
            if isinstance(k, Rule):
                k.close()


def _answer(game: str, keys, g, sol) -> Solution:
    start = g.initial
    if game == "pick":
        score = _c.grundy_solution_score(sol, start)
        by = [0, 0, 0]
        for p in range(g.positions):
            v = _c.grundy_solution_score(sol, p)
            by[0 if v > 0 else 1 if v < 0 else 2] += 1
        return Solution("pick", keys, g.positions,
                        "win" if score > 0 else "lose" if score < 0 else "draw", score,
                        keys["items"], by[0], by[1], by[2])
    o = _c.grundy_solution_outcome(sol, start)
    win, lose, draw = ctypes.c_uint64(), ctypes.c_uint64(), ctypes.c_uint64()
    _c.grundy_solution_counts(sol, ctypes.byref(win), ctypes.byref(lose), ctypes.byref(draw))
    value = (_c.grundy_solution_grundy(sol, start)
             if _c.grundy_solution_tables(sol) & GRUNDY else None)
    return Solution(g.name.decode(), keys, g.positions, _WORDS[o], None,
                    None if o == 0 else _c.grundy_solution_remoteness(sol, start),
                    win.value, lose.value, draw.value, value)
