# SPDX-License-Identifier: MIT
"""Long runs of a Rule's sequence, as the CLI's sequence commands have them: a checkpoint file
(--checkpoint, --checkpoint-every: resumed from when it exists, written every so many seconds,
when a call is stopped and when it ends, atomically by grundy_seqfile_save) and a bounded
footprint (--memory, --spill: the sequence keeps a prefix and a window, and values are handed to
a function as they are computed: Rule.each_value). With both, the checkpoint is the windowed one
`grundy values --memory --spill --checkpoint` writes (its extra bytes name the command,
"values", and the heaps handed over), so either resumes the other's."""
import ctypes
import os
import struct
import time
from typing import Callable, Optional

from . import _lib
from . import GrundyError, _c, _number, _status_name

DEFAULT_CHECKPOINT_EVERY = 300.0  # seconds, the CLI's --checkpoint-every default
SEQFILE_CHECKPOINT = 2  # GRUNDY_SEQFILE_CHECKPOINT (seqfile.h)

_COMMAND = b"values"  # the CLI command whose windowed checkpoints these are
_libc = ctypes.CDLL(None)
_libc.free.argtypes = [ctypes.c_void_p]
_libc.free.restype = None


def _libc_free(p: ctypes.c_void_p) -> None:
    """Free what the library malloc'ed for the caller (a checkpoint's extra bytes)."""
    if p:
        _libc.free(p)


class LongRun:
    """A Rule's checkpoint and memory bound (both optional), with the CLI's rules: memory is at
    least 1 byte; spill needs memory; a checkpoint with memory needs spill."""

    def __init__(self, checkpoint: Optional[str], checkpoint_every: Optional[float],
                 memory: Optional[int], spill: Optional[str]):
        self.checkpoint = os.fspath(checkpoint) if checkpoint is not None else None
        if checkpoint_every is not None and checkpoint is None:
            raise GrundyError("checkpoint_every needs a checkpoint file", "invalid_arg")
        every = DEFAULT_CHECKPOINT_EVERY if checkpoint_every is None else checkpoint_every
        if not isinstance(every, (int, float)) or isinstance(every, bool) or every < 0:
            raise GrundyError(f"checkpoint_every ({every!r}) must be seconds, 0 or more",
                              "invalid_arg")
        self.every = float(every)
        self.memory = None if memory is None else _number(memory, "memory")
        if self.memory == 0:
            raise GrundyError("memory must be at least 1 byte", "range")
        self.spill = os.fspath(spill) if spill is not None else None
        if self.spill is not None and self.memory is None:
            raise GrundyError("spill holds the values memory drops: give memory", "invalid_arg")
        if self.memory is not None and self.checkpoint is not None and self.spill is None:
            raise GrundyError("a checkpoint with memory needs spill (a resumed run gives every "
                              "value again, and the dropped ones are in the spill file only)",
                              "invalid_arg")
        if self.spill is not None:
            st = _c.grundy_seq_spill_probe(self.spill.encode())
            if st != 0:
                raise GrundyError(f"spill {self.spill}: not a spill file (it would be "
                                  "overwritten): remove it or name another", _status_name(st))
        self._spill_bytes = self.spill.encode() if self.spill is not None else None
        self.last_save = time.monotonic()
        self.saved_length = 0
        self.seq = None
        self.sink: Optional[Callable[[int, int], object]] = None
        self.sunk = self.sink_end = 0

    def configure(self, opts: "_lib.SeqOpts") -> None:
        """The memory bound and the spill file into the sequence's options."""
        if self.memory is not None:
            opts.memory = self.memory
            opts.spill = self._spill_bytes

    def attach(self, query, what: str) -> None:
        """The query's sequence; resumed from the checkpoint when the file exists."""
        self.seq = _c.grundy_query_seq(query)
        if self.checkpoint is None or not os.path.exists(self.checkpoint):
            return
        info = _lib.SeqfileInfo()
        extra, extra_len = ctypes.c_void_p(), ctypes.c_size_t(0)
        st = _c.grundy_seqfile_load_extra(self.checkpoint.encode(), self.seq, ctypes.byref(info),
                                          ctypes.byref(extra), ctypes.byref(extra_len))
        made_by = ctypes.string_at(extra, extra_len.value) if extra else b""
        _libc_free(extra)
        if st != 0:
            why = info.message.decode() or _c.grundy_status_str(st).decode()
            raise GrundyError(f"checkpoint {self.checkpoint} refused for {what}: {why}",
                              _status_name(st))
        command = made_by.split(b"\0", 1)[0]
        if made_by and command != _COMMAND:
            raise GrundyError(f"checkpoint {self.checkpoint} refused: made by another command "
                              f"({command.decode(errors='replace')}), whose accumulated state "
                              "is not values's", "parse")
        self.saved_length = _c.grundy_seq_length(self.seq)

    def finish(self, guard) -> None:
        """After a call (returned, failed or stopped by Ctrl-C): write the checkpoint when the
        sequence grew since it was last written (not once the Rule is closed: the sequence is
        gone)."""
        if self.checkpoint is None or self.seq is None:
            return
        with guard.lock:
            if not guard.closed and _c.grundy_seq_length(self.seq) > self.saved_length:
                st = self.save()
                if st != 0:
                    raise GrundyError(f"cannot write checkpoint {self.checkpoint}: "
                                      f"{_c.grundy_status_str(st).decode()}", _status_name(st))

    def each_value(self, rule, to: int, fn: Callable[[int, int], object], start: int) -> None:
        """Rule.each_value's work, under the Rule's lock: extend the sequence to `to`, the hook
        handing the values over chunk by chunk, then the rest."""
        if start > to:
            raise GrundyError(f"start ({start}) is greater than to ({to})", "range")
        if to > rule.max_n:
            raise GrundyError(f"{rule.canonical}: heap {to} is past max_n ({rule.max_n}); "
                              "raise max_n", "limit")
        self.sink, self.sunk, self.sink_end = fn, start, to + 1
        try:
            st = _c.grundy_seq_extend(self.seq, to + 1)
            if st == 0 or _status_name(st) == "limit":
                self.drain()  # after a limit too: the values of the last chunk are kept
            if st == 0:
                return
            if rule._hook_error is not None:
                raise GrundyError("stopped by the hook", "interrupted")  # _run raises its error
            message = self.limit_message(rule.canonical) if _status_name(st) == "limit" else None
            if message is not None:
                raise GrundyError(message, "limit")
            raise GrundyError(f"{rule.canonical}: {_c.grundy_status_str(st).decode()}",
                              _status_name(st))
        finally:
            self.sink = None

    def save(self) -> int:
        """Write the checkpoint now (a status; 0 without a checkpoint)."""
        if self.checkpoint is None or self.seq is None:
            return 0
        self.last_save = time.monotonic()
        self.saved_length = _c.grundy_seq_length(self.seq)
        extra = b""
        if self.memory is not None:  # the windowed checkpoint: what the CLI's values writes
            extra = _COMMAND + b"\0" + struct.pack("<Q", self.sunk if self.sink else 0)
        return _c.grundy_seqfile_save_extra(self.seq, self.saved_length, SEQFILE_CHECKPOINT,
                                            self.checkpoint.encode(), extra or None, len(extra))

    def on_chunk(self) -> int:
        """At a quiescent point: hand the new values to the sink, and write the checkpoint when
        it is due. A status (0: go on)."""
        self.drain()
        if self.checkpoint is not None and time.monotonic() - self.last_save >= self.every:
            return self.save()
        return 0

    def drain(self) -> None:
        """Give the sink every value computed since it last saw one (up to sink_end)."""
        if self.sink is None:
            return
        end = min(_c.grundy_seq_length(self.seq), self.sink_end)
        v = ctypes.c_uint64()
        while self.sunk < end:
            n = self.sunk
            if _c.grundy_seq_kept(self.seq, n):
                value = _c.grundy_seq_get(self.seq, n)
            elif _c.grundy_seq_value(self.seq, n, ctypes.byref(v)) == 0:
                value = v.value
            else:
                raise GrundyError(f"g({n}) was dropped before it was handed over", "internal")
            self.sunk += 1
            self.sink(n, value)

    def limit_message(self, what: str) -> Optional[str]:
        """The CLI's words for the last limit of a sequence with a memory bound."""
        if self.memory is None or self.seq is None:
            return None
        info = _c.grundy_seq_limit(self.seq).contents
        if info.reason == 0:
            return None
        if info.reason == 3 and info.what:  # GRUNDY_SEQ_LIMIT_ALL
            return (f"{info.what.decode()} needs every value of {what} kept, "
                    f"g(0..{info.index - 1}) with the scratch, more than memory {self.memory}; "
                    f"raise memory to at least {info.need_bytes}")
        return (f"{what}: the values kept and the engine's scratch do not fit memory "
                f"{self.memory} at heap {info.heap}; raise memory to at least {info.need_bytes}")
