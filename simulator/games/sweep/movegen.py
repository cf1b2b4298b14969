"""Legal Sweep moves, fast (sweep.md §4, §8, §9).

The sum groups come from cached templates (groups.py), so a move list is a few
ANDs with the real table. Trails and same-rank captures are prebuilt, so the
base game's generator allocates only the sum-group captures.
"""

from __future__ import annotations

from collections.abc import Sequence

from simulator.cards import FACE_MASK, RANK, RANK_MASK, cards_of
from simulator.games.sweep.groups import CACHES, EMPTY, LOW_FIELDS, signature, solve, template
from simulator.games.sweep.moves import BUILD, CAPTURE, TRAIL, SweepMove

#: mask of ranks 1..v (number cards of value <= v), index v in 0..10
LOW_VALUES = tuple(sum(RANK_MASK[r] for r in range(1, v + 1)) for v in range(11))

_CACHE_LIMIT = 1 << 16  # entries; a full cache is cleared (keeps workers' memory bounded)
_build_cache: dict[int, tuple[tuple[int, int], ...]] = {}

#: the 52-card moves that never change: a trail of each card
TRAILS = tuple(SweepMove(TRAIL, c) for c in range(52))
#: per card: (its trail, mask of its rank, signature fields of lower values or -1 when it
#: captures by rank only (face cards, aces), the probe of its value's template cache (unused
#: for those), its capture move by each possible set of same-rank table cards)
_CARD_INFO = tuple(
    (
        TRAILS[c],
        RANK_MASK[r],
        LOW_FIELDS[r] if 2 <= r <= 10 else -1,
        CACHES[min(r, 10)].get,
        {sub << (4 * r - 4): SweepMove(CAPTURE, c, 0, sub << (4 * r - 4)) for sub in range(1, 16)},
    )
    for c, r in enumerate(RANK)
)
_new_tuple = tuple.__new__


def hand_moves(cards: Sequence[int], table: int, sig: int | None = None) -> list[SweepMove]:
    """Every move of the hand ``cards`` with only loose cards on the table: per card in
    order, its TRAIL then its captures (the hot path of the base game).

    ``sig`` is ``groups.signature(table)`` when the caller keeps it up to date.
    """
    if not table:
        return [TRAILS[c] for c in cards]
    if sig is None:
        sig = signature(table)
    out: list[SweepMove] = []
    append = out.append
    new = _new_tuple
    for c in cards:
        trail, rank_mask, low_fields, probe, same_moves = _CARD_INFO[c]
        append(trail)
        same = table & rank_mask
        if low_fields >= 0:
            key = sig & low_fields
            got = probe(key) or solve(key, c // 4 + 1)
            if got is not EMPTY:
                # plain loops: a comprehension is a function call before Python 3.12
                fulls, partials = got
                masks: Sequence[int]
                if partials:
                    real = [table & w for w in fulls]
                    for whole, part in partials:
                        real += expand_partial(table, whole, part)
                    masks = real
                else:
                    masks = fulls  # whole-rank masks, ANDed with the table below
                for m in masks:
                    append(new(SweepMove, (CAPTURE, c, 0, table & m)))
                if same:
                    for m in masks:
                        append(new(SweepMove, (CAPTURE, c, 0, (table & m) | same)))
                    append(same_moves[same])
                continue
        if same:
            append(same_moves[same])
    return out


#: SUBSETS[nibble][k]: the k-card subsets of a 4-bit rank nibble
SUBSETS = tuple(
    tuple(tuple(s for s in range(16) if s & ~nib == 0 and s.bit_count() == k) for k in range(5))
    for nib in range(16)
)


def expand_partial(table: int, whole: int, part: tuple[tuple[int, int], ...]) -> list[int]:
    """Real card masks of a union that takes only some cards of some values."""
    masks = [table & whole]
    for shift, k in part:
        masks = [m | (sub << shift) for m in masks for sub in SUBSETS[(table >> shift) & 15][k]]
    return masks


def capture_masks(card: int, table: int, sig: int | None = None) -> list[int]:
    """Non-empty captured sets of loose cards for ``card`` (§4.3 a+b), each once.

    ``sig`` is ``groups.signature(table)`` when the caller already has it.
    """
    v = RANK[card]
    same = table & RANK_MASK[v]
    if v > 10:
        return [same] if same else []
    if sig is None:
        sig = signature(table)
    fulls, partials = template(sig, v)
    masks = [table & w for w in fulls]
    for whole, part in partials:
        masks += expand_partial(table, whole, part)
    if same:
        masks += [m | same for m in masks]
        masks.append(same)
    return masks


def build_options(card: int, table: int) -> tuple[tuple[int, int], ...]:
    """(loose cards, build value) pairs for a BUILD with ``card`` (§9.1, hand check excluded)."""
    v = RANK[card]
    if v > 9:
        return ()
    rel = table & LOW_VALUES[10 - v]
    key = (rel << 4) | v
    got = _build_cache.get(key)
    if got is None:
        cards = list(cards_of(rel))
        opts: list[tuple[int, int]] = []

        def walk(i: int, total: int, mask: int) -> None:
            for j in range(i, len(cards)):
                c = cards[j]
                t = total + RANK[c]
                if t > 10:
                    break
                m = mask | (1 << c)
                opts.append((m, t))
                walk(j + 1, t, m)

        walk(0, v, 0)
        got = tuple(opts)
        if len(_build_cache) > _CACHE_LIMIT:
            _build_cache.clear()
        _build_cache[key] = got
    return got


def build_variant_moves(
    card: int, table: int, builds: list[tuple[int, int, int]], hand: int
) -> list[SweepMove]:
    """Every move of ``card`` when builds are allowed: TRAIL, captures (loose and builds), BUILDs.

    ``builds`` holds (value, cards mask, owner); ``hand`` is the hand holding ``card``.
    """
    moves = [TRAILS[card]]
    v = RANK[card]
    loose = capture_masks(card, table)
    bunions = [0]
    if v <= 10:
        for bv, bm, _ in builds:
            if bv == v:
                bunions += [u | bm for u in bunions]
    if len(bunions) == 1:
        moves += [SweepMove(CAPTURE, card, 0, m) for m in loose]
    else:
        found = {lm | bu for lm in (0, *loose) for bu in bunions}
        found.discard(0)
        moves += [SweepMove(CAPTURE, card, 0, m) for m in sorted(found)]
    if v <= 9:
        rest = hand & ~(1 << card) & ~FACE_MASK
        for m, b in build_options(card, table):
            if rest & RANK_MASK[b]:
                moves.append(SweepMove(BUILD, card, b, m))
    return moves
