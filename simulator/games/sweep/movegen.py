"""Legal Sweep moves, built on access (sweep.md §4, §8, §9).

A position's moves are a :class:`SweepMoves` sequence of *segments*, one or a
few per card in hand, in card order. The base game's segment is the card's
TRAIL followed by its captures of loose cards, described by the card's
sum-group template (groups.py): its exact number of moves is known from the
template alone, and the k-th move is decoded from it on access. Random play
looks at one move of the list, so a turn costs a template lookup per card
however many captures the table allows; a table of 40 cards (a player who never
captures) has billions of captures and still a list of a few segments.
Membership is decided from the rules (a capture's count vector is one set
lookup), never by a search of the list.

The order is the generator's documented order, identical for every access path:
per card, TRAIL, the captures of the template's unions, the same unions with
the same-rank cards, the same-rank cards alone; with builds of the card's value
on the table, the captures in increasing mask order (or, beyond
``SORTED_LIMIT`` of them, by build union then loose capture); then the BUILDs.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from typing import Any, Final

from simulator.cards import FACE_MASK, RANK, RANK_MASK, cards_of
from simulator.games.sweep.groups import CACHES, EMPTY, LOW_FIELDS, Template, solve, template
from simulator.games.sweep.moves import BUILD, CAPTURE, TRAIL, SweepMove
from simulator.games.sweep.view import Build

#: mask of ranks 1..v (number cards of value <= v), index v in 0..10
LOW_VALUES: Final = tuple(sum(RANK_MASK[r] for r in range(1, v + 1)) for v in range(11))
#: captures of a card with builds of its value listed sorted up to this many, lazily beyond
SORTED_LIMIT: Final = 1 << 12
#: move lists up to this long are plain lists, longer ones :class:`SweepMoves`
EAGER_LIMIT: Final = 256

_CACHE_LIMIT: Final = 1 << 16  # entries; a full cache is cleared (keeps workers' memory bounded)
_build_cache: dict[int, tuple[tuple[int, int], ...]] = {}
_held_cache: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}

#: the moves that never change: a trail of each card
TRAILS: Final = tuple(SweepMove(TRAIL, c) for c in range(52))
#: per card, its capture by each possible set of same-rank table cards
SAME_CAPTURES: Final = tuple(
    {sub << (4 * r - 4): SweepMove(CAPTURE, c, 0, sub << (4 * r - 4)) for sub in range(1, 16)}
    for c, r in enumerate(RANK)
)
#: per card, the mask of its rank
_RANK_MASK_OF: Final = tuple(RANK_MASK[r] for r in RANK)
#: per card, the signature fields of the values below its own, or -1 when it captures by rank
#: only (face cards, aces)
_LOW_FIELDS_OF: Final = tuple(LOW_FIELDS[r] if 2 <= r <= 10 else -1 for r in RANK)
#: SUBSETS[nibble][k]: the k-card subsets of a 4-bit rank nibble
SUBSETS: Final = tuple(
    tuple(tuple(s for s in range(16) if s & ~nib == 0 and s.bit_count() == k) for k in range(5))
    for nib in range(16)
)
#: per 16-bit chunk of a card mask, the popcount of each rank nibble in place
_COUNTS16: Final = tuple(sum(((b >> s) & 15).bit_count() << s for s in (0, 4, 8, 12)) for b in range(1 << 16))
_new: Final = tuple.__new__
#: the move class as a constant: compiled, a plain imported name is a dictionary lookup at every use
_MOVE: Final = SweepMove
_LIST_LIMIT: Final = 1 << 10  # iteration expands a template into a list up to this many masks

# segment kinds
_LOOSE: Final = 0  # (kind, card, template, same-rank cards): TRAIL, then the loose captures
_LISTED: Final = 1  # (kind, card, moves, 0): a tuple of moves
_BUILDS: Final = 2  # (kind, card, ((cards, value), ...), 0): BUILD moves
_CROSS: Final = 3  # (kind, card, (template, same, loose count), build unions): captures with builds

Segment = tuple[int, int, Any, Any]


def count_vector(mask: int) -> int:
    """Cards of each rank of ``mask``, 4 bits per rank (rank u at bit 4u-4), ranks 1..12."""
    return (
        _COUNTS16[mask & 0xFFFF] | _COUNTS16[mask >> 16 & 0xFFFF] << 16 | _COUNTS16[mask >> 32 & 0xFFFF] << 32
    )


def loose_count(tmpl: Template, same: int) -> int:
    """Loose captures of a card with template ``tmpl`` and same-rank table cards ``same``."""
    m = tmpl.masks
    return m + m + 1 if same else m


def mask_at(tmpl: Template, j: int, table: int) -> int:
    """The ``j``-th real card mask of a template over ``table`` (fulls, then partials expanded)."""
    fulls = tmpl.fulls
    if j < len(fulls):
        return table & fulls[j]
    j -= len(fulls)
    ends = tmpl.ends
    p = bisect_right(ends, j)
    if p:
        j -= ends[p - 1]
    whole, part = tmpl.partials[p]
    mask = table & whole
    for shift, k in reversed(part):
        subs = SUBSETS[(table >> shift) & 15][k]
        j, q = divmod(j, len(subs))
        mask |= subs[q] << shift
    return mask


def loose_mask_at(tmpl: Template, same: int, j: int, table: int) -> int:
    """The ``j``-th loose capture (the order of :func:`loose_count`)."""
    m = tmpl.masks
    if j < m:
        return mask_at(tmpl, j, table)
    if j - m < m:
        return mask_at(tmpl, j - m, table) | same
    return same


def template_masks(tmpl: Template, table: int) -> list[int]:
    """Every real card mask of a (small) template over ``table``, in order."""
    masks = [table & w for w in tmpl.fulls]
    for whole, part in tmpl.partials:
        masks += expand_partial(table, whole, part)
    return masks


def _iter_masks(tmpl: Template, table: int) -> Iterator[int]:
    for w in tmpl.fulls:
        yield table & w
    for whole, part in tmpl.partials:
        yield from _expand(table & whole, table, part)


def _expand(mask: int, table: int, part: tuple[tuple[int, int], ...]) -> Iterator[int]:
    if not part:
        yield mask
        return
    (shift, k), rest = part[0], part[1:]
    for sub in SUBSETS[(table >> shift) & 15][k]:
        yield from _expand(mask | sub << shift, table, rest)


def expand_partial(table: int, whole: int, part: tuple[tuple[int, int], ...]) -> list[int]:
    """Real card masks of a union that takes only some cards of some values."""
    masks = [table & whole]
    for shift, k in part:
        masks = [m | (sub << shift) for m in masks for sub in SUBSETS[(table >> shift) & 15][k]]
    return masks


def card_template(card: int, table: int, sig: int) -> tuple[Template, int]:
    """(sum-group template, same-rank loose cards) of ``card`` over the loose ``table``."""
    low_fields: int = _LOW_FIELDS_OF[card]
    same = table & _RANK_MASK_OF[card]
    if low_fields < 0 or not table:
        return EMPTY, same
    key = sig & low_fields
    v = card // 4 + 1
    return CACHES[v].get(key) or solve(key, v), same


class SweepMoves(Sequence[SweepMove]):
    """The legal moves of a position, an immutable sequence built on access.

    Exact ``len``, indexing (negative too), slicing, iteration and membership, at a cost
    bounded by the hand and the templates, not by the number of moves. The last move
    built by indexing is kept: the runner checks that the move its strategy picked is
    legal, which is then an identity test.
    """

    __slots__ = ("_ends", "_last", "_len", "_rest", "_segs", "_table")

    def __init__(
        self,
        ends: list[int],
        segs: list[Segment],
        table: int,
        sig: int,
        hand: int,
        builds: tuple[Build, ...] | None,
    ) -> None:
        """``builds``: the builds on the table, or None in the base game (no BUILD moves)."""
        self._ends = ends
        self._segs = segs
        self._len = ends[-1] if ends else 0
        self._table = table
        self._rest = (sig, hand, builds)  # only membership needs them
        self._last: SweepMove | None = None

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, i: Any) -> Any:
        if type(i) is not int or not 0 <= i < self._len:
            if isinstance(i, slice):
                return [self[k] for k in range(*i.indices(self._len))]
            i = i.__index__()
            if i < 0:
                i += self._len
            if not 0 <= i < self._len:
                raise IndexError("move index out of range")
        ends = self._ends
        k = bisect_right(ends, i)
        if k:
            i -= ends[k - 1]
        kind, card, a, b = self._segs[k]
        if kind == _LOOSE:
            if not i:
                move = TRAILS[card]
            else:
                i -= 1
                m = a.masks
                if i < m:
                    move = _new(_MOVE, (CAPTURE, card, 0, mask_at(a, i, self._table)))
                elif i - m < m:
                    move = _new(_MOVE, (CAPTURE, card, 0, mask_at(a, i - m, self._table) | b))
                else:
                    move = SAME_CAPTURES[card][b]
        elif kind == _LISTED:
            move = a[i]
        elif kind == _BUILDS:
            mask, value = a[i]
            move = _new(_MOVE, (BUILD, card, value, mask))
        else:
            tmpl, same, count = a
            q, r = divmod(i + 1, count + 1)
            loose = loose_mask_at(tmpl, same, r - 1, self._table) if r else 0
            move = _new(_MOVE, (CAPTURE, card, 0, loose | b[q]))
        self._last = move
        return move

    def __iter__(self) -> Iterator[SweepMove]:
        table = self._table
        for kind, card, a, b in self._segs:
            if kind == _LOOSE:
                yield TRAILS[card]
                if a.masks > _LIST_LIMIT:  # huge: expand twice rather than hold every mask
                    for m in _iter_masks(a, table):
                        yield _new(_MOVE, (CAPTURE, card, 0, m))
                    if b:
                        for m in _iter_masks(a, table):
                            yield _new(_MOVE, (CAPTURE, card, 0, m | b))
                elif a.masks:
                    masks = template_masks(a, table)
                    for m in masks:
                        yield _new(_MOVE, (CAPTURE, card, 0, m))
                    if b:
                        for m in masks:
                            yield _new(_MOVE, (CAPTURE, card, 0, m | b))
                if b:
                    yield SAME_CAPTURES[card][b]
            elif kind == _LISTED:
                yield from a
            elif kind == _BUILDS:
                for mask, value in a:
                    yield _new(_MOVE, (BUILD, card, value, mask))
            else:
                tmpl, same, count = a
                for q, union in enumerate(b):
                    if q:
                        yield _new(_MOVE, (CAPTURE, card, 0, union))
                    for r in range(count):
                        loose = loose_mask_at(tmpl, same, r, table)
                        yield _new(_MOVE, (CAPTURE, card, 0, loose | union))

    def __contains__(self, move: object) -> bool:
        if move is self._last:
            return True
        if not isinstance(move, tuple) or len(move) != 4:
            return False
        action, card, value, mask = move
        sig, hand, builds = self._rest
        if type(card) is not int or not 0 <= card < 52 or not hand >> card & 1 or type(mask) is not int:
            return False
        if action == TRAIL:
            return value == 0 and mask == 0
        if action == CAPTURE:
            return value == 0 and is_capture(card, mask, self._table, sig, builds or ())
        if action == BUILD and builds is not None:
            return is_build(card, value, mask, self._table, hand)
        return False

    def __repr__(self) -> str:
        return f"SweepMoves({len(self)} moves)"


def is_capture(card: int, mask: int, table: int, sig: int, builds: Sequence[Build]) -> bool:
    """Whether ``card`` may capture exactly ``mask`` (loose cards and whole builds, §4.3)."""
    if mask <= 0:
        return False
    v = RANK[card]
    taken = 0
    for value, cards, _ in builds:
        if mask & cards:
            if value != v or cards & ~mask:
                return False
            taken |= cards
    loose = mask & ~taken
    if loose & ~table:
        return False
    if not loose:
        return True
    rank_mask = RANK_MASK[v]
    match = loose & rank_mask
    if match and match != table & rank_mask:
        return False  # the same-rank cards are taken all or none (§4.3 a)
    rest = loose & ~rank_mask
    if not rest:
        return True
    if not 2 <= v <= 10 or rest & ~LOW_VALUES[v - 1]:
        return False
    return count_vector(rest) in template(sig, v).vectors


def is_build(card: int, value: int, mask: int, table: int, hand: int) -> bool:
    """Whether ``card`` may build ``value`` with the loose cards ``mask`` (§9.1)."""
    v = RANK[card]
    if v > 9 or not 2 <= value <= 10 or mask <= 0 or mask & ~table or mask & FACE_MASK:
        return False
    if v + sum(RANK[c] for c in cards_of(mask)) != value:
        return False
    return bool(hand & ~(1 << card) & RANK_MASK[value])


def loose_moves(
    cards: list[int], table: int, sig: int, hand: int, lazy: bool = False
) -> list[SweepMove] | SweepMoves:
    """The moves of the base game (no builds): per card, TRAIL and its captures.

    A plain list while there are at most ``EAGER_LIMIT`` (nearly always: a list is what random
    and greedy play index and scan fastest), else (or when ``lazy``) a :class:`SweepMoves`."""
    if lazy:
        return lazy_loose_moves(cards, table, sig, hand)
    if not table:
        return [TRAILS[c] for c in cards]
    out: list[SweepMove] = []
    for c in cards:
        out.append(TRAILS[c])
        same = table & _RANK_MASK_OF[c]
        low_fields: int = _LOW_FIELDS_OF[c]
        if low_fields >= 0:
            key = sig & low_fields
            v = c // 4 + 1
            tmpl = CACHES[v].get(key) or solve(key, v)
            m = tmpl.masks
            if m:
                if len(out) + m + m > EAGER_LIMIT:
                    return lazy_loose_moves(cards, table, sig, hand)
                masks = template_masks(tmpl, table) if tmpl.partials else tmpl.fulls
                for w in masks:
                    out.append(_new(_MOVE, (CAPTURE, c, 0, table & w)))
                if same:
                    for w in masks:
                        out.append(_new(_MOVE, (CAPTURE, c, 0, (table & w) | same)))
        if same:
            out.append(SAME_CAPTURES[c][same])
    return out


def lazy_loose_moves(cards: Sequence[int], table: int, sig: int, hand: int) -> SweepMoves:
    """:func:`loose_moves` as a sequence of one segment per card, built on access."""
    ends: list[int] = []
    segs: list[Segment] = []
    total = 0
    for c in cards:
        tmpl, same = card_template(c, table, sig)
        total += loose_count(tmpl, same) + 1
        ends.append(total)
        segs.append((_LOOSE, c, tmpl, same))
    return SweepMoves(ends, segs, table, sig, hand, None)


def build_variant_moves(
    cards: Sequence[int], table: int, sig: int, hand: int, builds: list[Build], lazy: bool = False
) -> list[SweepMove] | SweepMoves:
    """The moves when builds are allowed: per card TRAIL, captures (loose and builds), BUILDs.

    A plain list up to ``EAGER_LIMIT`` moves unless ``lazy`` (tests compare both forms)."""
    ends: list[int] = []
    segs: list[Segment] = []
    total = 0
    for c in cards:
        v = RANK[c]
        tmpl, same = card_template(c, table, sig)
        unions = [0]
        if v <= 10:
            for value, mask, _ in builds:
                if value == v:
                    unions += [u | mask for u in unions]
        count = loose_count(tmpl, same)
        if len(unions) == 1:
            segs.append((_LOOSE, c, tmpl, same))
            total += count + 1
        elif (count + 1) * len(unions) <= SORTED_LIMIT:
            loose = [loose_mask_at(tmpl, same, j, table) for j in range(count)]
            found = sorted({m | u for m in (0, *loose) for u in unions} - {0})
            moves = (TRAILS[c], *(SweepMove(CAPTURE, c, 0, m) for m in found))
            segs.append((_LISTED, c, moves, 0))
            total += len(moves)
        else:
            segs.append((_LISTED, c, (TRAILS[c],), 0))
            ends.append(total + 1)
            segs.append((_CROSS, c, (tmpl, same, count), tuple(unions)))
            total += 1 + (count + 1) * len(unions) - 1
        ends.append(total)
        if v <= 9:
            options = held_build_options(c, table, hand)
            if options:
                segs.append((_BUILDS, c, options, 0))
                total += len(options)
                ends.append(total)
    built = SweepMoves(ends, segs, table, sig, hand, tuple(builds))
    return list(built) if total <= EAGER_LIMIT and not lazy else built


def held_build_options(card: int, table: int, hand: int) -> tuple[tuple[int, int], ...]:
    """The (loose cards, value) BUILDs of ``card`` whose value the rest of ``hand`` holds (§9.1)."""
    rest = hand & ~(1 << card)
    held = 0
    for b in range(2, 11):
        if rest & RANK_MASK[b]:
            held |= 1 << b
    key = (build_key(card, table), held)
    got = _held_cache.get(key)
    if got is None:
        got = tuple(o for o in build_options(card, table) if held >> o[1] & 1)
        if len(_held_cache) > _CACHE_LIMIT:
            _held_cache.clear()
        _held_cache[key] = got
    return got


def build_key(card: int, table: int) -> int:
    """What a card's BUILD options depend on: the loose cards it may add, and its value."""
    v = RANK[card]
    return (table & LOW_VALUES[10 - v]) << 4 | v if v <= 9 else 0


def build_options(card: int, table: int) -> tuple[tuple[int, int], ...]:
    """(loose cards, build value) pairs for a BUILD with ``card`` (§9.1, hand check excluded)."""
    v = RANK[card]
    if v > 9:
        return ()
    key = build_key(card, table)
    got = _build_cache.get(key)
    if got is None:
        cards = list(cards_of(table & LOW_VALUES[10 - v]))
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
