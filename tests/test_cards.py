from hypothesis import given
from hypothesis import strategies as st

from simulator.cards import (
    FULL_DECK,
    RANK,
    RANK_MASK,
    SPADE_MASK,
    SUIT,
    card_pretty,
    card_str,
    cards_of,
    mask_of,
    parse_card,
    parse_cards,
)


def test_every_card_round_trips_through_text():
    for card in range(52):
        assert parse_card(card_str(card)) == card
        assert parse_card(card_pretty(card)) == card
        assert parse_card(card_str(card).lower()) == card


def test_aliases_and_canonical_form():
    assert card_str(parse_card("TD")) == "10D"
    assert card_str(parse_card("10♦")) == "10D"
    assert card_str(parse_card("q♥")) == "QH"
    assert [card_str(c) for c in parse_cards("AS, 2c 10h")] == ["AS", "2C", "10H"]


def test_bad_text_names_itself():
    for bad in ("", "1", "ZS", "10X", "11H"):
        try:
            parse_card(bad)
        except ValueError as exc:
            assert repr(bad) in str(exc)
        else:
            raise AssertionError(f"{bad!r} parsed")


def test_masks():
    assert FULL_DECK.bit_count() == 52
    assert SPADE_MASK.bit_count() == 13 and all(SUIT[c] == 0 for c in cards_of(SPADE_MASK))
    for rank in range(1, 14):
        assert [RANK[c] for c in cards_of(RANK_MASK[rank])] == [rank] * 4


@given(st.sets(st.integers(0, 51)))
def test_mask_of_and_cards_of_are_inverse(cards):
    assert set(cards_of(mask_of(cards))) == cards
