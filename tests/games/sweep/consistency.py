"""A slow checker that a complete Sweep state agrees with a seat's view, written apart from the sampler.

It rebuilds the whole round from the state's hidden cards: the first hands are the cards each
seat played in the first deal (plus its hand, while that deal runs), the stock at the start of
play is the later deals' packets in dealing order followed by what is left of it, and the
table at the start of play is whatever remains. It then replays the history on the engine,
checking that every play is legal there (which is where the builder's obligation to hold the
build's value is checked), and compares the result with the state and the view.
"""

from __future__ import annotations

from simulator.cards import FULL_DECK, cards_of, mask_of
from simulator.games.sweep import SweepPosition, SweepState, SweepView


def check_consistent(view: SweepView, state: SweepState) -> None:
    """Raise AssertionError if ``state`` is not a deal the seat of ``view`` could be in."""
    assert state.view(view.seat) == view, "the state's view differs from the given view"
    assert len(state.card_location()) == 52
    rules = view.rules
    n = rules.num_players
    eight = rules.deal_mode == "eight_card_single"
    per_deal = 8 * n if eight else 4 * n
    history = list(view.history)
    deals = 1 if eight else 48 // per_deal
    current = min(len(history) // per_deal, deals - 1)
    played: list[list[int]] = [[0] * n for _ in range(deals)]
    for i, (seat, move) in enumerate(history):
        played[i // per_deal][seat] |= 1 << move.card
    dealt = [row[:] for row in played]
    for seat in range(n):
        dealt[current][seat] |= state.hands[seat]
    for k in range(current + 1):
        assert all(h.bit_count() == per_deal // n for h in dealt[k]), (
            f"deal {k} does not give every seat its cards"
        )
    first = dealt[0]
    stock: list[int] = []
    for k in range(1, current + 1):
        for i in range(1, n + 1):
            stock += sorted(cards_of(dealt[k][(view.dealer + i) % n]))
    stock += state.stock
    later = mask_of(stock)
    table = FULL_DECK & ~(sum(first) | later | state.set_aside)
    assert table.bit_count() == 4, "the start of play does not leave 4 cards on the table"
    assert not view.centre_returned & sum(first), "a card the centre redeal returned is in a first hand"
    start = SweepState.from_position(
        SweepPosition(
            rules=rules,
            hands=tuple(first),
            table=table,
            stock=tuple(stock),
            set_aside=state.set_aside,
            current_player=(view.dealer + 1) % n,
            dealer=view.dealer,
            plays_left=per_deal * deals,
            deal_left=per_deal,
            scores=view.scores,
            centre_returned=view.centre_returned,
        )
    )
    for seat, move in history:
        assert start.current_player() == seat, "the history's turn order is not the engine's"
        assert move in start.legal_moves(), f"{start.move_text(move)} is not legal in the rebuilt deal"
        start.apply(move)
    replayed, got = start.position(), state.position()
    for field in ("hands", "table", "builds", "stock", "piles", "sweeps", "ace_sweep_side", "last_capturer"):
        assert getattr(replayed, field) == getattr(got, field), f"{field} differs after the replay"
    for field in ("current_player", "plays_left", "deal_left", "history"):
        assert getattr(replayed, field) == getattr(got, field), f"{field} differs after the replay"
    assert start.view(view.seat) == view
