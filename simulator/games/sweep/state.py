"""One Sweep round (a "manche"): deal, centre redeal, play, redeals, last capture, scoring.

Hands, loose table cards and piles are int bitmasks; builds (build variant
only) are (value, cards mask, owner) tuples. All randomness comes from the
state's own ``random.Random(seed)``. Event dicts are built only when a log is
given.

For the move generator, the hot path of every tournament, the state also keeps
each hand as a sorted card list (``_cards``) and the table's value signature
(``_sig``, see groups.py) up to date in ``apply`` instead of recomputing them
on every turn.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Iterable, Sequence
from typing import Any

from simulator.cards import FACE_MASK, SPADE_MASK, card_pretty, card_str, cards_of, mask_of, mask_strs
from simulator.games.leftover import leftover_event
from simulator.games.sweep.events import Build, build_obj, table_list
from simulator.games.sweep.groups import SIG16, SIG_UNIT, signature
from simulator.games.sweep.moves import (
    BUILD,
    CAPTURE,
    TRAIL,
    Move,
    build_variant_moves,
    hand_moves,
)
from simulator.games.sweep.rules import SweepRules
from simulator.shuffle import randbelow, shuffled_deck

ACE_OF_SPADES = 0  # card int of A♠ (rank 1, suit S)
_BIT = tuple(1 << c for c in range(52))


def _strict_winner(counts: Sequence[int]) -> int:
    """The side whose count is strictly greater than every other side's, else -1 (§6.1)."""
    best = max(counts)
    return counts.index(best) if counts.count(best) == 1 else -1


@dataclasses.dataclass(frozen=True)
class SweepView:
    """What one seat may see: its own hand and public information only."""

    game: str
    seat: int
    rules: SweepRules
    dealer: int
    current: int
    hand: int  # own hand mask
    table: int  # loose table cards mask
    builds: tuple[Build, ...]  # (value, cards mask, owner)
    hand_sizes: tuple[int, ...]  # per seat
    stock_size: int  # cards still to be dealt in this round (0 in the eight-card deal)
    piles: tuple[int, ...]  # captured cards per side (captures are played face up)
    sweeps: tuple[int, ...]  # per side
    last_capturer: int  # seat, -1 if nobody captured yet
    history: tuple[tuple[int, Move], ...]  # (seat, move) of every play so far


class SweepState:
    """A Sweep round in progress (the ``DealState`` of base.py)."""

    __slots__ = (
        "_cards",
        "_double_ace",
        "_last_sweep_ok",
        "_next_seat",
        "_result",
        "_sig",
        "_with_builds",
        "ace_sweep_side",
        "builds",
        "cur",
        "deal_left",
        "dealer",
        "hands",
        "history",
        "last_capturer",
        "log",
        "n",
        "piles",
        "plays_left",
        "rng",
        "rules",
        "scores",
        "seed",
        "set_aside",
        "side_of",
        "stock",
        "sweeps",
        "table",
    )

    def __init__(
        self, rules: SweepRules, seed: int, dealer: int | None = None, log: list[dict] | None = None
    ) -> None:
        rng = random.Random(seed)
        n = rules.num_players
        if dealer is None:
            dealer = randbelow(rng, n)
        self._setup(rules, seed, dealer, log, rng)
        deck = shuffled_deck(rng)
        per_hand = 8 if rules.deal_mode == "eight_card_single" else 4
        hands = [0] * n
        cards: list[list[int]] = [[] for _ in range(n)]
        pos = 0
        for _ in range(per_hand // 4):
            for i in range(1, n + 1):
                a, b, c, d = packet = deck[pos : pos + 4]
                seat = (dealer + i) % n
                hands[seat] |= _BIT[a] | _BIT[b] | _BIT[c] | _BIT[d]
                cards[seat] += packet
                pos += 4
        for held in cards:
            held.sort()
        self.hands = hands
        self._cards = cards
        a, b, c, d = deck[pos : pos + 4]
        self.table = _BIT[a] | _BIT[b] | _BIT[c] | _BIT[d]
        self.stock = deck[pos + 4 :]
        if log is not None:
            log.append(
                {"type": "dealt", "hands": [mask_strs(h) for h in hands], "table": mask_strs(self.table)}
            )
        if (self.table & FACE_MASK).bit_count() >= 3:
            self._centre_redeal()
        self._sig = signature(self.table)
        if per_hand == 8:
            self.set_aside = mask_of(self.stock)
            self.stock = []
            self.plays_left = self.deal_left = 8 * n
        else:
            self.plays_left = 48
            self.deal_left = 4 * n

    def _setup(
        self, rules: SweepRules, seed: int, dealer: int, log: list[dict] | None, rng: random.Random
    ) -> None:
        n = rules.num_players
        self.rules = rules
        self.seed = seed
        self.rng = rng
        self.n = n
        self.dealer = dealer
        self.log = log
        self.side_of = rules.side_of_seat
        nsides = len(rules.sides)
        self.scores: tuple[int, ...] = (0,) * nsides  # match totals before this round
        self.piles = [0] * nsides
        self.sweeps = [0] * nsides
        self.builds: list[Build] = []
        self.set_aside = 0
        self.ace_sweep_side = -1
        self.last_capturer = -1
        self.cur = (dealer + 1) % n
        self.history: list[tuple[int, Move]] = []
        self._result: tuple[list[int], list[dict[str, Any]]] | None = None
        self._double_ace = rules.ace_of_spades_sweep_double
        self._last_sweep_ok = rules.last_play_sweep_counts
        self._with_builds = rules.builds
        self._next_seat = tuple((s + 1) % n for s in range(n))

    @classmethod
    def from_position(
        cls,
        rules: SweepRules,
        hands: Sequence[Iterable[int]],
        table: Iterable[int],
        *,
        builds: Sequence[Build] = (),
        stock: Sequence[int] = (),
        current: int = 0,
        dealer: int | None = None,
        plays_left: int | None = None,
        piles: Sequence[int] | None = None,
        sweeps: Sequence[int] | None = None,
        last_capturer: int = -1,
        seed: int = 0,
        log: list[dict] | None = None,
    ) -> SweepState:
        """A position built by hand (tests, analysis): cards as ints, builds as (value, mask, owner).

        ``stock`` is dealt from its start in later redeals; ``plays_left`` defaults to the
        cards in hands plus the stock.
        """
        self = cls.__new__(cls)
        n = rules.num_players
        self._setup(rules, seed, (current - 1) % n if dealer is None else dealer, log, random.Random(seed))
        self.cur = current
        self.hands = [mask_of(h) for h in hands]
        self._cards = [list(cards_of(h)) for h in self.hands]
        self.table = mask_of(table)
        self._sig = signature(self.table)
        self.builds = list(builds)
        self.stock = list(stock)
        in_hands = sum(h.bit_count() for h in self.hands)
        self.plays_left = in_hands + len(self.stock) if plays_left is None else plays_left
        self.deal_left = in_hands
        if piles is not None:
            self.piles = list(piles)
        if sweeps is not None:
            self.sweeps = list(sweeps)
        self.last_capturer = last_capturer
        return self

    # -- dealing -------------------------------------------------------------------------

    def _centre_redeal(self) -> None:
        """§3.3: while 3+ face cards lie in the centre, return them (or all 4) to the stock,
        shuffle it and refill the centre to 4 cards."""
        whole = self.rules.face_card_redeal == "redeal_whole_centre"
        while (self.table & FACE_MASK).bit_count() >= 3:
            returned = self.table if whole else self.table & FACE_MASK
            self.table ^= returned
            self.stock.extend(cards_of(returned))
            self.rng.shuffle(self.stock)
            added = 0
            while self.table.bit_count() < 4:
                added |= _BIT[self.stock.pop(0)]
                self.table |= added
            if self.log is not None:
                self.log.append(
                    {
                        "type": "centre_redeal",
                        "returned": mask_strs(returned),
                        "added": mask_strs(added),
                        "table": mask_strs(self.table),
                    }
                )

    def _redeal(self) -> None:
        """§3.5: 4 more cards to each player from the stock, in the canonical order."""
        n = self.n
        stock = self.stock
        hands = self.hands
        cards = self._cards
        dealer = self.dealer
        for i in range(1, n + 1):
            a, b, c, d = packet = stock[:4]
            del stock[:4]
            seat = (dealer + i) % n
            hands[seat] |= _BIT[a] | _BIT[b] | _BIT[c] | _BIT[d]
            held = cards[seat]
            held += packet
            held.sort()
        self.deal_left = 4 * n
        if self.log is not None:
            self.log.append({"type": "redeal", "hands": [mask_strs(h) for h in hands]})

    # -- the DealState API ---------------------------------------------------------------

    def current_player(self) -> int:
        return self.cur

    def is_over(self) -> bool:
        return self.cur < 0

    def legal_moves(self) -> list[Move]:
        """TRAIL and every capture (and BUILD) per card in hand, in card order, deduplicated."""
        cur = self.cur
        if cur < 0:
            return []
        if self._with_builds:
            table = self.table
            hand = self.hands[cur]
            out: list[Move] = []
            for c in self._cards[cur]:
                out += build_variant_moves(c, table, self.builds, hand)
            return out
        return hand_moves(self._cards[cur], self.table, self._sig)

    def apply(self, move: Move) -> None:
        card, action, mask, value = move
        s = self.cur
        bit = _BIT[card]
        hands = self.hands
        if s < 0 or not hands[s] & bit:
            raise ValueError(f"illegal Sweep move {move!r}: the card is not in the hand of seat {s}")
        hands[s] ^= bit
        self._cards[s].remove(card)
        self.history.append((s, move))
        if action == TRAIL:
            self.table |= bit
            self._sig += SIG_UNIT[card]
            if self.log is not None:
                self._log_move(s, move, [], False)
        elif action == CAPTURE:
            taken = self._take_builds(mask) if self.builds else []
            table = self.table & ~mask
            self.table = table
            self._sig = (  # signature(table), inlined
                SIG16[table & 0xFFFF] | SIG16[table >> 16 & 0xFFFF] << 12 | SIG16[table >> 32 & 0xFF] << 24
            )
            side = self.side_of[s]
            self.piles[side] |= mask | bit
            self.last_capturer = s
            sweep = not table and not self.builds and (self.plays_left > 1 or self._last_sweep_ok)
            if sweep:
                self.sweeps[side] += 1
                if self._double_ace and (mask | bit) & 1:
                    self.ace_sweep_side = side
            if self.log is not None:
                self._log_move(s, move, taken, sweep)
        else:
            self.table ^= mask
            self._sig = signature(self.table)
            self.builds.append((value, mask | bit, s))
            if self.log is not None:
                self._log_move(s, move, [], False)
        self.plays_left -= 1
        left = self.deal_left - 1
        self.deal_left = left
        if left:
            self.cur = self._next_seat[s]
        elif self.plays_left:
            self.cur = self._next_seat[s]
            self._redeal()
        else:
            self._end_round()

    def _take_builds(self, mask: int) -> list[Build]:
        """Remove and return the builds a capture of ``mask`` takes (whole, §4.3 c)."""
        taken = [b for b in self.builds if b[1] & mask]
        if taken:
            self.builds[:] = [b for b in self.builds if not b[1] & mask]
        return taken

    def _log_move(self, seat: int, move: Move, taken: list[Build], sweep: bool) -> None:
        card, action, mask, value = move
        builds_taken = 0
        for b in taken:
            builds_taken |= b[1]
        self.log.append(  # type: ignore[union-attr]
            {
                "type": "move",
                "seat": seat,
                "card": card_str(card),
                "action": action,
                "captured": mask_strs(mask & ~builds_taken) + [build_obj(b) for b in taken]
                if action == CAPTURE
                else [],
                "build": {"value": value, "cards": mask_strs(mask | _BIT[card])} if action == BUILD else None,
                "sweep": sweep,
                "table": table_list(self.table, self.builds),
            }
        )

    def _end_round(self) -> None:
        """§5.2: the table (builds included) goes to the last capturer's side, if any."""
        self.cur = -1
        left = self.table
        for b in self.builds:
            left |= b[1]
        s = self.last_capturer
        if s >= 0:
            self.piles[self.side_of[s]] |= left
            self.table = 0
            self._sig = 0
            self.builds = []
        if self.log is not None:
            self.log.append(leftover_event(s, self.side_of, left))

    # -- scoring -------------------------------------------------------------------------

    def _score(self) -> tuple[list[int], list[dict[str, Any]]]:
        if self._result is not None and self.cur < 0:
            return self._result
        rules = self.rules
        piles = self.piles
        counts = [p.bit_count() for p in piles]
        spades = [(p & SPADE_MASK).bit_count() for p in piles]
        card_winner = _strict_winner(counts)
        spade_winner = _strict_winner(spades)
        points: list[int] = []
        rows: list[dict[str, Any]] = []
        for k, pile in enumerate(piles):
            has_ace = bool(pile & 1)
            ace_pts = (2 if self.ace_sweep_side == k else 1) if has_ace else 0
            sweep_pts = self.sweeps[k] if rules.sweep_bonus else 0
            row = {
                "cards": counts[k],
                "spades": spades[k],
                "ace_of_spades": has_ace,
                "sweeps": self.sweeps[k],
                "cards_points": int(card_winner == k),
                "spades_points": int(spade_winner == k),
                "ace_of_spades_points": ace_pts,
                "sweep_points": sweep_pts,
            }
            rows.append(row)
            points.append(row["cards_points"] + row["spades_points"] + ace_pts + sweep_pts)
        result = (points, rows)
        if self.cur < 0:
            self._result = result
        return result

    def side_points(self) -> list[int]:
        """Round points per side (§6); final once the round is over."""
        return list(self._score()[0])

    def side_rows(self) -> list[dict[str, Any]]:
        """Per side: cards, spades, ace_of_spades, sweeps and the points of each category."""
        return [dict(r) for r in self._score()[1]]

    def score_event(self, totals: Sequence[int]) -> dict[str, Any]:
        points, rows = self._score()
        sides = []
        for k, seats in enumerate(self.rules.sides):
            r = rows[k]
            sides.append(
                {
                    "side": k,
                    "seats": list(seats),
                    "cards": r["cards"],
                    "spades": r["spades"],
                    "ace_of_spades": r["ace_of_spades"],
                    "sweeps": r["sweeps"],
                    "points": {
                        "cards": r["cards_points"],
                        "spades": r["spades_points"],
                        "ace_of_spades": r["ace_of_spades_points"],
                        "sweeps": r["sweep_points"],
                    },
                    "total": points[k],
                }
            )
        return {"type": "score", "sides": sides, "totals": list(totals)}

    # -- views and text ------------------------------------------------------------------

    def clone(self) -> SweepState:
        """An independent copy with no log (shares only the immutable rules)."""
        return copy.deepcopy(self, {id(self.log): None, id(self.rules): self.rules})

    def view(self, seat: int) -> SweepView:
        return SweepView(
            game="sweep",
            seat=seat,
            rules=self.rules,
            dealer=self.dealer,
            current=self.cur,
            hand=self.hands[seat],
            table=self.table,
            builds=tuple(self.builds),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            stock_size=len(self.stock),
            piles=tuple(self.piles),
            sweeps=tuple(self.sweeps),
            last_capturer=self.last_capturer,
            history=tuple(self.history),
        )

    def move_text(self, move: Move) -> str:
        return move_text(move)

    def card_location(self) -> dict[int, str]:
        """Where every card is (test helper): hand:s, table, build, stock, pile:k, set_aside."""
        where: dict[int, str] = {}

        def put(cards: Iterable[int], place: str) -> None:
            for c in cards:
                if c in where:
                    raise AssertionError(f"{card_str(c)} is both in {where[c]} and {place}")
                where[c] = place

        for s, h in enumerate(self.hands):
            put(cards_of(h), f"hand:{s}")
        put(cards_of(self.table), "table")
        for b in self.builds:
            put(cards_of(b[1]), "build")
        put(self.stock, "stock")
        for k, p in enumerate(self.piles):
            put(cards_of(p), f"pile:{k}")
        put(cards_of(self.set_aside), "set_aside")
        return where


def move_text(move: Move) -> str:
    """Readable move, e.g. ``9♣ takes 6♥ 3♦``."""
    card = card_pretty(move.card)
    taken = " ".join(card_pretty(c) for c in cards_of(move.mask))
    if move.action == TRAIL:
        return f"trail {card}"
    if move.action == BUILD:
        return f"{card} builds {move.value} with {taken}"
    return f"{card} takes {taken}"
