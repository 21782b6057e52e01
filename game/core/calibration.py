"""Score → win-probability curves: fitting them and judging them, for any game (numpy only).

Seed 001's open question is how an evaluator's score maps to a winning probability.  Given
samples ``(score x, outcome y ∈ {0, 1})`` this module fits two curves and measures them:

- **isotonic** (:func:`fit_isotonic`): the non-decreasing step function closest to the
  outcomes in squared error, by pool-adjacent-violators (PAVA).  Equal scores are pooled
  first.  Between two pooled blocks the curve interpolates linearly and it is flat beyond
  the data (the usual reading of an isotonic fit, as scikit-learn's ``out_of_bounds="clip"``).
- **logistic** (:func:`fit_logistic`): ``p = σ(a + b·x)`` by maximum likelihood, Newton's
  method (IRLS).  ``intercept=False`` fits ``p = σ(b·x)``, the *odd* curve: ``p(−x) = 1 −
  p(x)``, which keeps an antisymmetric score antisymmetric.  A tiny ridge (1e-9) keeps the
  fit finite when the data separate perfectly.

Judged by the Brier score (mean squared error of the probability) and the log-loss (mean
negative log-likelihood, natural log; probabilities clipped to ``[1e-6, 1 − 1e-6]`` so a
curve that says 0 or 1 and is wrong costs a large but finite amount), and drawn as a
reliability diagram (:func:`reliability`: predicted against observed win rate in ten bins).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["IsotonicCurve", "LogisticCurve", "fit_isotonic", "fit_logistic", "brier", "log_loss",
           "reliability", "split_by_group", "curve_from_json", "EPS"]

EPS = 1e-6
"""Probabilities are clipped to ``[EPS, 1 − EPS]`` for the log-loss."""


def _xy(x, y, weights=None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    x = np.asarray(x, dtype=np.float64).ravel()
    y = np.asarray(y, dtype=np.float64).ravel()
    w = np.ones_like(x) if weights is None else np.asarray(weights, dtype=np.float64).ravel()
    if not (len(x) == len(y) == len(w)):
        raise ValueError(f"scores, outcomes and weights differ in length: {len(x)}, {len(y)}, {len(w)}")
    if len(x) == 0:
        raise ValueError("no samples to fit")
    if not (np.isfinite(x).all() and np.isfinite(y).all() and (w > 0).all()):
        raise ValueError("scores and outcomes must be finite and weights positive")
    return x, y, w


@dataclass(frozen=True)
class IsotonicCurve:
    """A non-decreasing curve through ``knots_x`` (increasing) → ``knots_p``, linear between
    knots and flat beyond them."""

    knots_x: tuple[float, ...]
    knots_p: tuple[float, ...]
    kind = "isotonic"

    def __call__(self, x) -> np.ndarray:
        return np.interp(np.asarray(x, dtype=np.float64), self.knots_x, self.knots_p)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "knots_x": list(self.knots_x), "knots_p": list(self.knots_p)}


@dataclass(frozen=True)
class LogisticCurve:
    """``p = σ(a + b·x)``; ``a`` is 0 for the odd curve."""

    a: float
    b: float
    kind = "logistic"

    def __call__(self, x) -> np.ndarray:
        z = self.a + self.b * np.asarray(x, dtype=np.float64)
        return 0.5 * (1.0 + np.tanh(0.5 * z))  # σ(z) without overflow

    @property
    def odd(self) -> bool:
        return self.a == 0.0

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "a": self.a, "b": self.b}


def curve_from_json(data: Any) -> IsotonicCurve | LogisticCurve:
    """A curve from its :meth:`to_json` form; ``ValueError`` saying what is wrong otherwise."""
    if not isinstance(data, dict):
        raise ValueError("a curve must be a JSON object")
    kind = data.get("kind")
    if kind == "logistic":
        a: Any = data.get("a")  # checked next
        b: Any = data.get("b")
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and np.isfinite(v) for v in (a, b)):
            raise ValueError("a logistic curve needs finite numbers a and b")
        if not b > 0:
            raise ValueError(f"a logistic curve must increase (b > 0), got b = {b}")
        return LogisticCurve(float(a), float(b))
    if kind == "isotonic":
        xs, ps = data.get("knots_x"), data.get("knots_p")
        if not (isinstance(xs, list) and isinstance(ps, list) and 0 < len(xs) == len(ps)):
            raise ValueError("an isotonic curve needs two equally long, non-empty lists knots_x and knots_p")
        try:
            x, p = np.array(xs, dtype=np.float64), np.array(ps, dtype=np.float64)
        except (TypeError, ValueError):
            raise ValueError("isotonic knots must be numbers") from None
        if not (np.isfinite(x).all() and np.isfinite(p).all()) or (np.diff(x) < 0).any() or (np.diff(p) < 0).any() \
                or p.min() < 0 or p.max() > 1:
            raise ValueError("isotonic knots must be finite, increasing, with probabilities in 0..1")
        return IsotonicCurve(tuple(map(float, x)), tuple(map(float, p)))
    raise ValueError(f"unknown curve kind {kind!r}; expected 'logistic' or 'isotonic'")


def _pava(values: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Pool adjacent violators over ``values`` in order: each block's ``(mean, weight, start)``."""
    means, mass, starts = [], [], []
    for i, (v, w) in enumerate(zip(values, weights)):
        means.append(v)
        mass.append(w)
        starts.append(i)
        while len(means) > 1 and means[-2] > means[-1]:  # violation: pool the last two blocks
            w2 = mass[-2] + mass[-1]
            means[-2] = (means[-2] * mass[-2] + means[-1] * mass[-1]) / w2
            mass[-2] = w2
            del means[-1], mass[-1], starts[-1]
    return np.array(means), np.array(mass), np.array(starts)


def fit_isotonic(x, y, weights=None) -> IsotonicCurve:
    """The isotonic (non-decreasing) least-squares fit of ``y`` on ``x`` (see module doc).

    The knots are each pooled block's lowest and highest score at the block's mean
    outcome (one knot when they coincide).
    """
    x, y, w = _xy(x, y, weights)
    order = np.argsort(x, kind="stable")
    x, y, w = x[order], y[order], w[order]
    unique, first = np.unique(x, return_index=True)  # pool equal scores first
    mass = np.add.reduceat(w, first)
    mean = np.add.reduceat(w * y, first) / mass
    block_mean, _, block_start = _pava(mean, mass)
    block_end = np.append(block_start[1:], len(unique)) - 1
    knots_x, knots_p = [], []
    for p, start, end in zip(block_mean, block_start, block_end):
        for edge in (unique[start], unique[end]) if end > start else (unique[start],):
            knots_x.append(float(edge))
            knots_p.append(float(p))
    return IsotonicCurve(tuple(knots_x), tuple(knots_p))


def fit_logistic(x, y, weights=None, intercept: bool = True, iterations: int = 100,
                 ridge: float = 1e-9) -> LogisticCurve:
    """Maximum-likelihood ``σ(a + b·x)`` by Newton's method (IRLS); ``a = 0`` without ``intercept``."""
    x, y, w = _xy(x, y, weights)
    design = np.stack([np.ones_like(x), x], axis=1) if intercept else x[:, None]
    beta = np.zeros(design.shape[1])
    for _ in range(iterations):
        p = 0.5 * (1.0 + np.tanh(0.5 * (design @ beta)))
        gradient = design.T @ (w * (y - p)) - ridge * beta
        hessian = (design * (w * p * (1.0 - p))[:, None]).T @ design + ridge * np.eye(len(beta))
        step = np.linalg.solve(hessian, gradient)
        beta = beta + step
        if np.abs(step).max() < 1e-12 * (1.0 + np.abs(beta).max()):
            break
    a, b = (float(beta[0]), float(beta[1])) if intercept else (0.0, float(beta[0]))
    return LogisticCurve(a, b)


def brier(p, y) -> float:
    """Mean of ``(p − y)²``: 0 is perfect, 0.25 is a constant 50 %."""
    p, y = np.asarray(p, dtype=np.float64), np.asarray(y, dtype=np.float64)
    return float(np.mean((p - y) ** 2))


def log_loss(p, y) -> float:
    """Mean of ``−[y·ln p + (1 − y)·ln(1 − p)]``, ``p`` clipped to ``[EPS, 1 − EPS]``;
    ln 2 ≈ 0.693 is a constant 50 %."""
    p = np.clip(np.asarray(p, dtype=np.float64), EPS, 1.0 - EPS)
    y = np.asarray(y, dtype=np.float64)
    return float(-np.mean(y * np.log(p) + (1.0 - y) * np.log(1.0 - p)))


def reliability(p, y, bins: int = 10) -> list[dict[str, float]]:
    """Predicted against observed win rate in ``bins`` equal bins of the predicted chance:
    one ``{"low", "high", "count", "predicted", "observed"}`` per non-empty bin."""
    p, y = np.asarray(p, dtype=np.float64), np.asarray(y, dtype=np.float64)
    which = np.minimum((p * bins).astype(int), bins - 1)
    rows = []
    for k in range(bins):
        inside = which == k
        if inside.any():
            rows.append({"low": k / bins, "high": (k + 1) / bins, "count": int(inside.sum()),
                         "predicted": float(p[inside].mean()), "observed": float(y[inside].mean())})
    return rows


def split_by_group(groups, holdout: float, seed: int) -> np.ndarray:
    """A boolean mask, True for the samples held out: a seeded ``holdout`` share of the
    distinct groups (games), at least one and never all, so fitting and judging never share a game."""
    groups = np.asarray(groups)
    distinct = np.unique(groups)
    if len(distinct) < 2:
        raise ValueError("need samples from at least two games to hold some out")
    count = min(len(distinct) - 1, max(1, int(round(holdout * len(distinct)))))
    held = np.random.default_rng(seed).choice(distinct, size=count, replace=False)
    return np.isin(groups, held)
