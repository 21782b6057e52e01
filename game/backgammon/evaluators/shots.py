"""Shot counting for seed 000's blot term: which of the opponent's 36 rolls hit each blot.

Everything is seen from the side on roll (the blot owner, "me"), in its numbering: the
opponent moves *up* from my point 1 towards 24 and enters from its bar onto my points 1..6
(the bar is "my point 0").  Positions are packed into ``uint32`` bit masks (bit ``p`` = my
point ``p``), and for each of the 21 distinct rolls one mask of the points it can hit is
built with shifts, vectorised over the batch and the rolls at once.

Correct counting (the default, :func:`hit_masks`), the choices where the spec left room:

- a roll hits a point if *some* way of playing it lands a checker there: direct shots, one
  checker using both dice (either order) and doubles using up to four steps; every
  intermediate landing must be open, i.e. not a point I hold with two or more checkers
  (my blots do not block: passing over one hits it on the way);
- while the opponent has checkers on its bar they must enter first: with one there, a non-
  double enters with one die (landing open) and plays the other with any checker; with two
  or more, both dice enter and only the entry points are hit; a double enters as many as
  the bar holds and plays the rest (``4 - bar`` steps) with any checker;
- the other forced-play rules (play both dice when possible, the larger die when only one
  can be played, as many of a double as possible) are ignored: they seldom decide a hit,
  and honouring them needs full move generation.

The source's counter (:func:`source_shot_sums`) keeps seed 000's quirks: each opponent
point in 1..24 attacks once with its *relative* distance, the bar never attacks, and the
blocked test compares die values and their multiples with my made points' numbers.  The
source does this in absolute numbers, i.e. its White's numbering; here it is always the
side's own numbering (what the source does for White, the side of the spec's vectors).
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from .arrays import row_dot, slot_bits

__all__ = [
    "ROLL_WEIGHTS", "ROLLS", "hit_impact", "hit_masks", "shot_counts", "weighted_blot_risk",
    "source_roll_counts", "source_shot_sums", "source_blot_risk",
]

_NON_DOUBLES = [(a, b) for a in range(1, 7) for b in range(a + 1, 7)]
ROLLS: tuple[tuple[int, int], ...] = tuple(_NON_DOUBLES) + tuple((d, d) for d in range(1, 7))
"""The 21 distinct rolls: 15 non-doubles (weight 2) then 6 doubles (weight 1)."""
ROLL_WEIGHTS = np.array([2] * 15 + [1] * 6, dtype=np.int64)
ROLL_WEIGHTS.flags.writeable = False

_A = np.array([a for a, _ in _NON_DOUBLES], dtype=np.uint32)
_B = np.array([b for _, b in _NON_DOUBLES], dtype=np.uint32)
_D = np.arange(1, 7, dtype=np.uint32)
_ONE = np.uint32(1)
_POINTS = np.uint32(((1 << 25) - 1) & ~1)  # bits 1..24


def hit_impact(point):
    """Seed 000's hit impact of a blot on ``point`` (own numbering, 1..24), by zone."""
    p = np.asarray(point, dtype=np.float64)
    value = np.select(
        [p <= 6, p <= 12, p <= 18],
        [1.0 - 0.03 * (p - 1), 0.8 - 0.05 * (p - 7), 0.5 - 0.05 * (p - 13)],
        0.2 - 0.02 * (p - 19),
    )
    return np.clip(value, 0.1, 1.0)


_IMPACT = np.zeros(26)
_IMPACT[1:25] = hit_impact(np.arange(1, 25))
# Sum of impacts over the set bits of a 13-bit chunk: two lookups value a 26-bit mask.
_CHUNK = np.arange(1 << 13)
_BITS13 = (_CHUNK[:, None] >> np.arange(13)) & 1
_IMPACT_LO = _BITS13 @ _IMPACT[:13]
_IMPACT_HI = _BITS13 @ _IMPACT[13:]


def _packed(batch: np.ndarray):
    """``(blots, open, opponent-on-board, opponent-bar-count)`` masks for the side on roll."""
    me, opp = batch[:, 0], batch[:, 1]
    blots = slot_bits(me == 1) & _POINTS
    open_ = slot_bits(me < 2) & _POINTS
    board = slot_bits(opp[:, ::-1] > 0) & _POINTS  # opp's point 25 - q is my point q
    return blots, open_, board, opp[:, 25].astype(np.int64)


# Roll-major layout: masks are (21, N) so each roll's row is contiguous.
_Ac, _Bc, _Dc = _A[:, None], _B[:, None], _D[:, None]


def _bar_hit_masks(board: np.ndarray, open_: np.ndarray, on_bar: np.ndarray) -> np.ndarray:
    """``(21, n)`` hit masks for positions whose opponent has ``on_bar >= 1`` checkers to enter."""
    one_a, one_b = _ONE << _Ac, _ONE << _Bc
    enter_a, enter_b = (open_ >> _Ac) & _ONE, (open_ >> _Bc) & _ONE
    one_on_bar = enter_a * (one_a | ((board | one_a) << _Bc)) | enter_b * (one_b | ((board | one_b) << _Ac))
    non_doubles = np.where(on_bar >= 2, one_a | one_b, one_on_bar)
    one_d = _ONE << _Dc
    steps_left = 4 - on_bar  # moves of the double left after entering
    reach = (board | one_d) << _Dc
    doubles = one_d | reach * (steps_left >= 1)
    for step in (2, 3):
        reach = (reach & open_) << _Dc
        doubles |= reach * (steps_left >= step)
    doubles *= (open_ >> _Dc) & _ONE
    return np.concatenate([non_doubles, doubles])


def _hit_masks(open_: np.ndarray, board: np.ndarray, on_bar: np.ndarray) -> np.ndarray:
    """``(21, N)``: the masks of :func:`hit_masks` from packed positions."""
    oa, ob = board << _Ac, board << _Bc
    non_doubles = oa | ob | ((oa & open_) << _Bc) | ((ob & open_) << _Ac)
    reach = board << _Dc
    doubles = reach.copy()
    for _ in range(3):
        reach = (reach & open_) << _Dc
        doubles |= reach
    hits = np.concatenate([non_doubles, doubles])
    rows = np.flatnonzero(on_bar)
    if rows.size:
        hits[:, rows] = _bar_hit_masks(board[rows], open_[rows], on_bar[rows])
    return hits & _POINTS


def hit_masks(batch: np.ndarray) -> np.ndarray:
    """``(N, 21)`` uint32: for each roll of :data:`ROLLS`, the mask of my points it can hit.

    A set bit ``p`` means the opponent has a way to land on my point ``p`` with that roll
    (under the rules in the module docstring), whether or not a blot is there.
    """
    _, open_, board, on_bar = _packed(batch)
    return _hit_masks(open_, board, on_bar).T


def shot_counts(batch: np.ndarray) -> np.ndarray:
    """``(N, 26)`` int: for each blot of the side on roll (index = its point), the number of
    the opponent's 36 rolls that hit it; 0 where there is no blot (index 0 and 25 unused)."""
    blots, open_, board, on_bar = _packed(batch)
    masked = np.ascontiguousarray((_hit_masks(open_, board, on_bar) & blots).T, dtype="<u4")
    bits = np.unpackbits(masked.view(np.uint8).reshape(len(blots), 21, 4), axis=-1, bitorder="little")
    return np.tensordot(bits, ROLL_WEIGHTS, axes=([1], [0]))[:, :26]


def weighted_blot_risk(batch: np.ndarray) -> np.ndarray:
    """``(N,)``: Σ over my blots of (rolls that hit it)/36 × hit impact, correct counting."""
    blots, open_, board, on_bar = _packed(batch)
    masked = _hit_masks(open_, board, on_bar) & blots
    value = _IMPACT_LO[masked & np.uint32(0x1FFF)] + _IMPACT_HI[masked >> np.uint32(13)]
    return row_dot(value.T, ROLL_WEIGHTS / 36.0)


# ---- the source's counter ------------------------------------------------------------


def _source_roll_terms() -> list[list[tuple[tuple[int, ...], int]]]:
    """For each distance d (index), the rolls that count as ``(points that must be
    unblocked, multiplicity)``, per the source's three rules taken in order."""
    table: list[list[tuple[tuple[int, ...], int]]] = [[]]
    for d in range(1, 25):
        needs: Counter = Counter()
        for d1 in range(1, 7):
            for d2 in range(1, 7):
                if d <= 6 and d in (d1, d2):
                    needs[()] += 1
                elif d <= 12 and d1 + d2 == d:
                    needs[tuple(sorted({d - d1, d - d2}))] += 1
                elif d1 == d2 and d % d1 == 0 and 2 <= d // d1 <= 4:
                    needs[tuple(d1 * s for s in range(1, d // d1))] += 1
        table.append(sorted(needs.items()))
    return table


_SOURCE_TERMS = _source_roll_terms()


def source_roll_counts(batch: np.ndarray) -> np.ndarray:
    """``(N, 25)``: the source's hitting rolls for each distance 1..24 (index 0 unused),
    given the side on roll's made points (blocked points, compared with die values)."""
    free = np.ones((batch.shape[0], 25), dtype=np.int64)
    free[:, 1:25] = batch[:, 0, 1:25] < 2
    counts = np.zeros((batch.shape[0], 25), dtype=np.int64)
    for d in range(1, 25):
        for need, mult in _SOURCE_TERMS[d]:
            term = np.full(batch.shape[0], mult, dtype=np.int64)
            for point in need:
                term = term * free[:, point]
            counts[:, d] += term
    return counts


def source_shot_sums(batch: np.ndarray) -> np.ndarray:
    """``(N, 26)``: the source's summed hitting rolls (uncapped) per blot of the side on
    roll; each opponent point 1..24 below the blot attacks once, the bar not at all."""
    rolls = source_roll_counts(batch)
    attackers = (batch[:, 1, 24:0:-1] > 0).astype(np.int64)  # index q-1: opponent on my q
    sums = np.zeros((batch.shape[0], 26), dtype=np.int64)
    for d in range(1, 24):
        sums[:, d + 1 : 25] += attackers[:, : 24 - d] * rolls[:, d : d + 1]
    return sums * (batch[:, 0] == 1)


def source_blot_risk(batch: np.ndarray) -> np.ndarray:
    """``(N,)``: the source's Σ over my blots of min(summed rolls, 36)/36 × hit impact."""
    return row_dot(np.minimum(source_shot_sums(batch)[:, 1:25], 36) / 36.0, _IMPACT[1:25])
