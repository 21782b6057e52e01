"""Statistics for tournaments: the sign test (and the seed's binomial test), mean intervals,
Wilson intervals of win rates, Bradley–Terry ratings.

Pure functions of numbers; nothing here knows about games or files.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

import numpy as np

Z95 = 1.959963984540054
"""Normal quantile of a two-sided 95% interval."""

ELO_PER_NAT = 400 / math.log(10)
"""Elo points per unit of Bradley–Terry log-strength."""


SIGN_TEST = "two-sided exact binomial test (sign test on decisive games)"
"""What the tournament's ``p_equal`` is, in words (the JSON's ``p_equal_test``)."""

EXACT_UP_TO = 20_000
"""Tails of at most this many games are summed exactly in integers; longer ones in floats
(relative error about 1e-10), where the exact sum would take seconds to minutes."""


def _lower_tail(games: int, tail: int) -> float:
    """P(X ≤ tail) for X ~ Bin(games, ½), with ``tail < games / 2``; one too small for a float
    is the smallest positive float, never a false 0."""
    if games <= EXACT_UP_TO:
        term = total = 1
        for k in range(tail):
            term = term * (games - k) // (k + 1)
            total += term
        return max(total / 2**games, math.ulp(0.0))
    # The largest term, C(n, tail)/2ⁿ, in logs; the smaller ones below it by their ratios.
    log_top = math.lgamma(games + 1) - math.lgamma(tail + 1) - math.lgamma(games - tail + 1) - games * math.log(2)
    ratio = ratios = 1.0
    for k in range(tail, 0, -1):
        ratio *= k / (games - k + 1)
        ratios += ratio
        if ratio < 1e-17 * ratios:
            break
    return max(math.exp(log_top + math.log(ratios)), math.ulp(0.0))


def binomial_equal_p(wins: int, games: int) -> float:
    """Seed 002's "probability the two are equally good", exactly as the seed computes it.

    H0: p = ½.  ``2·P(X ≤ w)`` if ``w < n/2``, else ``2·P(X ≤ n − w)``, with X ~ Bin(n, ½).
    As in the seed it is *not* clipped at 1 (``w = n/2`` gives more than 1), so it is no
    probability; tournaments report :func:`sign_test_p`.  Kept to check the seed's numbers.
    Computed exactly in integers, then rounded once (up to :data:`EXACT_UP_TO` games; beyond, in floats).
    """
    if not 0 <= wins <= games:
        raise ValueError(f"wins must be between 0 and {games}, got {wins}")
    tail = wins if wins < games / 2 else games - wins
    if 2 * tail == games:  # the two tails overlap: 1 + P(X = n/2)
        if games <= EXACT_UP_TO:
            return (2**games + comb(games, tail)) / 2**games
        # by log-gamma: the exact big integers of a million games take seconds to build and divide
        return 1 + math.exp(math.lgamma(games + 1) - 2 * math.lgamma(tail + 1) - games * math.log(2))
    return 2 * _lower_tail(games, tail)


def sign_test_p(wins: int, games: int) -> float:
    """Two-sided p-value of the exact binomial test of H0: p = ½ (a sign test), at most 1.

    The probability under H0 of an outcome as likely as the observed ``wins`` of ``games``
    or less likely: ``min(1, 2·P(X ≤ min(w, n − w)))`` with X ~ Bin(n, ½).  An even split
    gives 1 (no evidence of a difference); otherwise it equals :func:`binomial_equal_p`,
    whose two tails never overlap then.  1 win to 1 loss: 1.0 (the seed says 1.5).
    """
    if not 0 <= wins <= games:
        raise ValueError(f"wins must be between 0 and {games}, got {wins}")
    tail = min(wins, games - wins)
    if 2 * tail == games:
        return 1.0
    return min(1.0, 2 * _lower_tail(games, tail))


@dataclass(frozen=True)
class Interval:
    """A mean with its 95% interval; ``low``/``high`` are ``None`` with fewer than 2 values."""

    mean: float
    low: float | None
    high: float | None
    n: int


def mean_interval(values: Sequence[float]) -> Interval:
    """Mean ± 1.96·s/√n, s the sample standard deviation (normal approximation)."""
    n = len(values)
    if n == 0:
        return Interval(0.0, None, None, 0)
    mean = math.fsum(values) / n
    if n < 2:
        return Interval(mean, None, None, n)
    s = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * s / math.sqrt(n)
    return Interval(mean, mean - half, mean + half, n)


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float] | None:
    """Wilson score interval (95% by default) of a success rate ``successes / n``; ``None``
    for ``n = 0``.  Unlike mean ± 1.96·s/√n it stays inside [0, 1] and is not empty for 0 or
    n successes, so it suits the few matches of a match tournament."""
    if n <= 0:
        return None
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be between 0 and {n}, got {successes}")
    p = successes / n
    scale = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / scale
    half = z / scale * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    return low, 1.0 if successes == n else min(1.0, centre + half)


@dataclass(frozen=True)
class Ratings:
    """Elo-style ratings (mean 0) with their standard errors, one per player."""

    elo: tuple[float, ...]
    se: tuple[float, ...]

    def interval(self, i: int) -> tuple[float, float]:
        return self.elo[i] - Z95 * self.se[i], self.elo[i] + Z95 * self.se[i]


def bradley_terry(wins: np.ndarray, prior: float = 0.5, tol: float = 1e-12, max_iter: int = 100_000) -> Ratings:
    """Maximum-likelihood Bradley–Terry ratings from ``wins[i, j]`` (i's wins over j; a draw
    counts ½ to each side).

    ``prior`` adds that many virtual wins each way to every pair that met (one virtual draw
    by default), so a clean sweep gives a finite rating.  Fitted by Hunter's MM iterations,
    anchored so the ratings average 0, scaled to Elo (400·log10 of the strength).  Standard
    errors come from the Fisher information (its pseudo-inverse, the mean-0 constraint);
    they treat games as independent.
    """
    w = np.asarray(wins, dtype=float)
    met = (w + w.T) > 0
    w = w + prior * met
    games = w + w.T
    total = w.sum(axis=1)
    strength = np.ones(len(w))
    for _ in range(max_iter):
        denom = (games / (strength[:, None] + strength[None, :])).sum(axis=1)
        new = np.where(denom > 0, total / np.where(denom > 0, denom, 1), strength)
        new /= np.exp(np.log(new).mean())
        done = np.max(np.abs(np.log(new) - np.log(strength))) < tol
        strength = new
        if done:
            break
    theta = np.log(strength)
    p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))
    info = -games * p * (1 - p)
    np.fill_diagonal(info, 0)
    np.fill_diagonal(info, -info.sum(axis=1))
    cov = np.linalg.pinv(info)
    se = np.sqrt(np.clip(np.diag(cov), 0, None))
    return Ratings(tuple((ELO_PER_NAT * theta).tolist()), tuple((ELO_PER_NAT * se).tolist()))
