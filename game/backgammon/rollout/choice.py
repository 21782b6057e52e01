"""The 0-ply play of every live trial at one ply, all valued in one batch, and each roll's luck.

Positions are 52-byte keys: the side on roll's 26 counts, then the other side's (what
:func:`~..evaluators.arrays.boards_to_array` builds, so a batch is the keys joined).  For each
distinct position to play (with its cube, which a match's choice of play depends on) and each
roll asked for, every legal play's resulting position is collected (:func:`after_keys`, from
:func:`~..movegen.legal_plays`), the distinct ones valued in one evaluator call
(:func:`.valuing.chances`), and the play the mover values most is chosen, the first of equals
in the move generator's order.  With variance reduction every position is expanded for all
21 rolls and the mover's value after each roll's best play gives the luck of the roll thrown:
its value minus their average (GNU Backgammon's variance reduction, at 0 ply).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..board import Side
from ..movegen import legal_plays
from .dice import ROLL_WEIGHTS, ROLLS
from . import valuing

EXPANSIONS_KEPT = 8192
"""Positions × rolls whose plays are remembered per process (they recur in a rollout's first
plies, where many trials share a position; deterministic, so it cannot change a result)."""


@lru_cache(maxsize=EXPANSIONS_KEPT)
def after_keys(key: bytes, roll: int) -> tuple[bytes, ...]:
    """The position key after each legal play of roll ``roll`` (0..20) from ``key``, the
    opponent then on roll: one per distinct resulting position, in the generator's order."""
    me, opp = tuple(key[:26]), tuple(key[26:52])
    high, low = ROLLS[roll]
    return tuple(bytes(o) + bytes(m) for _, m, o in legal_plays(me, opp, high, low))


def batch_of(keys) -> np.ndarray:
    """The ``(N, 2, 26)`` int8 batch of position keys."""
    data = b"".join(keys)
    return np.frombuffer(data, dtype=np.int8).reshape(-1, 2, 26)


def side(key: bytes, which: int) -> Side:
    """One side of a position key as a tuple (0 the side on roll)."""
    return tuple(key[26 * which:26 * which + 26])


@dataclass
class Expansion:
    """The plays valued at one ply, for ``groups`` of (position index, roll): the distinct
    resulting positions (``keys``, ``batch``), the side then on roll's ``chances`` of those the
    evaluator valued (NaN for the others), and per group the best play found two ways."""

    keys: list[bytes]
    batch: np.ndarray
    chances: np.ndarray
    best: np.ndarray
    """``(G,)``: per group, the index into :attr:`keys` of the best of its plays the pruner
    kept (all of them without a pruner): what each roll's luck is measured after."""
    played: np.ndarray
    """``(G,)``: per group asked for in full, the index of its best play of all (the play
    made); -1 for the others."""

    def mover_chances(self) -> np.ndarray:
        """``(G, 5)``: the mover's chances after each group's :attr:`best` play."""
        return valuing.flip(self.chances[self.best])


def _first_best(values: np.ndarray, segment: np.ndarray, offsets: np.ndarray, count: int) -> np.ndarray:
    """Per segment, the position of its first largest value (-1 for a segment all -inf)."""
    top = np.maximum.reduceat(values, offsets) if len(values) else np.empty(0)
    hits = np.flatnonzero((values >= top[segment]) & (values > -np.inf))
    first = np.concatenate(([True], segment[hits[1:]] != segment[hits[:-1]]))
    out = np.full(count, -1, dtype=np.intp)
    out[segment[hits[first]]] = hits[first]
    return out


def expand(evaluator, positions: list[bytes], weights: np.ndarray, weight_of: np.ndarray,
           groups: list[tuple[int, int]], full: np.ndarray, pruner=None, keep: int = 0) -> Expansion:
    """Every play of each ``(position index, roll)`` in ``groups``, valued in one batch.

    The mover chooses by ``weights[weight_of[position]]`` (``(K, 6)``: ``w[:5] · chances +
    w[5]`` of its chances after the play, :func:`.cubeful.chequer_weights`).  With a
    ``pruner`` (a cheap evaluator) and ``keep`` > 0, only each group's ``keep`` plays the
    pruner rates highest are valued by ``evaluator`` (GNU Backgammon prunes its 0-ply
    choices with small networks the same way), except in the groups ``full`` marks, whose
    plays are all valued so that :attr:`Expansion.played` is the evaluator's own best."""
    index: dict[bytes, int] = {}
    flat: list[int] = []
    lengths = np.empty(len(groups), dtype=np.intp)
    for g, (p, roll) in enumerate(groups):
        afters = after_keys(positions[p], roll)
        lengths[g] = len(afters)
        for key in afters:
            flat.append(index.setdefault(key, len(index)))
    keys = list(index)
    batch = batch_of(keys)
    flat_index = np.array(flat, dtype=np.intp)
    segment = np.repeat(np.arange(len(groups)), lengths)
    offsets = np.concatenate(([0], np.cumsum(lengths)[:-1])).astype(np.intp)
    in_full = full[segment]
    if pruner is not None and keep > 0:
        rating = pruner.after_play(np.ascontiguousarray(batch[:, ::-1]))[flat_index]
        order = np.lexsort((-rating, segment))
        kept = np.zeros(len(flat_index), dtype=bool)
        kept[order] = np.arange(len(order)) - offsets[segment[order]] < keep
    else:
        kept = np.ones(len(flat_index), dtype=bool)
    valued = np.zeros(len(keys), dtype=bool)
    valued[flat_index[kept | in_full]] = True
    chances = np.full((len(keys), 5), np.nan)
    chances[valued] = valuing.chances(evaluator, batch[valued])
    mover = valuing.flip(chances)
    group_weight = weight_of[np.array([p for p, _ in groups], dtype=np.intp)]
    table = np.full((len(weights), len(keys)), -np.inf)
    for k in np.unique(group_weight):
        table[k, valued] = mover[valued] @ weights[k, :5] + weights[k, 5]
    values = table[group_weight[segment], flat_index]
    best = _first_best(np.where(kept, values, -np.inf), segment, offsets, len(groups))
    played = _first_best(np.where(in_full, values, -np.inf), segment, offsets, len(groups))
    return Expansion(keys, batch, chances, flat_index[best],
                     np.where(played >= 0, flat_index[np.maximum(played, 0)], -1))


def roll_means(per_roll: np.ndarray) -> np.ndarray:
    """``(P, ...)``: the average over the 21 rolls of ``(P * 21, ...)`` values laid out
    position by position, each roll weighted by its chance."""
    shaped = per_roll.reshape((-1, len(ROLLS)) + per_roll.shape[1:])
    weights = ROLL_WEIGHTS.reshape((1, len(ROLLS)) + (1,) * (per_roll.ndim - 1))
    return (shaped * weights).sum(axis=1)


def to_root(diff: np.ndarray, mover_is_root: np.ndarray) -> np.ndarray:
    """Differences of the mover's chances (``(N, 5)``) seen by the rollout's player: for
    the other side the win difference changes sign and the gammons change places."""
    out = diff.copy()
    other = ~mover_is_root
    out[other] = np.stack([-diff[other, 0], diff[other, 3], diff[other, 4], diff[other, 1], diff[other, 2]], axis=1)
    return out
