"""One-sided bearoff database: how many rolls one side needs to bear off, for every home board.

A side with all its checkers (up to 15) on its points 1..6 or borne off is one of
C(21, 6) = 54,264 positions.  For each one the database holds two distributions over the
number of rolls still needed, 0..31 (:data:`MAX_ROLLS`; the last bin also holds the
negligible rest):

- ``off``: rolls to bear off every checker, playing each roll to **minimise the mean** of
  that number (GNU Backgammon's one-sided database plays the same way);
- ``first``: rolls to bear off the **first** checker (0 once one is off), playing to
  minimise its mean: what saving a gammon needs.

Every roll can always be played in full in a bearoff (the highest checker can move or come
off with any die) until the last checker is off, so a roll's plays are simply every order of
its dice applied to every checker; the dice left after the last checker are lost.

:func:`in_bearoff` and :func:`is_race` sort contact-free positions: both sides home (the
database's) or not yet (:mod:`.nets.race`'s network).  :func:`race_outcomes` turns two
sides' distributions into the five outcome probabilities of a bearoff, assuming the two
sides' numbers of rolls independent (the one-sided approximation, as GNU Backgammon uses
beyond its small two-sided database; its 0-ply chances agree to 2·10⁻⁴): the side on roll
wins when it needs no more rolls than the opponent; it wins a gammon when the opponent,
still with 15 checkers, would need at least as many rolls to take its first one off; no
backgammon is possible without contact.

The database is built by :func:`build` (a few seconds, vectorised over each pip count) and
shipped as ``assets/backgammon/bearoff/one_sided.npz`` (float32;
``python -m bench.agreement.bearoff_db --out FILE`` writes it and compares every distribution
with GNU Backgammon's database; a test checks that a fresh build equals the shipped file).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from math import comb

import numpy as np

from ...core.resources import asset_path
from ..board import CHECKERS, OFF

__all__ = ["POINTS", "MAX_ROLLS", "N_POSITIONS", "rank", "all_positions", "build", "database",
           "in_bearoff", "is_race", "race_outcomes", "mean_rolls"]

POINTS = 6
MAX_ROLLS = 32
N_POSITIONS = comb(CHECKERS + POINTS, POINTS)  # 54,264
ASSET = ("backgammon", "bearoff", "one_sided.npz")

# C(n, k) for n < 22, k ≤ 6: the combinatorial number system's table.
_BINOMIAL = np.array([[comb(n, k) for k in range(POINTS + 1)] for n in range(CHECKERS + POINTS + 1)],
                     dtype=np.int64)
_ROLLS = [(a, b, 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)]


def rank(counts: np.ndarray) -> np.ndarray:
    """The database index of each ``(..., 6)`` home board (checkers on points 1..6).

    The running totals ``s_k`` of points 1..k never decrease, so ``t_k = s_k + k − 1`` are six
    distinct numbers below 21, ranked by the combinatorial number system ``Σ C(t_k, k)``.
    """
    counts = np.asarray(counts, dtype=np.int64)
    t = np.cumsum(counts, axis=-1) + np.arange(POINTS)
    return _BINOMIAL[t, np.arange(1, POINTS + 1)].sum(axis=-1)


@lru_cache(maxsize=1)
def all_positions() -> np.ndarray:
    """``(N_POSITIONS, 6)`` int8: the home board of every index (``all_positions()[rank(b)] == b``)."""
    boards = np.array([c for c in product(range(CHECKERS + 1), repeat=POINTS) if sum(c) <= CHECKERS],
                      dtype=np.int8)
    out = np.empty_like(boards)
    out[rank(boards)] = boards
    return out


def _successors(boards: np.ndarray) -> np.ndarray:
    """``(P + 1, 7, 6)``: the index after playing die ``d`` (1..6) from point ``p`` (1..6), or
    ``P`` (a sentinel row, leading to itself) when that is not a legal use of the die.  The
    empty board leads to itself: dice left after the last checker are lost."""
    p_count = len(boards)
    table = np.full((p_count + 1, POINTS + 1, POINTS), p_count, dtype=np.int64)
    higher = np.cumsum(boards[:, ::-1], axis=1)[:, ::-1]  # checkers on point ≥ p (index p − 1)
    for die in range(1, POINTS + 1):
        for point in range(1, POINTS + 1):
            above = higher[:, point] if point < POINTS else np.zeros(p_count, dtype=np.int64)
            legal = boards[:, point - 1] > 0
            if point < die:
                legal &= above == 0  # a smaller number comes off only from the highest point
            after = boards[legal].astype(np.int64)
            after[:, point - 1] -= 1
            if point > die:
                after[:, point - 1 - die] += 1
            table[np.flatnonzero(legal), die, point - 1] = rank(after)
    table[0, :, :] = 0
    return table


def _plays(table: np.ndarray, index: np.ndarray, dice: tuple[int, int]) -> np.ndarray:
    """``(n, K)`` candidate indices after playing ``dice`` from each of ``index`` (the
    sentinel where a sequence was illegal); every order and checker choice."""
    a, b = dice
    steps = [a] * 4 if a == b else None
    if steps is None:
        first = table[table[index, a], b].reshape(len(index), -1)
        second = table[table[index, b], a].reshape(len(index), -1)
        return np.concatenate([first, second], axis=1)
    current = index[:, None]
    for die in steps:
        current = table[current, die].reshape(len(index), -1)
        current = np.sort(current, axis=1)  # dedupe cheaply: keep the distinct ones
        current = _distinct(current)
    return current


def _distinct(sorted_rows: np.ndarray) -> np.ndarray:
    """Rows of sorted indices with repeats replaced by their row's last entry, then trimmed to
    the widest row's count of distinct values (repeats do not change a minimum)."""
    repeat = np.zeros(sorted_rows.shape, dtype=bool)
    repeat[:, 1:] = sorted_rows[:, 1:] == sorted_rows[:, :-1]
    keep = (~repeat).sum(axis=1).max()
    order = np.argsort(repeat, axis=1, kind="stable")  # distinct values first, in order
    rows = np.take_along_axis(sorted_rows, order, axis=1)[:, :keep]
    width = (~repeat).sum(axis=1)
    filler = rows[np.arange(len(rows)), width - 1][:, None]
    return np.where(np.arange(keep)[None, :] < width[:, None], rows, filler)


def _shifted(mixture: np.ndarray) -> np.ndarray:
    """One more roll: the distribution moved up one bin, the overflow kept in the last."""
    out = np.zeros_like(mixture)
    out[:, 1:] = mixture[:, :-1]
    out[:, -1] += mixture[:, -1]
    return out


def build() -> tuple[np.ndarray, np.ndarray]:
    """``(off, first)``, each ``(N_POSITIONS, MAX_ROLLS)`` float64 (see the module doc)."""
    boards = all_positions().astype(np.int64)
    table = _successors(boards)
    pips = boards @ np.arange(1, POINTS + 1)
    full = boards.sum(axis=1) == CHECKERS
    off = np.zeros((N_POSITIONS + 1, MAX_ROLLS))
    first = np.zeros((N_POSITIONS + 1, MAX_ROLLS))
    mean_off = np.full(N_POSITIONS + 1, np.inf)
    mean_first = np.full(N_POSITIONS + 1, np.inf)
    first[~np.append(full, True), 0] = 1.0  # one is off already (the sentinel is never chosen)
    mean_first[:-1][~full] = 0.0
    off[0, 0], mean_off[0] = 1.0, 0.0
    bins = np.arange(MAX_ROLLS)
    for level in range(1, pips.max() + 1):  # a play always lowers the pip count
        index = np.flatnonzero(pips == level)
        full_here = index[full[index]]
        off_mix = np.zeros((len(index), MAX_ROLLS))
        first_mix = np.zeros((len(full_here), MAX_ROLLS))
        where_full = np.isin(index, full_here)
        for a, b, weight in _ROLLS:
            candidates = _plays(table, index, (a, b))
            best = candidates[np.arange(len(index)), np.argmin(mean_off[candidates], axis=1)]
            off_mix += weight / 36 * off[best]
            if len(full_here):
                mine = candidates[where_full]
                best = mine[np.arange(len(mine)), np.argmin(mean_first[mine], axis=1)]
                first_mix += weight / 36 * first[best]
        off[index] = _shifted(off_mix)
        mean_off[index] = off[index] @ bins
        if len(full_here):
            first[full_here] = _shifted(first_mix)
            mean_first[full_here] = first[full_here] @ bins
    return off[:-1], first[:-1]


@lru_cache(maxsize=1)
def database() -> tuple[np.ndarray, np.ndarray]:
    """The shipped ``(off, first)`` distributions (float64); ``FileNotFoundError`` or
    ``ValueError`` naming the file when it is missing or damaged."""
    path = asset_path(*ASSET)
    try:
        with np.load(path) as data:
            off, first = data["off"].astype(np.float64), data["first"].astype(np.float64)
    except (OSError, KeyError, ValueError) as error:
        raise ValueError(f"{path}: not a bearoff database ({error})") from None
    if off.shape != (N_POSITIONS, MAX_ROLLS) or first.shape != off.shape:
        raise ValueError(f"{path}: a bearoff database holds two ({N_POSITIONS}, {MAX_ROLLS}) tables")
    return off, first


def mean_rolls(counts) -> np.ndarray:
    """Expected rolls to bear off each ``(..., 6)`` home board."""
    off, _ = database()
    return off[rank(counts)] @ np.arange(MAX_ROLLS)


def in_bearoff(batch: np.ndarray) -> np.ndarray:
    """``(N,)`` bool: both sides have every checker home (points 1..6) or off, some left."""
    batch = np.asarray(batch)
    home = batch[:, :, 7:].sum(axis=2) == 0
    return home.all(axis=1) & (batch[:, :, OFF] < CHECKERS).all(axis=1)


def is_race(batch: np.ndarray, home: np.ndarray | None = None) -> np.ndarray:
    """``(N,)`` bool: the sides have passed each other (no contact), neither has finished,
    and they are not both home (a bearoff, which the database values; ``home``: that
    :func:`in_bearoff` already computed)."""
    batch = np.asarray(batch)
    occupied = batch[:, :, 1:26] > 0
    furthest = np.where(occupied.any(axis=2), 25 - np.argmax(occupied[:, :, ::-1], axis=2), 0)
    passed = furthest[:, 0] + furthest[:, 1] <= 25
    live = (batch[:, :, OFF] < CHECKERS).all(axis=1)
    return passed & live & ~(in_bearoff(batch) if home is None else home)


def race_outcomes(batch: np.ndarray) -> np.ndarray:
    """``(N, 5)`` outcome probabilities for the side on roll of bearoff positions
    (:func:`in_bearoff`), as the networks give them (see the module doc)."""
    off, first = database()
    batch = np.asarray(batch)
    me, them = rank(batch[:, 0, 1:POINTS + 1]), rank(batch[:, 1, 1:POINTS + 1])
    # P(X ≥ n) for n = 0..MAX_ROLLS − 1: the reversed cumulative sums.
    them_at_least = np.cumsum(off[them][:, ::-1], axis=1)[:, ::-1]
    them_first_at_least = np.cumsum(first[them][:, ::-1], axis=1)[:, ::-1]
    me_first_beyond = 1.0 - np.cumsum(first[me], axis=1)  # P(F > m)
    mine = off[me]
    out = np.zeros((len(batch), 5))
    out[:, 0] = (mine * them_at_least).sum(axis=1)
    out[:, 1] = (mine * them_first_at_least).sum(axis=1)
    out[:, 3] = (off[them] * me_first_beyond).sum(axis=1)
    out = np.clip(out, 0.0, 1.0)  # float32 tables: sums a hair outside [0, 1]
    out[:, 1] = np.minimum(out[:, 1], out[:, 0])
    out[:, 3] = np.minimum(out[:, 3], 1.0 - out[:, 0])
    return out
