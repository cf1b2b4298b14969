"""Rows, summaries and replay logs of fixed seeds stay identical across refactors and versions."""

from __future__ import annotations

import json

import pytest

from tests.golden.digests import GOLDEN, quickstart_digests, replay_cases, replay_digest

EXPECTED: dict[str, str] = json.loads(GOLDEN.read_text())


def test_every_preset_has_a_golden_digest():
    keys = {f"replay:{g}:{v}:{'match' if m else 'deal'}" for g, v, m in replay_cases()}
    assert keys <= set(EXPECTED), sorted(keys - set(EXPECTED))


def test_quickstart_rows_and_summary(tmp_path):
    got = quickstart_digests(tmp_path / "out")
    assert got == {k: EXPECTED[f"quickstart:{k}"] for k in got}


@pytest.mark.parametrize("game, variant, match", replay_cases())
def test_replay_log(game, variant, match):
    key = f"replay:{game}:{variant}:{'match' if match else 'deal'}"
    assert replay_digest(game, variant, match) == EXPECTED[key]
