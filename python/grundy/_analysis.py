# SPDX-License-Identifier: MIT
"""Sequence statistics (`grundy stats`) and the check of play's answers against a game-tree search
(`grundy verify`)."""
import ctypes
import os
from dataclasses import dataclass
from typing import Dict, List, Optional, Union

from . import _lib
from . import _c, GrundyError, Rule, _check, _number

VERIFY_MAX_HEAPS = 16


@dataclass(frozen=True)
class Stats:
    """What `grundy stats RULE --to N --freq` prints: the largest value and the first heap with
    it; the rare/common mask of sparse space (heap n >= 1 is rare when parity(g(n) & mask) is
    even; with `mask_parity`, equal to the parity of n + the split takes' parity), chosen over
    heaps 1..to as the sparse engine chooses it, None when there is none; how many heaps are rare
    and the last one; `frequencies[v]`: how many heaps have value v (values that occur)."""
    rule: str
    to: int
    max_value: int
    max_value_heap: int
    mask: Optional[int]
    mask_parity: Optional[bool]
    rare_count: Optional[int]
    last_rare: Optional[int]
    frequencies: Dict[int, int]


def stats(rule: str, to: int, **opts) -> Stats:
    """Statistics of g(0..to) of a rule, from the values alone (every engine agrees); opts:
    max_n, engine, progress (as Rule). `grundy stats RULE --to N --freq --json`.

        >>> s = grundy.stats("0.16", 10000)
        >>> s.max_value, s.max_value_heap, s.mask, s.rare_count
        (16, 1513, 30, 50)
    """
    to = _number(to, "to")
    with Rule(rule, **opts) as r:
        if to > r.max_n:
            raise GrundyError(f"to ({to}) is past max_n ({r.max_n}): raise max_n", "limit")
        values = r.values_array(to)
        addr, count = values.buffer_info()
        s = _lib.Stats()
        ptr = ctypes.cast(addr, ctypes.POINTER(ctypes.c_uint64))
        r._run(lambda: _check(_c.grundy_stats_of_values(r._rule, ptr, count, ctypes.byref(s)),
                              f"stats of {r.canonical}"))
        try:
            freq = {v: s.freq[v] for v in range(s.max_value + 1) if s.freq[v]}
            return Stats(r.canonical, to, s.max_value, s.max_heap,
                         s.mask if s.has_mask else None,
                         bool(s.use_parity) if s.has_mask else None,
                         s.rare_count if s.has_mask else None,
                         s.last_rare if s.has_rare else None, freq)
        finally:
            _c.grundy_stats_free(ctypes.byref(s))


@dataclass(frozen=True)
class Verification:
    """What `grundy verify --json` reports: `agree` is False at the first mismatch, whose
    position is `heaps` and whose words are `mismatch`."""
    rule: str
    misere: bool
    seed: int
    positions: int
    positions_searched: int
    moves_checked: int
    values_checked: int
    preperiod: Optional[int]
    period: Optional[int]
    saltus: Optional[int]
    proved: bool
    proof: Optional[str]
    agree: bool
    heaps: Optional[List[int]] = None
    mismatch: Optional[str] = None


def verify(rule: Union[str, Rule], *, max_heap: int = 12, heaps: int = 3, samples: int = 1000,
           seed: int = 1, misere: bool = False, max_n: Optional[int] = None,
           naive_to: Optional[int] = None, threads: Optional[int] = None) -> Verification:
    """Check what play answers against a game-tree search that uses no Sprague-Grundy theory, on
    `samples` random positions of 1 to `heaps` heaps of 0 to `max_heap` tokens: the outcome, the
    number of winning moves and each listed move; in normal play also g(n) from the proved
    period against the naive sequence below `naive_to` (default 4096; 1024 when a move leaves
    three heaps, 256 for four; 0 skips it). `grundy verify RULE ... --json`, the same defaults.
    `rule` is rule text or a Rule, a HeapGame among them (then max_n defaults to its own, and
    naive_to to at most that). `threads` compute the fast side's sequence (default: the cores, as
    the CLI); the game-tree search and the naive sequence, the independent check, run on one.

        >>> grundy.verify("kayles").agree
        True
    """
    if not 1 <= heaps <= VERIFY_MAX_HEAPS:
        raise GrundyError(f"heaps ({heaps}) must be 1 to {VERIFY_MAX_HEAPS}", "range")
    if _number(max_heap, "max_heap") > 1000:
        raise GrundyError(f"max_heap ({max_heap}) must be 0 to 1000", "range")
    given = isinstance(rule, Rule)
    r = rule if given else Rule(rule)
    try:
        return _verify(r, max_heap, heaps, samples, seed, misere, max_n, naive_to, given,
                       os.cpu_count() or 1 if threads is None else _number(threads, "threads"))
    finally:
        if not given:
            r.close()


def _verify(r: Rule, max_heap: int, heaps: int, samples: int, seed: int, misere: bool,
            max_n: Optional[int], naive_to: Optional[int], given: bool,
            threads: int) -> Verification:
    if max_n is None:
        max_n = min(r.max_n, 1 << 16) if given else 1 << 16
    if naive_to is None:
        k = _c.grundy_rule_max_heaps_left(r._rule)
        naive_to = 4096 if k <= 2 else 1024 if k == 3 else 256
        naive_to = min(naive_to, max_n + 1) if given else naive_to
    opts = _lib.VerifyOpts(max_heap=max_heap, heaps=heaps, samples=_number(samples, "samples"),
                           seed=_number(seed, "seed"), misere=int(bool(misere)),
                           max_n=_number(max_n, "max_n"), naive_to=_number(naive_to, "naive_to"),
                           threads=threads)
    rep = _lib.VerifyReport()
    st = r._run(lambda: _c.grundy_verify(r._rule, ctypes.byref(opts), ctypes.byref(rep)))
    listed = list(rep.heaps[:rep.heap_count])
    if st != 0 and hasattr(r, "_raise_callback_error"):
        r._raise_callback_error()  # a HeapGame's move function failed: its exception
    if st == _lib.STATUS_LIMIT:
        raise GrundyError(f"{rep.message.decode()} on position {' '.join(map(str, listed))} "
                          "(lower max_heap or heaps, or raise max_n)", "limit")
    _check(st, f"verify {r.canonical}")
    p = rep.period
    has = not misere and p.found
    proof = _c.grundy_proof_name(p.proof) if has else None
    return Verification(r.canonical, bool(misere), seed, rep.positions, rep.brute_states,
                        rep.moves_checked, rep.values_checked,
                        p.preperiod if has else None, p.period if has else None,
                        p.saltus if has else None, bool(has and p.proved),
                        proof.decode() if proof else None, not rep.mismatch,
                        listed if rep.mismatch else None,
                        rep.message.decode() if rep.mismatch else None)
