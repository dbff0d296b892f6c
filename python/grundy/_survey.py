# SPDX-License-Identifier: MIT
"""Surveys of a class of codes, as `grundy survey` makes the published tables."""
import ctypes
import html
import os
from dataclasses import asdict, dataclass
from typing import Any, Dict, List, Optional

from . import _lib
from . import _c, GrundyError, _check, _number

_libc_free = ctypes.CDLL(None).free  # what grundy_survey_expand and _relate allocate with
_libc_free.argtypes = [ctypes.c_void_p]
_libc_free.restype = None
STATUS_PARSE = 3
# The CLI's defaults (cli/cmd_survey.c).
DEFAULT_MAX_N = 1 << 20
DEFAULT_TIME_PER_GAME = 60.0
DEFAULT_MAX_BYTES = 8 << 30


@dataclass(frozen=True)
class SurveyRow:
    """One code's row, the keys of `grundy survey --json`: its canonical `rule` (`trivial` when
    that is a shorter code), `status` ('proved', 'observed' or 'unsolved'), the period, the
    largest value and its first heap, the rare/common mask, and `equal_to`: the first code of
    its group of equal sequences (None for the first), `equal_proved` or equal for n <
    `equal_upto`. `seconds` is the CPU time it took (not in the CLI's JSON)."""
    code: str
    rule: str
    trivial: bool
    status: str
    preperiod: Optional[int]
    period: Optional[int]
    saltus: Optional[int]
    proved: bool
    proof: Optional[str]
    values_computed: int
    max_value: int
    max_value_heap: int
    mask: int
    mask_parity: bool
    rare_count: int
    last_rare: int
    equal_to: Optional[str]
    equal_proved: bool
    equal_upto: Optional[int]
    seconds: float


@dataclass(frozen=True)
class Survey:
    """A class's survey: `rows` (codes that are rules, in order), `invalid` (codes that are not
    rules), `shifts` (g_a(n + s) = g_b(n) between groups: (a, s, b, proved, upto)) and the
    totals of the CLI's last JSON line."""
    pattern: str
    rows: List[SurveyRow]
    invalid: List[str]
    shifts: List[tuple]
    groups: int

    def records(self) -> List[Dict[str, Any]]:
        """The rows as dicts: `pandas.DataFrame(survey.records())`."""
        return [asdict(r) for r in self.rows]

    def totals(self) -> Dict[str, Any]:
        """The CLI's totals line: class, codes, proved, observed, unsolved, invalid, groups."""
        count = {s: sum(r.status == s for r in self.rows) for s in ("proved", "observed",
                                                                     "unsolved")}
        return {"class": self.pattern, "codes": len(self.rows) + len(self.invalid), **count,
                "invalid": len(self.invalid), "groups": self.groups}

    def _repr_html_(self) -> str:
        keys = ["code", "rule", "status", "period", "preperiod", "proof", "values_computed",
                "max_value", "mask", "rare_count", "last_rare", "equal_to"]
        head = "".join(f"<th>{k}</th>" for k in keys)
        body = "".join("<tr>" + "".join(f"<td>{html.escape('' if getattr(r, k) is None else str(getattr(r, k)))}</td>"
                                        for k in keys) + "</tr>" for r in self.rows)
        t = self.totals()
        return (f"<p>Survey of <b>{html.escape(self.pattern)}</b>: {t['codes']} codes, "
                f"{t['proved']} proved, {t['observed']} observed, {t['unsolved']} unsolved, "
                f"{t['invalid']} not rules; {t['groups']} groups of equal sequences</p>"
                f"<table><tr>{head}</tr>{body}</table>")


def _find(parent: List[int], x: int) -> int:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def _unite(parent: List[int], a: int, b: int) -> None:
    a, b = _find(parent, a), _find(parent, b)
    if a != b:
        parent[max(a, b)] = min(a, b)  # the smallest index represents the group


def survey(pattern: str, *, hex: bool = False, max_n: int = DEFAULT_MAX_N,
           time_per_game: float = DEFAULT_TIME_PER_GAME, threads: Optional[int] = None,
           max_bytes: int = DEFAULT_MAX_BYTES) -> Survey:
    """Compute every code of a class (`grundy survey CLASS --json`, the same defaults): each '?'
    of `pattern` is an octal digit (a hex digit with hex=True), so '0.??' is the 64 two-digit
    octal games. For each code: its canonical form, the period proved by the rule's theorem
    (or unsolved to max_n, with the largest value and the rare/common mask), and the groups of
    codes with equal sequences. `threads` in all (default: the cores): that many codes at once,
    or with fewer codes than threads, each code's sequence on threads // codes of them;
    `time_per_game` CPU seconds per code; max_bytes of memory for the codes computed at once.

        >>> s = grundy.survey("0.?", max_n=4096)
        >>> [(r.code, r.status, r.period) for r in s.rows][:3]
        [('0.0', 'proved', 1), ('0.1', 'proved', 1), ('0.2', 'proved', 2)]
        >>> s.rows[5].equal_to
        '0.3'

    `survey.records()` is a list of dicts for pandas; in a notebook the survey shows as a table."""
    threads = os.cpu_count() or 1 if threads is None else _number(threads, "threads")
    codes_p, count = ctypes.POINTER(ctypes.c_char_p)(), ctypes.c_size_t()
    _check(_c.grundy_survey_expand(pattern.encode(), int(bool(hex)), ctypes.byref(codes_p),
                                   ctypes.byref(count)), f"survey {pattern}")
    try:
        n = count.value
        codes = [codes_p[i].decode() for i in range(n)]
        # as the CLI: one thread a code, or with fewer codes than threads, the spare ones in
        # each code's sequence; max_bytes shared by the codes at once
        per_code = _c.grundy_survey_code_threads(threads, n)
        at_once = max(threads // per_code, 1)
        seq = _lib.SeqOpts(max_bytes=_number(max_bytes, "max_bytes") // at_once, threads=per_code)
        opts = _lib.SurveyOpts(max_n=_number(max_n, "max_n"), time_per_game=float(time_per_game),
                               reach=max_n + 1, seq=seq)
        rows = (_lib.SurveyRow * max(n, 1))()
        statuses = (ctypes.c_int * max(n, 1))()
        _check(_c.grundy_survey_run(codes_p, n, None, ctypes.byref(opts), threads, rows,
                                    statuses, None, None), f"survey {pattern}")
    finally:
        _libc_free(codes_p)
    try:
        return _collect(pattern, codes, rows, statuses, max_n)
    finally:
        for i in range(n):
            _c.grundy_survey_row_clear(ctypes.byref(rows[i]))


def _collect(pattern, codes, rows, statuses, max_n) -> Survey:
    invalid = [c for i, c in enumerate(codes) if statuses[i] == STATUS_PARSE]
    failed = [c for i, c in enumerate(codes) if statuses[i] not in (0, STATUS_PARSE)]
    if failed:
        raise GrundyError(f"survey {pattern}: {', '.join(failed)} past max_bytes: raise it or "
                          f"lower max_n ({max_n})", "limit")
    have = [i for i in range(len(codes)) if statuses[i] == 0]
    compact = (_lib.SurveyRow * max(len(have), 1))()
    for k, i in enumerate(have):
        ctypes.memmove(ctypes.byref(compact[k]), ctypes.byref(rows[i]), ctypes.sizeof(rows[i]))
    rel_p, rel_n = ctypes.POINTER(_lib.SurveyRelation)(), ctypes.c_size_t()
    _check(_c.grundy_survey_relate(compact, len(have), ctypes.byref(rel_p), ctypes.byref(rel_n)),
           f"survey {pattern}")
    try:
        rels = [rel_p[r] for r in range(rel_n.value)]
        parent, proved_parent = list(range(len(have))), list(range(len(have)))
        upto = [None] * len(have)
        for e in rels:
            if e.shift == 0:
                _unite(parent, e.a, e.b)
                if e.proved:
                    _unite(proved_parent, e.a, e.b)
        for e in rels:
            root = _find(parent, e.a)
            if e.shift == 0 and not e.proved and (upto[root] is None or e.upto < upto[root]):
                upto[root] = e.upto
        shifts = [(codes[have[e.a]], e.shift, codes[have[e.b]], bool(e.proved), e.upto)
                  for e in rels if e.shift and _find(parent, e.a) == e.a
                  and _find(parent, e.b) == e.b]
    finally:
        _libc_free(rel_p)
    out = []
    for k, i in enumerate(have):
        r = rows[i]
        root = _find(parent, k)
        proved = _find(proved_parent, k) == _find(proved_parent, root)
        periodic = r.status != 2
        proof = _c.grundy_proof_name(r.period.proof)
        out.append(SurveyRow(
            r.code.decode(), r.canonical.decode(), bool(r.trivial),
            _c.grundy_survey_status_name(r.status).decode(),
            r.period.preperiod if periodic else None, r.period.period if periodic else None,
            r.period.saltus if periodic else None, r.status == 0,
            proof.decode() if proof else None, r.values_computed, r.max_value, r.max_value_heap,
            r.mask, bool(r.mask_parity), r.rare_count, r.last_rare,
            codes[have[root]] if root != k else None, root != k and proved,
            upto[root] if root != k and not proved else None, r.seconds))
    groups = sum(1 for k in range(len(have)) if _find(parent, k) == k
                 and any(_find(parent, j) == k for j in range(len(have)) if j != k))
    return Survey(pattern, out, invalid, shifts, groups)
