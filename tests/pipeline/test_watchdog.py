"""The move clock: a call of the watched loop that lasts too long is interrupted, others never."""

from __future__ import annotations

import threading
import time

from simulator.watchdog import MoveClock, MoveTimeout

TIMED_OUT = "no move within 0.2 s (move timeout; --move-timeout or move_timeout: to change)"


def _spin() -> str:
    while True:
        pass


def _quick() -> str:
    time.sleep(0.01)
    return "ok"


def _loop(calls) -> list[str]:
    out = []
    for call in calls:
        try:
            out.append(call())
        except MoveTimeout as exc:
            out.append(str(exc))
    return out


def _watched(calls) -> list[str]:
    with MoveClock(0.2, _loop.__code__):
        return _loop(calls)


def test_a_long_call_is_interrupted_in_the_main_thread_and_short_ones_are_not():
    calls = [_quick] * 40 + [_spin, _quick, lambda: time.sleep(600)]
    out = _watched(calls)
    assert out[:40] == ["ok"] * 40 and out[41] == "ok"
    assert out[40] == out[42] == TIMED_OUT


def test_a_long_call_is_interrupted_in_another_thread():
    result: list[list[str]] = []
    thread = threading.Thread(target=lambda: result.append(_watched([_quick, _spin, _quick])))
    thread.start()
    thread.join(30)
    assert result == [["ok", TIMED_OUT, "ok"]]
