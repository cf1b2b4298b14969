"""What the analysis needs to know about a run beyond its rows, read from manifest.json."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import polars as pl


@dataclass(frozen=True)
class RunInfo:
    """Variant and strategy order (as configured), unit, format and root seed."""

    game: str
    unit: str
    format: str
    root_seed: int
    variants: tuple[str, ...]
    strategies: tuple[str, ...]

    @classmethod
    def from_manifest(cls, manifest: Mapping[str, Any]) -> RunInfo:
        cfg = manifest["config"]
        return cls(
            game=cfg["game"],
            unit=cfg["unit"],
            format=cfg["format"],
            root_seed=int(manifest["root_seed"]),
            variants=tuple(v["name"] for v in manifest["variants"]),
            strategies=tuple(s["name"] for s in manifest["strategies"]),
        )

    @classmethod
    def from_deals(cls, deals: pl.LazyFrame, format: str = "lineups") -> RunInfo:
        """A fallback when manifest.json is missing: orders of first appearance."""
        head = deals.select("game", "unit", "root_seed").head(1).collect()
        names = deals.select("variant", "lineup_name").unique(maintain_order=True).collect()
        strategies: list[str] = []
        for label in names["lineup_name"]:
            strategies.extend(s for s in label.split(" vs ") if s not in strategies)
        return cls(
            game=head["game"][0],
            unit=head["unit"][0],
            format=format,
            root_seed=int(head["root_seed"][0]),
            variants=tuple(names["variant"].unique(maintain_order=True)),
            strategies=tuple(strategies),
        )
