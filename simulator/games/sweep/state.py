"""One Sweep round (a "manche"): deal, centre redeal, play, redeals, last capture.

Hands, loose table cards and piles are int bitmasks; builds (build variant
only) are (value, cards mask, owner) tuples. All randomness comes from the
state's own ``random.Random(seed)``, and only while dealing: nothing later in a
round is random. Event dicts are built only when a log is given.

For the move generator, the hot path of every tournament, the state also keeps
each hand as a sorted card list (``_cards``) and the table's value signature
(``_sig``, see groups.py) up to date in ``apply`` instead of recomputing them
on every turn.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Sequence
from typing import Any, Final

from simulator.cards import FACE_MASK, card_str, cards_of, mask_of
from simulator.games.leftover import leftover_event
from simulator.games.sweep.events import centre_redeal_event, dealt_event, move_event, redeal_event
from simulator.games.sweep.groups import SIG16, SIG_UNIT, signature
from simulator.games.sweep.movegen import SweepMoves, build_variant_moves, loose_moves
from simulator.games.sweep.moves import CAPTURE, TRAIL, SweepMove, move_text
from simulator.games.sweep.rules import SweepRules
from simulator.games.sweep.scoring import score, score_event
from simulator.games.sweep.view import Build, SweepView, new_view
from simulator.shuffle import randbelow, seeded_rng, shuffled_deck

_BIT: Final = tuple(1 << c for c in range(52))
_bit_count: Final = int.bit_count
_NOTHING_TAKEN: Final[tuple[Build, ...]] = ()


@dataclasses.dataclass(frozen=True)
class SweepPosition:
    """Every field of a round in progress; ``SweepState.from_position`` restores it exactly.

    The defaults let tests build a position from a few fields: empty hands and piles, the
    dealer just before ``current_player``, every card in hands and stock still to be played.
    """

    rules: SweepRules = dataclasses.field(default_factory=SweepRules)
    hands: tuple[int, ...] = ()  # per seat (masks); () is every hand empty
    table: int = 0  # loose cards
    builds: tuple[Build, ...] = ()  # (value, cards mask, owner), in creation order
    stock: tuple[int, ...] = ()  # cards still to be dealt, dealt from the start
    set_aside: int = 0  # the eight-card deal's unused stock
    piles: tuple[int, ...] = ()  # per side; () is every pile empty
    sweeps: tuple[int, ...] = ()  # per side; () is no sweep yet
    ace_sweep_side: int = -1  # the side whose sweep took A♠ (§6.3), -1: none
    last_capturer: int = -1
    current_player: int = 0  # -1 once the round is over
    dealer: int | None = None  # None: the seat before current_player
    plays_left: int | None = None  # plays left in the round; None: the cards in hands and stock
    deal_left: int | None = None  # plays left before the next redeal; None: the cards in hands
    history: tuple[tuple[int, SweepMove], ...] = ()  # (seat, move) of every play so far
    scores: tuple[int, ...] = ()  # match totals per side before this round; () is zeros
    centre_returned: int = 0  # cards the centre redeal put back into the stock
    seed: int = 0
    rng_state: Any = None  # ``random.Random.getstate()``; None: ``Random(seed)``


class SweepState:
    """A Sweep round in progress (the ``DealState`` of base.py).

    ``__slots__`` closes the field list when interpreted; compiled, mypyc lays the fields out
    natively whatever the slots say (the class then has neither ``__slots__`` nor ``__dict__``,
    and lists them in ``__mypyc_attrs__``).
    """

    __slots__ = (
        "_cards",
        "_double_ace",
        "_last_sweep_ok",
        "_next_seat",
        "_result",
        "_rng",
        "_rng_state",
        "_sig",
        "_with_builds",
        "ace_sweep_side",
        "builds",
        "centre_returned",
        "deal_left",
        "dealer",
        "hands",
        "history",
        "last_capturer",
        "log",
        "n",
        "piles",
        "plays_left",
        "rules",
        "scores",
        "seed",
        "set_aside",
        "side_of",
        "stock",
        "sweeps",
        "table",
        "turn",
    )

    def __init__(
        self,
        rules: SweepRules,
        seed: int,
        dealer: int | None = None,
        log: list[dict] | None = None,
        *,
        _blank: bool = False,
    ) -> None:
        """Deal a round; ``_blank=True`` (``clone`` and ``from_position`` only) sets no field at
        all, the caller fills every one (compiled classes cannot be made without ``__init__``)."""
        if _blank:
            return
        rng = seeded_rng(seed)
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
            log.append(dealt_event(hands, self.table))
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
        self, rules: SweepRules, seed: int, dealer: int, log: list[dict] | None, rng: random.Random | None
    ) -> None:
        n = rules.num_players
        self.rules = rules
        self.seed = seed
        self._rng = rng
        self._rng_state: Any = None  # a restored position's RNG state (None: Random(seed)) until needed
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
        self.centre_returned = 0
        self.ace_sweep_side = -1
        self.last_capturer = -1
        self.turn = (dealer + 1) % n
        self.history: list[tuple[int, SweepMove]] = []
        self._result: tuple[list[int], list[dict[str, Any]]] | None = None
        self._double_ace = rules.ace_of_spades_sweep_double
        self._last_sweep_ok = rules.last_play_sweep_counts
        self._with_builds = rules.builds
        self._next_seat = tuple((s + 1) % n for s in range(n))

    # -- full positions ------------------------------------------------------------------

    def position(self) -> SweepPosition:
        """Every field of the round as it stands (immutable; the RNG as its state)."""
        return SweepPosition(
            rules=self.rules,
            hands=tuple(self.hands),
            table=self.table,
            builds=tuple(self.builds),
            stock=tuple(self.stock),
            set_aside=self.set_aside,
            piles=tuple(self.piles),
            sweeps=tuple(self.sweeps),
            ace_sweep_side=self.ace_sweep_side,
            last_capturer=self.last_capturer,
            current_player=self.turn,
            dealer=self.dealer,
            plays_left=self.plays_left,
            deal_left=self.deal_left,
            history=tuple(self.history),
            scores=self.scores,
            centre_returned=self.centre_returned,
            seed=self.seed,
            rng_state=self._rng_state if self._rng is None else self._rng.getstate(),
        )

    @classmethod
    def from_position(cls, position: SweepPosition, log: list[dict] | None = None) -> SweepState:
        """The state of ``position`` (its defaults filled in), logging into ``log`` from now on."""
        p = position
        rules = p.rules
        n = rules.num_players
        self = cls(rules, p.seed, _blank=True)
        dealer = (p.current_player - 1) % n if p.dealer is None else p.dealer
        self._setup(rules, p.seed, dealer, log, None)  # the RNG is made when first needed
        self._rng_state = p.rng_state
        self.turn = p.current_player
        hands = list(p.hands) or [0] * n
        if len(hands) != n:
            raise ValueError(f"a position of {n} players needs {n} hands, got {len(hands)}")
        self.hands = hands
        self._cards = [list(cards_of(h)) for h in hands]
        self.table = p.table
        self._sig = signature(p.table)
        self.builds = list(p.builds)
        self.stock = list(p.stock)
        self.set_aside = p.set_aside
        if p.piles:
            self.piles = list(p.piles)
        if p.sweeps:
            self.sweeps = list(p.sweeps)
        if p.scores:
            self.scores = tuple(p.scores)
        self.ace_sweep_side = p.ace_sweep_side
        self.last_capturer = p.last_capturer
        in_hands = sum(h.bit_count() for h in hands)
        self.plays_left = in_hands + len(self.stock) if p.plays_left is None else p.plays_left
        self.deal_left = in_hands if p.deal_left is None else p.deal_left
        self.history = list(p.history)
        self.centre_returned = p.centre_returned
        return self

    def clone(self) -> SweepState:
        """An independent copy with no log, field by field (only immutable values are shared).

        The RNG is shared: a round draws nothing after its deal, so no later play can tell.
        """
        new = SweepState(self.rules, self.seed, _blank=True)
        new.rules = self.rules
        new.seed = self.seed
        new._rng = self._rng
        new._rng_state = self._rng_state
        new.n = self.n
        new.dealer = self.dealer
        new.log = None
        new.side_of = self.side_of
        new.scores = self.scores
        new.piles = self.piles[:]
        new.sweeps = self.sweeps[:]
        new.builds = self.builds[:]
        new.set_aside = self.set_aside
        new.centre_returned = self.centre_returned
        new.ace_sweep_side = self.ace_sweep_side
        new.last_capturer = self.last_capturer
        new.turn = self.turn
        new.history = self.history[:]
        new._result = self._result
        new._double_ace = self._double_ace
        new._last_sweep_ok = self._last_sweep_ok
        new._with_builds = self._with_builds
        new._next_seat = self._next_seat
        new.hands = self.hands[:]
        new._cards = [held[:] for held in self._cards]
        new.table = self.table
        new._sig = self._sig
        new.stock = self.stock[:]
        new.plays_left = self.plays_left
        new.deal_left = self.deal_left
        return new

    @property
    def rng(self) -> random.Random:
        """The round's RNG (a restored position makes it from its state on first use)."""
        if self._rng is None:
            self._rng = seeded_rng(self.seed)
            if self._rng_state is not None:
                self._rng.setstate(self._rng_state)
            self._rng_state = None
        return self._rng

    # -- dealing -------------------------------------------------------------------------

    def _centre_redeal(self) -> None:
        """§3.3: while 3+ face cards lie in the centre, return them (or all 4) to the stock,
        shuffle it and refill the centre to 4 cards."""
        whole = self.rules.face_card_redeal == "redeal_whole_centre"
        while (self.table & FACE_MASK).bit_count() >= 3:
            returned = self.table if whole else self.table & FACE_MASK
            self.centre_returned |= returned
            self.table ^= returned
            self.stock.extend(cards_of(returned))
            self.rng.shuffle(self.stock)
            added = 0
            while self.table.bit_count() < 4:
                added |= _BIT[self.stock.pop(0)]
                self.table |= added
            if self.log is not None:
                self.log.append(centre_redeal_event(returned, added, self.table))

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
            self.log.append(redeal_event(hands))

    # -- the DealState API ---------------------------------------------------------------

    def current_player(self) -> int:
        return self.turn

    def is_over(self) -> bool:
        return self.turn < 0

    def legal_moves(self) -> list[SweepMove] | SweepMoves:
        """TRAIL and every capture (and BUILD) per card in hand, in card order, deduplicated:
        a list, or beyond a few hundred moves a sequence built on access (movegen.py)."""
        p = self.turn
        if p < 0:
            return []
        if self._with_builds:
            return build_variant_moves(self._cards[p], self.table, self._sig, self.hands[p], self.builds)
        return loose_moves(self._cards[p], self.table, self._sig, self.hands[p])

    def apply(self, move: SweepMove) -> None:
        action, card, value, mask = move
        s = self.turn
        bit = _BIT[card]
        hands = self.hands
        if s < 0 or not hands[s] & bit:
            raise ValueError(f"illegal Sweep move {move!r}: the card is not in the hand of seat {s}")
        hands[s] ^= bit
        self._cards[s].remove(card)
        self.history.append((s, move))
        log = self.log
        if action == TRAIL:
            self.table |= bit
            self._sig += SIG_UNIT[card]
            if log is not None:
                log.append(move_event(s, move, [], False, self.table, self.builds))
        elif action == CAPTURE:
            builds = self.builds
            taken = self._take_builds(mask) if builds else _NOTHING_TAKEN
            self.table = table = self.table & ~mask
            self._sig = (  # signature(table), inlined
                SIG16[table & 0xFFFF] | SIG16[table >> 16 & 0xFFFF] << 12 | SIG16[table >> 32 & 0xFF] << 24
            )
            side = self.side_of[s]
            self.piles[side] |= mask | bit
            self.last_capturer = s
            sweep = not table and not builds and (self.plays_left > 1 or self._last_sweep_ok)
            if sweep:
                self.sweeps[side] += 1
                if self._double_ace and (mask | bit) & 1:
                    self.ace_sweep_side = side
            if log is not None:
                log.append(move_event(s, move, list(taken), sweep, table, builds))
        else:
            self.table ^= mask
            self._sig = signature(self.table)
            self.builds.append((value, mask | bit, s))
            if log is not None:
                log.append(move_event(s, move, [], False, self.table, self.builds))
        self.plays_left -= 1
        self.deal_left -= 1
        if self.deal_left:
            self.turn = self._next_seat[s]
        elif self.plays_left:
            self.turn = self._next_seat[s]
            self._redeal()
        else:
            self._end_round()

    def _take_builds(self, mask: int) -> list[Build]:
        """Remove and return the builds a capture of ``mask`` takes (whole, §4.3 c)."""
        taken = [b for b in self.builds if b[1] & mask]
        if taken:
            self.builds[:] = [b for b in self.builds if not b[1] & mask]
        return taken

    def _end_round(self) -> None:
        """§5.2: the table (builds included) goes to the last capturer's side, if any."""
        self.turn = -1
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
        if self._result is not None and self.turn < 0:
            return self._result
        result = score(self.rules, self.piles, self.sweeps, self.ace_sweep_side)
        if self.turn < 0:
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
        return score_event(self.rules, points, rows, totals)

    # -- views and text ------------------------------------------------------------------

    def view(self, seat: int) -> SweepView:
        return new_view(  # every field in order (simulator/games/views.py)
            "sweep",
            seat,
            self.rules,
            self.dealer,
            self.turn,
            self.hands[seat],
            self.table,
            tuple(self.builds),
            tuple(map(_bit_count, self.hands)),
            len(self.stock),
            tuple(self.piles),
            tuple(self.sweeps),
            self.last_capturer,
            tuple(self.history),
            self.scores,
            self.centre_returned,
        )

    def move_text(self, move: SweepMove) -> str:
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
