"""One Seep deal: dealing, the bid, move generation (§5, §9), moves, end of deal and scoring.

The floor is kept as ints: ``loose`` is a card mask and the houses live in
three 14-slot lists indexed by house value (cards mask, sum of card values,
owner seats as a bit mask) plus ``hmask`` (bit V set when a V-house exists),
which is enough for invariant I1 by construction. Move generation reads the
houses through two 5-bit masks (bit V - 9) kept up to date by ``apply``:
``owned[s]`` (the houses seat s owns) and ``ordinary`` (houses of value below
13 whose cards sum to V, §5.4), so it never loops over the houses.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from simulator.cards import RANK_MASK, mask_strs
from simulator.games.leftover import leftover_event
from simulator.games.seep.combos import VALUE, mask_value
from simulator.games.seep.movelist import Chunk, MoveList, Template
from simulator.games.seep.moves import BID, BREAK, CAPTURE, HOUSE, THROW, SeepMove, move_text
from simulator.games.seep.options import FLOOR_CACHE, SBIT, floor_options
from simulator.games.seep.rules import GAME_NAME, SeepRules
from simulator.games.seep.scoring import card_points
from simulator.shuffle import randbelow, shuffled_deck

BIDDING, PLAYING, OVER = range(3)
#: cards of value 9..13: the bidder needs one of them (§3.3)
HIGH_MASK = RANK_MASK[9] | RANK_MASK[10] | RANK_MASK[11] | RANK_MASK[12] | RANK_MASK[13]
_MOVE = SeepMove
_VAL = VALUE
#: house values present in each 5-bit mask of values 9..13 (``hmask >> 9``)
_VALUES_OF = tuple(tuple(V for V in range(9, 14) if m >> (V - 9) & 1) for m in range(32))
#: ``hmask >> 9`` as an SBIT mask
_SPREAD = tuple(sum(SBIT[V] for V in _VALUES_OF[m]) for m in range(32))
#: SBIT flags of the house values V >= v, by v
_FROM = tuple(sum(SBIT[V] for V in range(max(v, 9), 14)) for v in range(14))
#: SWAR masks of the per-value card counts (see ``options.value_counts``)
_PAIRS = sum(0x5 << 4 * r for r in range(13))
_QUADS = sum(0x3 << 4 * r for r in range(13))
#: the templates of a lone house capture, of a throw (§5.2, §5.5)
_HOUSE_CAPTURE: tuple[Template, ...] = ((CAPTURE, 0, 0),)
_THROW: Template = (THROW, 0, 0)
_THROW_ONLY: tuple[Template, ...] = (_THROW,)


def _pack(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


@dataclasses.dataclass(frozen=True, slots=True)
class HouseView:
    """A house as anyone sees it: value, cards mask, owner seats, cemented flag."""

    value: int
    cards: int
    owners: tuple[int, ...]
    cemented: bool


@dataclasses.dataclass(frozen=True, slots=True)
class SeepView:
    """What one seat may see: its own hand and the public table only (no state reference)."""

    game: str
    seat: int
    rules: SeepRules
    dealer: int
    bidder: int
    bid: int  # 0 before the bid
    hand: int  # own hand mask
    hand_sizes: tuple[int, ...]
    floor_visible: bool
    loose: int  # loose floor mask (0 while the floor is face down)
    houses: tuple[HouseView, ...]
    play: int  # plays made so far; the next play is play + 1
    total_plays: int
    current_player: int
    last_capturer: int
    sweeps: tuple[int, ...]  # per side
    sweep_points: tuple[int, ...]  # per side
    played: int  # mask of every card played so far (public)
    history: tuple[tuple[int, SeepMove], ...]  # (seat, move) of every decision so far


class SeepState:
    """A Seep deal in progress (the ``DealState`` API of ``simulator.games.base``)."""

    def __init__(
        self, rules: SeepRules, seed: int, dealer: int | None = None, log: list[dict] | None = None
    ) -> None:
        self._setup(rules, seed, dealer, log)
        self._deal_first()

    # ------------------------------------------------------------------ setup
    def _setup(self, rules: SeepRules, seed: int, dealer: int | None, log: list[dict] | None) -> None:
        n = rules.num_players
        self.rules = rules
        self.seed = seed
        self.log = log
        self.n = n
        self.rng = random.Random(seed)
        self.dealer = randbelow(self.rng, n) if dealer is None else dealer
        self.bidder = (self.dealer + 1) % n
        self.side_of = rules.side_of_seat
        self.nsides = len(rules.sides)
        self.scores: tuple[int, ...] = (0,) * self.nsides  # match totals (this baazi) before this deal
        self.partner = tuple((s + 2) % 4 for s in range(4)) if n == 4 else (-1,) * n
        self.total_plays = rules.total_plays
        self.retain = rules.owner_must_retain
        self.cementing = rules.cementing
        self.thirty = rules.scoring == "thirty"
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
        self.phase = BIDDING
        self.turn = self.bidder
        self.floor_up = rules.floor_visible_at_bid
        self.stock: list[int] = []
        self.played = 0
        self.history: list[tuple[int, SeepMove]] = []
        self._moves: Sequence[SeepMove] | None = None
        self._card_pts: list[int] | None = None

    @classmethod
    def from_position(
        cls,
        rules: SeepRules,
        hands: list[int],
        loose: int,
        houses: list[tuple[int, int, tuple[int, ...]]] = (),  # type: ignore[assignment]
        *,
        turn: int,
        plays: int = 1,
        bid: int = 10,
        dealer: int | None = None,
        last_capturer: int = -1,
        stock: list[int] | None = None,
    ) -> SeepState:
        """Test constructor: a position in the play phase built from masks.

        ``houses`` lists (value, cards mask, owner seats); ``plays`` is the number of plays
        already made (0 means the next play is the bidder's opening, restricted by ``bid``).
        Invariants are the caller's business.
        """
        self = cls.__new__(cls)
        n = rules.num_players
        self._setup(rules, 0, (turn - 1) % n if dealer is None else dealer, None)
        self.hands = list(hands)
        self.loose = loose
        for value, cards, owners in houses:
            self.hcards[value] = cards
            self.hsum[value] = mask_value(cards)
            self.howners[value] = sum(1 << s for s in owners)
            self.hmask |= 1 << value
        self._index_houses()
        self.turn = turn
        self.plays = plays
        self.bid = bid
        self.phase = PLAYING
        self.floor_up = True
        self.last_capturer = last_capturer
        self.stock = list(stock or [])
        return self

    # ------------------------------------------------------------------ dealing
    def _deal_first(self) -> None:
        """First packet (§3.2): bidder, floor, then the others; void deals redealt by the same dealer."""
        n, b, log = self.n, self.bidder, self.log
        while True:
            deck = shuffled_deck(self.rng)  # = rng.shuffle(list(range(52))), faster
            self.hands = [0] * n
            self.hands[b] = _pack(deck[0:4])
            self.loose = _pack(deck[4:8])
            pos = 8
            for k in range(1, n):
                self.hands[(b + k) % n] = _pack(deck[pos : pos + 4])
                pos += 4
            self.stock = deck[pos:]
            if log is not None:
                log.append(
                    {
                        "type": "dealt",
                        "hands": [mask_strs(h) for h in self.hands],
                        "floor": mask_strs(self.loose),
                    }
                )
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
                hands[s] |= _pack(stock[pos : pos + 4])
                pos += 4
        del stock[:pos]

    # ------------------------------------------------------------------ API
    def current_player(self) -> int:
        return self.turn

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_moves(self) -> Sequence[SeepMove]:
        moves = self._moves
        if moves is None:
            if self.phase == PLAYING:
                moves = self._play_moves(self.bid if self.plays == 0 else 0)
            elif self.phase == BIDDING:
                moves = self._bid_moves()
            else:
                moves = ()
            self._moves = moves
        return moves

    def move_text(self, move: SeepMove) -> str:
        return move_text(move)

    # ------------------------------------------------------------------ move generation
    def _bid_moves(self) -> tuple[SeepMove, ...]:
        """Bids 9..13 of a held value (§3.4); floor visible: only values allowing a house or capture."""
        hand = self.hands[self.bidder]
        held = [v for v in range(9, 14) if hand & RANK_MASK[v]]
        if self.rules.floor_visible_at_bid:
            ok = [v for v in held if any(m.action != THROW for m in self._play_moves(v))]
            if ok:
                held = ok
        return tuple(_MOVE(BID, -1, v, 0) for v in held)

    def _play_moves(self, opening: int) -> MoveList:
        """Every legal play of the player to move (§5); ``opening`` = the bid on play #1, else 0 (§3.6).

        Captures and house floors per card value come from ``options`` (cached on
        the loose values). What depends on houses and hands is reduced to a few
        masks with one flag bit per value 9..13 (``SBIT``), so each distinct held
        value costs a few tests; its templates are shared by every card of that
        value in one ``MoveList`` chunk.
        """
        p = self.turn
        hand = self.hands[p]
        cementing = self.cementing
        loose = self.loose
        x = (loose & _PAIRS) + (loose >> 1 & _PAIRS)  # value_counts(loose), inlined
        key = ((x & _QUADS) + (x >> 2 & _QUADS)) << 1 | cementing
        info = FLOOR_CACHE.get(key) or floor_options(key)
        caps, house_options, lrank = info.caps, info.house_options, info.rank
        hmask = self.hmask
        # house values the mover owns / only the partner owns (no holding needed, §5.3) /
        # ordinary ones the mover does not own (breakable, §5.4)
        own = noneed = 0
        breakable: tuple[int, ...] = ()
        if hmask:
            owned = self.owned
            mine = owned[p]
            own = _SPREAD[mine]
            partner = self.partner[p]
            if partner >= 0:
                noneed = _SPREAD[owned[partner] & ~mine]
            if not opening:
                breakable = _VALUES_OF[self.ordinary & ~mine]
        # held values 9..13 (one, two or more cards) as SBIT masks, by 4-bit popcounts
        h = hand >> 32
        h = (h & 0x55555) + (h >> 1 & 0x55555)
        h = (h & 0x33333) + (h >> 2 & 0x33333)
        held = (h + 0x77777) & 0x88888
        two = (h + 0x66666) & 0x88888
        exists = _SPREAD[hmask >> 9]
        # usable house targets V (§5.3; also the targets of breaks, §5.4)
        if cementing:
            elig = exists & (noneed | held) | held & ~exists
        else:
            elig = held & ~exists & ~((key >> 33) + 0x77777 & 0x88888)  # no loose V card
        if opening:
            elig &= SBIT[opening]
        single = elig & ~noneed & ~two  # a lone V card cannot be used up
        blocked = own & ~two if self.retain else 0  # retention (§5.8)
        chunks: list[Chunk] = []
        total = 0
        rest = hand
        while rest:
            low = rest & -rest
            v = _VAL[low.bit_length() - 1]
            cv = hand & RANK_MASK[v]
            rest ^= cv
            # ---- captures (§5.2); None: the card captures nothing, so it may be thrown (§5.5)
            if opening and v != opening:
                temps: Any = ()
            else:
                temps = caps[v]
                if temps is None:
                    temps = info.captures(v)
                temps = temps or (_HOUSE_CAPTURE if hmask >> v & 1 else None)
            # house options only when some target V >= v is usable
            houses: Any = ()
            if elig & _FROM[v]:
                houses = house_options[v]
                if houses is None:
                    houses = info.houses(v)
            # retention: an owner of the v-house with a single v card may only capture
            if (houses or (breakable and v <= 4)) and not blocked & SBIT[v]:
                more: list[Template] = []
                # ---- house moves (§5.3)
                for V, bit, new, ex in houses:
                    if elig & bit and not (v == V and single & bit and cv == low):
                        more += ex if exists & bit else new
                # ---- breaks (§5.4)
                if breakable and v <= 4:
                    for hv in breakable:
                        V = hv + v
                        if V > 13:
                            break
                        if elig & SBIT[V]:
                            more.append((BREAK, V, lrank[V]))
                if more:
                    if temps is None:
                        more.append(_THROW)
                        temps = more
                    else:
                        temps = [*temps, *more]
            if temps is None:
                temps = _THROW_ONLY
            if temps:
                n = len(temps)
                k = n if cv == low else n * cv.bit_count()
                chunks.append((k, n, cv, temps))
                total += k
        return MoveList(chunks, total, loose)

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
        self.hands[p] ^= cb
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
            self.piles[side] |= take
            self.last_capturer = p
            if not self.loose and not self.hmask:
                if plays == self.total_plays:
                    sweep = 0
                elif self.thirty:
                    sweep = v
                else:
                    sweep = 25 if plays == 1 else 50
                self.sweeps[side] += 1
                self.sweep_pts[side] += sweep
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
                self.built[self.side_of[p]] += 1
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
                log.append({"type": "dealt_rest", "hands": [mask_strs(h) for h in self.hands]})
        elif plays == 24 and self.n == 2 and self.total_plays == 48:
            self._deal_packets(3)
            if log is not None:
                log.append({"type": "redeal", "hands": [mask_strs(h) for h in self.hands]})
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
        if self.hmask >> V & 1:
            self.hcards[V] |= cards
            self.hsum[V] += total
            self.ordinary &= ~bit
            ow = self.howners[V]
            partner = self.partner[p]
            if not ow & (1 << p) and not (partner >= 0 and ow & (1 << partner)):
                self.howners[V] = ow | (1 << p)
                self.owned[p] |= bit
            return False
        self.hcards[V] = cards
        self.hsum[V] = total
        self.howners[V] = 1 << p
        self.hmask |= 1 << V
        self.owned[p] |= bit
        if total == V and V < 13:
            self.ordinary |= bit
        return True

    def _remove_house(self, V: int) -> None:
        self.hcards[V] = 0
        self.hsum[V] = 0
        self.howners[V] = 0
        self.hmask &= ~(1 << V)
        keep = ~(1 << (V - 9))
        self.ordinary &= keep
        owned = self.owned
        for s in range(self.n):
            owned[s] &= keep

    def _index_houses(self) -> None:
        """Recompute ``owned`` and ``ordinary`` from the house lists (``apply`` keeps them up to date)."""
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
            self.piles[self.side_of[last]] |= rest
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
        ow = self.howners[v]
        return {
            key: v,
            "cards": mask_strs(self.hcards[v]),
            "owners": [s for s in range(self.n) if ow >> s & 1],
            "cemented": self.hsum[v] >= 2 * v,
        }

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

    def score_event(self, totals: list[int] | tuple[int, ...]) -> dict[str, Any]:
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
        """The houses on the floor, by value (public)."""
        return tuple(
            HouseView(
                v,
                self.hcards[v],
                tuple(s for s in range(self.n) if self.howners[v] >> s & 1),
                self.hsum[v] >= 2 * v,
            )
            for v in range(9, 14)
            if self.hmask >> v & 1
        )

    def clone(self) -> SeepState:
        """An independent copy with no log (shares only the immutable rules)."""
        return copy.deepcopy(self, {id(self.log): None, id(self.rules): self.rules})

    def view(self, seat: int) -> SeepView:
        return SeepView(
            game=GAME_NAME,
            seat=seat,
            rules=self.rules,
            dealer=self.dealer,
            bidder=self.bidder,
            bid=self.bid,
            hand=self.hands[seat],
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            floor_visible=self.floor_up,
            loose=self.loose if self.floor_up else 0,
            houses=self.houses(),
            play=self.plays,
            total_plays=self.total_plays,
            current_player=self.turn,
            last_capturer=self.last_capturer,
            sweeps=tuple(self.sweeps),
            sweep_points=tuple(self.sweep_pts),
            played=self.played,
            history=tuple(self.history),
        )

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(mask_strs(h)) for h in self.hands)
        return f"SeepState(play={self.plays}, turn={self.turn}, hands=[{hands}], floor={self._floor_obj()})"


__all__ = ["BIDDING", "OVER", "PLAYING", "HouseView", "SeepState", "SeepView"]
