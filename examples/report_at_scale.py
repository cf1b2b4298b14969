"""How long `cardsim report` takes on a million rows, and how big the page is.

Plays a small quickstart run, then tiles its rows into a run of about ROWS rows (the
deal indexes shifted, so every deal group is distinct; the statistics do not care that
the cards repeat), drops the analysis files so the report recomputes them, and times
`cardsim report` as a whole process.

    .venv/bin/python examples/report_at_scale.py [ROWS] [FOLDER]
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import polars as pl

ROWS = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
FOLDER = Path(sys.argv[2] if len(sys.argv) > 2 else "results/report-at-scale")
ROOT = Path(__file__).resolve().parent.parent
CARDSIM = str(Path(sys.executable).with_name("cardsim"))
SEED_DEALS = 500


def main() -> None:
    shutil.rmtree(FOLDER, ignore_errors=True)
    config = str(ROOT / "configs/tournaments/quickstart.yaml")
    run = [CARDSIM, "run", config, "--deals", str(SEED_DEALS), "--jobs", "2", "--out", str(FOLDER), "-q"]
    subprocess.run(run, check=True)
    deals = pl.read_parquet(FOLDER / "deals.parquet")
    copies = -(-ROWS // deals.height)
    tiled = pl.concat(
        [deals.with_columns(pl.col("deal_index") + k * SEED_DEALS) for k in range(copies)]
    ).sort("variant", "lineup", "deal_index", "rotation", "round", "side", maintain_order=True)
    tiled.write_parquet(FOLDER / "deals.parquet")
    manifest = json.loads((FOLDER / "manifest.json").read_text())
    manifest["config"]["deals"] = copies * SEED_DEALS
    (FOLDER / "manifest.json").write_text(json.dumps(manifest))
    for name in ("comparisons", "ratings", "balance"):
        (FOLDER / f"{name}.parquet").unlink(missing_ok=True)
    for label, drop in (("recomputing the analysis files", False), ("with the analysis files", True)):
        start = time.perf_counter()
        subprocess.run([CARDSIM, "report", str(FOLDER)], check=True, stdout=subprocess.DEVNULL)
        seconds = time.perf_counter() - start
        size = (FOLDER / "report.html").stat().st_size
        pages = sorted((FOLDER / "deals").glob("*.html"))
        pages_size = sum(p.stat().st_size for p in pages)
        print(
            f"{tiled.height:,} rows, {label}: cardsim report {seconds:.1f} s, "
            f"report.html {size / 1e6:.2f} MB, {len(pages)} deal pages of {pages_size / 1e6:.2f} MB"
        )
        assert drop or (FOLDER / "balance.parquet").is_file()


if __name__ == "__main__":
    main()
