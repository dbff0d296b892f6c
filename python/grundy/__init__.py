# SPDX-License-Identifier: MIT
"""grundy: impartial combinatorial games from Python, over libgrundy (ctypes, no dependencies).

    >>> import grundy
    >>> grundy.values("kayles", 11)
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    >>> grundy.period("0.07").period, grundy.value("kayles", 10**18)
    (34, 1)

Every call raises grundy.GrundyError (with .message, .status and .exit_code, the CLI's exit code)
when the library refuses: a rule that does not parse, a heap past what is proved, a limit.

What there is, each the CLI command of the same name with its defaults and limits: values,
value, period, count, play, graph, misere and genus (misere quotients), stats, verify, survey,
solve, nim (sum, product, inverse, count), plot (SVG text; sequence() shows as its picture in a
notebook), array_of (NumPy arrays when NumPy is installed), and
the Rule class behind the sequence calls (progress callbacks; Ctrl-C stops a long call). See
docs/python.md and docs/tutorial.ipynb."""
import array
import ctypes
from dataclasses import dataclass, field
from typing import Any, Callable, List, Optional, Sequence, Tuple, TypeVar, Union

from . import _lib
from ._guard import Guard, Progress

__all__ = ["GrundyError", "Rule", "Period", "Count", "Move", "Play", "GraphOutcomes",
           "values", "array_of", "period", "value", "count", "play", "graph", "canonical",
           "version", "misere", "genus", "MisereQuotient", "Genus", "nim",
           "stats", "Stats", "verify", "Verification", "survey", "Survey", "SurveyRow",
           "solve", "Solution", "HeapGame", "plot", "plot_graph", "sequence", "Sequence"]

_c = _lib.load()
T = TypeVar("T")
Array = Any  # numpy.ndarray when NumPy is installed, else array.array

# grundy_status, in the order of GRUNDY_STATUS_LIST (include/grundy/common.h).
STATUS_NAMES = ("ok", "nomem", "invalid_arg", "parse", "range", "limit", "io", "unsupported",
                "not_found", "internal", "interrupted", "check")
# The exit code of each status (cli_exit_code; docs/architecture.md, "Exit codes").
_EXIT_CODES = {"ok": 0, "invalid_arg": 3, "parse": 3, "range": 3, "unsupported": 3,
               "not_found": 3, "nomem": 4, "limit": 4, "io": 5, "internal": 5,
               "interrupted": 130, "check": 5}
_ENGINES = {"auto": 0, "naive": 1, "sparse": 2}
NUMBER_MAX = (1 << 63) - 1


class GrundyError(Exception):
    """A refusal from libgrundy: `message` says what and why, `status` is the library's status
    name ('parse', 'range', 'limit', ...), `exit_code` the grundy tool's exit code for it."""

    def __init__(self, message: str, status: str):
        super().__init__(message)
        self.message = message
        self.status = status
        self.exit_code = _EXIT_CODES.get(status, 5)


def _status_name(st: int) -> str:
    return STATUS_NAMES[st] if 0 <= st < len(STATUS_NAMES) else "internal"


def _check(st: int, what: str) -> None:
    if st != 0:
        text = _c.grundy_status_str(st).decode()
        raise GrundyError(f"{what}: {text}", _status_name(st))


def _number(x, what: str) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise GrundyError(f"{what} must be an integer, not {x!r}", "invalid_arg")
    if x < 0 or x > NUMBER_MAX:
        raise GrundyError(f"{what} ({x}) is out of range 0 to 2^63 - 1", "range")
    return x


def version() -> str:
    """The library's version, "MAJOR.MINOR.PATCH"."""
    return _c.grundy_version().decode()


@dataclass(frozen=True)
class Period:
    """g(n + period) = g(n) + saltus for every n >= preperiod; `period` is None when no period
    was found within the bound. `proof` is 'guy-smith', 'k-heap', 'window', 'closed-form' or
    None (observed only, or nothing found)."""
    rule: str
    period: Optional[int]
    preperiod: Optional[int]
    saltus: int
    proved: bool
    proof: Optional[str]
    values_computed: int
    max_value: Optional[int]  # None when the values grow without bound (a saltus)


@dataclass(frozen=True)
class Count:
    p_positions: int
    n_positions: int


@dataclass(frozen=True)
class Move:
    """Take `take` from heap number `heap` (0-based) of `size` tokens, leaving the heaps
    `leaves` (ascending)."""
    heap: int
    size: int
    take: int
    leaves: List[int]


@dataclass(frozen=True)
class Play:
    """`outcome` is 'win' or 'lose' for the player to move; `moves` lists at most max_moves of
    the `move_count` winning moves; `nim_sum` is None in misere play."""
    rule: str
    heaps: List[int]
    misere: bool
    outcome: str
    nim_sum: Optional[int]
    move_count: int
    moves: List[Move] = field(default_factory=list)


@dataclass(frozen=True)
class GraphOutcomes:
    """One character per vertex in `outcomes` ('W', 'L', 'D'); `remoteness[v]` is None for a
    draw."""
    vertices: int
    edges: int
    outcomes: str
    remoteness: List[Optional[int]]
    win: int
    lose: int
    draw: int

    def _repr_html_(self) -> str:
        """One cell per vertex (the first 500), coloured by outcome, with its remoteness."""
        colour = {"W": "#cfc", "L": "#fcc", "D": "#ddd"}
        cells = []
        for v, o in enumerate(self.outcomes[:500]):
            far = self.remoteness[v] if self.remoteness else None
            cells.append(f"<td style='background:{colour[o]};text-align:center'>{v}<br>"
                         f"<b>{o}</b>{'' if far is None else f' {far}'}</td>")
        return (f"<p>{self.vertices} vertices, {self.edges} edges: {self.win} win, {self.lose} "
                f"lose, {self.draw} draw (vertex, outcome, remoteness)</p><table><tr>"
                f"{''.join(cells)}</tr></table>")


QUICK_WORK = 1e5


def _closed(message: str) -> GrundyError:
    return GrundyError(message, "invalid_arg")


class Rule:
    """A parsed rule with its query object, kept between calls (one period search serves every
    value and count). `max_n` is the largest heap that may be computed (default 2^25), `engine`
    'auto', 'naive' or 'sparse'; `threads` the threads that compute values (default 1; the
    CLI's default is the cores online, os.cpu_count(); the values never depend on it);
    `progress`, when given, is called as progress(done, target) between chunks of a long
    computation (about every 50 ms) with the heaps computed so far and the count aimed at. Use as a context manager, or let the garbage collector free it; a closed
    Rule raises GrundyError.

    Ctrl-C (or a notebook's "interrupt kernel") stops a computation within a chunk and raises
    KeyboardInterrupt; what was computed stays and the Rule stays usable. One Rule may be shared
    by threads: its calls take a lock and run one at a time.

    Long runs, as the CLI's --checkpoint, --checkpoint-every, --memory and --spill: with
    `checkpoint` (a file) the values are resumed from it when it exists and written to it every
    `checkpoint_every` seconds (default 300), at the end of each call that computed values and
    when one is stopped (the CLI resumes Python's checkpoints and the other way round); with
    `memory` (bytes) the sequence keeps a prefix and a window within that bound and each_value
    hands the values over as they are computed (`spill`, a file, keeps the dropped ones on
    disk; a checkpoint with memory needs it)."""

    def __init__(self, text: str, *, max_n: Optional[int] = None, engine: str = "auto",
                 progress: Progress = None, threads: int = 1, checkpoint: Optional[str] = None,
                 checkpoint_every: Optional[float] = None, memory: Optional[int] = None,
                 spill: Optional[str] = None):
        self._rule = ctypes.c_void_p()
        self._query = ctypes.c_void_p()
        self._player = ctypes.c_void_p()
        self._guard = Guard(f"rule '{text}'")
        self.progress: Optional[Callable[[int, int], object]] = progress
        self._hook_error: Optional[BaseException] = None
        self._hook = _lib.SeqHook(self._on_chunk)
        self._long = LongRun(checkpoint, checkpoint_every, memory, spill)
        if engine not in _ENGINES:
            raise GrundyError(f"unknown engine '{engine}' (naive, sparse or auto)", "invalid_arg")
        diag = _lib.Diag()
        st = _c.grundy_rule_parse(str(text).encode(), ctypes.byref(self._rule), ctypes.byref(diag))
        if st != 0:
            raise GrundyError(f"rule '{text}', position {diag.column}: {diag.message.decode()}",
                              _status_name(st))
        self.canonical = self._format()
        self._guard.what = f"Rule {self.canonical}"
        self.max_n = _lib.DEFAULT_MAX_N if max_n is None else _number(max_n, "max_n")
        seq = _lib.SeqOpts(engine=_ENGINES[engine], max_bytes=_lib.DEFAULT_SEQ_MAX_BYTES,
                           threads=_number(threads, "threads"),
                           hook=ctypes.cast(self._hook, ctypes.c_void_p),
                           stop=ctypes.cast(ctypes.byref(self._guard.stop), ctypes.c_void_p))
        self._long.configure(seq)
        self._opts = _lib.PeriodOpts(max_n=self.max_n, seq=seq,
                                     unproved_max_n=self.max_n if max_n is not None else 0)
        if engine == "sparse" and _c.grundy_rule_max_heaps_left(self._rule) != 2:
            raise GrundyError(f"engine 'sparse' needs a rule with moves that leave two heaps; "
                              f"{self.canonical} has none", "invalid_arg")
        _check(_c.grundy_query_create(self._rule, ctypes.byref(self._opts),
                                      ctypes.byref(self._query)), self.canonical)
        self._long.attach(self._query, self.canonical)

    def _format(self) -> str:
        n = _c.grundy_rule_format(self._rule, None, 0)
        buf = ctypes.create_string_buffer(n + 1)
        _c.grundy_rule_format(self._rule, buf, n + 1)
        return buf.value.decode()

    def _on_chunk(self, ctx, seq, target) -> int:
        """The library's hook, between two chunks: values to each_value's function, the
        checkpoint when due, progress; a function that raises stops the computation (its
        exception is raised by the call)."""
        try:
            st = self._long.on_chunk()
            if st == 0 and self.progress is not None:
                self.progress(_c.grundy_seq_length(seq), target)
            return st
        except BaseException as e:  # raised again by _run, once the C call has returned
            self._hook_error = e
            return STATUS_NAMES.index("interrupted")

    def _run(self, fn: Callable[[], T], upto: Optional[int] = None) -> T:
        """fn() under the Rule's lock, interruptible (grundy/_guard.py); directly when it needs
        heaps up to `upto` only and those are answerable already, or cost the engine under
        QUICK_WORK option visits by its own estimate (well under a millisecond)."""
        def call():
            self._hook_error = None
            try:
                return fn()
            except GrundyError:
                if self._hook_error is not None:
                    raise self._hook_error
                raise
        quick = None
        if upto is not None:
            def quick() -> bool:
                return (upto <= _c.grundy_query_reach(self._query)
                        or _c.grundy_query_work(self._query, upto) < QUICK_WORK)
        try:
            return self._guard.run(call, _closed, quick)
        finally:
            self._long.finish(self._guard)  # the checkpoint, when the values grew

    def close(self) -> None:
        """Free the C objects now (also done when the Rule is collected). Later calls raise
        GrundyError."""
        guard = getattr(self, "_guard", None)
        if guard is None:
            return
        with guard.lock:
            guard.closed = True
            self._free()

    def _free(self) -> None:
        if getattr(self, "_player", None):
            _c.grundy_position_destroy(self._player)
            self._player = ctypes.c_void_p()
        if getattr(self, "_query", None):
            _c.grundy_query_destroy(self._query)
            self._query = ctypes.c_void_p()
        if getattr(self, "_rule", None):
            _c.grundy_rule_destroy(self._rule)
            self._rule = ctypes.c_void_p()

    __del__ = close

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __str__(self) -> str:
        return self.canonical

    def __repr__(self) -> str:
        return f"grundy.Rule({self.canonical!r})"

    def _past_reach(self, st: int, heap: int) -> None:
        """Raise the CLI's message for a heap the query could not answer."""
        if st == 0:
            return
        windowed = self._long.limit_message(self.canonical) if _status_name(st) == "limit" else None
        if windowed is not None:
            raise GrundyError(windowed, "limit")  # memory: a value dropped, or every one needed
        if _status_name(st) != "limit" or heap <= self.max_n:
            _check(st, f"{self.canonical}, heap {heap}")
        reach = _c.grundy_query_reach(self._query)
        if _c.grundy_period_theorem(self._rule) == 0:
            why = (f"no theorem proves periods of {self.canonical} ('!' codes and tails), so "
                   f"only heaps up to max_n are answered; raise max_n (now {self.max_n}) to "
                   f"{heap} or more")
        else:
            why = (f"computed g(0..{reach}) of {self.canonical} without a proved period; raise "
                   f"max_n (now {self.max_n})")
        raise GrundyError(f"g({heap}) is past what is proved: {why}", "limit")

    def value(self, n: int) -> int:
        """g(n), for n up to 2^63 - 1 (through a proved period past max_n)."""
        n = _number(n, "heap")
        out = ctypes.c_uint64()
        self._run(lambda: self._past_reach(_c.grundy_query_value(self._query, n,
                                                                 ctypes.byref(out)), n), n)
        return out.value

    def values_array(self, to: int, start: int = 0) -> array.array:
        """g(start..to) as an array('Q') (8 bytes a value; a memoryview of it is a bytes view)."""
        to, start = _number(to, "to"), _number(start, "start")
        if start > to:
            raise GrundyError(f"start ({start}) is greater than to ({to})", "range")
        count = to - start + 1
        buf = array.array("Q", bytes(8 * count))
        addr, _ = buf.buffer_info()
        ptr = ctypes.cast(addr, ctypes.POINTER(ctypes.c_uint64))
        self._run(lambda: self._past_reach(_c.grundy_query_values(self._query, start, count, ptr),
                                           to), to)
        return buf

    def values(self, to: int, start: int = 0) -> List[int]:
        """[g(start), ..., g(to)]."""
        return self.values_array(to, start).tolist()

    def each_value(self, to: int, fn: Callable[[int, int], object], start: int = 0) -> None:
        """fn(n, g(n)) for n = start..to (to <= max_n), in order, as the values are computed:
        with `memory`, the way past what fits (the CLI's `values --memory`), the sequence
        keeping only a prefix and a window. An exception from fn stops the call."""
        self._run(lambda: self._long.each_value(self, _number(to, "to"), fn,
                                                _number(start, "start")))

    def array(self, to: int, start: int = 0) -> "Array":
        """g(start..to) at the narrowest unsigned width that holds them (1, 2, 4 or 8 bytes): a
        numpy.ndarray (uint8 ... uint64) when NumPy is installed, else an array.array ('B', 'H',
        'I' or 'Q'). One C call fills the values and one vectorised pass narrows them, with no
        Python object per value."""
        wide = self.values_array(to, start)
        return _narrow(wide)

    def period(self) -> Period:
        """The smallest period and preperiod, proved or observed, searched in doubling rounds up
        to max_n (a Period with period None when there is none within the bound)."""
        r = _lib.PeriodResult()
        self._run(lambda: _check(_c.grundy_period_find(self._rule, None, ctypes.byref(self._opts),
                                                       ctypes.byref(r)), self.canonical))
        proof = _c.grundy_proof_name(r.proof) if r.found and r.proved else None
        return Period(self.canonical, r.period if r.found else None,
                      r.preperiod if r.found else None, r.saltus if r.found else 0,
                      bool(r.found and r.proved), proof.decode() if proof else None,
                      r.values_computed, None if r.found and r.saltus else r.max_value)

    def count(self, to: int, start: int = 0) -> Count:
        """P- and N-positions among heaps start..to (to up to 2^63 - 1)."""
        to, start = _number(to, "to"), _number(start, "start")
        if start > to:
            raise GrundyError(f"start ({start}) is greater than to ({to})", "range")
        p, n = ctypes.c_uint64(), ctypes.c_uint64()
        self._run(lambda: self._past_reach(_c.grundy_query_count(self._query, start, to,
                                                                 ctypes.byref(p),
                                                                 ctypes.byref(n)), to), to)
        return Count(p.value, n.value)

    def play(self, heaps: Sequence[int], *, misere: bool = False, max_moves: int = 20) -> Play:
        """Who wins the sum of `heaps` (the player to move), and up to max_moves winning moves."""
        heaps = [_number(h, "heap") for h in heaps]
        max_moves = _number(max_moves, "max_moves")
        return self._run(lambda: self._play(heaps, bool(misere), max_moves))

    def _play(self, heaps: List[int], misere: bool, max_moves: int) -> Play:
        if not self._player:
            opts = _lib.PositionOpts(period=self._opts, max_states=_lib.DEFAULT_MAX_STATES,
                                     max_bytes=_lib.DEFAULT_POSITION_MAX_BYTES,
                                     max_work=_lib.DEFAULT_MAX_WORK,
                                     quotient_max_heap=_lib.DEFAULT_QUOTIENT_MAX_HEAP)
            _check(_c.grundy_position_create(self._rule, ctypes.byref(opts),
                                             ctypes.byref(self._player)), self.canonical)
        hs = (ctypes.c_uint64 * max(len(heaps), 1))(*heaps)
        moves = (_lib.Move * max(max_moves, 1))()
        r = _lib.PlayResult()
        st = _c.grundy_position_play(self._player, hs, len(heaps), int(bool(misere)), moves,
                                     max_moves, ctypes.byref(r))
        if st != 0:
            _check(st, f"{self.canonical}, heaps {' '.join(map(str, heaps))}")
        listed = [Move(m.heap, m.size, m.take, list(m.leaves[:m.leaves_count]))
                  for m in moves[:r.moves_listed]]
        return Play(self.canonical, heaps, bool(misere), "win" if r.win else "lose",
                    None if misere else r.nim_sum, r.move_count + (r.move_count_high << 64), listed)


try:
    import numpy as _np
except ImportError:  # optional: plain Python objects then
    _np = None


def _narrow(wide: array.array) -> "Array":
    """An array('Q') at the narrowest unsigned width holding its largest value."""
    if _np is not None:
        shared = _np.frombuffer(wide, dtype=_np.uint64)  # a view: no copy
        top = int(shared.max()) if len(shared) else 0
        bits = next(b for b in (8, 16, 32, 64) if top < (1 << b))
        return shared if bits == 64 else shared.astype(_np.dtype(f"uint{bits}"))
    top = max(wide) if len(wide) else 0
    bits = next(b for b in (8, 16, 32, 64) if top < (1 << b))
    code = next(c for c in "BHILQ" if array.array(c).itemsize * 8 >= bits)
    return wide if code == "Q" else array.array(code, wide)


def canonical(rule: str) -> str:
    """The canonical form of a rule ('kayles' -> '0.77')."""
    with Rule(rule) as r:
        return r.canonical


def values(rule: str, to: int, start: int = 0, **opts) -> List[int]:
    """[g(start), ..., g(to)] of a rule; opts: Rule's keywords (max_n, engine, threads,
    progress, checkpoint, checkpoint_every)."""
    with Rule(rule, **opts) as r:
        return r.values(to, start)


def array_of(rule: str, to: int, start: int = 0, **opts) -> "Array":
    """g(start..to) of a rule as a numpy.ndarray of the narrowest unsigned dtype (NumPy
    installed) or an array.array; opts: max_n, engine, progress."""
    with Rule(rule, **opts) as r:
        return r.array(to, start)


def value(rule: str, n: int, **opts) -> int:
    """g(n) of a rule, n up to 2^63 - 1; opts: max_n, engine."""
    with Rule(rule, **opts) as r:
        return r.value(n)


def period(rule: str, **opts) -> Period:
    """The rule's period and preperiod, and the theorem proving them; opts: max_n, engine."""
    with Rule(rule, **opts) as r:
        return r.period()


def count(rule: str, to: int, start: int = 0, **opts) -> Count:
    """P- and N-positions among heaps start..to; opts: max_n, engine."""
    with Rule(rule, **opts) as r:
        return r.count(to, start)


def play(rule: str, heaps: Sequence[int], *, misere: bool = False, max_moves: int = 20,
         **opts) -> Play:
    """Who wins a sum of heaps and with which moves; opts: max_n, engine."""
    with Rule(rule, **opts) as r:
        return r.play(heaps, misere=misere, max_moves=max_moves)


def graph(edges: "Union[str, Sequence[Tuple[int, int]]]", vertices: Optional[int] = None, *,
          format: str = "seed",
          remoteness: bool = True) -> GraphOutcomes:
    """Win/lose/draw (and remoteness) of a token on each vertex of a directed graph. `edges` is
    text in the CLI's formats (format 'seed': 'n m' then 'u v' lines; 'edges': 'u v' lines), or
    a list of (u, v) pairs with `vertices` (default 1 + the largest id)."""
    if format not in ("seed", "edges"):
        raise GrundyError(f"unknown graph format '{format}' (seed or edges)", "invalid_arg")
    if isinstance(edges, str):
        text, fmt = edges, 0 if format == "seed" else 1
    else:
        pairs = [(_number(u, "vertex"), _number(v, "vertex")) for u, v in edges]
        n = vertices if vertices is not None else 1 + max((max(p) for p in pairs), default=-1)
        text, fmt = f"{n} {len(pairs)}\n" + "".join(f"{u} {v}\n" for u, v in pairs), 0
    data = text.encode()
    g = ctypes.c_void_p()
    diag = _lib.Diag()
    ropts = _lib.GraphReadOpts(format=fmt, max_bytes=_lib.DEFAULT_GRAPH_MAX_BYTES)
    st = _c.grundy_graph_parse(data, len(data), ctypes.byref(ropts), ctypes.byref(g),
                               ctypes.byref(diag))
    if st != 0:
        where = f"line {diag.line}: " if diag.line else ""
        raise GrundyError(f"graph, {where}{diag.message.decode() or _c.grundy_status_str(st).decode()}",
                          _status_name(st))
    labels = _lib.GraphLabels()
    try:
        _check(_c.grundy_graph_label(g, int(remoteness), ctypes.byref(labels)), "graph")
        n = labels.n
        words = "DLW"
        outcomes = "".join(words[(labels.outcomes[v >> 2] >> ((v & 3) * 2)) & 3] for v in range(n))
        rem = []
        if remoteness:
            rem = [None if labels.remoteness[v] == _lib.REMOTENESS_NONE else labels.remoteness[v]
                   for v in range(n)]
        return GraphOutcomes(n, _c.grundy_graph_edge_count(g), outcomes, rem, labels.win,
                             labels.lose, labels.draw)
    finally:
        _c.grundy_graph_labels_free(ctypes.byref(labels))
        _c.grundy_graph_destroy(g)


from . import nim  # noqa: E402  (nim sums, products, counts)
from ._misere import Genus, MisereQuotient, genus, misere  # noqa: E402
from ._analysis import Stats, Verification, stats, verify  # noqa: E402
from ._survey import Survey, SurveyRow, survey  # noqa: E402
from ._solve import Solution, solve  # noqa: E402
from ._longrun import LongRun  # noqa: E402  (checkpoints and memory bounds of a Rule)
from ._heapgame import HeapGame  # noqa: E402  (heap games defined by a Python function)
from ._plot import Sequence, plot, plot_graph, sequence  # noqa: E402  (pictures, SVG)
def _nimber(create, what: str, max_bytes: int, threads: int) -> int:
    game = ctypes.POINTER(_lib.NimGame)()
    _check(create(ctypes.byref(game)), what)
    try:
        opts = _lib.NimOpts(max_bytes=_number(max_bytes, "max_bytes"),
                            threads=_number(threads, "threads"), progress_seconds=1.0,
                            endgame_bytes=_lib.NIM_DEFAULT_ENDGAME_BYTES)
        v = ctypes.c_uint32()
        _check(_c.grundy_nim_search(game, ctypes.byref(game.contents.initial), ctypes.byref(opts),
                                    ctypes.byref(v), None), what)
        return v.value
    finally:
        _c.grundy_nim_game_destroy(game)


def cram(rows: int, cols: int, blocked: "Sequence[Tuple[int, int]]" = (), *,
         max_bytes: int = 1 << 30, threads: int = 1) -> int:
    """The nimber of Cram on a rows x cols board by search (grundy solve cram); `blocked` lists
    the (row, col) cells blocked from the start."""
    rows, cols = _number(rows, "rows"), _number(cols, "cols")
    cells = (ctypes.c_uint8 * max(1, rows * cols))()
    for r, c in blocked:
        if not (0 <= r < rows and 0 <= c < cols):
            raise GrundyError(f"cram: blocked cell ({r}, {c}) is off the board", "range")
        cells[r * cols + c] = 1
    return _nimber(lambda out: _c.grundy_nim_game_cram_create(rows, cols, cells, out), "cram",
                   max_bytes, threads)


def chomp(rows: int, cols: int, *, max_bytes: int = 1 << 30, threads: int = 1) -> int:
    """The nimber of rows x cols Chomp in normal play, the corner never taken (1 x 1 is 0)."""
    rows, cols = _number(rows, "rows"), _number(cols, "cols")
    return _nimber(lambda out: _c.grundy_nim_game_chomp_create(rows, cols, out), "chomp",
                   max_bytes, threads)


def node_kayles(edges: "Sequence[Tuple[int, int]]", vertices: Optional[int] = None, *,
                max_bytes: int = 1 << 30,
                threads: int = 1) -> int:
    """The nimber of Node Kayles on an undirected graph: (u, v) pairs, `vertices` (default 1 +
    the largest id)."""
    pairs = [(_number(u, "vertex"), _number(v, "vertex")) for u, v in edges]
    n = vertices if vertices is not None else 1 + max((max(p) for p in pairs), default=-1)
    us = (ctypes.c_uint32 * max(1, len(pairs)))(*[u for u, _ in pairs])
    vs = (ctypes.c_uint32 * max(1, len(pairs)))(*[v for _, v in pairs])
    return _nimber(lambda out: _c.grundy_nim_game_node_kayles_create(_number(n, "vertices"), us,
                                                                    vs, len(pairs), out),
                   "node-kayles", max_bytes, threads)
