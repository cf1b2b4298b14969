"""Montecarlo in Sueca italienne: it never gives points away for nothing, and it reads only its view."""

from __future__ import annotations

import random

import pytest

from simulator.cards import mask_of, parse_cards
from simulator.games.sueca import GAME, PLAYS, SuecaPosition, SuecaState, determinize, make_rules
from strategies.montecarlo import MonteCarloStrategy


def _cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


#: six tricks of a 61 contract in spades (declarer seat 0, partner seat 1 revealed by J♠), every
#: card of them a legal play; the team holds 42 card points, the defenders 52
_TRICKS = (
    (0, _cards("AC 7C KC JC QC"), 0),  # 30 to the team
    (0, _cards("KS JS JH QS 6S"), 0),  # 12 to the team; seat 2 shows no spade
    (0, _cards("2C 3C 6C 4C 5C"), 2),
    (2, _cards("KD 7D AD JD QD"), 4),  # 30 to the defenders
    (4, _cards("7S 5S 4S QH 7H"), 4),  # 22 to the defenders; seat 3 shows no spade
    (4, _cards("2D 6D 3D 5H 4D"), 0),  # no points; seat 2 shows no diamond
)


def _seat2_to_play() -> SuecaState:
    """Trick 7: the declarer led A♠ (no trump is left above it) and his partner followed; seat 2,
    a defender, holds A♥ and 2♥ and has no spade. A♥ now hands the team 11 points and the
    contract (42 + 11 + 11 = 64 >= 61); 2♥ keeps it for the last trick, where it beats the
    team unless a teammate of the declarer wins that trick anyway (the team then makes 70)."""
    hands = tuple(mask_of(parse_cards(h)) for h in ("KH", "3H", "AH 2H", "4H 5D", "3S 6H"))
    position = SuecaPosition(
        hands=hands,
        rules=make_rules({}),
        dealer=4,
        phase="play",
        calls=((0, 61), (1, "pass"), (2, "pass"), (3, "pass"), (4, "pass")),
        contract="points",
        declarer=0,
        bid=61,
        trump=0,
        called_card=parse_cards("JS")[0],
        trick_leader=0,
        trick=_cards("AS 2S"),
        tricks=_TRICKS,
    )
    return SuecaState.from_position(position)


def _mc(**params: object) -> MonteCarloStrategy:
    return MonteCarloStrategy(MonteCarloStrategy.Params(**params))


@pytest.mark.parametrize("rollout", ["greedy", "heuristic"])
def test_never_gives_the_contract_away_for_nothing(rollout):
    """Every candidate played out, plain best mean: A♥ can only lose, 2♥ keeps a chance."""
    state = _seat2_to_play()
    assert state.current_player() == 2
    view = state.view(2)
    moves = state.legal_moves()
    ace, two = PLAYS[parse_cards("AH")[0]], PLAYS[parse_cards("2H")[0]]
    assert set(moves) == {ace, two}
    for order in (moves, moves[::-1]):  # whichever comes first (the incumbent), the search decides
        agent = _mc(samples=40, candidates=0, confidence=0.0, epsilon=0.0, rollout=rollout)
        agent.reset(random.Random(3), 2, view.rules)
        means = agent.search(view).means(view, order, random.Random(4))
        by_move = dict(zip(order, means, strict=True))
        assert by_move[ace] == pytest.approx(-0.5)  # made on every sample: seat 2 scores 0
        assert by_move[two] > by_move[ace]
        assert agent.search(view).choose(view, order, random.Random(4)) == two


def test_the_position_is_what_the_test_says():
    """Guards the hand-built record: the team's points and seat 2's known voids."""
    state = _seat2_to_play()
    assert state.points_won[0] + state.points_won[1] == 42
    assert sum(state.points_won) == 94
    view = state.view(2)
    assert view.partner == 1
    for seed in range(20):
        sample = determinize(view, random.Random(seed))
        assert sample.view(2) == view
        assert not sample.hands[3] & mask_of(parse_cards("3S"))  # seat 3 showed no spade


@pytest.mark.parametrize("rollout", [None, "greedy"])
@pytest.mark.parametrize(
    ("phase", "nth"),
    [("auction", 0), ("auction", 3), ("trump", 0), ("call_card", 0), ("play", 0), ("play", 8)],
)
def test_same_view_other_true_deal_same_choice_in_every_phase(phase, nth, rollout):
    """Auction, trump, called card and play: the choice depends on the view, never on the deal
    behind it (the true hands are swapped for a determinized sample that differs), with the
    default rollout policy (SuecaRollout, stopped once the score is fixed) and with greedy."""
    rules = make_rules({})
    state = GAME.new_deal(rules, 300 + nth)
    agent = _mc(samples=3, candidates=3)
    seen = 0
    while (seat := state.current_player()) >= 0:
        moves = state.legal_moves()
        if len(moves) > 1:
            if state.view(seat).phase == phase:
                if seen == nth:
                    break
                seen += 1
            agent.reset(random.Random(seen), seat, rules)
            state.apply(agent.choose(state.view(seat), moves))
        else:
            state.apply(moves[0])
    assert seat >= 0, "the deal ended first"
    view = state.view(seat)
    other = next(
        s
        for s in (determinize(view, random.Random(k)) for k in range(50))
        if [h for i, h in enumerate(s.hands) if i != seat]
        != [h for i, h in enumerate(state.hands) if i != seat]
    )
    assert other.view(seat) == view
    picks = []
    for deal in (state, other):
        chooser = _mc(samples=3, candidates=3, rollout=rollout)
        chooser.reset(random.Random(8), seat, rules)
        picks.append(chooser.choose(deal.view(seat), deal.legal_moves()))
    assert picks[0] == picks[1]


def _first_call() -> SuecaState:
    """A fresh Sueca deal at its first call (the auction sets the contract)."""
    return GAME.new_deal(make_rules({}), 11)


def test_contract_samples_zero_calls_the_ordering_heuristics_choice_unsearched():
    state = _first_call()
    seat = state.current_player()
    view = state.view(seat)
    agent = _mc(contract_samples=0)
    agent.reset(random.Random(2), seat, state.rules)
    before = agent.rng.getstate()
    moves = state.legal_moves()
    assert agent.choose(view, moves) == agent.candidates(view, moves)[0]
    assert agent.rng.getstate() == before  # nothing sampled


def test_contract_samples_set_the_contract_decisions_budget_and_only_theirs():
    """The calls draw ``contract_samples`` deals; a card play draws ``samples``."""
    drawn: list[int] = []

    def counting(view, rng):
        drawn.append(1)
        return determinize(view, rng)

    call = _first_call()
    play = _seat2_to_play()
    for state, expected in ((call, 3), (play, 5)):
        seat = state.current_player()
        agent = _mc(samples=5, contract_samples=3)
        agent.reset(random.Random(4), seat, state.rules)
        view = state.view(seat)
        search = agent.search(view)
        search.sample = counting
        agent.search = lambda _view, search=search: search  # type: ignore[method-assign]
        drawn.clear()
        agent.choose(view, state.legal_moves())
        assert len(drawn) == expected
