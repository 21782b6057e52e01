"""The player's rates and how sure they are: PR, GNU Backgammon's error rate, their 95%
intervals, and the trend weighted by a decision half-life.

**Which decisions count.**  Both rates divide the equity lost by the *counted* decisions,
the review's ``rated`` ones (:mod:`game.core.review.run`): every chequer play with a choice
(forced plays are never reviewed), and a cube decision when it was acted on (a double, a take,
a pass) or close (no double within 0.16 of doubling, GNU Backgammon's "close or actual" cube
decisions).  eXtreme Gammon's PR leaves out its "obvious" decisions: forced plays, plays its
analysis flags as irrelevant, and cube decisions where no action is close (an obvious no
double, too good to double, a double very wrong either way), as BackgammonDB documents XG's
rule.  Tabula's count differs in two ways: it has no "irrelevant play" flag, so a chequer play
whose every choice is equal still counts, and a double or a pass that was plainly wrong counts
because it was acted on (XG drops some "very negative" doubles).  The equity lost is the
review's: EMG in matches, per cube unit in money play, as both programs normalise it.

- **PR** = 500 × the total equity lost ÷ the counted decisions, × 1.5 in 1-point matches (each
  decision weighed by its own match's factor), as eXtreme Gammon defines it.
- **Error rate** = 1000 × the same average: GNU Backgammon's milli-points per decision (so PR
  is half the error rate outside 1-point matches), with GNU's rating word.
- **Interval**: the normal approximation of a mean, value ± 1.96 × s / √n, with s the standard
  deviation of the decisions' losses (losses are heavy-tailed: most decisions lose nothing,
  a few lose much, so a small n gives a wide interval; that is the point).  A rate whose
  interval is wider than the value itself (half-width > value) is "not enough decisions".
- **Trend**: after each match (in date order, then the order added), the PR of all decisions
  so far, each weighed by 2^(−d / half-life) where d is how many counted decisions came after
  its match (eXtreme Gammon's profile uses a half-life of 10,000 decisions); its band uses the
  weights' effective count (Σw)² / Σw².
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

Z95 = 1.959963984540054
PR_SCALE = 500.0
ERROR_RATE_SCALE = 1000.0
ONE_POINT_FACTOR = 1.5
HALF_LIFE = 10_000


@dataclass(frozen=True)
class Rate:
    """A rate with its 95% interval over ``n`` counted decisions (``None`` values: no decision)."""

    value: float | None
    low: float | None
    high: float | None
    n: int

    @property
    def enough(self) -> bool:
        """Whether the interval is no wider than the value (else "not enough decisions")."""
        return self.value is not None and self.high is not None and self.high - self.value <= self.value

    def as_json(self) -> dict:
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n}


@dataclass
class Sums:
    """What a rate needs of a set of decisions: the weighted losses' sum and sum of squares,
    and the counted decisions (weights for the trend)."""

    total: float = 0.0
    squares: float = 0.0
    n: float = 0.0
    weights_squared: float = 0.0

    def add(self, loss: float, counted: bool, weight: float = 1.0) -> None:
        self.total += weight * loss
        self.squares += weight * loss * loss
        if counted:
            self.n += weight
            self.weights_squared += weight * weight

    def rate(self, scale: float) -> Rate:
        """``scale`` × the average loss per counted decision, with its interval."""
        n = self.n
        if n <= 0:
            return Rate(None, None, None, 0)
        effective = n * n / self.weights_squared if self.weights_squared else n
        mean = self.total / n
        value = scale * mean
        if effective < 2:
            return Rate(value, None, None, round(effective))
        variance = max(0.0, self.squares / n - mean * mean) * effective / (effective - 1)
        half = Z95 * scale * math.sqrt(variance / effective)
        return Rate(value, max(0.0, value - half), value + half, round(effective))


def pr_factor(length: int) -> float:
    """Each decision's loss is weighed by this in the PR: 1.5 in a 1-point match."""
    return ONE_POINT_FACTOR if length == 1 else 1.0


def rates(decisions: Iterable[tuple[float, bool, int]]) -> tuple[Rate, Rate]:
    """``(PR, error rate)`` of ``(loss, counted, match length)`` decisions."""
    pr, error = Sums(), Sums()
    for loss, counted, length in decisions:
        pr.add(loss * pr_factor(length), counted)
        error.add(loss, counted)
    return pr.rate(PR_SCALE), error.rate(ERROR_RATE_SCALE)


def trend(matches: Iterable[list[tuple[float, bool, int]]], half_life: float = HALF_LIFE) -> list[tuple[Rate, Rate]]:
    """After each match of ``matches`` (each a list of ``(loss, counted, length)``, oldest
    first): ``(that match's PR, the weighted PR of every decision so far)``.  The weights
    decay as each later match's counted decisions come (one pass: a match's decisions all
    weigh what the decisions after their match make them)."""
    out, moving = [], Sums()
    for match in matches:
        own = Sums()
        for loss, counted, length in match:
            own.add(loss * pr_factor(length), counted)
        decay = 2.0 ** (-own.n / half_life)
        moving = Sums(moving.total * decay + own.total, moving.squares * decay + own.squares,
                      moving.n * decay + own.n, moving.weights_squared * decay * decay + own.weights_squared)
        out.append((own.rate(PR_SCALE), moving.rate(PR_SCALE)))
    return out
