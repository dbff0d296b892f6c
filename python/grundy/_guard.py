# SPDX-License-Identifier: MIT
"""What every object holding C state shares: a lock, a closed check, and long calls that Ctrl-C
can stop.

ctypes releases the GIL during a C call, so two Python threads could be inside the library on the
same C object at once (the sequence's storage grows by realloc while the other reads it): each
object takes its own lock around every call, so its calls run one at a time, whatever the thread.

A C call cannot be interrupted from Python: the SIGINT handler runs only when the main thread is
back in Python. So a call made from the main thread runs in a helper thread while the main thread
waits, interruptibly; on KeyboardInterrupt it sets the object's stop flag (grundy_seq_opts.stop,
read at every quiescent point of a sequence's computation, about every 50 ms), waits for the call
to return, and raises KeyboardInterrupt. The values computed so far stay, and the object stays
usable."""
import ctypes
import threading
from typing import Callable, Optional, TypeVar

T = TypeVar("T")


class Guard:
    """A lock, a stop flag (a C int, what sig_atomic_t is on the platforms Python runs on), and
    the name used in the error a closed object raises."""

    def __init__(self, what: str):
        self.lock = threading.RLock()
        self.stop = ctypes.c_int(0)
        self.what = what
        self.closed = False

    def run(self, fn: Callable[[], T], closed_error: Callable[[str], Exception],
            quick: Optional[Callable[[], bool]] = None) -> T:
        """fn() under the lock; from the main thread, in a helper thread that Ctrl-C stops,
        unless quick() says the call computes nothing (a helper thread costs tens of
        microseconds, which a loop of lookups would feel)."""
        with self.lock:
            if self.closed:
                raise closed_error(f"{self.what} is closed")
            if quick is not None and quick():
                return fn()
            if threading.current_thread() is not threading.main_thread():
                return fn()  # signals reach only the main thread: nothing to wait for
            return self._interruptible(fn)

    def _interruptible(self, fn: Callable[[], T]) -> T:
        box: dict = {}

        def work() -> None:
            try:
                box["value"] = fn()
            except BaseException as e:  # handed to the caller's thread below
                box["error"] = e

        helper = threading.Thread(target=work, name="grundy-call", daemon=True)
        helper.start()
        try:
            helper.join()
        except KeyboardInterrupt:
            self.stop.value = 1
            _join_uninterrupted(helper)
            self.stop.value = 0
            raise
        if "error" in box:
            raise box["error"]
        return box["value"]


def _join_uninterrupted(helper: threading.Thread) -> None:
    """Wait for the helper, even through more Ctrl-C: the C call must end before its object is
    used (or freed) again."""
    while helper.is_alive():
        try:
            helper.join()
        except KeyboardInterrupt:
            pass


Progress = Optional[Callable[[int, int], object]]
