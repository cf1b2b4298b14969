"""Stop signals: raise while playing; outside, the first is noted and a second one stops."""

from __future__ import annotations

import os
import signal
import time

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
