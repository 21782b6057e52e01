"""The drill's knobs (:class:`DrillOptions`) and the rating an answer's loss earns
(:func:`rating_of`).

The player's settings hold the same knobs (:meth:`game.core.settings.Settings.drill_options`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

RATINGS = ("again", "hard", "good", "easy")
"""The FSRS ratings by name, worst first."""

PRECISION = 9
"""Decimals a loss is compared at: a loss made as a difference of two equities (``0.58 - 0.5``)
is then exactly at a threshold of ``0.08``, not a float's hair below it."""


@dataclass(frozen=True)
class DrillOptions:
    """What makes a card and how answers are rated and scheduled:

    - ``threshold``: a decision losing at least this much equity becomes a card (GNU
      Backgammon's "doubtful");
    - ``retention``: FSRS's desired retention, the only scheduling knob;
    - ``again``, ``hard``, ``good``: the least loss rated Again, Hard and Good (below
      ``good``: Easy);
    - ``variations``: how many variations a failed card gets (0: none).

    ``ValueError`` for knobs out of order or out of range."""

    threshold: float = 0.04
    retention: float = 0.9
    again: float = 0.08
    hard: float = 0.04
    good: float = 0.01
    variations: int = 3

    def __post_init__(self) -> None:
        for name in ("threshold", "again", "hard", "good"):
            value = getattr(self, name)
            if isinstance(value, bool) or not (isinstance(value, (int, float)) and math.isfinite(value) and value >= 0):
                raise ValueError(f"the drill's {name} must be a loss of 0 or more, not {value!r}")
        if not self.again >= self.hard >= self.good:
            raise ValueError(f"the drill's ratings need again >= hard >= good (they are {self.again}, {self.hard},"
                             f" {self.good})")
        if not (isinstance(self.retention, (int, float)) and 0 < self.retention < 1):
            raise ValueError(f"the drill's retention must be between 0 and 1, not {self.retention!r}")
        if isinstance(self.variations, bool) or not (isinstance(self.variations, int) and self.variations >= 0):
            raise ValueError(f"the drill's variations must be a whole number of 0 or more, not {self.variations!r}")


def rating_of(loss: float, options: DrillOptions) -> str:
    """The rating an answer losing ``loss`` earns: ``"again"`` at ``options.again`` or more,
    ``"hard"`` at ``options.hard`` or more, ``"good"`` at ``options.good`` or more, else
    ``"easy"`` (each threshold counts as reached when the loss equals it)."""
    loss = round(loss, PRECISION)
    if loss >= options.again:
        return "again"
    if loss >= options.hard:
        return "hard"
    if loss >= options.good:
        return "good"
    return "easy"
