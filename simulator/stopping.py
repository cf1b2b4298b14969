"""SIGINT and SIGTERM stop a run cleanly instead of killing it.

SIGTERM is what batch schedulers, `timeout` and `docker stop` send; its default
action ends the process at once, leaving no manifest and the workers running.
While a run plays, both signals raise :class:`StopRequested` in the main thread,
so the runner stops its workers, keeps the saved chunks and reports. While it
plans or writes its final files, a first signal is only noted (the files of the
run stay consistent); a second one stops it there (the saved chunks stay, and
the next run writes the files again).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


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

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        again = self.received is not None
        self.received = signum
        if self.armed or again:
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
            for s, handler in old.items():
                signal.signal(s, handler)


def exit_code(signum: int) -> int:
    """The shell's convention: 128 + the signal number (130 for SIGINT, 143 for SIGTERM)."""
    return 128 + signum
