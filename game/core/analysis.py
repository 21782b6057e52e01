"""The analysis record: one row per legal move, best first, that the overlay and tutor read.

Each :class:`MoveAnalysis` holds the move and its notation, the search's *native* value for
the player making it (backgammon: equity in points; chess-like games: centipawns), extra
native numbers (``details``, e.g. win and gammon chances), warnings (short sentences), the
factor breakdown that explains it, and a display score.

**The display score**, the same for every game::

    score = 100 * tanh(atanh(1/2) * value / scale)

- it is strictly increasing in the value, so it never reorders moves of equal depth;
- it is bounded by -100..100 and antisymmetric: 0 is an even game, the sign says who is
  ahead, and a value of ``scale`` shows as 50 (so ``scale`` is the game's "clear advantage",
  e.g. half a point of equity, or 300 centipawns);
- it is nearly linear around 0, where close moves are compared, and saturates smoothly
  instead of clipping, so decisive values (gammons, mates) still order correctly.

One exception, by its spec: Mandragora's seed analyzer (``specs/mandragora.md`` §6) shows
its own score, the value normalized to -100..100 (the value itself up to ±60, squashed
smoothly beyond so moves stay apart) and forced to the sign of its threat warning.  That sign
rule shows nearly half of all moves as 0, so its records are ranked, and its tutor judges, by
the native value (the analyzer's total); the score is shown beside it as the seed's.

A win probability ``p`` enters as the value ``2p - 1`` (:func:`value_from_win_probability`:
the expected points of a game won or lost by one point), the units searches already use.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .factors import LazyFactors
from .protocol import Rules
from .search import ScoredMove, trails

PLAY, CUBE, OFFER = "play", "cube", "offer"
"""The kinds of move an analysis record may be (:attr:`MoveAnalysis.kind`)."""

HALF = math.atanh(0.5)
"""Slope that makes a value of ``scale`` display as 50."""


def display_score(value, scale: float):
    """The display score (-100..100) of a native ``value`` (a float or an array); see module doc."""
    if not scale > 0:
        raise ValueError(f"the display scale must be positive, got {scale!r}")
    with np.errstate(over="ignore"):  # huge values overflow to inf, which displays as 100
        score = 100.0 * np.tanh(HALF * np.asarray(value, dtype=float) / scale)
    return float(score) if score.ndim == 0 else score


def value_from_win_probability(p: float) -> float:
    """A win probability as a value in points, ``2p - 1``, for searches and the display score."""
    return 2.0 * p - 1.0


@dataclass(frozen=True)
class MoveAnalysis:
    """One move of an analysed position, from the view of the player making it.

    ``diff`` is how far the move trails the best one (0 for the best, negative below it),
    compared at the deepest depth both were searched to (:func:`game.core.search.trails`):
    a move the filters dropped early is compared with the best at that earlier depth.
    ``score_diff`` is the same comparison on the display scale (what the tutor judges).  ``plies`` is the depth its value was searched to, and
    ``exact`` is false when the value is only an upper bound.  ``factors`` is ordered,
    factor name -> contribution, as the game's evaluator explains the position the move
    leads to; where explaining is costly it is a :class:`.factors.LazyFactors`, computed
    when first read (:func:`.factors.explain` computes several records' at once).
    """

    move: Any
    notation: str
    score: float
    value: float
    details: Mapping[str, float] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()
    factors: Mapping[str, float] = field(default_factory=dict)
    rank: int = 1
    diff: float = 0.0
    plies: int = 0
    exact: bool = True
    explanation: tuple[str, ...] = ()
    """The reasons in words (e.g. "gains 2 points"), where the game's analyzer gives them."""
    score_diff: float = 0.0
    depth: str = ""
    """How the value was found when not by this analysis' search: ``"R 1296"``, a rollout of
    1,296 trials (the hint table's depth column then shows it instead of the plies)."""
    half_width: float | None = None
    """The 95% interval's half-width of a value that was estimated (a rollout's), else ``None``."""
    kind: str = "play"
    """What the move is: :data:`PLAY` (a move on the board), :data:`CUBE` (backgammon's cube
    actions: roll or double, take or pass) or :data:`OFFER` (an offer besides moving and its
    answer: backgammon's resignation)."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; ``"move"`` is the notation."""
        return {
            "move": self.notation, "score": self.score, "value": self.value,
            "warnings": list(self.warnings), "factors": dict(self.factors),
            "details": dict(self.details), "rank": self.rank, "diff": self.diff,
            "plies": self.plies, "exact": self.exact, "explanation": list(self.explanation),
            "score_diff": self.score_diff, "depth": self.depth, "half_width": self.half_width,
        }


def score_behind(move: ScoredMove, best: ScoredMove, scale: float) -> float:
    """``move``'s display score minus ``best``'s, both at the deepest depth both reached."""
    depth = min(move.plies, best.plies)
    return display_score(move.value_at(depth), scale) - display_score(best.value_at(depth), scale)


Explain = Callable[[Any, ScoredMove], Mapping[str, float]]
"""``explain(state, scored)``: the factors (or details) of ``scored.after`` for the mover (factors
may be a :class:`.factors.LazyFactors`, kept as it is)."""
Warn = Callable[[Any, ScoredMove, ScoredMove], Iterable[str]]
"""``warn(state, scored, best)``: warnings about ``scored``, knowing the best move."""


def _factors(factors: Mapping[str, float]) -> Mapping[str, float]:
    """A lazy breakdown kept lazy, any other copied."""
    return factors if isinstance(factors, LazyFactors) else dict(factors)


def analyze(rules: Rules, state: Any, ranked: Sequence[ScoredMove], scale: float, *,
            explain: Explain | None = None, details: Explain | None = None,
            warnings: Warn | None = None) -> list[MoveAnalysis]:
    """The analysis of ``state`` from a search's ranking (any of :mod:`game.core.search`).

    ``scale`` is the display scale (the value shown as 50); the optional game-specific
    callbacks fill ``factors``, ``details`` and ``warnings``.
    """
    if not ranked:
        return []
    best = ranked[0]
    return [
        MoveAnalysis(
            move=scored.move,
            notation=rules.notation(state, scored.move),
            score=display_score(scored.value, scale),
            value=scored.value,
            details=dict(details(state, scored)) if details else {},
            warnings=tuple(warnings(state, scored, best)) if warnings else (),
            factors=_factors(explain(state, scored)) if explain else {},
            rank=number,
            diff=0.0 - trails(scored, best),  # 0.0, not -0.0, for the best
            score_diff=score_behind(scored, best, scale),
            plies=scored.plies,
            exact=scored.exact,
        )
        for number, scored in enumerate(ranked, 1)
    ]
