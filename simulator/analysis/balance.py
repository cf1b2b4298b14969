"""balance.parquet: how fair and how lively each rule variant is, with 95% intervals.

One row per variant, strategy mix and figure (long format, so every game's figures
fit one schema). ``mix`` is ``(all)`` for every lineup of the variant together and,
when the run has several lineups, also each lineup's name. Positions are relative
to the dealer: position 0 is the dealer, 1 the first to play, and so on (with
``unit: match``, relative to the match's first dealer). A side's *share* of a deal
(of a match) is 1 when it alone scores the most (wins the match), ½ when it ties
for the top with others, 0 otherwise.

Every figure with an interval is a ratio of sums over deal groups (one deal index:
every lineup and rotation, on the same cards). Its interval is a Student t interval
over groups of the linearized ratio ``r + (num_g - r · den_g) / mean(den)``, which
is the ordinary interval of a mean when ``den_g`` is constant. When the variant
shares its deals with the first variant (same number of seats: the same root seed
deals the same cards), ``diff`` is the paired difference with that variant over the
deal indexes both played, with the same kind of interval.

Figures (``figure`` [``key``]: meaning; ``unit``: per deal, per match, or as noted)
---------------------------------------------------------------------------------
``win_rate_position`` [position]   share of the side holding the seat at that position
``win_rate_side`` [side]           share of side ``k`` (absolute side numbers)
``dealer_advantage``               share of the dealer's side minus the mean share of the sides
``first_player_advantage``         the same for the first player's side
``balance``                        1 minus the largest gap between position win rates
                                   (interval and diff: bootstrap over deal groups)
``tie_rate``                       deals (matches) whose top is shared
``margin_mean``                    the deal's winning margin: top points minus the runner-up's
``margin_quantile`` [q]            quantiles 0.05, 0.25, 0.5, 0.75, 0.95 of that margin (no interval)
``points_share`` [category]        share of all points from a scoring category (Sweep, Seep)
``sweeps_per_deal``                sweeps made per deal, all sides (Sweep, Seep)
``houses_per_deal``                houses built per deal, all sides (Seep)
``bidder_success_rate``            deals won outright or shared by the bidder's side (Seep)
``under9_rate``                    matches whose last baazi ended by the under-9 rule (Seep, match)
``declarer_success_rate``          hands whose contract is made, points or nuls (Sueca)
``contracts_made_rate``            points contracts made (Sueca)
``nuls_rate``                      hands played as nuls (Sueca)
``mean_winning_bid``               the declarer's bid, points contracts (Sueca)
``match_length_mean``              deals per match (``unit: match``)
``match_length_sd``                their standard deviation (no interval)

Columns
-------
``variant``, ``rules_hash``, ``mix``, ``figure``, ``key`` (empty when the figure has none)
``value``, ``ci_low``, ``ci_high``   the figure and its 95% interval (null when not defined;
                 clipped to [0, 1] for rates)
``groups``       deal groups (deal indexes) the figure uses
``count``        what it is averaged over: deals, matches, sides or points (the ratio's denominator)
``baseline``     the first variant, when this variant shares its deals (else null)
``diff``, ``diff_ci_low``, ``diff_ci_high``  paired difference with the baseline, 95% interval
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
import polars as pl
from scipy import stats

from simulator.analysis.bootstrap import resampled_sums
from simulator.analysis.runinfo import RunInfo

ALL = "(all)"
QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)
N_RESAMPLES = 200
#: scoring categories whose points add up to a side's points
CATEGORY_POINTS = {
    "sweep": ("cards_points", "spades_points", "ace_of_spades_points", "sweep_points"),
    "seep": ("card_points", "sweep_points"),
}

SCHEMA: dict[str, pl.DataType] = {
    "variant": pl.String(),
    "rules_hash": pl.String(),
    "mix": pl.String(),
    "figure": pl.String(),
    "key": pl.String(),
    "value": pl.Float64(),
    "ci_low": pl.Float64(),
    "ci_high": pl.Float64(),
    "groups": pl.Int64(),
    "count": pl.Float64(),
    "baseline": pl.String(),
    "diff": pl.Float64(),
    "diff_ci_low": pl.Float64(),
    "diff_ci_high": pl.Float64(),
}


def _with_mix(deals: pl.LazyFrame) -> pl.LazyFrame:
    several = deals.select(pl.col("lineup").n_unique().over("variant").max()).collect().item() > 1
    everything = deals.with_columns(mix=pl.lit(ALL))
    if not several:
        return everything
    return pl.concat([everything, deals.with_columns(mix=pl.col("lineup_name"))])


def _with_deal_id(deals: pl.LazyFrame, info: RunInfo) -> pl.LazyFrame:
    """A ``deal_id`` integer per (variant, lineup, deal, rotation, round): windows over one
    integer key cost far less than windows over five keys, whatever the row order."""
    span = deals.select(
        lineups=pl.col("lineup").max() + 1,
        deals=pl.col("deal_index").max() + 1,
        rotations=pl.col("rotation").max() + 1,
        rounds=pl.col("round").max() + 1,
    ).collect()
    lineups, n_deals, rotations, rounds = (int(span[c][0] or 1) for c in span.columns)
    order = {v: i for i, v in enumerate(info.variants)}
    variant = pl.col("variant").replace_strict(order, default=len(order), return_dtype=pl.Int64)
    deal_id = (
        ((variant * lineups + pl.col("lineup")) * n_deals + pl.col("deal_index")) * rotations
        + pl.col("rotation")
    ) * rounds + pl.col("round")
    return deals.with_columns(deal_id=deal_id.cast(pl.Int64))


def _with_shares(rows: pl.LazyFrame) -> pl.LazyFrame:
    """From ``top`` (the side is among the deal's best): ``share`` (1 alone at the top, ½ tied
    there, else 0), ``tied`` and the deal's ``mean_share``. One plain window per step:
    polars evaluates nested windows far more slowly."""
    return (
        rows.with_columns(n_top=pl.col("top").cast(pl.Int64).sum().over("deal_id"))
        .with_columns(
            share=pl.when(pl.col("top"))
            .then(pl.when(pl.col("n_top") == 1).then(1.0).otherwise(0.5))
            .otherwise(0.0),
            tied=(pl.col("n_top") > 1).cast(pl.Float64),
        )
        .with_columns(mean_share=pl.col("share").mean().over("deal_id"))
    )


def _prepared(deals: pl.LazyFrame, info: RunInfo) -> tuple[pl.LazyFrame, pl.LazyFrame]:
    """(outcome rows, deal rows) with shares, players and each deal's winning margin, before
    the strategy mixes are duplicated (the shares of a deal do not depend on the mix)."""
    rows = _with_deal_id(deals, info)
    every = rows.with_columns(
        best=pl.col("points").max().over("deal_id"),
        players=pl.col("seats").list.len().sum().over("deal_id"),
    ).with_columns(top=pl.col("points") == pl.col("best"))
    every = _with_shares(every).with_columns(
        runner_up=pl.when(~pl.col("top")).then(pl.col("points")).max().over("deal_id")
    )
    width = int(deals.select(pl.col("seats").list.len().max()).collect().item() or 1)
    bits = [
        pl.when(pl.col("seats").list.len() > j)
        .then(
            pl.lit(2, dtype=pl.Int64)
            .pow((pl.col("seats").list.get(j, null_on_oob=True) - pl.col("dealer")) % pl.col("players"))
            .cast(pl.Int64)
        )
        .otherwise(0)
        for j in range(width)
    ]
    done = every.with_columns(
        margin=pl.when(pl.col("n_top") > 1).then(0).otherwise(pl.col("best") - pl.col("runner_up")),
        positions=pl.sum_horizontal(bits),  # bit p: the side holds the seat at position p from the dealer
    ).collect()
    if info.unit != "match":
        return done.lazy(), done.lazy()
    outcome = done.lazy().filter(pl.col("round") == 1).with_columns(top=pl.col("match_won"))
    return _with_shares(outcome).collect().lazy(), done.lazy()


def _figure(figure: str, num: pl.Expr, den: pl.Expr, key: object = "") -> list[pl.Expr]:
    """The two per-group sums of one figure, named ``figure<TAB>key<TAB>num|den``."""
    name = f"{figure}\t{key}"
    return [
        num.cast(pl.Float64).sum().alias(f"{name}\tnum"),
        den.cast(pl.Float64).sum().alias(f"{name}\tden"),
    ]


def _outcome_sums(deals: pl.LazyFrame, info: RunInfo, columns: set[str], max_players: int) -> pl.LazyFrame:
    """Per (variant, mix, deal index): sums of the figures of deal (match) outcomes."""
    rows = deals
    one = (pl.col("side") == 0).cast(pl.Float64)  # counts each deal (match) once
    share = pl.col("share")
    advantage = share - pl.col("mean_share")
    first_side = (pl.col("positions") // 2) % 2 == 1
    aggs: list[pl.Expr] = []
    for p in range(max_players):
        holds = ((pl.col("positions") // 2**p) % 2).cast(pl.Float64)
        aggs += _figure("win_rate_position", share * holds, one * (p < pl.col("players")), p)
    for k in range(max_players):
        side = (pl.col("side") == k).cast(pl.Float64)
        aggs += _figure("win_rate_side", share * side, side, k)
    aggs += _figure("dealer_advantage", advantage * pl.col("dealer_side"), pl.col("dealer_side"))
    aggs += _figure("first_player_advantage", advantage * first_side, first_side)
    aggs += _figure("tie_rate", pl.col("tied") * one, one)
    if info.unit == "match":
        aggs += _figure("match_length_mean", pl.col("match_rounds") * one, one)
        if "baazi_reason" in columns:
            aggs += _figure("under9_rate", (pl.col("baazi_reason") == "under9") * one, one)
    return rows.group_by("variant", "mix", "deal_index").agg(aggs)


def _deal_sums(deals: pl.LazyFrame, info: RunInfo, columns: set[str]) -> pl.LazyFrame:
    """Per (variant, mix, deal index): sums of the figures of single deals (every round of a match)."""
    rows = deals
    one = (pl.col("side") == 0).cast(pl.Float64)
    aggs: list[pl.Expr] = []
    for category in CATEGORY_POINTS.get(info.game, ()):
        if category in columns:
            aggs += _figure("points_share", pl.col(category), pl.col("points"), category)
    if "sweeps" in columns:
        aggs += _figure("sweeps_per_deal", pl.col("sweeps"), one)
    if "houses_built" in columns:
        aggs += _figure("houses_per_deal", pl.col("houses_built"), one)
    if "bidder_side" in columns:
        aggs += _figure("bidder_success_rate", pl.col("share") * pl.col("bidder_side"), pl.col("bidder_side"))
    if "declarer" in columns:
        declarer = pl.col("declarer").fill_null(False)
        points = declarer & (pl.col("contract") == "points")
        made = pl.col("made").fill_null(False)
        aggs += _figure("declarer_success_rate", declarer & made, declarer)
        aggs += _figure("contracts_made_rate", points & made, points)
        aggs += _figure("nuls_rate", declarer & (pl.col("contract") == "nuls"), declarer)
        aggs += _figure("mean_winning_bid", pl.col("bid").fill_null(0) * points, points)
    aggs += _figure("margin_mean", pl.col("margin") * one, one)
    return rows.group_by("variant", "mix", "deal_index").agg(aggs)


@dataclass
class _Block:
    """One variant and mix: per deal group (rows, sorted by deal index) each figure's sums."""

    index: np.ndarray
    num: np.ndarray
    den: np.ndarray


def _blocks(
    outcome: pl.LazyFrame, every: pl.LazyFrame, info: RunInfo, columns: set[str], max_players: int
) -> tuple[list[tuple[str, str]], dict[tuple[str, str], _Block]]:
    ids = ["variant", "mix", "deal_index"]
    outcome_sums = _outcome_sums(_with_mix(outcome), info, columns, max_players).collect()
    deal_sums = _deal_sums(_with_mix(every), info, columns).collect()
    names = [
        c[: -len("\tnum")]
        for frame in (outcome_sums, deal_sums)
        for c in frame.columns
        if c.endswith("\tnum")
    ]
    figures = [(n.split("\t")[0], n.split("\t")[1]) for n in names]
    by_mix = {
        key: [part.sort("deal_index") for part in parts]
        for key, *parts in _pair_partitions(outcome_sums, deal_sums)
    }
    blocks = {}
    for (variant, mix), (first, second) in by_mix.items():
        if not first["deal_index"].equals(second["deal_index"]):  # match outcomes of unfinished matches
            both = first.join(second, on=ids, how="full", coalesce=True).fill_null(0.0).sort("deal_index")
            first, second = both, both
        num = np.hstack(
            [f.select([c for c in f.columns if c.endswith("\tnum")]).to_numpy() for f in (first, second)]
        )
        den = np.hstack(
            [f.select([c for c in f.columns if c.endswith("\tden")]).to_numpy() for f in (first, second)]
        )
        blocks[(variant, mix)] = _Block(first["deal_index"].to_numpy(), num, den)
    return figures, blocks


def _pair_partitions(a: pl.DataFrame, b: pl.DataFrame) -> list[tuple]:
    """((variant, mix), part of a, part of b) for every (variant, mix) of ``a``."""
    parts_b = b.partition_by(["variant", "mix"], as_dict=True)
    return [
        ((str(k[0]), str(k[1])), part, parts_b[k])
        for k, part in a.partition_by(["variant", "mix"], as_dict=True, maintain_order=True).items()
    ]


def _linearized(block: _Block) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(ratio, linearized per-group values with NaN where a group has no observation, count)."""
    present = block.den != 0
    groups = present.sum(axis=0)
    total = block.den.sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = block.num.sum(axis=0) / total
        u = ratio + (block.num - ratio * block.den) / (total / groups)
    return ratio, np.where(present, u, np.nan), total


def _mean_interval(values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per column: mean, t-interval bounds and count of the non-NaN values."""
    n = (~np.isnan(values)).sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        mean = np.nanmean(values, axis=0)
        sd = np.nanstd(values, axis=0, ddof=1)
    half = _t_half(sd, n.astype(np.float64))
    return mean, mean - half, mean + half, n


def _nan_none(x: float) -> float | None:
    return None if x is None or not np.isfinite(x) else float(x)


def _block_rows(figures, blocks, baseline, shared) -> list[dict]:
    rows = []
    for (variant, mix), block in blocks.items():
        ratio, u, total = _linearized(block)
        _, low, high, n = _mean_interval(u)
        base = blocks.get((baseline, mix)) if variant in shared else None
        paired = None
        if base is not None:
            _, mine, theirs = np.intersect1d(block.index, base.index, return_indices=True)
            paired = _mean_interval(u[mine] - _linearized(base)[1][theirs])
        for f, (figure, key) in enumerate(figures):
            if n[f] == 0:
                continue
            row = {
                "variant": variant,
                "mix": mix,
                "figure": figure,
                "key": key,
                "value": _nan_none(ratio[f]),
                "ci_low": _nan_none(low[f]),
                "ci_high": _nan_none(high[f]),
                "groups": int(n[f]),
                "count": float(total[f]),
            }
            if paired is not None:
                diff, d_low, d_high, _ = paired
                row |= {
                    "diff": _nan_none(diff[f]),
                    "diff_ci_low": _nan_none(d_low[f]),
                    "diff_ci_high": _nan_none(d_high[f]),
                }
            rows.append(row)
    return rows


FIGURE_ORDER = [
    "win_rate_position",
    "win_rate_side",
    "dealer_advantage",
    "first_player_advantage",
    "balance",
    "tie_rate",
    "margin_mean",
    "margin_quantile",
    "points_share",
    "sweeps_per_deal",
    "houses_per_deal",
    "bidder_success_rate",
    "under9_rate",
    "declarer_success_rate",
    "contracts_made_rate",
    "nuls_rate",
    "mean_winning_bid",
    "match_length_mean",
    "match_length_sd",
]


def _t_half(sd: np.ndarray, n: np.ndarray) -> np.ndarray:
    """Half-width of the 95% Student t interval of a mean (NaN below two groups)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        t = stats.t.ppf(0.975, np.where(n > 1, n - 1, np.nan))
        return t * sd / np.sqrt(n)


def _gap(rates: np.ndarray) -> np.ndarray:
    return rates.max(axis=-1) - rates.min(axis=-1)


def _balance_rows(figures, blocks, baseline, shared, info: RunInfo) -> list[dict]:
    """Balance and its paired difference, by bootstrap over deal groups of the position rates."""
    cols = [f for f, (figure, _) in enumerate(figures) if figure == "win_rate_position"]
    rows = []
    for (variant, mix), block in blocks.items():
        live = [c for c in cols if block.den[:, c].sum() > 0]
        num, den = block.num[:, live], block.den[:, live]
        v = info.variants.index(variant) if variant in info.variants else len(info.variants)
        rng = np.random.default_rng([info.root_seed, 3, v])
        width = len(live)
        sums = resampled_sums(np.hstack([num, den]), rng, N_RESAMPLES)
        boots = 1 - _gap(sums[:, :width] / sums[:, width:])
        row = {
            "variant": variant,
            "mix": mix,
            "figure": "balance",
            "key": "",
            "value": float(1 - _gap(num.sum(axis=0) / den.sum(axis=0))),
            "ci_low": float(np.quantile(boots, 0.025)),
            "ci_high": float(np.quantile(boots, 0.975)),
            "groups": len(block.index),
            "count": float(den.sum(axis=0).max()),
        }
        base = blocks.get((baseline, mix)) if variant in shared else None
        if base is not None:
            _, mine, theirs = np.intersect1d(block.index, base.index, return_indices=True)
            b_num, b_den = base.num[theirs][:, live], base.den[theirs][:, live]
            joint = resampled_sums(np.hstack([num[mine], den[mine], b_num, b_den]), rng, N_RESAMPLES)
            a = joint[:, :width] / joint[:, width : 2 * width]
            b = joint[:, 2 * width : 3 * width] / joint[:, 3 * width :]
            diffs = _gap(b) - _gap(a)
            row["diff"] = float(
                _gap(b_num.sum(axis=0) / b_den.sum(axis=0))
                - _gap(num[mine].sum(axis=0) / den[mine].sum(axis=0))
            )
            row["diff_ci_low"] = float(np.quantile(diffs, 0.025))
            row["diff_ci_high"] = float(np.quantile(diffs, 0.975))
        rows.append(row)
    return rows


def balance(deals: pl.LazyFrame, info: RunInfo) -> pl.DataFrame:
    """The balance table of a run's rows."""
    columns = set(deals.collect_schema().names())
    keys = ["variant", "lineup", "deal_index", "rotation", "round"]
    facts = (
        deals.group_by("variant")
        .agg(
            rules_hash=pl.col("rules_hash").first(), players=pl.col("seats").list.len().sum().over(keys).max()
        )
        .collect()
    )
    rules_hash = dict(zip(facts["variant"], facts["rules_hash"], strict=True))
    players = dict(zip(facts["variant"], facts["players"], strict=True))
    present = [v for v in info.variants if v in rules_hash]
    if not present:
        return pl.DataFrame(schema=SCHEMA)
    baseline = present[0]
    shared = {v for v in present[1:] if players[v] == players[baseline]}
    outcome, every = _prepared(deals, info)
    figures, blocks = _blocks(outcome, every, info, columns, max(players.values()))
    table = pl.DataFrame(
        _block_rows(figures, blocks, baseline, shared)
        + _balance_rows(figures, blocks, baseline, shared, info)
        + _value_only(_with_mix(every), info, baseline, shared),
        schema={k: v for k, v in SCHEMA.items() if k not in ("rules_hash", "baseline")},
        orient="row",
    )
    rate = pl.col("figure").str.ends_with("_rate") | pl.col("figure").str.starts_with("win_rate")
    table = table.with_columns(
        [
            pl.when(rate).then(pl.col(c).clip(0.0, 1.0)).otherwise(pl.col(c)).alias(c)
            for c in ("ci_low", "ci_high")
        ]
    )
    table = table.with_columns(
        rules_hash=pl.col("variant").replace_strict(rules_hash, return_dtype=pl.String),
        baseline=pl.when(pl.col("variant").is_in(list(shared))).then(pl.lit(baseline)),
    )
    order = {v: i for i, v in enumerate(info.variants)}
    figure_order = {f: i for i, f in enumerate(FIGURE_ORDER)}
    return table.sort(
        pl.col("variant").replace_strict(order, default=len(order)),
        pl.col("mix") != ALL,
        "mix",
        pl.col("figure").replace_strict(figure_order, default=len(figure_order)),
        "key",
    ).select([pl.col(name).cast(dtype) for name, dtype in SCHEMA.items()])


def _value_only(rows: pl.LazyFrame, info: RunInfo, baseline: str, shared: set[str]) -> list[dict]:
    """Quantiles of the winning margin and the spread of match lengths (no intervals)."""
    quantiles = (
        rows.filter(pl.col("side") == 0)
        .group_by("variant", "mix")
        .agg(
            *[pl.col("margin").quantile(q, "linear").alias(str(q)) for q in QUANTILES],
            groups=pl.col("deal_index").n_unique(),
            count=pl.len(),
        )
        .collect()
    )
    out = []
    for r in quantiles.iter_rows(named=True):
        for q in QUANTILES:
            out.append(
                {
                    "variant": r["variant"],
                    "mix": r["mix"],
                    "figure": "margin_quantile",
                    "key": str(q),
                    "value": r[str(q)],
                    "groups": r["groups"],
                    "count": float(r["count"]),
                }
            )
    if info.unit == "match":
        lengths = (
            rows.filter((pl.col("round") == 1) & (pl.col("side") == 0))
            .group_by("variant", "mix")
            .agg(value=pl.col("match_rounds").std(), groups=pl.col("deal_index").n_unique(), count=pl.len())
            .collect()
        )
        for r in lengths.iter_rows(named=True):
            out.append({"figure": "match_length_sd", "key": "", **r, "count": float(r["count"])})
    values = {(r["variant"], r["mix"], r["figure"], r["key"]): r["value"] for r in out}
    for r in out:
        base = values.get((baseline, r["mix"], r["figure"], r["key"]))
        if r["variant"] in shared and base is not None and r["value"] is not None:
            r["diff"] = r["value"] - base
    return out
