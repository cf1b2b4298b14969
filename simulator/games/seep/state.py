"""One Seep deal: dealing, the bid, applying moves (§3, §5), end of deal, clone and full position.

The floor is kept as ints: ``loose`` is a card mask and the houses live in
three 14-slot lists indexed by house value (cards mask, sum of card values,
owner seats as a bit mask) plus ``hmask`` (bit V set when a V-house exists),
which is enough for invariant I1 by construction. Move generation
(``movegen``) reads the houses through two 5-bit masks (bit V - 9) kept up to
date by ``apply``: ``owned[s]`` (the houses seat s owns) and ``ordinary``
(houses of value below 13 whose cards sum to V, §5.4), so it never loops over
the houses. (List items are updated as ``a[i] = a[i] | x``: compiled, ``a[i] |= x``
is a generic number operation.)

Longer than the project's 500-line guide on purpose: it is one class whose methods (dealing, the
bid, each kind of play, the end of the deal, clone and position) read and write the same forty
fields; split across modules, each part would restate that layout without separating a concern.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Final, cast

from simulator.cards import RANK_MASK, CardMask, mask_strs
from simulator.games.leftover import leftover_event
from simulator.games.seep.combos import VALUE, mask_value
from simulator.games.seep.events import hands_event, house_obj
from simulator.games.seep.movegen import bid_moves, play_moves
from simulator.games.seep.moves import BID, BREAK, CAPTURE, HOUSE, THROW, SeepMove, move_text
from simulator.games.seep.rules import GAME_NAME, SeepRules
from simulator.games.seep.scoring import card_points
from simulator.games.seep.view import HouseView, SeepView, new_view
from simulator.shuffle import randbelow, seeded_rng, shuffled_deck

#: the phases of a deal (Final literals: inlined once compiled)
BIDDING: Final = 0
PLAYING: Final = 1
OVER: Final = 2
#: cards of value 9..13: the bidder needs one of them (§3.3)
HIGH_MASK: Final = RANK_MASK[9] | RANK_MASK[10] | RANK_MASK[11] | RANK_MASK[12] | RANK_MASK[13]

#: (value, cards mask, owner seats) of a house in a position
HouseSpec = tuple[int, CardMask, tuple[int, ...]]


def _pack4(cards: list[int], pos: int) -> int:
    """The mask of the (up to) 4 cards from ``cards[pos]`` on: a packet."""
    if pos + 4 <= len(cards):
        return 1 << cards[pos] | 1 << cards[pos + 1] | 1 << cards[pos + 2] | 1 << cards[pos + 3]
    m = 0
    for c in cards[pos : pos + 4]:  # a short stock (a position built by hand or sampled)
        m |= 1 << c
    return m


@dataclasses.dataclass(frozen=True)
class SeepPosition:
    """Every field of a Seep deal in progress; :meth:`SeepState.from_position` restores it exactly.

    The defaults let a test build a play-phase position from a few fields:
    per-side tuples left empty mean zeros, ``dealer`` None means the seat before
    ``turn``, ``rng_state`` None means ``random.Random(seed)``. ``plays`` is the
    number of plays made (0 in the play phase: the next play is the bidder's
    opening, restricted by ``bid``). Invariants are the caller's business.
    """

    rules: SeepRules = dataclasses.field(default_factory=SeepRules)
    hands: tuple[CardMask, ...] = ()
    loose: CardMask = 0
    houses: tuple[HouseSpec, ...] = ()
    turn: int = 0
    plays: int = 1
    bid: int = 10
    phase: int = PLAYING
    dealer: int | None = None
    floor_visible: bool = True
    last_capturer: int = -1
    stock: tuple[int, ...] = ()  # undealt cards, next dealt first
    played: CardMask = 0
    piles: tuple[CardMask, ...] = ()  # captured cards per side
    sweeps: tuple[int, ...] = ()
    sweep_points: tuple[int, ...] = ()
    built: tuple[int, ...] = ()  # new houses built per side
    history: tuple[tuple[int, SeepMove], ...] = ()
    scores: tuple[int, ...] = ()  # match totals per side before this deal
    baazis: tuple[int, ...] = ()
    seed: int = 0
    rng_state: Any = None  # ``random.Random.getstate()``


class _Fixed:
    """What a deal reads of its rules, computed once per rules object (``_fixed``): the rules
    are a plain dataclass, whose attributes and properties are looked up by name."""

    __slots__ = (
        "cementing",
        "floor_up",
        "n",
        "nsides",
        "partner",
        "retain",
        "rules",
        "side_of",
        "thirty",
        "total_plays",
        "zeros",
    )

    def __init__(self, rules: SeepRules) -> None:
        n = rules.num_players
        self.rules = rules
        self.n = n
        self.side_of = rules.side_of_seat
        self.total_plays = rules.total_plays
        self.nsides = max(self.side_of) + 1
        self.zeros: tuple[int, ...] = (0,) * self.nsides
        self.partner: tuple[int, ...] = (2, 3, 0, 1) if n == 4 else (-1,) * n
        self.retain = rules.owner_must_retain
        self.cementing = rules.cementing
        self.thirty = rules.scoring == "thirty"
        self.floor_up = rules.floor_visible_at_bid


#: per rules object (by id, the object kept alive in the value)
_FIXED: Final[dict[int, _Fixed]] = {}


def _fixed(rules: SeepRules) -> _Fixed:
    """The :class:`_Fixed` of ``rules``, made once per rules object."""
    fixed = _FIXED.get(id(rules))
    if fixed is None or fixed.rules is not rules:
        if len(_FIXED) > 256:
            _FIXED.clear()
        fixed = _FIXED[id(rules)] = _Fixed(rules)
    return fixed


class SeepState:
    """A Seep deal in progress (the ``DealState`` API of ``simulator.games.base``).

    ``__slots__`` closes the field list when interpreted; compiled, mypyc lays the fields out
    natively whatever the slots say (the class then has neither ``__slots__`` nor ``__dict__``,
    and lists them in ``__mypyc_attrs__``).
    """

    __slots__ = (
        "_card_pts",
        "_houses",
        "_moves",
        "baazis",
        "bid",
        "bidder",
        "built",
        "cementing",
        "dealer",
        "floor_up",
        "hands",
        "hcards",
        "history",
        "hmask",
        "howners",
        "hsum",
        "last_capturer",
        "log",
        "loose",
        "n",
        "nsides",
        "ordinary",
        "owned",
        "partner",
        "phase",
        "piles",
        "played",
        "plays",
        "retain",
        "rng",
        "rules",
        "scores",
        "seed",
        "side_of",
        "stock",
        "sweep_pts",
        "sweeps",
        "thirty",
        "total_plays",
        "turn",
    )

    def __init__(
        self,
        rules: SeepRules,
        seed: int,
        dealer: int | None = None,
        log: list[dict] | None = None,
        *,
        _blank: bool = False,
    ) -> None:
        """A new deal, dealt from ``seed``; ``_blank=True`` (``clone`` and ``from_position`` only)
        sets no field at all, the caller fills every one (compiled classes cannot be made without
        ``__init__``)."""
        if _blank:
            return
        self._setup(rules, seed, dealer, log)
        self._deal_first()

    # ------------------------------------------------------------------ setup
    def _setup(self, rules: SeepRules, seed: int, dealer: int | None, log: list[dict] | None) -> None:
        fixed = _fixed(rules)
        n = fixed.n
        self.rules = rules
        self.seed = seed
        self.log = log
        self.n = n
        self.rng = seeded_rng(seed)
        self.dealer = randbelow(self.rng, n) if dealer is None else dealer
        self.bidder = (self.dealer + 1) % n
        self.side_of = fixed.side_of
        self.total_plays = fixed.total_plays
        self.nsides = fixed.nsides
        self.scores: tuple[int, ...] = fixed.zeros  # match totals (this baazi) before this deal
        self.baazis: tuple[int, ...] = fixed.zeros  # baazis won per side in the match so far
        self.partner = fixed.partner
        self.retain = fixed.retain
        self.cementing = fixed.cementing
        self.thirty = fixed.thirty
        self.hands = [0] * n
        self.loose = 0
        self.hcards = [0] * 14
        self.hsum = [0] * 14
        self.howners = [0] * 14
        self.hmask = 0
        self.owned = [0] * n
        self.ordinary = 0
        self.piles = [0] * self.nsides
        self.sweep_pts = [0] * self.nsides
        self.sweeps = [0] * self.nsides
        self.built = [0] * self.nsides
        self.last_capturer = -1
        self.plays = 0
        self.bid = 0
        self.phase: int = BIDDING
        self.turn = self.bidder
        self.floor_up = fixed.floor_up
        self.stock: list[int] = []
        self.played = 0
        self.history: list[tuple[int, SeepMove]] = []
        self._moves: Sequence[SeepMove] | None = None
        self._card_pts: list[int] | None = None
        self._houses: tuple[HouseView, ...] | None = ()  # the public houses; None: to rebuild

    # ------------------------------------------------------------------ full position
    def position(self) -> SeepPosition:
        """Every field of this deal (the log apart) as a frozen :class:`SeepPosition`."""
        return SeepPosition(
            rules=self.rules,
            hands=tuple(self.hands),
            loose=self.loose,
            houses=tuple((h.value, h.cards, h.owners) for h in self.houses()),
            turn=self.turn,
            plays=self.plays,
            bid=self.bid,
            phase=self.phase,
            dealer=self.dealer,
            floor_visible=self.floor_up,
            last_capturer=self.last_capturer,
            stock=tuple(self.stock),
            played=self.played,
            piles=tuple(self.piles),
            sweeps=tuple(self.sweeps),
            sweep_points=tuple(self.sweep_pts),
            built=tuple(self.built),
            history=tuple(self.history),
            scores=self.scores,
            baazis=self.baazis,
            seed=self.seed,
            rng_state=self.rng.getstate(),
        )

    @classmethod
    def from_position(cls, position: SeepPosition, log: list[dict] | None = None) -> SeepState:
        """The state of ``position`` (see :class:`SeepPosition` for the defaults), logging into ``log``."""
        pos = position
        rules = pos.rules
        n = rules.num_players
        self = cls(rules, pos.seed, _blank=True)
        self._setup(rules, pos.seed, (pos.turn - 1) % n if pos.dealer is None else pos.dealer, log)
        if pos.rng_state is not None:
            self.rng.setstate(pos.rng_state)
        k = self.nsides
        self.hands = list(pos.hands) if pos.hands else [0] * n
        self.loose = pos.loose
        for value, cards, owners in pos.houses:
            self.hcards[value] = cards
            self.hsum[value] = mask_value(cards)
            self.howners[value] = sum(1 << s for s in owners)
            self.hmask |= 1 << value
        self._index_houses()
        self.turn = pos.turn
        self.plays = pos.plays
        self.bid = pos.bid
        self.phase = pos.phase
        self.floor_up = pos.floor_visible
        self.last_capturer = pos.last_capturer
        self.stock = list(pos.stock)
        self.played = pos.played
        self.piles = list(pos.piles) if pos.piles else [0] * k
        self.sweeps = list(pos.sweeps) if pos.sweeps else [0] * k
        self.sweep_pts = list(pos.sweep_points) if pos.sweep_points else [0] * k
        self.built = list(pos.built) if pos.built else [0] * k
        self.history = list(pos.history)
        if pos.scores:
            self.scores = pos.scores
        if pos.baazis:
            self.baazis = pos.baazis
        return self

    def clone(self) -> SeepState:
        """An independent copy with no log, field by field.

        It shares immutable values and the RNG, which only the first deal draws from
        (in ``__init__``, void deals included): nothing draws from it later in a deal.
        """
        new = SeepState(self.rules, self.seed, _blank=True)
        new.rules = self.rules
        new.seed = self.seed
        new.log = None
        new.n = self.n
        new.rng = self.rng
        new.dealer = self.dealer
        new.bidder = self.bidder
        new.side_of = self.side_of
        new.nsides = self.nsides
        new.scores = self.scores
        new.baazis = self.baazis
        new.partner = self.partner
        new.total_plays = self.total_plays
        new.retain = self.retain
        new.cementing = self.cementing
        new.thirty = self.thirty
        new.hands = self.hands[:]
        new.loose = self.loose
        new.hcards = self.hcards[:]
        new.hsum = self.hsum[:]
        new.howners = self.howners[:]
        new.hmask = self.hmask
        new.owned = self.owned[:]
        new.ordinary = self.ordinary
        new.piles = self.piles[:]
        new.sweep_pts = self.sweep_pts[:]
        new.sweeps = self.sweeps[:]
        new.built = self.built[:]
        new.last_capturer = self.last_capturer
        new.plays = self.plays
        new.bid = self.bid
        new.phase = self.phase
        new.turn = self.turn
        new.floor_up = self.floor_up
        new.stock = self.stock[:]
        new.played = self.played
        new.history = self.history[:]
        new._moves = self._moves
        new._card_pts = self._card_pts
        new._houses = self._houses
        return new

    # ------------------------------------------------------------------ dealing
    def _deal_first(self) -> None:
        """First packet (§3.2): bidder, floor, then the others; void deals redealt by the same dealer."""
        n, b, log = self.n, self.bidder, self.log
        while True:
            deck = shuffled_deck(self.rng)  # = rng.shuffle(list(range(52))), faster
            self.hands = [0] * n
            self.hands[b] = _pack4(deck, 0)
            self.loose = _pack4(deck, 4)
            pos = 8
            for k in range(1, n):
                self.hands[(b + k) % n] = _pack4(deck, pos)
                pos += 4
            del deck[:pos]
            self.stock = deck
            if log is not None:
                log.append(hands_event("dealt", self.hands, self.loose))
            if self.hands[b] & HIGH_MASK:
                return
            if log is not None:
                log.append({"type": "void_deal", "seat": b})

    def _deal_packets(self, rounds: int) -> None:
        """Deal ``rounds`` rounds of 4-card packets from the stock, bidder first (§3.7, §11)."""
        n, b, stock, hands = self.n, self.bidder, self.stock, self.hands
        pos = 0
        for _ in range(rounds):
            for k in range(n):
                s = (b + k) % n
                hands[s] = hands[s] | _pack4(stock, pos)
                pos += 4
        del stock[:pos]

    # ------------------------------------------------------------------ API
    def current_player(self) -> int:
        return self.turn

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_moves(self) -> Sequence[SeepMove]:
        """The mover's moves (cached until the next ``apply``), from the masks ``movegen`` reads."""
        moves = self._moves
        if moves is None:
            phase = self.phase
            if phase == OVER:
                moves = ()
            else:
                p = self.turn
                hmask = self.hmask
                mine = 0  # the house values (bit V - 9) the mover owns, and those its partner owns
                partners = 0
                if hmask:
                    owned = self.owned
                    mine = owned[p]
                    partner = self.partner[p]
                    if partner >= 0:
                        partners = owned[partner]
                if phase == PLAYING:
                    # a MoveList: a Sequence by registration (see movelist)
                    moves = cast(
                        Sequence[SeepMove],
                        play_moves(
                            self.hands[p],
                            self.loose,
                            hmask,
                            mine,
                            partners,
                            self.ordinary,
                            self.cementing,
                            self.retain,
                            self.bid if self.plays == 0 else 0,
                        ),
                    )
                else:
                    moves = bid_moves(
                        self.hands[self.bidder],
                        self.loose,
                        hmask,
                        mine,
                        partners,
                        self.ordinary,
                        self.cementing,
                        self.retain,
                        self.rules.floor_visible_at_bid,
                    )
            self._moves = moves
        return moves

    def move_text(self, move: SeepMove) -> str:
        return move_text(move)

    # ------------------------------------------------------------------ applying moves
    def apply(self, move: SeepMove) -> None:
        self._moves = None
        p = self.turn
        action, c, value, floor = move
        log = self.log
        self.history.append((p, move))
        if action == BID:
            self.bid = value
            self.phase = PLAYING
            self.floor_up = True
            if log is not None:
                log.append({"type": "bid", "seat": p, "value": value})
            return
        cb = 1 << c
        self.hands[p] = self.hands[p] ^ cb
        self.played |= cb
        plays = self.plays = self.plays + 1
        sweep = 0
        if log is not None:
            ev: dict[str, Any] = {"type": "move", "seat": p, "play": plays, "card": mask_strs(cb)[0]}
            captured: list[Any] = []
            from_floor: list[str] = []
            house_ev = None
        if action == THROW:
            self.loose |= cb
            if log is not None:
                name = "throw"
        elif action == CAPTURE:
            v = VALUE[c]
            take = floor | cb
            if self.hmask >> v & 1:
                if log is not None:
                    captured.append(self._house_obj(v))
                take |= self.hcards[v]
                self._remove_house(v)
            if log is not None:
                captured += mask_strs(floor)
                name = "capture"
            self.loose ^= floor
            side = self.side_of[p]
            self.piles[side] = self.piles[side] | take
            self.last_capturer = p
            if not self.loose and not self.hmask:
                if plays == self.total_plays:
                    sweep = 0
                elif self.thirty:
                    sweep = v
                else:
                    sweep = 25 if plays == 1 else 50
                self.sweeps[side] = self.sweeps[side] + 1
                self.sweep_pts[side] = self.sweep_pts[side] + sweep
        else:
            if action == HOUSE:
                cards = floor | cb
                total = VALUE[c] + mask_value(floor)
            else:  # BREAK: the broken house's cards go into the new one
                hv = value - VALUE[c]
                cards = self.hcards[hv] | cb | floor
                total = self.hsum[hv] + VALUE[c] + mask_value(floor)
                self._remove_house(hv)
            self.loose ^= floor
            built = self._add_to_house(p, value, cards, total)
            if action == HOUSE and built:
                side = self.side_of[p]
                self.built[side] = self.built[side] + 1
            if log is not None:
                name = "break" if action == BREAK else "build" if built else "cement"
                from_floor = mask_strs(floor)
                house_ev = self._house_obj(value, "value")
        if log is not None:
            ev["action"] = name
            ev["captured"] = captured
            ev["from_floor"] = from_floor
            ev["house"] = house_ev
            ev["sweep_points"] = sweep
            ev["floor"] = self._floor_obj()
            log.append(ev)
        if plays == 1:
            self._deal_packets(3 if self.n == 3 and self.rules.three_player_hand_size == 16 else 2)
            if log is not None:
                log.append(hands_event("dealt_rest", self.hands))
        elif plays == 24 and self.n == 2 and self.total_plays == 48:
            self._deal_packets(3)
            if log is not None:
                log.append(hands_event("redeal", self.hands))
        if plays >= self.total_plays:
            self._finish()
        else:
            self.turn = (p + 1) % self.n

    def _add_to_house(self, p: int, V: int, cards: int, total: int) -> bool:
        """Put ``cards`` (values summing to ``total``) into the V-house; True when it is new.

        Adding to an existing house raises its sum by a multiple of V, so it is no
        longer ordinary; the mover becomes an owner unless their side owns it (§5.3).
        """
        bit = 1 << (V - 9)
        self._houses = None
        if self.hmask >> V & 1:
            self.hcards[V] = self.hcards[V] | cards
            self.hsum[V] = self.hsum[V] + total
            self.ordinary &= ~bit
            ow = self.howners[V]
            partner = self.partner[p]
            if not ow & (1 << p) and not (partner >= 0 and ow & (1 << partner)):
                self.howners[V] = ow | (1 << p)
                self.owned[p] = self.owned[p] | bit
            return False
        self.hcards[V] = cards
        self.hsum[V] = total
        self.howners[V] = 1 << p
        self.hmask |= 1 << V
        self.owned[p] = self.owned[p] | bit
        if total == V and V < 13:
            self.ordinary |= bit
        return True

    def _remove_house(self, V: int) -> None:
        self._houses = None
        owners = self.howners[V]
        self.hcards[V] = 0
        self.hsum[V] = 0
        self.howners[V] = 0
        self.hmask &= ~(1 << V)
        keep = ~(1 << (V - 9))
        self.ordinary &= keep
        owned = self.owned
        s = 0
        while owners:  # only the owners have the house in ``owned``
            if owners & 1:
                owned[s] = owned[s] & keep
            owners >>= 1
            s += 1

    def _index_houses(self) -> None:
        """Recompute ``owned`` and ``ordinary`` from the house lists (``apply`` keeps them up to date)."""
        self._houses = None
        values = [V for V in range(9, 14) if self.hmask >> V & 1]
        self.owned = [sum(1 << (V - 9) for V in values if self.howners[V] >> s & 1) for s in range(self.n)]
        self.ordinary = sum(1 << (V - 9) for V in values if V < 13 and self.hsum[V] == V)

    def _finish(self) -> None:
        """End of deal (§6): the floor goes to the last capturer's side; not a sweep."""
        rest = self.loose
        for v in range(9, 14):
            rest |= self.hcards[v]
        last = self.last_capturer
        if last >= 0:
            side = self.side_of[last]
            self.piles[side] = self.piles[side] | rest
        if self.log is not None:
            self.log.append(leftover_event(last, self.side_of, rest))
        self.loose = 0
        for v in range(9, 14):
            if self.hmask >> v & 1:
                self._remove_house(v)
        self.phase = OVER
        self.turn = -1

    # ------------------------------------------------------------------ replay helpers
    def _house_obj(self, v: int, key: str = "house") -> dict[str, Any]:
        return house_obj(v, self.hcards[v], self.howners[v], self.hsum[v], self.n, key)

    def _floor_obj(self) -> list[Any]:
        floor: list[Any] = mask_strs(self.loose)
        floor += [self._house_obj(v) for v in range(9, 14) if self.hmask >> v & 1]
        return floor

    # ------------------------------------------------------------------ scoring
    def card_points(self) -> list[int]:
        """Card points per side (majority bonus included) of the captured piles."""
        if self._card_pts is None or self.phase != OVER:
            pts = card_points(self.piles, self.thirty, self.rules.thirty_majority)
            if self.phase != OVER:
                return pts
            self._card_pts = pts
        return self._card_pts

    def side_points(self) -> list[int]:
        cp = self.card_points()
        return [cp[k] + self.sweep_pts[k] for k in range(self.nsides)]

    def side_rows(self) -> list[dict[str, Any]]:
        cp = self.card_points()
        bidder_side = self.side_of[self.bidder]
        return [
            {
                "card_points": cp[k],
                "sweep_points": self.sweep_pts[k],
                "sweeps": self.sweeps[k],
                "bid": self.bid,
                "bidder_side": k == bidder_side,
                "houses_built": self.built[k],
            }
            for k in range(self.nsides)
        ]

    def score_event(self, totals: Sequence[int]) -> dict[str, Any]:
        cp = self.card_points()
        return {
            "type": "score",
            "sides": [
                {
                    "side": k,
                    "seats": list(seats),
                    "card_points": cp[k],
                    "sweep_points": self.sweep_pts[k],
                    "total": cp[k] + self.sweep_pts[k],
                }
                for k, seats in enumerate(self.rules.sides)
            ],
            "totals": list(totals),
        }

    # ------------------------------------------------------------------ views
    def houses(self) -> tuple[HouseView, ...]:
        """The houses on the floor, by value (public); rebuilt only after a house changed."""
        houses = self._houses
        if houses is None:
            houses = self._houses = tuple(
                HouseView(
                    v,
                    self.hcards[v],
                    tuple(s for s in range(self.n) if self.howners[v] >> s & 1),
                    self.hsum[v] >= 2 * v,
                )
                for v in range(9, 14)
                if self.hmask >> v & 1
            )
        return houses

    def view(self, seat: int) -> SeepView:
        return new_view(  # every field in order (simulator/games/views.py)
            GAME_NAME,
            seat,
            self.rules,
            self.dealer,
            self.bidder,
            self.bid,
            self.hands[seat],
            tuple(map(int.bit_count, self.hands)),
            self.floor_up,
            self.loose if self.floor_up else 0,
            self.houses(),
            self.plays,
            self.total_plays,
            self.turn,
            self.last_capturer,
            tuple(self.sweeps),
            tuple(self.sweep_pts),
            self.played,
            tuple(self.history),
            self.scores,
            self.baazis,
        )

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(mask_strs(h)) for h in self.hands)
        return f"SeepState(play={self.plays}, turn={self.turn}, hands=[{hands}], floor={self._floor_obj()})"


__all__ = ["BIDDING", "HIGH_MASK", "OVER", "PLAYING", "SeepPosition", "SeepState"]
