# SPDX-License-Identifier: MIT
"""Misere quotients (Plambeck and Siegel) and Conway's genus, as `grundy misere` computes them."""
import ctypes
import html
import os
from dataclasses import dataclass
from typing import Callable, List, Optional, Tuple

from . import _lib
from . import _c, GrundyError, Rule, STATUS_NAMES, _check, _number

# The CLI's defaults (cli/cmd_misere.c): --max-heap (the genus's; the quotient's default is
# "until proved"), --max-bytes, --max-work, and the genus's search bound; the largest heap it
# accepts.
DEFAULT_MAX_HEAP = 20
DEFAULT_MAX_BYTES = 1 << 30
DEFAULT_MAX_WORK = 1 << 30
GENUS_MAX_STATES = 1 << 22
MAX_HEAP = 100000
TABLE_MAX_ORDER = 256  # the multiplication table is kept up to this order
_LIMIT_WORDS = {1: "max_quotient", 2: "the check's states (max_states)", 3: "the options",
                4: "max_bytes", 5: "max_work", 6: "a loaded quotient's heaps"}

@dataclass(frozen=True)
class MisereQuotient:
    """The misere quotient Q_N of a rule restricted to heaps 0..max_heap.

    Elements are named by their normal forms in the generators ('1', 'a', 'ab^2'); `phi[n]` is
    heap n's image (the pretending function). A misere sum of heaps is a P-position (the player to
    move loses) exactly when the product of its heaps' images lies in `p_portion`: see
    `outcome`. `tame` is k when the quotient is Conway's T_k, else None. `stable_from` is the
    last heap at which the quotient changed (where the final quotient was first reached);
    `phi_period`/`phi_preperiod` the least period of phi seen three times (observed), `proved`
    whether it holds for every heap, `proved_at` the first heap at which the proof held (None:
    not proved, a partial quotient exact for heaps up to max_heap only). `table[x][y]` is the
    product of elements x and y (numbered as `elements`), kept up to order 256."""
    rule: str
    max_heap: int
    order: int
    p_size: int
    tame: Optional[int]
    generators: List[Tuple[str, int]]
    relations: List[str]
    p_portion: List[str]
    phi: List[str]
    stable_from: int
    phi_period: Optional[int]
    phi_preperiod: Optional[int]
    proved: bool
    elements: List[str]
    table: Optional[List[List[int]]]
    proved_at: Optional[int] = None

    @property
    def partial(self) -> bool:
        """True when not proved: the quotient of heaps 1 to max_heap only."""
        return not self.proved

    @staticmethod
    def load(rule: str, path: str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> "MisereQuotient":
        """The quotient saved at `path` by `misere(rule, save=path)` or `grundy misere RULE
        --save FILE`, without recomputing (`grundy misere RULE --load FILE`). A file of another
        rule, truncated or damaged is refused: GrundyError with status 'parse'."""
        opts = _lib.MisereOpts(max_quotient=_lib.DEFAULT_MISERE_MAX_QUOTIENT,
                               max_states=_lib.DEFAULT_MISERE_MAX_STATES,
                               max_options=_lib.DEFAULT_MISERE_MAX_OPTIONS,
                               max_bytes=_number(max_bytes, "max_bytes"))
        with Rule(rule) as r:
            q = ctypes.c_void_p()
            why = ctypes.create_string_buffer(128)
            try:
                st = _c.grundy_misere_load(r._rule, os.fsencode(path), ctypes.byref(opts),
                                           ctypes.byref(q), why, len(why))
                if st == STATUS_NAMES.index("parse"):
                    raise GrundyError(f"{path}: {why.value.decode()}", "parse")
                _check(st, f"misere quotient file {path}")
                return _read(q, r.canonical)
            finally:
                _c.grundy_misere_destroy(q)

    def outcome(self, heaps) -> str:
        """'win' or 'lose' for the player to move in the misere sum of `heaps` (each at most
        max_heap), by the quotient: the product of the images in the P-portion means 'lose'."""
        if self.table is None:
            raise GrundyError("the quotient's table is not kept past order 256", "limit")
        index = {w: i for i, w in enumerate(self.elements)}
        x = 0
        for h in heaps:
            h = _number(h, "heap")
            if h > self.max_heap:
                raise GrundyError(f"heap {h} is past max_heap {self.max_heap}", "range")
            x = self.table[x][index[self.phi[h]]]
        return "lose" if self.elements[x] in self.p_portion else "win"

    def _repr_html_(self) -> str:
        """The presentation, the P-portion and the multiplication table (P-portion marked)."""
        e = self.elements
        p = set(self.p_portion)
        head = (f"<p><b>{html.escape(self.rule)}</b>, heaps up to {self.max_heap}: order "
                f"{self.order}, P-portion {self.p_size}, "
                f"{'tame (T%d)' % self.tame if self.tame is not None else 'not tame'}<br>"
                f"generators: {', '.join(f'{n} = heap {h}' for n, h in self.generators)}<br>"
                f"relations: {html.escape(', '.join(self.relations))}<br>"
                f"phi: {html.escape(' '.join(self.phi))}</p>")
        if self.table is None or self.order > 32:
            return head
        cell = lambda w: (f"<td style='background:#fdd'><b>{html.escape(w)}</b></td>" if w in p
                          else f"<td>{html.escape(w)}</td>")
        rows = "".join(f"<tr><th>{html.escape(e[i])}</th>" + "".join(cell(e[v]) for v in row)
                       + "</tr>" for i, row in enumerate(self.table))
        return (head + "<table><tr><th>&times;</th>" + "".join(f"<th>{html.escape(w)}</th>" for w in e)
                + f"</tr>{rows}</table><p>(P-portion in red)</p>")


@dataclass(frozen=True)
class Genus:
    """Conway's genus g^(g0 g1 ...) of one heap: `normal` = g, `misere_values` = g0, g1, ..."""
    heap: int
    normal: int
    misere_values: List[int]


def _word(q, x: int) -> str:
    buf = ctypes.create_string_buffer(1024)
    n = _c.grundy_misere_format_element(q, x, buf, len(buf))
    if n >= len(buf):
        buf = ctypes.create_string_buffer(n + 1)
        _c.grundy_misere_format_element(q, x, buf, n + 1)
    return buf.value.decode()


def _relation(q, i: int) -> str:
    n = _c.grundy_misere_format_relation(q, i, None, 0)
    buf = ctypes.create_string_buffer(n + 1)
    _c.grundy_misere_format_relation(q, i, buf, n + 1)
    return buf.value.decode()


def _gen_name(i: int) -> str:
    return chr(ord("a") + i) if i < 26 else f"g{i + 1}"


def _read(q, canonical: str) -> MisereQuotient:
    order, top = _c.grundy_misere_order(q), _c.grundy_misere_max_heap(q)
    elements = [_word(q, x) for x in range(order)]
    phi = []
    for h in range(top + 1):
        x = ctypes.c_uint32()
        _c.grundy_misere_image(q, h, ctypes.byref(x))
        phi.append(elements[x.value])
    period, pre = ctypes.c_uint64(), ctypes.c_uint64()
    has_period = _c.grundy_misere_phi_period(q, ctypes.byref(period), ctypes.byref(pre))
    pp, pn = ctypes.c_uint64(), ctypes.c_uint64()
    proved = bool(_c.grundy_misere_proved(q, ctypes.byref(pp), ctypes.byref(pn)))
    tame = _c.grundy_misere_tame(q)
    table = None
    if order <= TABLE_MAX_ORDER:
        table = [[_c.grundy_misere_mul(q, a, b) for b in range(order)] for a in range(order)]
    return MisereQuotient(
        canonical, top, order, _c.grundy_misere_p_size(q), tame if tame >= 0 else None,
        [(_gen_name(i), _c.grundy_misere_generator_heap(q, i))
         for i in range(_c.grundy_misere_generator_count(q))],
        [_relation(q, i) for i in range(_c.grundy_misere_relation_count(q))],
        [elements[x] for x in range(order) if _c.grundy_misere_is_p(q, x)], phi,
        _c.grundy_misere_stable_from(q), period.value if has_period else None,
        pre.value if has_period else None, proved, elements, table,
        _c.grundy_misere_proved_at(q) if proved else None)


def misere(rule: str, max_heap: Optional[int] = None, *,
           max_quotient: int = _lib.DEFAULT_MISERE_MAX_QUOTIENT,
           max_bytes: int = DEFAULT_MAX_BYTES, max_work: int = DEFAULT_MAX_WORK,
           progress: Optional[Callable[[int, int], object]] = None,
           save: Optional[str] = None) -> MisereQuotient:
    """The misere quotient of `rule` restricted to heaps 0..max_heap (`grundy misere RULE
    --max-heap N --json`, with the CLI's defaults and limits); without max_heap, grown heap by
    heap until phi's period is proved (`grundy misere RULE`): then it is the quotient of all
    heaps (`proved`, `proved_at`); for a rule no periodicity proof covers (a tail, as Nim's; a
    split without taking) it stops at heap 32, and `partial` says so. `save`: also write it to that file (`--save FILE`), for
    `MisereQuotient.load` and `grundy play RULE ... --misere --quotient FILE`.

    In misere play the player who makes the last move loses, and sums of games no longer add up
    by nim-sums. Plambeck and Siegel's quotient is the monoid of positions up to
    indistinguishability: each heap n has an image phi[n], a sum's image is the product of its
    heaps' images, and the sum is a P-position exactly when that product lies in the P-portion.
    Every quotient returned has passed an exact check over all positions of heaps up to max_heap.

        >>> q = grundy.misere("0.75", 20)
        >>> q.order, q.p_portion, q.relations[:2]
        (8, ['a', 'b^2'], ['a^2 = 1', 'bc = ab'])
        >>> q.outcome([1]), q.outcome([1, 2, 2])
        ('lose', 'win')

    Limits (each past: GrundyError with status 'limit', exit code 4): max_quotient, the largest
    quotient or candidate (default 4096); max_bytes, the check's memory (2^30); max_work, its
    steps (2^30). `progress(heap, max_heap)` is called now and then (max_heap None when it is
    not given). In a notebook the result draws its multiplication table."""
    until_proved = max_heap is None
    max_heap = MAX_HEAP if until_proved else _number(max_heap, "max_heap")
    if max_heap > MAX_HEAP:
        raise GrundyError(f"max_heap {max_heap} is past {MAX_HEAP}", "range")

    def report(ctx, heap, work):
        try:
            progress(heap, None if until_proved else max_heap)
        except Exception:  # a progress function cannot stop the quotient: ignore its failure
            pass
    hook = _lib.MisereProgress(report)
    opts = _lib.MisereOpts(max_quotient=_number(max_quotient, "max_quotient"),
                           max_states=_lib.DEFAULT_MISERE_MAX_STATES,
                           max_options=_lib.DEFAULT_MISERE_MAX_OPTIONS,
                           max_bytes=_number(max_bytes, "max_bytes"),
                           max_work=_number(max_work, "max_work"),
                           progress=ctypes.cast(hook, ctypes.c_void_p) if progress else None)
    with Rule(rule) as r:
        q = ctypes.c_void_p()

        def compute():
            _check(_c.grundy_misere_create(r._rule, ctypes.byref(opts), ctypes.byref(q)),
                   r.canonical)
            st = (_c.grundy_misere_solve if until_proved else _c.grundy_misere_extend)(q, max_heap)
            if st == _lib.STATUS_LIMIT:
                need = ctypes.c_uint64()
                why = _LIMIT_WORDS.get(_c.grundy_misere_limit(q, ctypes.byref(need)), "a bound")
                done = _c.grundy_misere_max_heap(q)
                raise GrundyError(f"misere quotient of {r.canonical}: {why} reached after heap "
                                  f"{done}; raise it or lower max_heap", "limit")
            _check(st, f"misere quotient of {r.canonical}")
            if save is not None:
                _check(_c.grundy_misere_save(q, os.fsencode(save)), f"misere quotient file {save}")
            return _read(q, r.canonical)
        try:
            return r._guard.run(compute, GrundyError)
        finally:
            _c.grundy_misere_destroy(q)


def genus(rule: str, max_heap: int = DEFAULT_MAX_HEAP, *,
          max_bytes: int = DEFAULT_MAX_BYTES) -> List[Genus]:
    """Conway's genus g^(g0 g1 ...) of heaps 0..max_heap (`grundy misere RULE --genus`): g the
    heap's normal-play Grundy value, g_k the misere Grundy value of the heap plus k heaps *2, by a
    search of each sum; terms stop where they start to alternate.

        >>> grundy.genus("kayles", 2)[2]
        Genus(heap=2, normal=2, misere_values=[2, 0])
    """
    max_heap = _number(max_heap, "max_heap")
    if max_heap > MAX_HEAP:
        raise GrundyError(f"max_heap {max_heap} is past {MAX_HEAP}", "range")
    rows = (_lib.Genus * (max_heap + 1))()
    need = ctypes.sizeof(rows)
    if need > max_bytes:
        raise GrundyError(f"genus: {max_heap + 1} heaps need {need} bytes of rows, over max_bytes "
                          f"{max_bytes}", "limit")
    with Rule(rule) as r:
        r._guard.run(lambda: _check(_c.grundy_misere_genus(r._rule, max_heap, GENUS_MAX_STATES,
                                                           max(max_bytes - need, 1), rows),
                                    f"genus of {r.canonical}"), GrundyError)
    return [Genus(h, g.normal, list(g.misere[:g.len])) for h, g in enumerate(rows)]
