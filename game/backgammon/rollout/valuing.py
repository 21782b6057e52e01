"""Valuing a rollout's positions in batches: the five cubeless chances, exact where the game
is over, the bearoff database's where both sides bear off, and each position's cube life.

Every batch is an ``(N, 2, 26)`` array of ``(side on roll, other side)`` (see
:mod:`..evaluators.arrays`); chances are the side on roll's, cumulative as GNU Backgammon's:
``(win, win gammon, win backgammon, lose gammon, lose backgammon)``.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..board import CHECKERS, OFF
from ..cube.money import CONTACT_CUBE_LIFE
from ..evaluators import Evaluator
from ..evaluators.bearoff import database, in_bearoff, race_outcomes
from ..evaluators.chances import chances_of
from ..nets.encoding import flip_outputs, terminal_outputs, win_kind_after

CHUNK = 4096
"""Rows valued per evaluator call: the network's layers for a few thousand positions stay in
the processor's cache (a batch of 20,000 took half as long again per position).  Every batch
of a block is cut the same way, so its values do not depend on where the block runs."""

EQUITY = np.array([2.0, 1.0, 1.0, -1.0, -1.0])
"""Cubeless equity = ``EQUITY · chances − 1``."""


def equity(chances: np.ndarray) -> np.ndarray:
    """Cubeless equity (money points per unit of cube) of ``(..., 5)`` chances."""
    return chances @ EQUITY - 1.0


def flip(chances: np.ndarray) -> np.ndarray:
    """The same chances from the other side."""
    return flip_outputs(chances)


def chances(evaluator: Evaluator, batch: np.ndarray) -> np.ndarray:
    """``(N, 5)`` float64: the evaluator's chances for each side on roll, exact in finished
    games (whatever the evaluator: some know nothing of gammons), valued :data:`CHUNK` rows
    at a time."""
    n = len(batch)
    out = np.empty((n, 5))
    for start in range(0, n, CHUNK):
        out[start:start + CHUNK] = chances_of(evaluator, batch[start:start + CHUNK])
    lost = batch[:, 1, OFF] == CHECKERS
    if lost.any():
        kind = win_kind_after(batch[lost, 1], batch[lost, 0])
        out[lost] = flip_outputs(terminal_outputs(kind, 5))
    return out


@lru_cache(maxsize=1)
def bearoff_installed() -> bool:
    """Whether the one-sided bearoff database loads (else races play on to the end)."""
    try:
        database()
    except (FileNotFoundError, ValueError):
        return False
    return True


def bearoffs(batch: np.ndarray) -> np.ndarray:
    """``(N,)`` bool: both sides bear off (every checker home or off), so the database decides."""
    if not bearoff_installed():
        return np.zeros(len(batch), dtype=bool)
    return in_bearoff(batch)


def bearoff_chances(batch: np.ndarray) -> np.ndarray:
    """The database's chances for the side on roll of bearoff positions (:func:`bearoffs`)."""
    return race_outcomes(batch)


def won_chances(kind: np.ndarray) -> np.ndarray:
    """``(N, 5)``: the winner's chances of finished games won by ``kind`` (1, 2 or 3 points)."""
    return terminal_outputs(np.asarray(kind), 5)


def win_kind(winner: np.ndarray, loser: np.ndarray) -> np.ndarray:
    """Points (1, 2, 3) of finished games from the ``(N, 26)`` sides."""
    return win_kind_after(winner, loser)


def rearmost(sides: np.ndarray) -> np.ndarray:
    """``(N,)``: each ``(N, 26)`` side's highest occupied point (25 the bar), 0 when all are off."""
    occupied = sides[:, 1:26] > 0
    return np.where(occupied.any(axis=1), 25 - np.argmax(occupied[:, ::-1], axis=1), 0)


def contact(batch: np.ndarray) -> np.ndarray:
    """``(N,)`` bool: the sides have not passed each other."""
    return rearmost(batch[:, 0]) + rearmost(batch[:, 1]) > 25


def cube_life(batch: np.ndarray) -> np.ndarray:
    """Each position's cube life index for its side on roll, as :func:`..cube.ai.cube_life_of`
    sets it (GNU Backgammon's): 0.68 with contact, 0.6 once both sides are home, else
    ``0.55 + 0.00125 · pips`` of the side on roll within 0.6..0.7."""
    me, opp = rearmost(batch[:, 0]), rearmost(batch[:, 1])
    pips = batch[:, 0, 1:26].astype(np.int64) @ np.arange(1, 26)
    race = np.clip(0.55 + 0.00125 * pips, 0.6, 0.7)
    return np.where(me + opp > 25, CONTACT_CUBE_LIFE, np.where((me <= 6) & (opp <= 6), 0.6, race))
