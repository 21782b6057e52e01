"""Chesstack's position evaluators, White positive: the design note's two (spec §8),
``weighted`` and ``designer``, and Tabula's own ``stacks``, which the computer levels search with.

- ``weighted`` — the design note's "GPT-proposed" evaluator (``minimax_gpt.cpp`` @36321be):
  ``round(Mat + 15·Mob + 40·Res + 30·Place + 50·Thr + 10·Turn + Royal)``, an ``int``.
- ``designer`` — the note's own "my_propose" (``eval_equation.md``), with the royal factor:
  Σ board pieces (factor·value + 0.3·moves·move − 0.3·stun) + Σ pocket pieces (value − 0.9),
  a ``float``.
- ``stacks`` — Tabula's (:mod:`.stacks`): material, move charges, stun, mobility weighed by
  readiness, royal safety and the side to move's best capture, in centipawns; the note's two
  read the pieces' patterns but not their stacks.

Every term is defined in :mod:`.terms` (the single-position reference form, built on
:func:`~game.chesstack.pieces.destinations`); :mod:`.batch` computes the same terms over
numpy arrays for many positions at once and agrees with it exactly.

- :func:`value` / :func:`explain` — one position: its value; its raw terms.
- :func:`evaluate_batch` — N positions (states, or a :class:`Batch` from :func:`encode`):
  ``(N,)`` float64 values (whole numbers for ``weighted``); :func:`terms_batch` the raw terms.
- :func:`evaluate` — the :class:`~game.core.evaluation.Evaluation` ``tabula eval`` prints;
  its JSON is ``{"evaluator", "value", "terms"}``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...core.evaluation import Evaluation
from ..state import ChesstackState
from . import batch as _batch
from . import terms as _terms
from .batch import Batch, encode
from .stacks import STACKS_TERMS, stacks_terms, stacks_terms_of, stacks_values
from .terms import DESIGNER_TERMS, WEIGHTED_TERMS

__all__ = ["EVALUATORS", "DEFAULT_EVALUATOR", "TERMS", "DESCRIPTIONS", "SUMMARIES", "Batch", "encode",
           "value", "explain", "evaluate", "evaluate_batch", "terms_batch", "check_name"]

EVALUATORS = ("weighted", "designer", "stacks")
DEFAULT_EVALUATOR = "weighted"
TERMS = {"weighted": WEIGHTED_TERMS, "designer": DESIGNER_TERMS, "stacks": STACKS_TERMS}
"""Each evaluator's raw terms, in :func:`explain` order."""
DESCRIPTIONS = {
    "weighted": "The design note's GPT-proposed evaluator (minimax_gpt.cpp): material, mobility, stacks, "
                "placement, threats, turn and a lone-royal bonus, in centipawns.",
    "designer": "The designer's evaluator (eval_equation.md): pieces by value (royals by the royal factor), "
                "0.3 per potential move per move charge, -0.3 per stun; pocket pieces value - 0.9.",
    "stacks": "Tabula's stack-aware evaluator, the computer levels' own: material, move charges, stun, mobility "
              "weighed by readiness, royal safety and the side to move's best capture, in centipawns.",
}
SUMMARIES = {
    "weighted": "Eval = round(Mat + 15·Mob + 40·Res + 30·Place + 50·Thr + 10·Turn + Royal)",
    "designer": "Eval = Material + Royal + Activity + Stun + Pocket",
    "stacks": "Eval = material + charges + stun + mobility + royals + capture + tempo",
}


def check_name(name: str) -> str:
    """``name`` if it is a known evaluator; ``ValueError`` naming the known ones otherwise."""
    if name not in EVALUATORS:
        raise ValueError(f"unknown chesstack evaluator {name!r}; known evaluators: {', '.join(EVALUATORS)}")
    return name


def explain(name: str, state: ChesstackState) -> dict[str, float]:
    """``name``'s raw terms for ``state`` (see :data:`TERMS`), White positive."""
    if check_name(name) == "weighted":
        return _terms.weighted_terms(state)
    if name == "stacks":
        return stacks_terms_of(state)
    return _terms.designer_terms(state)


def value(name: str, state: ChesstackState) -> float:
    """``name``'s value of ``state``, White positive: an ``int`` for ``weighted``."""
    if check_name(name) == "weighted":
        return _terms.weighted_value(_terms.weighted_terms(state))
    if name == "stacks":
        return sum(stacks_terms_of(state).values())
    return _terms.designer_value(state)


def terms_batch(name: str, states: Sequence[ChesstackState] | Batch) -> np.ndarray:
    """``(N, len(TERMS[name]))`` raw terms of each position (the designer's in tenths, int64)."""
    if check_name(name) == "weighted":
        return _batch.weighted_terms(states)
    if name == "stacks":
        return stacks_terms(states)
    return _batch.designer_tenths(states)


def evaluate_batch(name: str, states: Sequence[ChesstackState] | Batch) -> np.ndarray:
    """``(N,)`` float64: ``name``'s value of each position, White positive, equal to
    :func:`value` on each (whole numbers for ``weighted``)."""
    if check_name(name) == "weighted":
        return _batch.weighted_values(_batch.weighted_terms(states))
    if name == "stacks":
        return stacks_values(stacks_terms(states))
    return _batch.designer_values(_batch.designer_tenths(states))


def evaluate(state: ChesstackState, name: str) -> Evaluation:
    """``tabula eval chesstack``: the value and the raw terms of ``state`` for White."""
    return Evaluation(check_name(name), value(name, state), explain(name, state), "White", DESCRIPTIONS[name],
                      factors_key="terms", summary=SUMMARIES[name])

