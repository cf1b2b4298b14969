"""Every tournament file shipped in configs/tournaments/ loads: strategies, variants and lineups resolve."""

from pathlib import Path

import pytest

from simulator.config import load_tournament

ROOT = Path(__file__).resolve().parent.parent
TOURNAMENTS = sorted((ROOT / "configs/tournaments").glob("*.yaml"))


def test_the_shipped_files_are_found() -> None:
    names = {p.name for p in TOURNAMENTS}
    assert {"ladder_sweep4.yaml", "samples_sweep4.yaml", "samples_seep4.yaml", "samples_sueca.yaml"} <= names


@pytest.mark.parametrize("path", TOURNAMENTS, ids=lambda p: p.stem)
def test_a_shipped_tournament_resolves(path: Path) -> None:
    tournament = load_tournament(path)
    assert tournament.lineups and all(tournament.lineups)
    assert {spec.name for spec in tournament.strategies} == {
        name for lineups in tournament.lineups for lineup in lineups for name in lineup.strategies
    }
