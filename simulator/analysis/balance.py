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

import numpy as np
import polars as pl
from scipy import stats

from simulator.analysis.runinfo import RunInfo

ALL = "(all)"
QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)
N_RESAMPLES = 200
#: scoring categories whose points add up to a side's points
CATEGORY_POINTS = {
    "sweep": ("cards_points", "spades_points", "ace_of_spades_points", "sweep_points"),
    "seep": ("card_points", "sweep_points"),
}
DEAL = ["variant", "mix", "lineup", "deal_index", "rotation", "round"]
GROUP = ["variant", "mix", "figure", "key"]

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


def _observations(deals: pl.LazyFrame, info: RunInfo, columns: set[str]) -> pl.LazyFrame:
    """Every figure's (num, den) per row, in long form: variant, mix, deal_index, figure, key, num, den."""
    players = pl.col("seats").list.len().sum().over(DEAL)
    if info.unit == "match":
        outcome_rows = deals.filter(pl.col("round") == 1)
        top = pl.col("match_won")
    else:
        outcome_rows = deals
        top = pl.col("points") == pl.col("points").max().over(DEAL)
    n_top = top.cast(pl.Int64).sum().over(DEAL)
    out = outcome_rows.with_columns(
        share=pl.when(top).then(pl.when(n_top == 1).then(1.0).otherwise(0.5)).otherwise(0.0),
        tied=(n_top > 1).cast(pl.Float64),
        mean_share=pl.when(top)
        .then(pl.when(n_top == 1).then(1.0).otherwise(0.5))
        .otherwise(0.0)
        .mean()
        .over(DEAL),
        players=players,
    ).with_columns(first_side=pl.col("seats").list.contains((pl.col("dealer") + 1) % pl.col("players")))
    ids = ["variant", "mix", "deal_index"]

    def obs(
        frame: pl.LazyFrame, figure: str, num: pl.Expr, den: pl.Expr | float = 1.0, key: pl.Expr | None = None
    ):
        return frame.select(
            *ids,
            figure=pl.lit(figure),
            key=pl.lit("") if key is None else key.cast(pl.String),
            num=num.cast(pl.Float64),
            den=(den if isinstance(den, pl.Expr) else pl.lit(den)).cast(pl.Float64),
        )

    seats = out.explode("seats")
    position = (pl.col("seats") - pl.col("dealer")) % pl.col("players")
    parts = [
        obs(seats, "win_rate_position", pl.col("share"), key=position),
        obs(out, "win_rate_side", pl.col("share"), key=pl.col("side")),
        obs(out.filter(pl.col("dealer_side")), "dealer_advantage", pl.col("share") - pl.col("mean_share")),
        obs(
            out.filter(pl.col("first_side")), "first_player_advantage", pl.col("share") - pl.col("mean_share")
        ),
        obs(out.filter(pl.col("side") == 0), "tie_rate", pl.col("tied")),
    ]
    if info.unit == "match":
        first = out.filter(pl.col("side") == 0)
        parts.append(obs(first, "match_length_mean", pl.col("match_rounds")))
        if "baazi_reason" in columns:
            parts.append(obs(first, "under9_rate", pl.col("baazi_reason") == "under9"))
    # per-deal figures over every deal (every round of a match)
    deal_top = pl.col("points") == pl.col("points").max().over(DEAL)
    n_deal_top = deal_top.cast(pl.Int64).sum().over(DEAL)
    every = deals.with_columns(
        deal_share=pl.when(deal_top).then(pl.when(n_deal_top == 1).then(1.0).otherwise(0.5)).otherwise(0.0),
        one=(pl.col("side") == 0).cast(pl.Float64),
    )
    for category in CATEGORY_POINTS.get(info.game, ()):
        if category in columns:
            parts.append(obs(every, "points_share", pl.col(category), pl.col("points"), key=pl.lit(category)))
    if "sweeps" in columns:
        parts.append(obs(every, "sweeps_per_deal", pl.col("sweeps"), pl.col("one")))
    if "houses_built" in columns:
        parts.append(obs(every, "houses_per_deal", pl.col("houses_built"), pl.col("one")))
    if "bidder_side" in columns:
        parts.append(obs(every.filter(pl.col("bidder_side")), "bidder_success_rate", pl.col("deal_share")))
    if "declarer" in columns:
        declarer = every.filter(pl.col("declarer"))
        points = declarer.filter(pl.col("contract") == "points")
        parts += [
            obs(declarer, "declarer_success_rate", pl.col("made")),
            obs(points, "contracts_made_rate", pl.col("made")),
            obs(declarer, "nuls_rate", pl.col("contract") == "nuls"),
            obs(points, "mean_winning_bid", pl.col("bid")),
        ]
    margins = deals.group_by(DEAL).agg(
        margin=pl.col("points").max() - pl.col("points").sort(descending=True).get(1)
    )
    parts.append(obs(margins, "margin_mean", pl.col("margin")))
    return pl.concat(parts)


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


def _linearized(per_group: pl.DataFrame) -> pl.DataFrame:
    total = pl.col("num").sum().over(GROUP) / pl.col("den").sum().over(GROUP)
    return per_group.with_columns(ratio=total).with_columns(
        u=pl.col("ratio")
        + (pl.col("num") - pl.col("ratio") * pl.col("den")) / pl.col("den").mean().over(GROUP)
    )


def _intervals(frame: pl.DataFrame, mean: str, sd: str, n: str, low: str, high: str) -> pl.DataFrame:
    half = _t_half(frame[sd].fill_null(np.nan).to_numpy(), frame[n].to_numpy().astype(np.float64))
    centre = frame[mean].to_numpy()
    return frame.with_columns(
        pl.Series(low, centre - half).fill_nan(None), pl.Series(high, centre + half).fill_nan(None)
    )


def _balance_rows(
    per_group: pl.DataFrame, baseline: str | None, shared: set[str], info: RunInfo
) -> list[dict]:
    """Balance and its paired difference, by bootstrap over deal groups of the position rates."""
    positions = per_group.filter(pl.col("figure") == "win_rate_position")
    rows = []
    matrices: dict[tuple[str, str], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
    for (variant, mix), g in positions.group_by(["variant", "mix"], maintain_order=True):
        wide = g.pivot(on="key", index="deal_index", values=["num", "den"], sort_columns=True).sort(
            "deal_index"
        )
        wide = wide.drop_nulls()
        num = wide.select(pl.selectors.starts_with("num")).to_numpy()
        den = wide.select(pl.selectors.starts_with("den")).to_numpy()
        matrices[(str(variant), str(mix))] = (wide["deal_index"].to_numpy(), num, den)
    for (variant, mix), (index, num, den) in matrices.items():
        rng = np.random.default_rng(
            [info.root_seed, 3, info.variants.index(variant) if variant in info.variants else 0]
        )
        counts = rng.multinomial(len(index), np.full(len(index), 1 / len(index)), size=N_RESAMPLES).astype(
            float
        )
        rates = num.sum(axis=0) / den.sum(axis=0)
        boot = (counts @ num) / (counts @ den)
        value = 1 - (rates.max() - rates.min())
        boots = 1 - (boot.max(axis=1) - boot.min(axis=1))
        row = {
            "variant": variant,
            "mix": mix,
            "figure": "balance",
            "key": "",
            "value": value,
            "ci_low": float(np.quantile(boots, 0.025)),
            "ci_high": float(np.quantile(boots, 0.975)),
            "groups": len(index),
            "count": float(den.sum(axis=0).max()),
        }
        base = matrices.get((baseline, mix)) if baseline is not None else None
        if base is not None and variant in shared:
            common, mine, theirs = np.intersect1d(index, base[0], return_indices=True)
            c = rng.multinomial(len(common), np.full(len(common), 1 / len(common)), size=N_RESAMPLES).astype(
                float
            )
            a = (c @ num[mine]) / (c @ den[mine])
            b = (c @ base[1][theirs]) / (c @ base[2][theirs])
            diffs = (b.max(axis=1) - b.min(axis=1)) - (a.max(axis=1) - a.min(axis=1))
            base_rates = base[1][theirs].sum(axis=0) / base[2][theirs].sum(axis=0)
            mine_rates = num[mine].sum(axis=0) / den[mine].sum(axis=0)
            row["diff"] = (base_rates.max() - base_rates.min()) - (mine_rates.max() - mine_rates.min())
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
    rows = _with_mix(deals)
    per_group = (
        _observations(rows, info, columns)
        .group_by([*GROUP, "deal_index"])
        .agg(num=pl.col("num").sum(), den=pl.col("den").sum())
        .collect()
    )
    per_group = _linearized(per_group)
    table = per_group.group_by(GROUP).agg(
        value=pl.col("ratio").first(), groups=pl.len(), count=pl.col("den").sum(), sd=pl.col("u").std()
    )
    table = _intervals(table, "value", "sd", "groups", "ci_low", "ci_high").drop("sd")
    base = per_group.filter(pl.col("variant") == baseline).select(
        "mix", "figure", "key", "deal_index", base_u="u"
    )
    paired = (
        per_group.filter(pl.col("variant").is_in(list(shared)))
        .join(base, on=["mix", "figure", "key", "deal_index"])
        .group_by(GROUP)
        .agg(
            diff=(pl.col("u") - pl.col("base_u")).mean(),
            sd=(pl.col("u") - pl.col("base_u")).std(),
            n=pl.len(),
        )
    )
    paired = _intervals(paired, "diff", "sd", "n", "diff_ci_low", "diff_ci_high").drop("sd", "n")
    table = table.join(paired, on=GROUP, how="left")
    extra = pl.DataFrame(
        _balance_rows(per_group, baseline, shared, info) + _value_only(rows, info, baseline, shared),
        schema={k: v for k, v in SCHEMA.items() if k not in ("rules_hash", "baseline")},
        orient="row",
        strict=False,
    )
    table = pl.concat([table.select(extra.columns), extra], how="vertical_relaxed")
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
    return (
        table.sort(
            pl.col("variant").replace_strict(order, default=len(order)),
            pl.col("mix") != ALL,
            "mix",
            pl.col("figure").replace_strict(figure_order, default=len(figure_order)),
            "key",
        )
        .select(list(SCHEMA))
        .cast(SCHEMA)
    )


def _value_only(rows: pl.LazyFrame, info: RunInfo, baseline: str, shared: set[str]) -> list[dict]:
    """Quantiles of the winning margin and the spread of match lengths (no intervals)."""
    margins = rows.group_by(DEAL).agg(
        margin=pl.col("points").max() - pl.col("points").sort(descending=True).get(1)
    )
    quantiles = (
        margins.group_by("variant", "mix")
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
