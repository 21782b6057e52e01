"""Backgammon position evaluators from the seeds, vectorised over numpy batches.

Registered by name: ``seven-factors`` (seed 000), ``bras`` (seed 001) and
``phase-heuristic`` (seed 002), and the trained networks ``net-full`` and ``net-phase48``
(:mod:`game.backgammon.nets.evaluator`) when their weights are installed.  A batch is an
``(N, 2, 26)`` integer array of ``(side_on_roll, opponent)`` pairs, each side in its own
numbering; build one with :func:`boards_to_array`.  numpy only, no pygame.  The seed
evaluators' equities go through the fitted win-probability curves shipped in
``assets/backgammon/calibration/`` (:mod:`.calibrated`).
"""

from __future__ import annotations

from .arrays import boards_to_array, flip, random_positions
from .base import Evaluator, evaluator_names, get_evaluator, register
from .bras import Bras, CubePolicy, bras_details, bras_features
from .phase_features import PhaseHeuristic, extended_vector, game_phase, phase_feature_vector
from .seven_factors import SevenFactors, playout_credit, seven_factor_terms
from .shots import shot_counts

__all__ = [
    "Evaluator", "register", "get_evaluator", "evaluator_names",
    "boards_to_array", "flip", "random_positions",
    "SevenFactors", "seven_factor_terms", "playout_credit", "shot_counts",
    "Bras", "bras_features", "bras_details", "CubePolicy",
    "PhaseHeuristic", "phase_feature_vector", "game_phase", "extended_vector",
]

for _evaluator in (SevenFactors(), Bras(), PhaseHeuristic()):
    if _evaluator.name not in evaluator_names():
        register(_evaluator)

from ..nets.evaluator import register_networks  # noqa: E402 (needs the names above)

register_networks()

from .calibrated import attach_shipped_curves  # noqa: E402

attach_shipped_curves([get_evaluator(name) for name in evaluator_names()])
