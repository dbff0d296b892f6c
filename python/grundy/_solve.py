# SPDX-License-Identifier: MIT
"""Finite games solved exhaustively, as `grundy solve` does for its built-in games."""
import ctypes
import os
from dataclasses import dataclass, field
from typing import Any, Dict, Optional, Sequence, Tuple, Union

from . import _lib
from . import _c, GrundyError, Rule, _check, _number, _status_name

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
    positions: Optional[int]  # None: answered by a rule alone (left-stack, mirror-board)
    outcome: str
    score: Optional[int]
    remoteness: Optional[int]
    win: Optional[int]
    lose: Optional[int]
    draw: Optional[int]
    value: Optional[int] = field(default=None)

    def as_json(self) -> Dict[str, Any]:
        """The dict of the CLI's JSON object, keys in its order."""
        out = {"game": self.game, **self.args, "positions": self.positions,
               "outcome": self.outcome, "score": self.score, "remoteness": self.remoteness,
               "win": self.win, "lose": self.lose, "draw": self.draw}
        if self.game == "mirror-board" and self.positions is None:
            del out["positions"]  # the rule alone: the CLI names no position count
        if self.game not in ("pick", "left-stack", "mirror-board"):
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
    raise GrundyError(f"unknown game '{game}' (divisors, pick, misere-piles, heaps, left-stack, "
                      "mirror-board)",
                      "invalid_arg")


def solve(game: str, *args, misere: bool = False, max_bytes: int = DEFAULT_MAX_BYTES,
          threads: Optional[int] = None) -> Solution:
    """Solve every position of one of `grundy solve`'s built-in games and answer for its start
    (the CLI's defaults: max_bytes 4 GiB, threads all cores; the answer never depends on them):

    - divisors N: cards 1..N (N <= 30); a pick removes the card and every card that divides it;
    - pick V1 V2 ...: up to 24 items taken one at a time; `score` is the first player's best
      total minus the second's;
    - misere-piles A B: take 1 or 2 stones from one pile, the last stone loses;
    - heaps RULE H...: a sum of heaps under RULE (total at most 400), misere=True for misere play;
    - left-stack M A B C: three stacks, a move takes 1..M rocks from one, and a stack may be
      emptied only when every stack to its left is; answered by the proved rule for any size
      (`method` 'rule'), and also solved exhaustively, and checked, when small ('solver+rule');
    - mirror-board N BLOCKED (or the board's text, `n k` then k lines `r c`): tokens placed on
      the free cells of an N x N board whose blocked cells (1-based (r, c) pairs) are symmetric
      through the centre; answered by the mirror rule, and also solved exhaustively, and
      checked, with at most 20 free cells ('solver+mirror-rule').

        >>> s = grundy.solve("divisors", 6)
        >>> s.outcome, s.remoteness, s.value
        ('win', 3, 4)
        >>> grundy.solve("pick", 3, 9, 1, 2).score
        7
        >>> grundy.solve("left-stack", 3, 9, 8, 7).outcome
        'lose'
    """
    if misere and game != "heaps":
        raise GrundyError("misere: heaps only", "invalid_arg")
    max_bytes = _number(max_bytes, "max_bytes")
    threads = (os.cpu_count() or 1) if threads is None else _number(threads, "threads")
    if game == "left-stack":
        return _left_stack(args, max_bytes, threads)
    if game == "mirror-board":
        return _mirror_board(args, max_bytes, threads)
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


def _solved(what: str, g, max_bytes: int, threads: int):
    """Solve a created game for outcome and remoteness: (outcome, remoteness, win, lose, draw)
    of its start and counts, the game destroyed."""
    try:
        opts = _lib.SolveOpts(want=OUTCOME | REMOTENESS, max_positions=MAX_POSITIONS,
                              max_bytes=max_bytes, threads=threads)
        sol = ctypes.c_void_p()
        st = _c.grundy_solve(g, ctypes.byref(opts), ctypes.byref(sol))
        if st in (1, _lib.STATUS_LIMIT):
            raise _limit(what)
        _check(st, what)
        try:
            start = g.contents.initial
            win, lose, draw = ctypes.c_uint64(), ctypes.c_uint64(), ctypes.c_uint64()
            _c.grundy_solution_counts(sol, ctypes.byref(win), ctypes.byref(lose),
                                      ctypes.byref(draw))
            return (_WORDS[_c.grundy_solution_outcome(sol, start)],
                    _c.grundy_solution_remoteness(sol, start), win.value, lose.value, draw.value)
        finally:
            _c.grundy_solution_destroy(sol)
    finally:
        _c.grundy_game_destroy(g)


def _left_stack(args, max_bytes: int, threads: int) -> Solution:
    """grundy solve left-stack M A B C: the rule (grundy_left_stack_outcome), and the solver as
    well on a small game (grundy_left_stack_small), which must agree."""
    if len(args) != 4:
        raise GrundyError(f"left-stack takes M A B C; {len(args)} given", "invalid_arg")
    m, a, b, c = (_number(x, name) for x, name in zip(args, "MABC"))
    outcome = _WORDS[_c.grundy_left_stack_outcome(m, a, b, c)]
    keys: Dict[str, Any] = {"m": m, "stacks": [a, b, c], "method": "rule"}
    if not _c.grundy_left_stack_small(m, a, b, c):
        return Solution("left-stack", keys, None, outcome, None, None, None, None, None)
    g = ctypes.POINTER(_lib.Game)()
    _check(_c.grundy_game_left_stack_create(m, a, b, c, _lib.LEFT_STACK_SOLVE_POSITIONS,
                                            ctypes.byref(g)), "left-stack")
    positions = g.contents.positions
    solved, remoteness, win, lose, draw = _solved("left-stack", g, max_bytes, threads)
    if solved != outcome:
        raise GrundyError("left-stack: internal error: the solver and the rule disagree",
                          "internal")
    keys["method"] = "solver+rule"
    return Solution("left-stack", keys, positions, outcome, None, remoteness, win, lose, draw)


Blocked = Sequence[Tuple[int, int]]


def _board_text(args) -> bytes:
    """The seed's text of a board given as (text,) or (n, blocked cells)."""
    if len(args) == 1 and isinstance(args[0], str):
        return args[0].encode()
    if len(args) in (1, 2) and not isinstance(args[0], str):
        n = _number(args[0], "n")
        cells = [(_number(r, "row"), _number(c, "column")) for r, c in
                 (args[1] if len(args) == 2 else ())]
        return (f"{n} {len(cells)}\n" + "".join(f"{r} {c}\n" for r, c in cells)).encode()
    raise GrundyError("mirror-board takes N and the blocked (row, column) cells, or the board's "
                      "text", "invalid_arg")


def _mirror_board(args, max_bytes: int, threads: int) -> Solution:
    """grundy solve mirror-board: the mirror rule, and the solver as well with at most
    BOARD_SOLVE_FREE free cells, which must agree."""
    data = _board_text(args)
    buf = ctypes.create_string_buffer(data, len(data))
    cursor = ctypes.c_void_p(ctypes.addressof(buf))
    end = ctypes.c_void_p(ctypes.addressof(buf) + len(data))
    line = ctypes.c_size_t(1)
    board, diag = _lib.Board(), _lib.Diag()
    st = _c.grundy_board_parse(ctypes.byref(cursor), end, ctypes.byref(line),
                               ctypes.byref(board), ctypes.byref(diag))
    if _status_name(st) == "not_found":
        raise GrundyError("mirror-board: no board in the input", "parse")
    if st != 0:
        raise GrundyError(f"mirror-board: line {diag.line}: {diag.message.decode()}",
                          _status_name(st))
    try:
        first = bool(_c.grundy_board_mirror_rule(ctypes.byref(board)))
        free = _c.grundy_board_free_cells(ctypes.byref(board))
        keys: Dict[str, Any] = {"n": board.n, "blocked": board.blocked_count, "free_cells": free,
                                "method": "mirror-rule"}
        outcome = "win" if first else "lose"
        if free > _lib.BOARD_SOLVE_FREE:
            # every play fills all free cells, one a move
            return Solution("mirror-board", keys, None, outcome, None, free, None, None, None)
        g = ctypes.POINTER(_lib.Game)()
        _check(_c.grundy_game_board_create(ctypes.byref(board), ctypes.byref(g)), "mirror-board")
    finally:
        _c.grundy_board_free(ctypes.byref(board))
    positions = g.contents.positions
    solved, remoteness, win, lose, draw = _solved("mirror-board", g, max_bytes, threads)
    if solved != outcome:
        raise GrundyError(f"mirror-board: internal error: the solver says {solved} but the "
                          f"mirror rule says {outcome}", "internal")
    keys["method"] = "solver+mirror-rule"
    return Solution("mirror-board", keys, positions, outcome, None, remoteness, win, lose, draw)
