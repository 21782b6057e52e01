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

from . import base
from .arrays import boards_to_array, flip, random_positions
from .base import Evaluator
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
    if _evaluator.name not in base.evaluator_names():
        base.register(_evaluator)

from .calibrated import attach_shipped_curves  # noqa: E402

attach_shipped_curves([base.get_evaluator(name) for name in base.evaluator_names()])

_networks_registered = False


def _register_networks() -> None:
    """Register the shipped networks (:mod:`..nets.evaluator`) the first time the registry is
    read or added to, so that they follow the seed evaluators.  They are imported here, not
    when this package is, because the networks build on this package's modules: importing
    ``game.backgammon.nets.evaluator`` first would otherwise meet this package half made."""
    global _networks_registered
    if not _networks_registered:
        _networks_registered = True
        from ..nets.evaluator import register_networks
        register_networks()


def register(evaluator: Evaluator, replace: bool = False) -> Evaluator:
    """:func:`.base.register`, after the shipped networks."""
    _register_networks()
    return base.register(evaluator, replace)


def get_evaluator(name: str) -> Evaluator:
    """:func:`.base.get_evaluator`, the shipped networks included."""
    _register_networks()
    return base.get_evaluator(name)


def evaluator_names() -> list[str]:
    """:func:`.base.evaluator_names`, the shipped networks included."""
    _register_networks()
    return base.evaluator_names()
