"""The evaluator interface and the registry of evaluators by name.

An evaluator is a pure function of positions.  Its batch form, :meth:`Evaluator.evaluate`,
takes an ``(N, 2, 26)`` integer array (see :mod:`.arrays`) and returns one value per
position from the side on roll's view; :meth:`Evaluator.explain` breaks one position's value
into named factors whose contributions add up to ``"total"``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

import numpy as np

from .arrays import boards_to_array

__all__ = ["Evaluator", "register", "get_evaluator", "evaluator_names"]


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

    def equity(self, batch: np.ndarray) -> np.ndarray:
        """``(N,)``: the side on roll's equity estimate in points (about −3..3), antisymmetric.

        This is the scale searches and the display score work in: swapping the two sides
        negates it.  The default is :meth:`evaluate`, for evaluators whose main value is
        already an equity (the networks); the seed evaluators override it.
        """
        return self.evaluate(batch)

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

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


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
