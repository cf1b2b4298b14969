"""balance.parquet: how fair and how lively each rule variant is, with 95% intervals.

One row per variant, strategy mix and figure (long format, so every game's figures
fit one schema). ``mix`` is ``(all)`` for every lineup of the variant together and,
when the run has several lineups, also each lineup's name. Positions are relative
to the dealer: position 0 is the dealer, 1 the first to play, and so on (with
``unit: match``, relative to the match's first dealer). A side's *share* of a deal
(of a match) is 1 when it alone scores the most (wins the match), ½ when it ties
for the top with others, 0 otherwise.

The rows are read in slices of whole deal indexes (:mod:`simulator.analysis.batches`)
and each slice is reduced to exact integer sums per deal group, so memory does not
grow with the run and the table has the same bits whatever the slicing.

Every figure with an interval is a ratio of sums over deal groups (one deal index:
every lineup and rotation, on the same cards). Its interval is a Student t interval
over groups of the linearized ratio ``r + (num_g - r · den_g) / mean(den)``
(:mod:`simulator.analysis.balance_sums`). When the variant shares its deals with the
first variant (same number of seats: the same root seed deals the same cards),
``diff`` is the paired difference with that variant over the deal indexes both
played, with the same kind of interval. ``balance``, the margin quantiles and the
spread of match lengths get percentile intervals from a Poisson bootstrap over deal
groups (:mod:`simulator.analysis.poisson`; paired for ``diff``).

Figures (``figure`` [``key``]: meaning; ``unit``: per deal, per match, or as noted)
---------------------------------------------------------------------------------
``win_rate_position`` [position]   share of the side holding the seat at that position
``win_rate_side`` [side]           share of side ``k`` (absolute side numbers)
``dealer_advantage``               share of the dealer's side minus the mean share of the sides
``first_player_advantage``         the same for the first player's side
``balance``                        1 minus the largest gap between position win rates
``tie_rate``                       deals (matches) whose top is shared
``margin_mean``                    the deal's winning margin: top points minus the runner-up's
``margin_quantile`` [q]            quantiles 0.05, 0.25, 0.5, 0.75, 0.95 of that margin
``points_share`` [category]        share of all points from a scoring category (Sweep, Seep)
``sweeps_per_deal``                sweeps made per deal, all sides (Sweep, Seep)
``houses_per_deal``                houses built per deal, all sides (Seep)
``bidder_success_rate``            deals won outright or shared by the bidder's side (Seep)
``under9_rate``                    matches whose last baazi ended by the under-9 rule (Seep, match)
``declarer_success_rate``          hands whose contract is made, points or nuls (Sueca)
``contracts_made_rate``            points contracts made (Sueca)
``nuls_rate``                      hands played as nuls (Sueca)
``mean_winning_bid``               the declarer's bid, points contracts (Sueca)
``passouts_per_deal``              deals thrown in (all five passed) per scored hand (Sueca)
``match_length_mean``              deals per match (``unit: match``)
``match_length_sd``                their standard deviation

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

from dataclasses import dataclass

import polars as pl

from simulator.analysis import balance_sums as bs
from simulator.analysis.balance_boot import BootTally
from simulator.analysis.batches import collected_slices
from simulator.analysis.runinfo import RunInfo

ALL = "(all)"
QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)
#: scoring categories whose points add up to a side's points
CATEGORY_POINTS = {
    "sweep": ("cards_points", "spades_points", "ace_of_spades_points", "sweep_points"),
    "seep": ("card_points", "sweep_points"),
}
#: the optional row columns some figures read
OPTIONAL_COLUMNS = (
    "lineup_name",
    "match_won",
    "match_rounds",
    "baazi_reason",
    "sweeps",
    "houses_built",
    "bidder_side",
    "declarer",
    "contract",
    "made",
    "bid",
    "passouts",
    *{c for cats in CATEGORY_POINTS.values() for c in cats},
)
BASE_COLUMNS = (
    "variant",
    "lineup",
    "deal_index",
    "rotation",
    "round",
    "side",
    "seats",
    "dealer",
    "points",
    "dealer_side",
)

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
    "passouts_per_deal",
    "match_length_mean",
    "match_length_sd",
]


@dataclass(frozen=True)
class Figure:
    """A ratio figure: per-row integer ``num`` and ``den`` summed per group; value
    ``sum(num) / (scale · sum(den))``, with ``scale`` 1, 2 (half shares) or ``2 · sides``."""

    name: str
    key: str
    num: pl.Expr
    den: pl.Expr
    scale: str  # "1", "2" or "2n"
    outcome: bool  # read from deal (match) outcome rows, else from every deal row


@dataclass(frozen=True)
class Facts:
    """What the whole run says before any slice is read (one cheap streaming query)."""

    rules_hash: dict[str, str]
    sides: dict[str, int]
    players: dict[str, int]
    several: bool
    columns: frozenset[str]


def _facts(deals: pl.LazyFrame) -> Facts | None:
    columns = frozenset(deals.collect_schema().names())
    lineups = pl.col("lineup").n_unique() if "lineup_name" in columns else pl.lit(1, dtype=pl.UInt32)
    facts = (
        deals.group_by("variant")
        .agg(
            rules_hash=pl.col("rules_hash").first() if "rules_hash" in columns else pl.lit(""),
            sides=pl.col("side").max() + 1,
            width=pl.col("seats").list.len().max(),
            lineups=lineups,
        )
        .collect()
    )
    if not facts.height:
        return None
    rows = facts.rows_by_key("variant", named=True, unique=True)
    return Facts(
        {v: str(r["rules_hash"]) for v, r in rows.items()},
        {v: int(r["sides"]) for v, r in rows.items()},
        {v: int(r["sides"]) * int(r["width"]) for v, r in rows.items()},
        max(int(r["lineups"]) for r in rows.values()) > 1,
        columns,
    )


def _figures(info: RunInfo, columns: frozenset[str], max_players: int) -> list[Figure]:
    one = (pl.col("side") == 0).cast(pl.Int64)  # counts each deal (match) once
    share2 = pl.col("share2")
    adv = pl.col("adv2n")
    first_side = ((pl.col("positions") // 2) % 2).cast(pl.Int64)
    figures = []
    for p in range(max_players):
        holds = (pl.col("positions") // 2**p) % 2
        figures.append(
            Figure("win_rate_position", str(p), share2 * holds, one * (p < pl.col("players")), "2", True)
        )
    for k in range(max_players):
        side = (pl.col("side") == k).cast(pl.Int64)
        figures.append(Figure("win_rate_side", str(k), share2 * side, side, "2", True))
    dealer = pl.col("dealer_side").cast(pl.Int64)
    figures.append(Figure("dealer_advantage", "", adv * dealer, dealer, "2n", True))
    figures.append(Figure("first_player_advantage", "", adv * first_side, first_side, "2n", True))
    figures.append(Figure("tie_rate", "", pl.col("tied") * one, one, "1", True))
    if info.unit == "match":
        figures.append(Figure("match_length_mean", "", pl.col("match_rounds") * one, one, "1", True))
        if "baazi_reason" in columns:
            under9 = (pl.col("baazi_reason") == "under9").cast(pl.Int64)
            figures.append(Figure("under9_rate", "", under9 * one, one, "1", True))
    for category in CATEGORY_POINTS.get(info.game, ()):
        if category in columns:
            figures.append(Figure("points_share", category, pl.col(category), pl.col("points"), "1", False))
    if "sweeps" in columns:
        figures.append(Figure("sweeps_per_deal", "", pl.col("sweeps"), one, "1", False))
    if "houses_built" in columns:
        figures.append(Figure("houses_per_deal", "", pl.col("houses_built"), one, "1", False))
    if "bidder_side" in columns:
        bidder = pl.col("bidder_side").cast(pl.Int64)
        figures.append(Figure("bidder_success_rate", "", share2 * bidder, bidder, "2", False))
    if "declarer" in columns:
        declarer = pl.col("declarer").fill_null(False)
        points = (declarer & (pl.col("contract") == "points")).cast(pl.Int64)
        made = pl.col("made").fill_null(False)
        figures.append(
            Figure(
                "declarer_success_rate",
                "",
                (declarer & made).cast(pl.Int64),
                declarer.cast(pl.Int64),
                "1",
                False,
            )
        )
        figures.append(Figure("contracts_made_rate", "", points * made.cast(pl.Int64), points, "1", False))
        nuls = (declarer & (pl.col("contract") == "nuls")).cast(pl.Int64)
        figures.append(Figure("nuls_rate", "", nuls, declarer.cast(pl.Int64), "1", False))
        figures.append(
            Figure("mean_winning_bid", "", pl.col("bid").fill_null(0) * points, points, "1", False)
        )
    if "passouts" in columns:
        figures.append(Figure("passouts_per_deal", "", pl.col("passouts") * one, one, "1", False))
    figures.append(Figure("margin_mean", "", pl.col("margin") * one, one, "1", False))
    return figures


def _with_deal_id(rows: pl.DataFrame) -> pl.DataFrame:
    """A ``deal_id`` integer per (variant, lineup, deal, rotation, round): windows over one
    integer key cost far less than windows over five keys."""
    return rows.with_columns(
        deal_id=pl.struct("variant", "lineup", "deal_index", "rotation", "round").rank("dense").cast(pl.Int64)
    )


def _with_shares(rows: pl.DataFrame, sides: pl.Expr) -> pl.DataFrame:
    """From ``top`` (the side is among the deal's best): ``share2`` (2 alone at the top, 1 tied
    there, else 0), ``tied`` and ``adv2n`` (the share minus the deal's mean share, times
    ``2 · sides``: an integer)."""
    rows = rows.with_columns(n_top=pl.col("top").cast(pl.Int64).sum().over("deal_id"))
    rows = rows.with_columns(
        share2=pl.when(pl.col("top")).then(pl.when(pl.col("n_top") == 1).then(2).otherwise(1)).otherwise(0),
        tied=(pl.col("n_top") > 1).cast(pl.Int64),
    )
    return rows.with_columns(adv2n=pl.col("share2") * sides - pl.col("share2").sum().over("deal_id"))


class BalanceTally:
    """The balance table of a run, built slice by slice."""

    def __init__(self, info: RunInfo, facts: Facts) -> None:
        self.info = info
        self.facts = facts
        present = [v for v in info.variants if v in facts.rules_hash]
        present += sorted(v for v in facts.rules_hash if v not in present)
        self.variants = present
        self.baseline = present[0]
        self.shared = {v for v in present[1:] if facts.players[v] == facts.players[self.baseline]}
        self.figures = _figures(info, facts.columns, max(facts.players.values()))
        self.own: dict[tuple[str, str], dict[str, int]] = {}
        self.paired: dict[tuple[str, str], dict[str, int]] = {}
        self.boot = BootTally(info, self.baseline, self.shared, self._positions())

    def _positions(self) -> list[int]:
        return [f for f, fig in enumerate(self.figures) if fig.name == "win_rate_position"]

    @property
    def columns(self) -> list[str]:
        return [c for c in (*BASE_COLUMNS, *OPTIONAL_COLUMNS) if c in self.facts.columns]

    def _prepared(self, rows: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
        """(outcome rows, deal rows) of a slice, with shares, players, positions and each
        deal's winning margin, and the strategy mixes."""
        sides = pl.col("variant").replace_strict(self.facts.sides, return_dtype=pl.Int64)
        players = pl.col("variant").replace_strict(self.facts.players, return_dtype=pl.Int64)
        every = _with_deal_id(rows).with_columns(best=pl.col("points").max().over("deal_id"), players=players)
        every = _with_shares(every.with_columns(top=pl.col("points") == pl.col("best")), sides)
        every = every.with_columns(
            runner_up=pl.when(~pl.col("top")).then(pl.col("points")).max().over("deal_id")
        )
        width = int(every.select(pl.col("seats").list.len().max()).item() or 1)
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
        every = every.with_columns(
            margin=pl.when(pl.col("n_top") > 1).then(0).otherwise(pl.col("best") - pl.col("runner_up")),
            positions=pl.sum_horizontal(bits),  # bit p: the side holds the seat at position p from the dealer
        )
        outcome = every
        if self.info.unit == "match":
            outcome = _with_shares(
                every.filter(pl.col("round") == 1).with_columns(top=pl.col("match_won")), sides
            )
        return self._mixed(outcome), self._mixed(every)

    def _mixed(self, rows: pl.DataFrame) -> pl.DataFrame:
        everything = rows.with_columns(mix=pl.lit(ALL))
        if not self.facts.several:
            return everything
        return pl.concat([everything, rows.with_columns(mix=pl.col("lineup_name"))])

    def _group_sums(self, outcome: pl.DataFrame, every: pl.DataFrame) -> pl.DataFrame:
        """Per (variant, mix, deal index): each figure's integer ``n{f}`` and ``d{f}``."""
        ids = ["variant", "mix", "deal_index"]
        frames = []
        for source, use in ((outcome, True), (every, False)):
            aggs = []
            for f, fig in enumerate(self.figures):
                if fig.outcome == use:
                    aggs += [
                        fig.num.cast(pl.Int64).sum().alias(f"n{f}"),
                        fig.den.cast(pl.Int64).sum().alias(f"d{f}"),
                    ]
            frames.append(source.group_by(ids).agg(aggs))
        joined = frames[0].join(frames[1], on=ids, how="full", coalesce=True).fill_null(0)
        order = [c for f in range(len(self.figures)) for c in (f"n{f}", f"d{f}")]
        return joined.select(*ids, *order).sort(ids)

    def add(self, lo: int, hi: int, rows: pl.DataFrame) -> None:
        """Fold in one slice: the rows of the deal indexes ``lo <= i < hi``."""
        if not rows.height:
            return
        outcome, every = self._prepared(rows)
        groups = self._group_sums(outcome, every)
        n = len(self.figures)
        bs.add_sums(self.own, bs.own_sums(groups, n))
        base = groups.filter(pl.col("variant") == self.baseline).drop("variant")
        base = base.rename({c: f"b{c}" for c in base.columns if c not in ("mix", "deal_index")})
        mine = groups.filter(pl.col("variant").is_in(list(self.shared)))
        joined = mine.join(base, on=["mix", "deal_index"], how="inner")
        if joined.height:
            bs.add_sums(self.paired, bs.paired_sums(joined, n))
        self.boot.add(lo, hi, groups, outcome, every)

    def _scale(self, fig: Figure, variant: str) -> int:
        return {"1": 1, "2": 2, "2n": 2 * self.facts.sides[variant]}[fig.scale]

    def _ratio_rows(self) -> list[dict]:
        rows = []
        for (variant, mix), sums in self.own.items():
            theirs = self.own.get((self.baseline, mix))
            paired = self.paired.get((variant, mix)) if variant in self.shared else None
            for f, fig in enumerate(self.figures):
                if not sums[f"g{f}"]:
                    continue
                scale = self._scale(fig, variant)
                value, low, high = bs.own_interval(sums, f, scale)
                row = {
                    "variant": variant,
                    "mix": mix,
                    "figure": fig.name,
                    "key": fig.key,
                    "value": value,
                    "ci_low": low,
                    "ci_high": high,
                    "groups": sums[f"g{f}"],
                    "count": float(sums[f"d{f}"]),
                }
                if paired is not None and theirs is not None:
                    diff, d_low, d_high = bs.paired_interval(
                        paired, sums, theirs, f, scale, self._scale(fig, self.baseline)
                    )
                    row |= {"diff": diff, "diff_ci_low": d_low, "diff_ci_high": d_high}
                rows.append(row)
        return rows

    def table(self) -> pl.DataFrame:
        rows = self._ratio_rows() + self.boot.rows(self.own)
        table = pl.DataFrame(
            rows,
            schema={k: v for k, v in SCHEMA.items() if k not in ("rules_hash", "baseline")},
            orient="row",
        )
        table = table.with_columns(
            [
                pl.when(pl.col(c).is_finite()).then(pl.col(c)).otherwise(None).alias(c)
                for c in ("value", "ci_low", "ci_high", "diff", "diff_ci_low", "diff_ci_high")
            ]
        )
        rate = pl.col("figure").str.ends_with("_rate") | pl.col("figure").str.starts_with("win_rate")
        table = table.with_columns(
            [
                pl.when(rate).then(pl.col(c).clip(0.0, 1.0)).otherwise(pl.col(c)).alias(c)
                for c in ("ci_low", "ci_high")
            ]
        )
        table = table.with_columns(
            rules_hash=pl.col("variant").replace_strict(self.facts.rules_hash, return_dtype=pl.String),
            baseline=pl.when(pl.col("variant").is_in(list(self.shared))).then(pl.lit(self.baseline)),
        )
        order = {v: i for i, v in enumerate(self.variants)}
        figure_order = {f: i for i, f in enumerate(FIGURE_ORDER)}
        return table.sort(
            pl.col("variant").replace_strict(order, default=len(order)),
            pl.col("mix") != ALL,
            "mix",
            pl.col("figure").replace_strict(figure_order, default=len(figure_order)),
            pl.col("key").cast(pl.Float64, strict=False),
            "key",
        ).select([pl.col(name).cast(dtype) for name, dtype in SCHEMA.items()])


def balance_tally(deals: pl.LazyFrame, info: RunInfo) -> BalanceTally | None:
    """An empty tally for a run's rows (None when there are none)."""
    facts = _facts(deals)
    return None if facts is None else BalanceTally(info, facts)


def balance(deals: pl.LazyFrame, info: RunInfo) -> pl.DataFrame:
    """The balance table of a run's rows, read slice by slice."""
    tally = balance_tally(deals, info)
    if tally is None:
        return pl.DataFrame(schema=SCHEMA)
    for lo, hi, rows in collected_slices(deals, tally.columns):
        tally.add(lo, hi, rows)
    return tally.table()
