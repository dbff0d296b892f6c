# SPDX-License-Identifier: MIT
"""Pictures (`grundy plot`, `grundy graph --plot`) as SVG text, drawn by the library's own code
(include/grundy/picture.h): the same bytes the tool writes, with no plotting package needed; and a
sequence with its period that a notebook shows as its picture."""
import ctypes
from dataclasses import dataclass
from typing import List, Optional

from . import _lib
from . import _c, GraphOutcomes, GrundyError, Period, Rule, _check, _number

u64 = ctypes.c_uint64
P = ctypes.POINTER

KINDS = {"values": 0, "freq": 1, "table": 2}  # grundy_picture_kind
MAX_HEAPS = 10000001  # GRUNDY_PICTURE_MAX_HEAPS
DEFAULT_MAX_BYTES = 64 << 20  # GRUNDY_PICTURE_DEFAULT_MAX_BYTES
GRAPH_MAX_VERTICES = 500  # GRUNDY_PICTURE_GRAPH_MAX_VERTICES


class PictureSeq(ctypes.Structure):
    _fields_ = [("rule", ctypes.c_char_p), ("values", P(u64)), ("to", u64),
                ("period", P(_lib.PeriodResult))]


class PictureOpts(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int), ("max_bytes", ctypes.c_size_t), ("from", u64),
                ("log_scale", ctypes.c_int), ("width", u64)]


class PictureGraph(ctypes.Structure):
    _fields_ = [("vertices", ctypes.c_uint32), ("edges", u64), ("from", P(ctypes.c_uint32)),
                ("to", P(ctypes.c_uint32)), ("outcome", P(ctypes.c_ubyte)),
                ("remoteness", P(ctypes.c_uint32))]


class PictureTable(ctypes.Structure):
    _fields_ = [("width", u64), ("split", u64), ("pre_rows", u64), ("rows", u64), ("count", u64)]


_PROTOTYPES = {
    "grundy_picture_sequence_svg": (ctypes.c_int, [P(PictureSeq), P(PictureOpts),
                                                   P(ctypes.c_void_p), P(ctypes.c_size_t)]),
    "grundy_picture_graph_svg": (ctypes.c_int, [P(PictureGraph), P(PictureOpts),
                                                P(ctypes.c_void_p), P(ctypes.c_size_t)]),
    "grundy_picture_table_layout": (ctypes.c_int, [P(_lib.PeriodResult), u64, u64,
                                                   P(PictureTable)]),
    "grundy_picture_free": (None, [ctypes.c_void_p]),
}
for _name, (_restype, _argtypes) in _PROTOTYPES.items():
    _fn = getattr(_c, _name)
    _fn.restype, _fn.argtypes = _restype, _argtypes


def _svg_text(draw, what: str) -> str:
    """Call draw(byref(svg), byref(len)) and take the library's text, freeing it."""
    svg, length = ctypes.c_void_p(), ctypes.c_size_t()
    st = draw(ctypes.byref(svg), ctypes.byref(length))
    try:
        _check(st, what)
        return ctypes.string_at(svg.value, length.value).decode()
    finally:
        _c.grundy_picture_free(svg)


def _plot_period(r: Rule, to: int, max_n_given: bool) -> _lib.PeriodResult:
    """The period `grundy plot` marks: the one the query has proved, else a search bounded by
    the picture's size unless max_n was given (the larger of 65536 and 4 * (to + 1) heaps, at
    most max_n); only a proved period is marked."""
    known = _c.grundy_query_period(r._query).contents
    result = _lib.PeriodResult()
    if known.found and known.proved:
        ctypes.memmove(ctypes.byref(result), ctypes.byref(known), ctypes.sizeof(result))
    else:
        opts = _lib.PeriodOpts()
        ctypes.memmove(ctypes.byref(opts), ctypes.byref(r._opts), ctypes.sizeof(opts))
        if not max_n_given:
            want = 4 * (to + 1) if to < _lib.DEFAULT_MAX_N // 4 else opts.max_n
            opts.max_n = max(65536, min(want, opts.max_n))
        r._run(lambda: _check(_c.grundy_period_find(r._rule, None, ctypes.byref(opts),
                                                    ctypes.byref(result)), r.canonical))
    result.found = int(bool(result.found and result.proved))
    return result


def _table_to(r: Rule, period: _lib.PeriodResult, width: int) -> int:
    """The last heap of a table without `to`: the preperiod and one period, and as many as the
    period search computed (their labelling marks the rare values), as `grundy plot --table`."""
    if not period.found:
        raise GrundyError(f"no period of {r.canonical} proved up to heap "
                          f"{max(period.values_computed, 1) - 1}; give to=N for a table of "
                          f"g(0..N)", "limit")
    t = PictureTable()
    _check(_c.grundy_picture_table_layout(ctypes.byref(period), width, 0, ctypes.byref(t)),
           "table")
    return min(max(t.count, period.values_computed), MAX_HEAPS) - 1


def _draw(r: Rule, to: Optional[int], kind: str, start: int, log: bool, width: Optional[int],
          max_n_given: bool, max_bytes: int) -> str:
    if kind not in KINDS:
        raise GrundyError(f"unknown kind '{kind}' (values, freq or table)", "invalid_arg")
    if to is None and kind != "table":
        raise GrundyError("to is needed (but with kind='table')", "invalid_arg")
    width = 0 if width is None else _number(width, "width")
    if to is None:
        period = _plot_period(r, 0, max_n_given)
        to = _table_to(r, period, width)
    else:
        to = _number(to, "to")
        if to >= MAX_HEAPS:
            raise GrundyError(f"to ({to}) is past {MAX_HEAPS - 1}", "range")
        period = None
    values = r.values_array(to)
    if period is None:
        period = _plot_period(r, to, max_n_given)
    addr, _ = values.buffer_info()
    seq = PictureSeq(r.canonical.encode(), ctypes.cast(addr, P(u64)), to, ctypes.pointer(period))
    opts = PictureOpts(KINDS[kind], _number(max_bytes, "max_bytes"), _number(start, "start"),
                       int(bool(log)), width)
    return _svg_text(lambda svg, n: _c.grundy_picture_sequence_svg(ctypes.byref(seq),
                                                                   ctypes.byref(opts), svg, n),
                     f"picture of {r.canonical}")


def plot(rule: str, to: Optional[int] = None, *, kind: str = "values", start: int = 0,
         log: bool = False, width: Optional[int] = None, max_n: Optional[int] = None,
         engine: str = "auto", max_bytes: int = DEFAULT_MAX_BYTES) -> str:
    """The SVG text `grundy plot RULE --to TO -o FILE.svg` writes, byte for byte: g(start..to)
    against the heap with the proved period shaded and the rare values of sparse space marked
    (kind='values'); how many heaps have each value (kind='freq', `log` for a log scale); or
    Winning Ways' periodic table (kind='table', rows of the period or of `width`; `to` may be
    left out: the preperiod and one period). `start` is --from, `max_n` and `engine` as Rule's;
    max_bytes bounds the text (GrundyError 'limit' past it).

        >>> svg = grundy.plot("kayles", 120)
        >>> open("kayles.svg", "w").write(svg)
    """
    with Rule(rule, max_n=max_n, engine=engine) as r:
        return _draw(r, to, kind, start, log, width, max_n is not None, max_bytes)


def plot_graph(g: GraphOutcomes, edges, *, max_bytes: int = DEFAULT_MAX_BYTES) -> str:
    """The SVG text `grundy graph FILE --plot FILE.svg` writes for the graph `edges` (pairs
    (u, v), as grundy.graph takes them) and its outcomes `g` (grundy.graph's answer): layers by
    remoteness, coloured by outcome; at most 500 vertices."""
    # in the order the tool draws them: its forward rows (grundy_graph_successors), by u then v
    edges = sorted((_number(u, "vertex"), _number(v, "vertex")) for u, v in edges)
    n = g.vertices
    if n > GRAPH_MAX_VERTICES:
        raise GrundyError(f"the graph has {n} vertices; at most {GRAPH_MAX_VERTICES} are drawn",
                          "invalid_arg")
    m = max(len(edges), 1)
    frm = (ctypes.c_uint32 * m)(*[u for u, _ in edges])
    to = (ctypes.c_uint32 * m)(*[v for _, v in edges])
    codes = {"D": 0, "L": 1, "W": 2}
    outcome = (ctypes.c_ubyte * max(n, 1))(*[codes[o] for o in g.outcomes])
    far = (ctypes.c_uint32 * max(n, 1))(*[_lib.REMOTENESS_NONE if r is None else r
                                          for r in g.remoteness])
    d = PictureGraph(n, len(edges), frm, to, outcome, far)
    opts = PictureOpts(0, _number(max_bytes, "max_bytes"), 0, 0, 0)
    return _svg_text(lambda svg, k: _c.grundy_picture_graph_svg(ctypes.byref(d),
                                                                ctypes.byref(opts), svg, k),
                     "picture of the graph")


@dataclass(frozen=True)
class Sequence:
    """g(0..to) of a rule with its period (grundy.sequence). In a notebook it shows as its
    picture, the proved period shaded (`grundy plot RULE --to TO`); `svg()` is that picture's
    text."""
    rule: str
    values: List[int]
    period: Period
    max_n: Optional[int] = None

    @property
    def to(self) -> int:
        return len(self.values) - 1

    def svg(self, kind: str = "values", **opts) -> str:
        """The picture, as grundy.plot(self.rule, self.to, kind=kind, **opts) draws it."""
        opts.setdefault("max_n", self.max_n)
        return plot(self.rule, self.to, kind=kind, **opts)

    def _repr_svg_(self) -> str:
        return self.svg()

    def axes(self, ax=None):
        """Draw g(n) against n on a matplotlib Axes (a new figure's when ax is None) and return
        it: one point a heap, the preperiod and one period shaded when the period is proved, as
        in the library's picture, for a figure that mixes grundy's values with a paper's own
        plots. matplotlib is optional (Debian: python3-matplotlib); without it this raises
        GrundyError ('unsupported') and everything else works."""
        try:
            import matplotlib.pyplot as plt
        except ImportError as e:
            raise GrundyError("Sequence.axes needs matplotlib (Debian: apt-get install "
                              "python3-matplotlib; or pip install matplotlib)",
                              "unsupported") from e
        if ax is None:
            _, ax = plt.subplots()
        p = self.period
        if p.proved and p.period is not None:
            ax.axvspan(0, p.preperiod, color="#dddddd", label=f"preperiod n0 = {p.preperiod}")
            ax.axvspan(p.preperiod, p.preperiod + p.period, color="#b3d9ea",
                       label=f"period p = {p.period}")
        ax.scatter(range(len(self.values)), self.values, s=4, color="#2b5fa8", label="g(n)",
                   zorder=3)
        ax.set_xlim(0, self.to)
        ax.set_xlabel("heap size n")
        ax.set_ylabel("g(n)")
        ax.set_title(f"Grundy values of {self.rule}, heaps 0 to {self.to}")
        ax.legend(loc="upper left", fontsize="small")
        return ax


def sequence(rule: str, to: int, **opts) -> Sequence:
    """g(0..to) of a rule and its period (as grundy.values and grundy.period; opts: max_n,
    engine), shown in a notebook as its picture with the period marked."""
    with Rule(rule, **opts) as r:
        return Sequence(r.canonical, r.values(to), r.period(), opts.get("max_n"))
