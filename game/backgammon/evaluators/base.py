"""The evaluator interface and the registry of evaluators by name.

An evaluator is a pure function of positions.  Its batch form, :meth:`Evaluator.evaluate`,
takes an ``(N, 2, 26)`` integer array (see :mod:`.arrays`) and returns one value per
position from the side on roll's view; :meth:`Evaluator.explain` breaks one position's value
into named factors whose contributions add up to ``"total"``, in the evaluator's own units.
:meth:`Evaluator.play_factors` explains instead the value a search gives a play at 0 ply
(the mover's equity with the opponent to roll), in points.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

import numpy as np

from .arrays import as_batch, boards_to_array, flip

__all__ = ["Evaluator", "register", "get_evaluator", "evaluator_names", "through_univariate"]


class Evaluator(ABC):
    """A position evaluator: batch values plus a per-factor explanation of one position.

    Subclasses set :attr:`name`, :attr:`higher_is_better` and :attr:`factors` (the keys of
    :meth:`explain` before ``"total"``, in order) and implement :meth:`evaluate` and
    :meth:`_contributions`.
    """

    name: str = ""
    higher_is_better: bool = True
    factors: tuple[str, ...] = ()
    description: str = ""

    @abstractmethod
    def evaluate(self, batch: np.ndarray) -> np.ndarray:
        """``(N,)`` float64: the main value of each position, for the side on roll."""

    @abstractmethod
    def _contributions(self, batch: np.ndarray) -> np.ndarray:
        """``(N, len(factors))`` float64: each factor's additive share of the value."""

    curve = None
    """The fitted score → win-probability curve this evaluator's equity goes through (an odd
    :class:`~game.core.calibration.LogisticCurve`, shipped by ``tabula calibrate``, see
    :mod:`.calibrated`), or ``None`` to use :meth:`raw_equity` as it is."""

    def raw_equity(self, batch: np.ndarray) -> np.ndarray:
        """``(N,)``: the equity by the evaluator's own fixed formula, before any fitted curve.

        The default is :meth:`evaluate`, for evaluators whose main value is already an
        equity (the networks); the seed evaluators override it (BRAS: ``S/50 − 1``).
        """
        return self.evaluate(batch)

    def equity(self, batch: np.ndarray) -> np.ndarray:
        """``(N,)``: the side on roll's equity estimate in points (about −3..3), antisymmetric.

        This is the scale searches, the display score and the cube work in: swapping the two
        sides negates it.  It is :meth:`raw_equity` read through :attr:`curve` when one is
        fitted: ``2·p(raw) − 1`` with ``p`` the calibrated win probability (an odd curve, so
        the equity stays antisymmetric and a mirror position is still worth 0).
        """
        raw = self.raw_equity(batch)
        return raw if self.curve is None else 2.0 * self.curve(raw) - 1.0

    def curve_slope(self) -> float:
        """d equity / d raw equity at 0: ``b/2`` for the odd logistic curve, 1 without one."""
        return 1.0 if self.curve is None else self.curve.b / 2.0

    def after_play(self, batch: np.ndarray) -> np.ndarray:
        """``(N,)``, higher better: how a greedy player rates the position its play reached.

        ``batch`` rows are ``(mover, opponent)`` just after the mover's play.  The seed
        evaluators value that as if the mover were on roll (their players do so); the
        networks override it to value the opponent on roll, as they were trained.
        """
        values = self.evaluate(batch)
        return values if self.higher_is_better else -values

    def evaluate_board(self, me: Sequence[int], opp: Sequence[int]) -> float:
        """The value of one position ``(side_on_roll, opponent)``."""
        return float(self.evaluate(boards_to_array([(me, opp)]))[0])

    def explain(self, me: Sequence[int], opp: Sequence[int]) -> dict[str, float]:
        """Ordered ``{factor: contribution, ..., "total": value}`` for one position.

        The contributions add up to the total (up to rounding); the total is exactly
        :meth:`evaluate` on that position.
        """
        batch = boards_to_array([(me, opp)])
        parts = self._contributions(batch)[0]
        result = {name: float(value) for name, value in zip(self.factors, parts)}
        result["total"] = float(self.evaluate(batch)[0])
        return result

    def play_values(self, batch: np.ndarray) -> np.ndarray:
        """``(N,)``: the search's 0-ply value of each play, ``−equity(flip(batch))``.

        ``batch`` rows are ``(mover, opponent)`` just after the mover's play, the opponent
        to roll next; the value is the mover's equity in points.
        """
        return -self.equity(flip(as_batch(batch)))

    def play_factors(self, batch: np.ndarray) -> tuple[tuple[str, ...], np.ndarray]:
        """``(names, (N, k) float64)``: each play's :meth:`play_values` split into named
        contributions in points, from the mover's view; each row adds up to the value
        (to 1e-9).  One batched call explains every play of a position.

        The default is the whole value as one factor; evaluators override it.
        """
        return ("value",), self.play_values(batch)[:, None]

    def explain_play(self, mover: Sequence[int], opponent: Sequence[int]) -> dict[str, float]:
        """Ordered ``{factor: contribution in points}`` from the mover's view for the position
        just after the mover's play (the opponent to roll next); the contributions add up
        (to 1e-9) to the search's 0-ply value of that play, ``−equity(flip(position))``."""
        names, parts = self.play_factors(boards_to_array([(mover, opponent)]))
        return {name: float(value) for name, value in zip(names, parts[0])}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


def through_univariate(parts: np.ndarray, values: np.ndarray, slope_at_zero: float, tiny: float = 1e-9) -> np.ndarray:
    """Integrated gradients through ``value = g(Σ parts)`` with ``g(0) = 0``: ``(N, k)``.

    For a value that depends on the parts only through their sum R, the straight path from
    all parts 0 gives part i the share ``r_i · g(R)/R`` (its share of R times the average
    slope of g); ``g(R)`` is taken as the given ``values`` so each row adds up to its value
    exactly.  When ``|R| < tiny`` the slope is ``slope_at_zero`` (g's derivative at 0).
    """
    parts = np.asarray(parts, dtype=np.float64)
    total = parts.sum(axis=1)
    small = np.abs(total) < tiny
    slope = np.where(small, slope_at_zero, np.asarray(values, dtype=np.float64) / np.where(small, 1.0, total))
    return parts * slope[:, None]


_REGISTRY: dict[str, Evaluator] = {}


def register(evaluator: Evaluator, replace: bool = False) -> Evaluator:
    """Add ``evaluator`` under its name; a taken name raises ``ValueError`` unless ``replace``."""
    if not evaluator.name:
        raise ValueError("an evaluator needs a name")
    if evaluator.name in _REGISTRY and not replace:
        raise ValueError(f"an evaluator named {evaluator.name!r} is already registered")
    _REGISTRY[evaluator.name] = evaluator
    return evaluator


def get_evaluator(name: str) -> Evaluator:
    """The registered evaluator called ``name``; unknown names raise ``ValueError``."""
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(evaluator_names()) or "(none)"
        raise ValueError(f"unknown evaluator {name!r}; known evaluators: {known}") from None


def evaluator_names() -> list[str]:
    """Names of the registered evaluators, in registration order."""
    return list(_REGISTRY)
