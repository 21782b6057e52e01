"""Seed 002's feature vector, game phase and per-phase heuristic (``anniebelkin/mini_backgammon``).

Per side, over points 1..24 only (the bar is left out), with d = the point in the side's own
numbering (the source's ``spaces_to_home``):

- on = checkers on points; tot = Σ d; exc = Σ (d − 6) over checkers with d > 6;
- blots = points with one checker, blotdist = Σ (25 − d) over them; occ = points with ≥ 2;
- bar = checkers on the bar; borne = 15 − on − 2·bar — the source's (and its README's)
  formula, a bug kept on purpose: a bar checker is subtracted twice, so it can go negative.

The 16-vector is ``[c.occ, c.borne, c.bar, c.blotdist, c.tot, c.exc, c.blots, c.on, o.on,
o.blots, o.exc, o.tot, o.blotdist, o.bar, o.borne, o.occ]`` (c = side on roll, o = the
opponent); normalised: occ/7, borne, bar, blots, on /15, tot/360, exc and blotdist /270.

Phase (EARLY 0, MID 1, LATE 2), ``version="seed"`` (commit cd65f28, the default): out = on −
home − bar, avg = exc/out (0 if out ≤ 0); LATE if out < 3 and avg < 12, else MID if avg < 18
or the opponent has ≥ 3 checkers on its own 1..6, else EARLY.  ``version="later"`` (06af1d2):
out = on − home; LATE if out < 3, EARLY if out > 8, else MID.

The heuristic is (normalised 16-vector · the phase's weight column + 2.5)/17.
"""

from __future__ import annotations

import numpy as np

from .arrays import as_batch, flip, row_dot
from .base import Evaluator, through_univariate

__all__ = [
    "PHASE_FEATURES", "EARLY", "MID", "LATE", "PHASE_WEIGHTS", "NORMALISERS",
    "phase_feature_vector", "game_phase", "extended_vector", "PhaseHeuristic",
]

PHASE_FEATURES = (
    "occ", "borne", "bar", "blotdist", "tot", "exc", "blots", "on",
    "o.on", "o.blots", "o.exc", "o.tot", "o.blotdist", "o.bar", "o.borne", "o.occ",
)
EARLY, MID, LATE = 0, 1, 2
PHASE_VERSIONS = ("seed", "later")

NORMALISERS = np.array([7, 15, 15, 270, 360, 270, 15, 15, 15, 15, 270, 360, 270, 15, 15, 7], dtype=np.float64)

# (16, 3): columns EARLY, MID, LATE (RL/best_move_player.py).
PHASE_WEIGHTS = np.array([
    [1.3, 1.7, 0.8],      # occ
    [3.0, 5.0, 8.0],      # borne
    [0.0, 0.0, 0.0],      # bar
    [-0.5, -0.3, -0.1],   # blotdist
    [-0.6, -0.4, -0.2],   # tot
    [-0.7, -0.9, -1.3],   # exc
    [-0.5, -0.7, -0.3],   # blots
    [1.4, 1.2, 1.7],      # on
    [0.0, 0.0, 0.0],      # o.on
    [0.0, 0.0, 0.0],      # o.blots
    [0.0, 0.0, 0.0],      # o.exc
    [0.8, 1.1, 0.5],      # o.tot
    [0.0, 0.0, 0.0],      # o.blotdist
    [2.2, 2.7, 3.2],      # o.bar
    [0.0, 0.0, 0.0],      # o.borne
    [0.0, 0.0, 0.0],      # o.occ
])
NORMALISERS.flags.writeable = PHASE_WEIGHTS.flags.writeable = False
HEURISTIC_OFFSET, HEURISTIC_SCALE = 2.5, 17.0  # from MIN = −2.5 and MAX = 14.5

_D = np.arange(1, 25, dtype=np.float64)
# Columns over points 1..24 of a side's checker counts: on, tot, exc, home.
_COUNT_COLUMNS = np.stack([np.ones(24), _D, np.maximum(_D - 6, 0), (_D <= 6).astype(np.float64)], axis=1)
# Columns over points 1..24 of a side's blots: blots, blotdist.
_BLOT_COLUMNS = np.stack([np.ones(24), 25 - _D], axis=1)


def _side_stats(batch: np.ndarray) -> dict[str, np.ndarray]:
    """Per-side statistics, each ``(N, 2)`` float64 ([:, 0] side on roll, [:, 1] opponent)."""
    points = batch[:, :, 1:25]
    counts = points.astype(np.float64) @ _COUNT_COLUMNS
    blots = (points == 1).astype(np.float64) @ _BLOT_COLUMNS
    bar = batch[:, :, 25].astype(np.float64)
    on = counts[:, :, 0]
    return {
        "on": on, "tot": counts[:, :, 1], "exc": counts[:, :, 2], "home": counts[:, :, 3],
        "blots": blots[:, :, 0], "blotdist": blots[:, :, 1],
        "occ": (points >= 2).sum(axis=2).astype(np.float64),
        "bar": bar, "borne": 15.0 - on - 2.0 * bar,
    }


def _vector(stats: dict[str, np.ndarray], normalise: bool) -> np.ndarray:
    c = ("occ", "borne", "bar", "blotdist", "tot", "exc", "blots", "on")
    columns = [stats[k][:, 0] for k in c] + [stats[k][:, 1] for k in reversed(c)]
    vector = np.stack(columns, axis=1)
    return vector / NORMALISERS if normalise else vector


def _phase(stats: dict[str, np.ndarray], version: str) -> np.ndarray:
    on, home, bar, exc = stats["on"][:, 0], stats["home"][:, 0], stats["bar"][:, 0], stats["exc"][:, 0]
    if version == "seed":
        out = on - home - bar
        avg = np.where(out > 0, exc / np.where(out > 0, out, 1.0), 0.0)
        opp_home = stats["home"][:, 1]
        return np.where((out < 3) & (avg < 12), LATE, np.where((avg < 18) | (opp_home >= 3), MID, EARLY))
    if version == "later":
        out = on - home
        return np.where(out < 3, LATE, np.where(out > 8, EARLY, MID))
    raise ValueError(f"unknown phase version {version!r}; known: {', '.join(PHASE_VERSIONS)}")


def phase_feature_vector(batch: np.ndarray, normalise: bool = False) -> np.ndarray:
    """``(N, 16)`` float64: the features :data:`PHASE_FEATURES`, raw unless ``normalise``."""
    return _vector(_side_stats(as_batch(batch)), normalise)


def game_phase(batch: np.ndarray, version: str = "seed") -> np.ndarray:
    """``(N,)`` int: EARLY (0), MID (1) or LATE (2) for the side on roll."""
    return _phase(_side_stats(as_batch(batch)), version)


def extended_vector(batch: np.ndarray, version: str = "seed") -> np.ndarray:
    """``(N, 48)``: blocks [EARLY | MID | LATE]; the position's phase block holds the
    normalised 16-vector, the other two are zero (the network input of seed 002)."""
    stats = _side_stats(as_batch(batch))
    vector = _vector(stats, normalise=True)
    phase = _phase(stats, version)
    out = np.zeros((len(vector), 3, 16))
    out[np.arange(len(vector)), phase] = vector
    return out.reshape(len(vector), 48)


_WEIGHTED = np.flatnonzero(np.abs(PHASE_WEIGHTS).sum(axis=1))  # features some phase weighs
EQUITY_PER_UNIT = 10.0
"""Points per unit of heuristic difference: a bar checker (≈0.01–0.013) is worth ≈0.1–0.13."""


class PhaseHeuristic(Evaluator):
    """Seed 002's per-phase linear heuristic: (x · w[phase] + 2.5)/17, higher is better.

    ``explain`` gives each feature's w·x/17 plus the constant ``"offset"`` = 2.5/17.
    """

    higher_is_better = True
    factors = PHASE_FEATURES + ("offset",)
    description = "Seed 002: sixteen race/safety features with per-phase (early/mid/late) weights"

    def __init__(self, version: str = "seed", name: str = "phase-heuristic"):
        if version not in PHASE_VERSIONS:
            raise ValueError(f"unknown phase version {version!r}; known: {', '.join(PHASE_VERSIONS)}")
        self.version = version
        self.name = name

    def _weighted(self, batch: np.ndarray) -> np.ndarray:
        stats = _side_stats(as_batch(batch))
        weights = PHASE_WEIGHTS.T[_phase(stats, self.version)]  # (N, 16)
        return _vector(stats, normalise=True) * weights

    def evaluate(self, batch: np.ndarray) -> np.ndarray:
        return (row_dot(self._weighted(batch), np.ones(16)) + HEURISTIC_OFFSET) / HEURISTIC_SCALE

    def raw_equity(self, batch: np.ndarray) -> np.ndarray:
        """The seed scores one side alone; searches need an antisymmetric value, so this is
        ``EQUITY_PER_UNIT · (h(me) − h(opponent))``, clipped to ±1 point."""
        batch = as_batch(batch)
        return np.clip(EQUITY_PER_UNIT * (self.evaluate(batch) - self.evaluate(flip(batch))), -1.0, 1.0)

    def play_factors(self, batch: np.ndarray) -> tuple[tuple[str, ...], np.ndarray]:
        """Each feature's term of h(mover) − h(opponent), through the equity's clip(10·Δh, ±1)
        (:func:`.base.through_univariate`; slope 10 at 0).  The offset cancels, and features
        no phase weighs (always 0) are left out."""
        batch = as_batch(batch)
        parts = (self._weighted(batch) - self._weighted(flip(batch)))[:, _WEIGHTED] / HEURISTIC_SCALE
        names = tuple(PHASE_FEATURES[k] for k in _WEIGHTED)
        return names, through_univariate(parts, self.play_values(batch), EQUITY_PER_UNIT * self.curve_slope())

    def _contributions(self, batch: np.ndarray) -> np.ndarray:
        parts = self._weighted(batch) / HEURISTIC_SCALE
        return np.concatenate([parts, np.full((len(parts), 1), HEURISTIC_OFFSET / HEURISTIC_SCALE)], axis=1)
