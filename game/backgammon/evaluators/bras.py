"""Seed 001's BRAS (Backgammon Relative Advantage Score), as reconstructed in spec (b).

Eleven features, each in [−1, 1] and positive when good for the side on roll (Y) against
the opponent (O), every count taken in the side's own numbering:

- pip   (PIP_O − PIP_Y)/375, a bar checker counting 25;   bar  (b_O − b_Y)/15;
- off   (y_Y − y_O)/15;   hb (H_Y − H_O)/6, H = made points on own 1..6;
- prime (L_Y − L_O)/6, L = min(6, longest run of made points on 1..24);
- blot  (W_O − W_Y)/22.5, W = Σ over own blots of ρ: 1.5 on 1..6, 1.0 on 7..18, 1.2 on 19..24;
- out   (T_Y − T_O)/12, T = points held on own 7..18 (made by default; ``out_occupied``
  counts any occupied point, the spec's variant);
- anch  (A_Y − A_O)/6, A = made points on own 19..24;   stack (S_O − S_Y)/10,
  S = Σ over points of max(n − 5, 0);
- x1 (H_Y/6)(b_O/15) − (H_O/6)(b_Y/15);   x2 (L_Y·A_O − L_O·A_Y)/36.

D = Σ w·f, S_me = 50 + 50·tanh(D/3), S_op = 100 − S_me.  Swapping the sides negates every
feature exactly, so S_me(flipped) = S_op up to one rounding.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .arrays import as_batch, popcount, row_dot, slot_bits
from .base import Evaluator, through_univariate

__all__ = [
    "BRAS_FEATURES", "BRAS_WEIGHTS", "SIGMA", "Bras", "BrasDetails", "bras_features",
    "bras_details", "score_from_d", "CubePolicy", "NO_DOUBLE", "DOUBLE_TAKE", "DOUBLE_PASS",
]

BRAS_FEATURES = ("pip", "bar", "off", "hb", "prime", "blot", "out", "anch", "stack", "x1", "x2")
BRAS_WEIGHTS = np.array([2.2, 2.0, 1.6, 1.5, 1.3, 1.1, 0.5, 0.6, 0.4, 1.0, -0.6])
SIGMA = 3.0
BRAS_WEIGHTS.flags.writeable = False

_POINTS = np.uint32(((1 << 25) - 1) & ~1)
_HOME = np.uint32(0b111111 << 1)  # points 1..6
_MID = np.uint32(0b111111111111 << 7)  # points 7..18
_FAR = np.uint32(0b111111 << 19)  # points 19..24
_PIPS = np.arange(1, 26, dtype=np.float64)


def _primes(made_bits: np.ndarray) -> np.ndarray:
    """min(6, longest run of set bits) for each mask."""
    bits = made_bits.copy()
    length = np.zeros(bits.shape)
    for _ in range(6):
        length += bits != 0
        bits &= bits >> np.uint32(1)
    return length


def bras_features(batch: np.ndarray, out_occupied: bool = False) -> np.ndarray:
    """``(N, 11)`` float64: the features :data:`BRAS_FEATURES` for the side on roll."""
    batch = as_batch(batch)
    made = slot_bits(batch >= 2) & _POINTS  # (N, 2) bit masks, bit p = own point p
    blots = slot_bits(batch == 1) & _POINTS
    home, anchors = popcount(made & _HOME), popcount(made & _FAR)
    held_mid = popcount((slot_bits(batch > 0) if out_occupied else made) & _MID)
    weighted_blots = 1.5 * popcount(blots & _HOME) + popcount(blots & _MID) + 1.2 * popcount(blots & _FAR)
    points = batch[:, :, 1:25]
    stack = (np.maximum(points, 5) - 5).sum(axis=2, dtype=np.int64)
    pips = batch[:, :, 1:26].astype(np.float64) @ _PIPS
    bar, off = batch[:, :, 25].astype(np.float64), batch[:, :, 0].astype(np.float64)
    prime = _primes(made)

    y, o = 0, 1
    f = np.empty((batch.shape[0], 11))
    f[:, 0] = (pips[:, o] - pips[:, y]) / 375
    f[:, 1] = (bar[:, o] - bar[:, y]) / 15
    f[:, 2] = (off[:, y] - off[:, o]) / 15
    f[:, 3] = (home[:, y] - home[:, o]) / 6
    f[:, 4] = (prime[:, y] - prime[:, o]) / 6
    f[:, 5] = (weighted_blots[:, o] - weighted_blots[:, y]) / 22.5
    f[:, 6] = (held_mid[:, y] - held_mid[:, o]) / 12
    f[:, 7] = (anchors[:, y] - anchors[:, o]) / 6
    f[:, 8] = (stack[:, o] - stack[:, y]) / 10
    f[:, 9] = (home[:, y] / 6) * (bar[:, o] / 15) - (home[:, o] / 6) * (bar[:, y] / 15)
    f[:, 10] = (prime[:, y] * anchors[:, o] - prime[:, o] * anchors[:, y]) / 36
    return f


def score_from_d(d: np.ndarray) -> np.ndarray:
    """S_me = 50 + 50·tanh(D/σ), σ = 3."""
    return 50.0 + 50.0 * np.tanh(np.asarray(d, dtype=np.float64) / SIGMA)


@dataclass(frozen=True)
class BrasDetails:
    """Everything BRAS computes for a batch: ``features`` (N, 11), ``d``, ``s_me``, ``s_op``."""

    features: np.ndarray
    d: np.ndarray
    s_me: np.ndarray
    s_op: np.ndarray


def bras_details(batch: np.ndarray, out_occupied: bool = False) -> BrasDetails:
    """Features, raw score D and both scores for every position of ``batch``."""
    features = bras_features(batch, out_occupied)
    d = row_dot(features, BRAS_WEIGHTS)
    s_me = score_from_d(d)
    return BrasDetails(features, d, s_me, 100.0 - s_me)


class Bras(Evaluator):
    """BRAS: ``evaluate`` gives S_me in [0, 100] (50 = even), higher is better.

    ``explain`` splits S_me − 50 over the features in proportion to w·f (their shares of
    D, scaled by the tanh squashing) plus a constant ``"even"`` = 50, so the parts add up
    to S_me; the raw features and D are in :func:`bras_details`.
    """

    higher_is_better = True
    factors = BRAS_FEATURES + ("even",)
    description = "Seed 001: BRAS, eleven normalised features through tanh to a 0..100 score"

    def __init__(self, out_occupied: bool = False, name: str = "bras"):
        self.out_occupied = out_occupied
        self.name = name

    def evaluate(self, batch: np.ndarray) -> np.ndarray:
        return score_from_d(row_dot(bras_features(batch, self.out_occupied), BRAS_WEIGHTS))

    def raw_equity(self, batch: np.ndarray) -> np.ndarray:
        """S_me read as a win probability p = S/100, as points: ``2p − 1`` (antisymmetric);
        :meth:`equity` reads it through the fitted curve when one ships (:mod:`.calibrated`)."""
        return self.evaluate(batch) / 50.0 - 1.0

    def _contributions(self, batch: np.ndarray) -> np.ndarray:
        weighted = bras_features(batch, self.out_occupied) * BRAS_WEIGHTS
        d = row_dot(weighted, np.ones(len(BRAS_FEATURES)))
        tiny = np.abs(d) < 1e-12
        slope = np.where(tiny, 50.0 / SIGMA, (score_from_d(d) - 50.0) / np.where(tiny, 1.0, d))
        return np.concatenate([weighted * slope[:, None], np.full((len(d), 1), 50.0)], axis=1)

    def play_factors(self, batch: np.ndarray) -> tuple[tuple[str, ...], np.ndarray]:
        """Each feature's w·f (already mover minus opponent) through the equity tanh(D/σ)
        (:func:`.base.through_univariate`; slope 1/σ at 0, times the fitted curve's); the constant "even" cancels."""
        weighted = bras_features(batch, self.out_occupied) * BRAS_WEIGHTS
        return BRAS_FEATURES, through_univariate(weighted, self.play_values(batch), self.curve_slope() / SIGMA)


NO_DOUBLE = "no double"
DOUBLE_TAKE = "double, take"
DOUBLE_PASS = "double, pass"


@dataclass(frozen=True)
class CubePolicy:
    """Seed 001's money-game cube guide on S_me: double from ``double_at`` (the blog's live
    window starts at S ≈ 62–65; 62 by default), the opponent passes from ``pass_at`` (80).

    The blog asks to recalibrate these on real data; they are plain fields for that.  This
    is the seed's rule on S itself; the ``greedy:bras`` player applies the same numbers to the
    calibrated win chance instead (:func:`game.backgammon.cube.play.bras_cube_action`).
    """

    double_at: float = 62.0
    pass_at: float = 80.0

    def __post_init__(self):
        if not 50.0 <= self.double_at <= self.pass_at <= 100.0:
            raise ValueError("need 50 <= double_at <= pass_at <= 100")

    def decide(self, s_me: float) -> str:
        """``"no double"``, ``"double, take"`` or ``"double, pass"`` for the side on roll."""
        if s_me >= self.pass_at:
            return DOUBLE_PASS
        if s_me >= self.double_at:
            return DOUBLE_TAKE
        return NO_DOUBLE

    def decide_many(self, s_me: np.ndarray) -> np.ndarray:
        """The decisions for an array of scores (an array of the same strings)."""
        s = np.asarray(s_me, dtype=np.float64)
        return np.where(s >= self.pass_at, DOUBLE_PASS, np.where(s >= self.double_at, DOUBLE_TAKE, NO_DOUBLE))

    def take(self, s_me: float) -> bool:
        """Whether the opponent should take a double offered at this S_me."""
        return s_me < self.pass_at
