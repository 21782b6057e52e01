"""The 0-ply play of every live trial at one ply, all valued in one batch, and each roll's luck.

Positions are ``(2, 26)`` int8 rows, the side on roll first (what the evaluators take, see
:mod:`~..evaluators.arrays`).  For each distinct position to play (with its cube, which a
match's choice of play depends on) and each roll asked for, every legal play's resulting
position comes from the compiled move generator (:func:`~..movegen_batch.plays_batch`: the
plays of :func:`~..movegen.legal_plays`, in its order, as arrays), they are all valued in
one evaluator call (:func:`.valuing.chances`), and the play the mover values most is chosen,
the first of equals in the move generator's order.  With variance reduction every position
is expanded for all 21 rolls and the mover's value after each roll's best play gives the
luck of the roll thrown: its value minus their average (GNU Backgammon's variance
reduction, at 0 ply).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..board import Side
from ..evaluators.chances import weighted
from ..movegen_batch import plays_batch
from ..nets.pruning import pruned, pruning_network
from . import valuing
from .dice import ROLL_WEIGHTS, ROLLS

ROLL_DICE = np.array(ROLLS, dtype=np.int64)
"""``(21, 2)``: the dice of each roll, higher first (the order the move generator takes)."""


def side(board: np.ndarray, which: int) -> Side:
    """One side of a ``(2, 26)`` position as a tuple (0 the side on roll)."""
    return tuple(int(c) for c in board[which])


@dataclass
class Expansion:
    """The plays valued at one ply, for groups of (position, roll): every play's resulting
    position (``batch``, the mover's opponent then on roll) with the ``chances`` of that
    side, and per group its best play."""

    batch: np.ndarray
    chances: np.ndarray
    best: np.ndarray
    """``(G,)``: per group, the row of :attr:`batch` of its best play."""

    def mover_chances(self) -> np.ndarray:
        """``(G, 5)``: the mover's chances after each group's best play."""
        return valuing.flip(self.chances[self.best])


def expand(evaluator, positions: np.ndarray, weights: np.ndarray, weight_of: np.ndarray,
           group_position: np.ndarray, group_roll: np.ndarray, prune: int | None = None) -> Expansion:
    """Every play of each group (``positions[group_position[g]]`` with roll ``group_roll[g]``,
    0..20), all the resulting positions valued in one batch; the mover's choice by
    ``weights[weight_of[position]]`` (``(K, 6)``: ``w[:5] · chances + w[5]`` of its chances
    after the play, :func:`.cubeful.chequer_weights`), the first of equals in the
    generator's order.

    With ``prune``, a contact position's group of more plays than that is first ranked by the
    pruning network (:mod:`..nets.pruning`, with the same weights) and only its best
    ``prune`` are valued by ``evaluator``; the others' :attr:`Expansion.chances` are NaN."""
    plays = plays_batch(positions[group_position], ROLL_DICE[group_roll])
    batch = plays.for_evaluator()
    play_weights = weights[weight_of[group_position][plays.owner]]
    valued = _shortlisted(plays, batch, positions[group_position], play_weights, prune)
    if valued is None:
        chances = valuing.chances(evaluator, batch)
    else:
        chances = np.full((len(batch), 5), np.nan)
        chances[valued] = valuing.chances(evaluator, batch[valued])
    values = weighted(valuing.flip(chances), play_weights)
    if valued is not None:
        values[~valued] = -np.inf
    return Expansion(batch, chances, plays.best_rows(values))


def _shortlisted(plays, batch, movers, play_weights, prune):
    """``(P,)`` bool, the plays the full evaluator values (see :func:`expand`; ``movers``
    the position of each group of ``plays``), or ``None`` for all of them (no pruning asked,
    no pruning network, or no group to prune)."""
    net = pruning_network() if prune else None
    if net is None:
        return None
    segment, offsets = plays.owner.astype(np.intp), plays.offsets[:-1].astype(np.intp)
    prunable = (np.diff(plays.offsets) > prune) & valuing.contact(movers)
    rows = prunable[segment]
    if not rows.any():
        return None
    return pruned(net, batch, segment, offsets, play_weights, prune, rows)


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
