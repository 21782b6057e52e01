"""Chesstack computer players by command-line name.

- ``beginner``, ``intermediate``, ``advanced``, ``expert``: the levels of :mod:`.ai`, alpha-beta
  over the real rules (stacks included).
- ``random``: a uniformly random legal action (seeded, so its games replay).
- ``greedy:<evaluator>`` (``greedy:weighted``, ``greedy:designer``): the action whose result
  the evaluator values best for the mover, all results valued in one batch; ties go to the
  first action in the rules' order, so it is deterministic.  An action that wins the game
  (takes the last enemy royal) is taken whatever the evaluator says.
- ``upstream``: the upstream bot's behaviour, blind to the stacks (:mod:`.upstream`): a
  sparring partner only.
"""

from __future__ import annotations

import numpy as np

from ..core.players import Player, RandomPlayer
from .ai import LEVELS, level_player
from .evaluators import EVALUATORS, evaluate_batch
from .names import PLAYER_NAMES
from .rules import ChesstackRules
from .state import ChesstackState

WIN = 1e12
"""The value of a won game, beyond any evaluation."""


class GreedyPlayer(Player):
    """One ply: the legal action leading to the position ``evaluator`` likes most for the mover."""

    def __init__(self, evaluator: str) -> None:
        self.evaluator = evaluator
        self.name = f"greedy:{evaluator}"

    def choose(self, rules: ChesstackRules, state: ChesstackState):
        actions = rules.legal_moves(state)
        results = [rules.apply(state, action) for action in actions]
        values = np.asarray(evaluate_batch(self.evaluator, results), dtype=float)
        for i, after in enumerate(results):  # a won game beats any evaluation
            if rules.is_over(after):
                values[i] = WIN * rules.result(after)[0]
        sign = 1.0 if state.turn == 0 else -1.0
        return actions[int(np.argmax(sign * values))]


def make_player(name: str, seed: int | None = None) -> Player:
    """The player called ``name`` (see :data:`PLAYER_NAMES`); ``ValueError`` if unknown."""
    if name in LEVELS:
        return level_player(name, seed)
    if name == "random":
        return RandomPlayer(seed)
    if name == "upstream":
        from .upstream import UpstreamPlayer

        return UpstreamPlayer(seed)
    if name.startswith("greedy:") and name.partition(":")[2] in EVALUATORS:
        return GreedyPlayer(name.partition(":")[2])
    raise ValueError(f"unknown chesstack player {name!r}; known players: {', '.join(PLAYER_NAMES)}")
