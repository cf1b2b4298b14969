"""The one small game interface that the runner, strategies and replay use.

Every game package registered in ``simulator.games`` exposes a module-level
``GAME`` object satisfying :class:`Game`: a :class:`GameSpec` naming the
package's state class, match class and module functions. The engines know
nothing of files, tournaments or the CLI.

Vocabulary
----------
* **seat**: ``0..n-1`` in play order; the next player is ``(seat + 1) % n``.
* **side**: a group of seats that scores together (``rules.sides``); Sueca has
  one side per seat.
* **deal**: one scored deal (a Sweep round, a Seep deal, a Sueca hand). Thrown-in
  deals (Seep void deal, Sueca pass-out) happen *inside* one :class:`DealState`:
  the state redeals from its own RNG and logs the event, so one ``DealState``
  always ends with one scored result.
* **match**: deals until the match end (Sweep target score, Seep baazis, Sueca
  game end), played through :class:`Match`.

Rules are one frozen, hashable dataclass per game (subclass of
:class:`RulesBase`) whose fields are the config keys of the rules file.
Named variants are presets: ``{name: {config_key: value}}`` with ``standard``
being ``{}``.

Look-ahead
----------
Search and learning need more than a view and a move list. Every state has
``clone()`` (an independent copy, cheap enough to call at every decision), a full
position (``state.position()`` returns a frozen dataclass of every field of the
deal in progress; ``State.from_position(position)`` restores it exactly, so a
rebuilt state plays out as the original), and every ``GAME`` has
``determinize(view, rng)``: a complete state consistent with all the seat of the
view knows, the unseen cards dealt at random under every constraint the seat can
deduce. ``move_text`` and ``parse_move`` write and read a move as text.

Replay events (the ``cardsim-replay/1`` log) are appended to the ``log`` list given at creation
(``None`` disables logging, which the tournament hot loop does). The ``deal``
event is written by the caller (it knows the variant, strategies and round);
the state writes everything from ``dealt`` to ``leftover``; the match writes
``score``, ``baazi_end`` and ``match_end``. For single-deal replays the caller
writes ``state.score_event(totals)`` itself.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import Any, Protocol, TypeVar, runtime_checkable


class RulesError(ValueError):
    """A rule option is unknown or has a bad value; ``key`` names the option."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(f"{key}: {message}")
        self.key = key
        self.message = message


@dataclasses.dataclass(frozen=True)
class RulesBase:
    """Base for each game's frozen rule options; fields are config keys."""

    num_players: int

    def options(self) -> dict[str, Any]:
        """Every resolved option by its config key (the replay's ``rules`` object)."""
        return dataclasses.asdict(self)

    @cached_property
    def rules_hash(self) -> str:
        """Stable hash of the fully resolved options (16 hex digits)."""
        import hashlib  # loading OpenSSL costs every command's start a tenth: only when a hash is asked

        text = json.dumps({"game": self.game_name(), **self.options()}, sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    @classmethod
    def game_name(cls) -> str:
        raise NotImplementedError

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Seats of each side; default: every seat is its own side."""
        return tuple((s,) for s in range(self.num_players))

    @cached_property
    def side_of_seat(self) -> tuple[int, ...]:
        side = [0] * self.num_players
        for k, seats in enumerate(self.sides):
            for s in seats:
                side[s] = k
        return tuple(side)


M = TypeVar("M")
V = TypeVar("V", covariant=True)


@runtime_checkable
class DealState(Protocol[M, V]):
    """One scored deal in progress (OpenSpiel-style fixed state API), generic over its move and view.

    Look-ahead (search, learning) uses three more things every game gives: ``clone()`` (an
    independent copy to play forward), a full position (``position()`` and the state class's
    ``from_position(position)``: every field of a deal in progress, so a position can be
    stored, edited and restored), and ``GAME.determinize(view, rng)``.
    """

    dealer: int
    seed: int
    #: match totals per side before this deal (zeros for a single deal); views carry them
    scores: tuple[int, ...]

    @property
    def rules(self) -> RulesBase:
        """The deal's frozen rules (read-only: a state never changes its rules)."""

    def current_player(self) -> int:
        """Seat to act, or -1 once the deal is over."""

    def legal_moves(self) -> Sequence[M]:
        """Every legal move of the current player, deduplicated, in a stable order."""

    def apply(self, move: M) -> None:
        """Play ``move`` (one of ``legal_moves()``)."""

    def view(self, seat: int) -> V:
        """What ``seat`` may see now: its hand and public information only."""

    def clone(self) -> DealState[M, V]:
        """An independent copy: applying moves to it never changes this state (no log attached)."""

    def position(self) -> Any:
        """Every field of the deal in progress as a frozen dataclass (``from_position`` restores it)."""

    def is_over(self) -> bool: ...

    def side_points(self) -> list[int]:
        """Points scored in this deal per side (Sueca: hand score per seat)."""

    def side_rows(self) -> list[dict[str, Any]]:
        """Per side, the scoring categories (keys and types of ``GAME.side_columns``)."""

    def score_event(self, totals: Sequence[int]) -> dict[str, Any]:
        """The replay log's ``score`` event of this deal with the given running totals."""

    def move_text(self, move: M) -> str:
        """Readable description of a move (used in errors and the text replay)."""


@runtime_checkable
class Match(Protocol):
    """Deals until the match end; the dealer and totals carry over between deals."""

    over: bool
    rounds: int

    def next_deal(self) -> DealState:
        """The next deal to play (only while not ``over``)."""

    def finish_deal(self, state: Any) -> None:
        """Score a finished deal (one this match's ``next_deal`` gave: each game's match takes
        its own state class), log ``score`` (and ``baazi_end``/``match_end``)."""

    def winners(self) -> list[int]:
        """Winning side(s) once ``over`` (several only when the rules let ties share)."""

    def side_rows(self) -> list[dict[str, Any]]:
        """Per side, the match columns (keys and types of ``GAME.match_columns``)."""


@runtime_checkable
class Game(Protocol):
    """What the runner, strategies and replay use of a game (every game's is a :class:`GameSpec`).

    Its data are read-only properties: a game's identity never changes once registered."""

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def allowed_players(self) -> tuple[int, ...]: ...

    @property
    def default_players(self) -> int: ...

    @property
    def variants(self) -> Mapping[str, Mapping[str, Any]]:
        """Variant name -> option overrides (``standard`` -> ``{}``)."""

    @property
    def variant_docs(self) -> Mapping[str, str]:
        """Variant name -> one-line meaning."""

    @property
    def side_columns(self) -> Mapping[str, str]:
        """Column name -> "int" | "bool" | "str" | "float" for ``DealState.side_rows``."""

    @property
    def match_columns(self) -> Mapping[str, str]:
        """Column name -> type for ``Match.side_rows``."""

    def make_rules(self, options: Mapping[str, Any]) -> RulesBase:
        """Rules from explicit options (others take their defaults); ``RulesError`` if bad."""

    def new_deal(
        self, rules: RulesBase, seed: int, dealer: int | None = None, log: list[dict] | None = None
    ) -> DealState:
        """A fresh deal; with ``dealer=None`` the first dealer is drawn from ``seed``."""

    def new_match(
        self, rules: RulesBase, deal_seed: Callable[[int], int], log: list[dict] | None = None
    ) -> Match:
        """A match whose k-th deal (from 1) uses ``deal_seed(k)``.

        The first dealer is drawn from round 1's seed, as ``new_deal(dealer=None)`` does."""

    def render_event(self, event: Mapping[str, Any]) -> str | None:
        """Human text for one of this game's replay events (None: use the generic form)."""

    def move_text(self, move: Any) -> str:
        """A move as text (``parse_move`` reads it back)."""

    def parse_move(self, text: str) -> Any:
        """The move written by ``move_text``; ``ValueError`` naming the bad text."""

    def determinize(self, view: Any, rng: random.Random) -> DealState:
        """A complete state consistent with everything the seat of ``view`` knows.

        The cards that seat has not seen are dealt at random among the assignments that respect
        every constraint it can deduce (hand sizes, voids, held values...), without bias toward
        the true deal. Contract: ``state.view(view.seat) == view``, field for field.
        """


@dataclasses.dataclass(frozen=True, eq=False)
class GameSpec:
    """A game as :class:`Game` describes it: its identity and columns, and the engine pieces
    each call hands over to. Every game package instantiates one as its ``GAME``, so the
    delegation is written once and no game can drift from another's shape.

    The function fields (``make_rules`` to ``parse_move``) are the game's module functions,
    called as they are; only the deal and the match are made through a method, from the
    state and match classes. Compared by identity (``eq=False``): one spec per game.
    """

    name: str
    title: str
    allowed_players: tuple[int, ...]
    default_players: int
    variants: Mapping[str, Mapping[str, Any]]
    variant_docs: Mapping[str, str]
    side_columns: Mapping[str, str]
    match_columns: Mapping[str, str]
    #: the state class, called as ``state(rules, seed, dealer, log)`` for a new deal
    state: Callable[[Any, int, int | None, list[dict] | None], DealState]
    #: the match class, called as ``match(rules, deal_seed, log)``
    match: Callable[[Any, Callable[[int], int], list[dict] | None], Match]
    make_rules: Callable[[Mapping[str, Any]], RulesBase]
    determinize: Callable[[Any, random.Random], DealState]
    render_event: Callable[[Mapping[str, Any]], str | None]
    move_text: Callable[[Any], str]
    parse_move: Callable[[str], Any]

    def new_deal(
        self, rules: RulesBase, seed: int, dealer: int | None = None, log: list[dict] | None = None
    ) -> DealState:
        """A fresh deal of ``state``; with ``dealer=None`` the first dealer is drawn from ``seed``."""
        return self.state(rules, seed, dealer, log)

    def new_match(
        self, rules: RulesBase, deal_seed: Callable[[int], int], log: list[dict] | None = None
    ) -> Match:
        """A match of ``match`` whose k-th deal (from 1) uses ``deal_seed(k)``."""
        return self.match(rules, deal_seed, log)
