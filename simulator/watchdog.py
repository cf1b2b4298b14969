"""Guards of a simulation process that cost nothing in the play loop.

* :func:`exit_with_parent`: a worker ends itself when the run's process is gone.
  A SIGKILL of the run leaves it no chance to stop its workers, so each worker
  watches its parent (about once a second) and exits when it changes.
* :class:`MoveClock`: a move that takes longer than the run's move timeout is
  stopped with :class:`MoveTimeout`, which the play loop reports as a fault of
  the strategy (or of the engine) like any other. The loop is not instrumented:
  a helper thread samples the playing thread's stack about ten times per
  timeout, and one call made by the loop is the same call as long as its frame
  object is the same (the clock keeps a reference, so the object cannot be reused).
  The loop is known by its functions' code objects and by the frame that entered
  the clock: a compiled function has no frame, so the calls it makes count as
  those of the last frame above it, the one that entered the clock when the loop
  enters it itself (simulator/play.py).
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time
from types import CodeType, FrameType, TracebackType
from typing import Any

#: seconds a move may take unless a run says otherwise (``move_timeout``, ``--move-timeout``)
DEFAULT_MOVE_TIMEOUT = 60.0

_parent_watch: threading.Thread | None = None


def exit_with_parent(parent_pid: int, interval: float = 1.0) -> None:
    """In a worker that is a direct child of the run's process ``parent_pid``, start
    (once) a daemon thread that exits the process when that parent is gone.

    Nothing happens in the run's own process (``--jobs 1``) or in processes that
    are not its children (Dask workers have their own nanny)."""
    global _parent_watch
    if _parent_watch is not None or os.getpid() == parent_pid or os.getppid() != parent_pid:
        return

    def watch() -> None:
        while os.getppid() == parent_pid:
            time.sleep(interval)
        os._exit(1)

    _parent_watch = threading.Thread(target=watch, name="cardsim-parent-watch", daemon=True)
    _parent_watch.start()


class MoveTimeout(Exception):
    """A move took longer than the move timeout."""

    seconds: float = 0.0

    def __str__(self) -> str:
        return f"no move within {self.seconds:g} s (move timeout; --move-timeout or move_timeout: to change)"


def _loop_callee(
    frame: FrameType | None, loops: frozenset[CodeType], entry: FrameType | None
) -> FrameType | None:
    """The frame of the call that the innermost loop frame of a stack (one running a code object
    of ``loops``, or ``entry``) is waiting on."""
    callee = None
    while frame is not None:
        if frame is entry or frame.f_code in loops:
            return callee
        callee, frame = frame, frame.f_back
    return None


class MoveClock:
    """While active, raise :class:`MoveTimeout` in the current thread when a call made by the
    innermost frame of one of the ``loops`` (the play loop), or by the frame that entered the
    clock, lasts ``seconds`` or more."""

    def __init__(self, seconds: float | None, *loops: CodeType) -> None:
        self.seconds = seconds
        self.loops = frozenset(loops)
        self.error = type("MoveTimeout", (MoveTimeout,), {"seconds": seconds or 0.0})
        self._stop = threading.Event()
        self._target: FrameType | None = None
        self._entry: FrameType | None = None
        self._thread: threading.Thread | None = None
        self._old_handler: Any = None

    def __enter__(self) -> MoveClock:
        if not self.seconds:
            return self
        self._ident = threading.get_ident()
        self._entry = sys._getframe(1)
        self._main = threading.current_thread() is threading.main_thread()
        if self._main:
            self._old_handler = signal.signal(signal.SIGALRM, self._on_alarm)
        self._thread = threading.Thread(target=self._watch, name="cardsim-move-clock", daemon=True)
        self._thread.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._thread is None:
            return
        self._stop.set()
        self._thread.join()
        self._target = self._entry = None
        if self._main:
            signal.signal(signal.SIGALRM, self._old_handler)

    def _watch(self) -> None:
        assert self.seconds
        tick = min(1.0, self.seconds / 10)
        seen: FrameType | None = None
        since = 0.0
        while not self._stop.wait(tick):
            call = _loop_callee(sys._current_frames().get(self._ident), self.loops, self._entry)
            now = time.monotonic()
            if call is not seen:
                seen, since = call, now
            elif call is not None and now - since >= self.seconds:
                self._interrupt(call)
                since = now  # a strategy that swallows the error is interrupted again later
            del call
        seen = None

    def _interrupt(self, call: FrameType) -> None:
        self._target = call
        if self._main:  # a real signal also wakes a blocking call such as time.sleep
            signal.pthread_kill(self._ident, signal.SIGALRM)
        else:  # threads get no signals: raise at the thread's next bytecode
            ctypes.pythonapi.PyThreadState_SetAsyncExc(
                ctypes.c_ulong(self._ident), ctypes.py_object(self.error)
            )

    def _on_alarm(self, signum: int, frame: FrameType | None) -> None:
        target = self._target
        if target is not None and _loop_callee(frame, self.loops, self._entry) is target:
            self._target = None
            raise self.error()
