"""SIGINT and SIGTERM stop a run cleanly instead of killing it.

SIGTERM is what batch schedulers, `timeout` and `docker stop` send; its default
action ends the process at once, leaving no manifest and the workers running.
While a run plays or writes its final files, both signals raise
:class:`StopRequested` in the main thread, so the runner stops its workers (or
the writing), keeps the saved chunks and reports; the next run resumes (and
writes the files again). Python runs a handler only between two steps of the main
thread, so the long steps of the end of a run are made short (slices of rows) or
run in a helper thread (:func:`interruptible`) that the main thread waits for.
While it plans, a first signal is only noted; a second one stops it there.

A handler never raises inside polars: polars runs some of its Python code (data
types built while a query is planned) as callbacks from its Rust core, where an
exception becomes a panic that prints a Rust backtrace and loses the signal. A
signal that arrives there is sent again a moment later, once polars has returned.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TypeVar

T = TypeVar("T")

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
RETRY_SECONDS = 0.02
"""How long a signal that arrived inside polars waits before it is sent again."""


class StopRequested(KeyboardInterrupt):
    """A stop signal arrived while the run was playing (a KeyboardInterrupt, so that
    joblib aborts its workers as it does on Ctrl-C)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class StopSignals:
    """Handlers for the stop signals: raise while ``armed`` (or at the second signal),
    else note the signal."""

    def __init__(self) -> None:
        self.armed = True
        self.received: int | None = None
        self._resend: threading.Timer | None = None  # a signal deferred out of polars

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        resent, self._resend = self._resend is not None, None
        again = self.received is not None and not resent
        self.received = signum
        if not (self.armed or again):
            return
        if _inside_polars(frame):
            self._resend = _send_later(signum)
            return
        raise StopRequested(signum)

    @contextmanager
    def installed(self) -> Iterator[StopSignals]:
        """Install the handlers (main thread only; elsewhere signals stay as they are)."""
        if threading.current_thread() is not threading.main_thread():
            yield self
            return
        old = {s: signal.signal(s, self._handle) for s in STOP_SIGNALS}
        try:
            yield self
        finally:
            if self._resend is not None:
                self._resend.cancel()  # the default action of a late copy would kill the process
            for s, handler in old.items():
                signal.signal(s, handler)


def _inside_polars(frame: FrameType | None) -> bool:
    """Whether the main thread is running polars' Python code (perhaps called from Rust)."""
    while frame is not None:
        module = frame.f_globals.get("__name__", "")
        if module == "polars" or module.startswith("polars."):
            return True
        frame = frame.f_back
    return False


def _send_later(signum: int) -> threading.Timer:
    """Send ``signum`` to the main thread again after :data:`RETRY_SECONDS`."""
    main = threading.main_thread().ident
    assert main is not None
    timer = threading.Timer(RETRY_SECONDS, signal.pthread_kill, (main, signum))
    timer.daemon = True
    timer.start()
    return timer


def stopped_by(signum: int) -> str:
    """A stop signal's part in messages and manifests: ``stopped by SIGINT``."""
    return f"stopped by {signal.Signals(signum).name}"


def exit_code(signum: int) -> int:
    """The shell's convention: 128 + the signal number (130 for SIGINT, 143 for SIGTERM)."""
    return 128 + signum


def interruptible(step: Callable[[], T], poll: float = 0.1) -> T:
    """Run one long native step (a polars sink) in a helper thread while the main thread
    waits in short joins, so a signal handler can raise at once. The step itself cannot
    be stopped: when the wait is abandoned it goes on in its daemon thread until the
    process exits, so it must only write a temporary file the caller then drops."""
    box: dict[str, object] = {}

    def target() -> None:
        try:
            box["value"] = step()
        except BaseException as exc:  # handed to the main thread
            box["error"] = exc

    thread = threading.Thread(target=target, name="cardsim-write", daemon=True)
    thread.start()
    while thread.is_alive():
        thread.join(poll)
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box["value"]  # type: ignore[return-value]
