# SPDX-License-Identifier: MIT
"""Heap games defined in Python: a function lists, for a heap of n, the heaps each move leaves
(CGSuite's way of defining a heap game), and the library's callback rule (grundy_rule_from_moves,
include/grundy/rule.h) computes with it."""
import ctypes
from typing import Any, Callable, Iterable, List, Optional, Sequence, Tuple, Union

from . import _lib
from . import GrundyError, Rule, STATUS_NAMES, _c, _check, _closed, _number, _status_name
from ._guard import Guard, Progress
from ._longrun import LongRun

MoveList = Iterable[Union[int, Sequence[int]]]
_INTERRUPTED = STATUS_NAMES.index("interrupted")
_INT64_MAX = (1 << 63) - 1
DEFAULT_MAX_N = 1024  # heaps a HeapGame computes unless told more: a Python call per heap


class HeapGame(Rule):
    """A heap game whose moves a Python function lists: `moves(n)` returns, for a heap of n
    tokens, one entry per move, the heaps the move leaves: a tuple (or list) of heap sizes, or a
    single int for one heap (0 or () for a move that leaves nothing). Each heap left must be
    smaller than n, at most four of them, summing to at most n; the order of the moves and
    repeats do not matter.

        >>> kayles = grundy.HeapGame(
        ...     lambda n: [(a, n - t - a) for t in (1, 2) if t <= n
        ...                for a in range((n - t) // 2 + 1)],
        ...     max_take=2, max_heaps_left=2, octal=True, name="kayles by hand")
        >>> kayles.values(11), kayles.period().period
        ([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6], 12)

    It has a Rule's calls (value, values, array, period, count, play; grundy.verify takes it
    too), computed by the naive engine up to `max_n` (default 1024). The declared shape, when
    known: `max_take`, the most tokens a move takes; `max_heaps_left`, the most heaps it leaves;
    `octal=True` promises that the game is a take-and-break (octal-like) game: whether taking k
    tokens may leave j heaps depends on k and j only, and then every split into j heaps is a
    move. The code is read off the moves of heaps 0 to max_take + 4 and every heap computed is
    checked against it; with it a theorem proves the period (Guy and Smith's for at most two
    heaps left). Without it, `period()` is observed, not proved (`proved` False).

    An exception raised by `moves` stops the computation and is raised by the call; a move that
    breaks the rules raises GrundyError (status 'invalid_arg') saying which; Ctrl-C stops a
    long call as for a Rule."""

    def __init__(self, moves: Callable[[int], MoveList], *, name: Optional[str] = None,
                 max_take: Optional[int] = None, max_heaps_left: Optional[int] = None,
                 octal: bool = False, max_n: Optional[int] = None, progress: Progress = None):
        if not callable(moves):
            raise TypeError(f"HeapGame: moves must be a function of the heap size, not {moves!r}")
        self._rule = ctypes.c_void_p()
        self._query = ctypes.c_void_p()
        self._player = ctypes.c_void_p()
        self.canonical = str(name) if name is not None else getattr(moves, "__name__", "moves")
        self._guard = Guard(f"HeapGame {self.canonical}")
        self.moves = moves
        self.progress: Optional[Callable[[int, int], object]] = progress
        self._hook_error: Optional[BaseException] = None
        self._callback_error: Optional[BaseException] = None
        self._hook = _lib.SeqHook(self._on_chunk)
        self._long = LongRun(None, None, None, None)  # a rule without text: no checkpoint
        self._fn = _lib.RuleMovesFn(self._list_moves)  # kept: the library calls it
        shape = _lib.RuleShape(
            max_take=_lib_number_max() if max_take is None else _number(max_take, "max_take"),
            max_heaps_left=4 if max_heaps_left is None else _number(max_heaps_left,
                                                                    "max_heaps_left"),
            octal=int(bool(octal)))
        diag = _lib.Diag()
        st = _c.grundy_rule_from_moves(self._fn, None, ctypes.byref(shape),
                                       self.canonical.encode(), ctypes.byref(diag),
                                       ctypes.byref(self._rule))
        if st != 0:
            self._raise_callback_error()
            raise GrundyError(f"HeapGame {self.canonical}: {diag.message.decode()}",
                              _status_name(st))
        self.max_n = DEFAULT_MAX_N if max_n is None else _number(max_n, "max_n")
        seq = _lib.SeqOpts(engine=0, max_bytes=_lib.DEFAULT_SEQ_MAX_BYTES, threads=1,
                           hook=ctypes.cast(self._hook, ctypes.c_void_p),
                           stop=ctypes.cast(ctypes.byref(self._guard.stop), ctypes.c_void_p))
        self._opts = _lib.PeriodOpts(max_n=self.max_n, seq=seq, unproved_max_n=self.max_n)
        _check(_c.grundy_query_create(self._rule, ctypes.byref(self._opts),
                                      ctypes.byref(self._query)), self.canonical)
        self._long.attach(self._query, self.canonical)  # for each_value

    def __repr__(self) -> str:
        return f"grundy.HeapGame({self.canonical!r})"

    @property
    def code(self) -> Optional[str]:
        """The take-and-break code read off the moves when octal=True ('0.77'), else None."""
        code = _c.grundy_rule_shape_code(self._rule)
        if not code:
            return None
        n = _c.grundy_rule_format(code, None, 0)
        buf = ctypes.create_string_buffer(n + 1)
        _c.grundy_rule_format(code, buf, n + 1)
        return buf.value.decode()

    def _list_moves(self, ctx, n: int, sink) -> int:
        """The library's move function: moves(n), handed over in one call. An exception (or a
        Ctrl-C seen on the stop flag) returns 'interrupted', which stops the computation; the
        call that started it raises the exception."""
        if self._guard.stop.value:
            return _INTERRUPTED
        try:
            rows, width = _rows(n, self.moves(n))
            if not rows:
                return 0
            flat = (ctypes.c_int64 * (len(rows) * width))()
            for i, row in enumerate(rows):
                flat[i * width:i * width + len(row)] = row
            return _c.grundy_rule_sink_add(sink, flat, len(rows), width)
        except BaseException as e:  # raised again by _run once the C call has returned
            self._callback_error = e
            return _INTERRUPTED

    def _raise_callback_error(self) -> None:
        """Raise what stopped the last computation in the move function, if anything did."""
        error, self._callback_error = self._callback_error, None
        if error is not None:
            raise error
        problem = _c.grundy_rule_problem(self._rule) if self._rule else None
        if problem:
            raise GrundyError(f"HeapGame {self.canonical}: {problem.decode()}", "invalid_arg")

    def _run(self, fn: Callable[[], Any], upto: Optional[int] = None) -> Any:
        """fn() under the lock, in the helper thread that Ctrl-C stops (every call may run the
        Python move function, so none is quick); a failure of the move function raises its
        exception, or the bad move in words."""
        def call():
            self._hook_error = None
            self._callback_error = None
            try:
                return fn()
            except GrundyError as e:
                failed = e
            if self._hook_error is not None:
                raise self._hook_error
            if failed.status in ("interrupted", "invalid_arg"):
                self._raise_callback_error()
            raise failed
        return self._guard.run(call, _closed)

    def _past_reach(self, st: int, heap: int) -> None:
        if st == 0:
            return
        if _status_name(st) != "limit" or heap <= self.max_n:
            _check(st, f"{self.canonical}, heap {heap}")
        why = ("its period is only observed (declare octal=True with max_take when the game "
               "is take-and-break)" if not self.code else "no period is proved within max_n")
        raise GrundyError(f"g({heap}) of HeapGame {self.canonical} is past max_n "
                          f"({self.max_n}): {why}; raise max_n", "limit")


def _lib_number_max() -> int:
    return _INT64_MAX  # GRUNDY_NUMBER_MAX: not known


def _rows(n: int, moves: MoveList) -> Tuple[List[List[int]], int]:
    """The moves as rows of heap sizes (zeros are no heap), and the longest row's length."""
    if moves is None:
        raise TypeError(f"HeapGame: moves({n}) returned None, not a list of moves")
    rows: List[List[int]] = []
    width = 0
    for move in moves:
        row = [move] if isinstance(move, int) and not isinstance(move, bool) else move
        try:
            row = list(row)
        except TypeError:
            raise TypeError(f"HeapGame: heap {n}: the move {move!r} is not a tuple of heap "
                            "sizes") from None
        for h in row:
            if isinstance(h, bool) or not isinstance(h, int):
                raise TypeError(f"HeapGame: heap {n}: the move {move!r} has {h!r}, not an int")
            if not -_INT64_MAX - 1 <= h <= _INT64_MAX:
                raise ValueError(f"HeapGame: heap {n}: a move leaves a heap of {h}, not "
                                 f"smaller than {n}")
        rows.append(row)
        width = max(width, len(row))
    return rows, max(width, 1)
