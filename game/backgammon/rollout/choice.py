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
    resulting positions (``keys``, ``batch``) with the ``chances`` of the side then on roll
    (the mover's opponent), and per group its best play."""

    keys: list[bytes]
    batch: np.ndarray
    chances: np.ndarray
    best: np.ndarray
    """``(G,)``: per group, the index into :attr:`keys` of its best play."""

    def mover_chances(self) -> np.ndarray:
        """``(G, 5)``: the mover's chances after each group's best play."""
        return valuing.flip(self.chances[self.best])


def expand(evaluator, positions: list[bytes], weights: np.ndarray, weight_of: np.ndarray,
           groups: list[tuple[int, int]]) -> Expansion:
    """Every play of each ``(position index, roll)`` in ``groups``, the distinct resulting
    positions valued in one batch; the mover's choice by ``weights[weight_of[position]]``
    (``(K, 6)``: ``w[:5] · chances + w[5]`` of its chances after the play,
    :func:`.cubeful.chequer_weights`), the first of equals in the generator's order."""
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
    chances = valuing.chances(evaluator, batch)
    mover = valuing.flip(chances)
    group_weight = weight_of[np.array([p for p, _ in groups], dtype=np.intp)]
    table = np.empty((len(weights), len(keys)))
    for k in np.unique(group_weight):
        table[k] = mover @ weights[k, :5] + weights[k, 5]
    flat_index = np.array(flat, dtype=np.intp)
    segment = np.repeat(np.arange(len(groups)), lengths)
    values = table[group_weight[segment], flat_index]
    offsets = np.concatenate(([0], np.cumsum(lengths)[:-1])).astype(np.intp)
    top = np.maximum.reduceat(values, offsets)
    hits = np.flatnonzero(values >= top[segment])
    first = np.concatenate(([True], segment[hits[1:]] != segment[hits[:-1]]))
    return Expansion(keys, batch, chances, flat_index[hits[first]])


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
