"""The cube in a rollout's trials: who may double, the level's decisions, and what a trial
ends worth, cubefully, for the rollout's player.

A trial's cube is its value and its owner, coded :data:`CENTRE`, :data:`ROOT` (the rollout's
player: the one choosing among the candidates, or on roll in a rollout before the roll) or
:data:`OTHER`; the rest of the stakes (money or the match score, Crawford, Jacoby, beavers)
is the game's and cannot change within it (:class:`Stakes`).  Cubeful values are money
points (the cube's value included) or match winning chances (MWC), from one side's view;
:meth:`Stakes.normalise` turns the rollout player's into GNU Backgammon's units (per unit of
the cube at the decision, or EMG).

The level decides the cube as the levels do in play (:mod:`..cube.play`), without their
noise: at 0 ply on the position's own chances with Janowski's model and the match table
(:func:`double_and_take`, batched), deeper by :func:`..cube.ai.cube_decision`.  A trial's
taker never beavers (a beaver would only double the stakes of a take, and GNU Backgammon's
rollouts leave it out too).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..cube import match as match_cube
from ..cube import money
from ..cube.ai import leaf_values, met
from ..cube.context import CubeContext, may_double
from ..cube.match import emg, outcome_mwcs

CENTRE, ROOT, OTHER = 0, 1, 2
"""Cube owners in a trial."""


@dataclass(frozen=True)
class Stakes:
    """The game's stakes, seen from the rollout's player (``score`` theirs first).

    ``value`` is the cube at the decision: money results are given per unit of it, and a
    match's EMG is taken at it (so that double/pass is +1 as in GNU Backgammon)."""

    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    post_crawford: bool = False
    jacoby: bool = False
    beavers: bool = False
    value: int = 1
    owner: int = CENTRE

    @property
    def is_match(self) -> bool:
        return self.match_length > 0

    def context(self, root_on_roll: bool, value: int, owner: int) -> CubeContext:
        """The :class:`CubeContext` of the side on roll (the rollout's player or not)."""
        return _context(self, bool(root_on_roll), int(value), int(owner))

    def normalise(self, values: np.ndarray) -> np.ndarray:
        """The rollout player's cubeful values (points, or MWC) in GNU Backgammon's units:
        per unit of :attr:`value` in money, EMG at it in a match."""
        if not self.is_match:
            return np.asarray(values, dtype=float) / self.value
        return _emg_line(self)[0] * np.asarray(values, dtype=float) + _emg_line(self)[1]

    def mwc(self, emg_value: float) -> float:
        """The rollout player's match winning chance of an EMG figure (:meth:`normalise`'s
        inverse in a match)."""
        a, b = _emg_line(self)
        return (emg_value - b) / a

    def scale(self) -> float:
        """How :meth:`normalise` stretches a difference (for standard errors)."""
        return 1.0 / self.value if not self.is_match else _emg_line(self)[0]


@lru_cache(maxsize=1024)
def _context(stakes: Stakes, root_on_roll: bool, value: int, owner: int) -> CubeContext:
    mine = ROOT if root_on_roll else OTHER
    relative = "centre" if owner == CENTRE else "me" if owner == mine else "opponent"
    if not stakes.is_match:
        return CubeContext(value=value, owner=relative, jacoby=stakes.jacoby, beavers=stakes.beavers)
    score = stakes.score if root_on_roll else stakes.score[::-1]
    return CubeContext.from_score(score, stakes.match_length, value=value, owner=relative,
                                  crawford=stakes.crawford, post_crawford=stakes.post_crawford)


@lru_cache(maxsize=64)
def _emg_line(stakes: Stakes) -> tuple[float, float]:
    """``(a, b)`` with EMG = a·MWC + b for the rollout's player at the decision's cube."""
    context = stakes.context(True, stakes.value, stakes.owner)
    low, high = emg(0.0, context, met()), emg(1.0, context, met())
    return high - low, low


def may_double_now(stakes: Stakes, root_on_roll: bool, value: int, owner: int) -> bool:
    """Whether the side on roll may double (the rules, not the judgement)."""
    return may_double(stakes.context(root_on_roll, value, owner))


def double_and_take(chances: np.ndarray, lives: np.ndarray, context: CubeContext) -> tuple[np.ndarray, np.ndarray]:
    """``(doubles, takes)``, two ``(N,)`` bool arrays: the 0-ply decision of each side on roll
    with ``chances`` at ``context`` (which must let it double), as :func:`..cube.decision.classify`
    makes it: double when double/take and double/pass are both at least no double; the taker
    takes when double/take is below double/pass.  A dead cube in a match is never turned."""
    if context.is_money:
        nd, dt, dp = (np.asarray(v, dtype=float) for v in
                      money.cube_equities(chances, context.owner, context.jacoby, lives))
    else:
        nd, dt, dp = match_cube.cube_mwcs(chances, context, lives, met())
        if context.dead_for_me:
            return np.zeros(len(chances), dtype=bool), np.ones(len(chances), dtype=bool)
    doubles = (dt >= nd) & (dp >= nd)
    return doubles, dt < dp


def position_values(chances: np.ndarray, lives: np.ndarray, context: CubeContext) -> np.ndarray:
    """The cubeful value of positions for their side on roll (with its best cube action):
    money points (the cube's value included) or MWC."""
    return np.asarray(leaf_values(chances, context, lives), dtype=float)


def other_side(values: np.ndarray, stakes: Stakes) -> np.ndarray:
    """Cubeful values seen by the other side."""
    return 1.0 - values if stakes.is_match else -values


def won_value(stakes: Stakes, root_won: bool, kind: int, value: int, owner: int) -> float:
    """The rollout player's cubeful value of a game that ended: one side won ``kind`` (1, 2 or
    3) times the cube ``value`` (a single game under Jacoby with the cube centred)."""
    if not stakes.is_match:
        if stakes.jacoby and owner == CENTRE:
            kind = 1
        return float(kind * value) * (1.0 if root_won else -1.0)
    outcomes = _outcomes(stakes, value)
    return outcomes[kind - 1] if root_won else outcomes[3 + kind - 1]


@lru_cache(maxsize=256)
def _outcomes(stakes: Stakes, value: int) -> tuple[float, ...]:
    """The rollout player's MWC after winning and losing 1, 2, 3 times ``value``."""
    context = stakes.context(True, value, CENTRE)
    return tuple(float(m) for m in outcome_mwcs(context, value, met()))


@lru_cache(maxsize=256)
def chequer_weights(stakes: Stakes | None, root_on_roll: bool, value: int) -> np.ndarray:
    """``w`` (6,) with ``w[:5] · chances + w[5]`` what the side to play maximises over its
    plays, its chances read after the play: the cubeless equity in money play and without a
    cube, and in a match ``2·MWC − 1`` at the score with the cube centred at ``value``, as the
    levels play (:func:`..cube.ai.value_weights`)."""
    if stakes is None or not stakes.is_match:
        return np.array([2.0, 1.0, 1.0, -1.0, -1.0, -1.0])
    ws, wg, wbg, ls, lg, lbg = outcome_mwcs(stakes.context(root_on_roll, value, CENTRE), value, met())
    mwc = np.array([ws - ls, wg - ws, wbg - wg, lg - ls, lbg - lg, ls])
    return np.append(2.0 * mwc[:5], 2.0 * mwc[5] - 1.0)
