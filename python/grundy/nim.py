# SPDX-License-Identifier: MIT
"""The Nim family, as `grundy nim` computes it: nim-sums, nim-products in Conway's field on 64
bits, inverses, and counting losing Nim positions by a digit automaton.

    >>> from grundy import nim
    >>> nim.sum(3, 5, 6), nim.product(2, 3), nim.inverse(2)
    (0, 1, 3)
    >>> nim.count(2**30)              # Project Euler 301: n, 2n, 3n with n up to 2^30
    2178309
"""
import ctypes
from typing import Iterable

from . import _lib
from . import _c, GrundyError, _check, _number

__all__ = ["sum", "product", "inverse", "count"]

NIMBER_MAX = (1 << 64) - 1
MAX_MULTIPLIER = 1 << 40


def _nimber(x: int) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise GrundyError(f"nimber must be an integer, not {x!r}", "invalid_arg")
    if not 0 <= x <= NIMBER_MAX:
        raise GrundyError(f"nimber {x} is out of range 0 to 2^64 - 1", "range")
    return x


def sum(*nimbers: int) -> int:  # noqa: A001 (the CLI's word)
    """The nim-sum (XOR) of the nimbers, each 0 to 2^64 - 1: `grundy nim sum A B...`."""
    xs = [_nimber(x) for x in nimbers]
    arr = (ctypes.c_uint64 * max(len(xs), 1))(*xs)
    return _c.grundy_nim_sum_array(arr, len(xs))


def product(*nimbers: int) -> int:
    """The nim-product of the nimbers in Conway's field on 64 bits (1 for none):
    `grundy nim product A B...`."""
    out = 1
    for x in nimbers:
        out = _c.grundy_nim_product(out, _nimber(x))
    return out


def inverse(a: int) -> int:
    """The B with a (*) B = 1, for a > 0: `grundy nim inverse A`."""
    out = ctypes.c_uint64()
    st = _c.grundy_nim_inverse(_nimber(a), ctypes.byref(out))
    if st != 0:
        raise GrundyError(f"nim inverse: {a} has no inverse", "invalid_arg" if a == 0 else "range")
    return out.value


def count(to: int, start: int = 1, multipliers: Iterable[int] = (1, 2, 3), *,
          max_states: int = _lib.NIM_COUNT_DEFAULT_STATES) -> int:
    """How many n, start <= n <= to (to up to 2^63 - 1), make n*c1 ^ n*c2 ^ ... = 0: the Nim
    positions (n*c1, n*c2, ...) the player to move loses (Bouton). A digit automaton over the
    products' carries, so the time does not depend on `to`; its size is the product of the
    multipliers, refused past max_states (the CLI's --max-states, default 2^20):
    `grundy nim count --to N --from A --multipliers C1,C2,...`."""
    to, start = _number(to, "to"), _number(start, "from")
    cs = [_number(c, "multiplier") for c in multipliers]
    for c in cs:
        if c > MAX_MULTIPLIER:
            raise GrundyError(f"multiplier {c} is past 2^40", "range")
    if start > to:
        raise GrundyError(f"from ({start}) is greater than to ({to})", "invalid_arg")
    arr = (ctypes.c_uint64 * max(len(cs), 1))(*cs)
    out, need = ctypes.c_uint64(), ctypes.c_size_t()
    st = _c.grundy_nim_count_zero(arr, len(cs), start, to, _number(max_states, "max_states"),
                                  ctypes.byref(out), ctypes.byref(need))
    if _lib.STATUS_LIMIT == st:
        prod = 1
        for c in cs:
            prod *= c or 1
        raise GrundyError(f"the multipliers' product is {prod} automaton states, over max_states "
                          f"{max_states}: raise max_states to {prod}", "limit")
    _check(st, "nim count")
    return out.value
