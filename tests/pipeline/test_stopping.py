"""Stop signals: raise while playing; outside, the first is noted and a second one stops."""

from __future__ import annotations

import os
import signal
import time

import polars as pl
import pytest

from simulator.stopping import StopRequested, StopSignals, exit_code


def _signal_self(signum: int) -> None:
    os.kill(os.getpid(), signum)
    time.sleep(0.05)  # the handler runs at the next bytecode; give the signal time to arrive


def test_armed_handlers_raise_and_disarmed_ones_note_the_first_signal():
    signals = StopSignals()
    with signals.installed():
        signals.armed = True
        with pytest.raises(StopRequested) as info:
            _signal_self(signal.SIGTERM)
        assert info.value.signum == signal.SIGTERM and isinstance(info.value, KeyboardInterrupt)
        signals.armed, signals.received = False, None
        _signal_self(signal.SIGINT)
        assert signals.received == signal.SIGINT
        with pytest.raises(StopRequested):
            _signal_self(signal.SIGINT)
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
    assert exit_code(signal.SIGINT) == 130 and exit_code(signal.SIGTERM) == 143


def test_a_signal_inside_polars_is_raised_once_polars_has_returned(monkeypatch):
    """polars builds data types from its Rust core through Python callbacks; a handler raising
    there would be a panic. The signal is sent again and raised once collect_schema returned."""
    signals = StopSignals()
    original = pl.List.__init__
    sent = []

    def signalling(self, *args, **kwargs):
        if not sent:
            sent.append(True)
            os.kill(os.getpid(), signal.SIGTERM)
        original(self, *args, **kwargs)

    monkeypatch.setattr(pl.List, "__init__", signalling)
    schema = None
    with signals.installed():
        signals.armed = True
        with pytest.raises(StopRequested) as info:
            schema = pl.LazyFrame({"a": [[1]]}).collect_schema()
            time.sleep(1)
    assert sent and schema == {"a": pl.List(pl.Int64)} and info.value.signum == signal.SIGTERM
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
