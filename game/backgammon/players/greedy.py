"""Backgammon players that choose by a registered evaluator: greedy and seed 002's BestOfFour.

Both score the position after every legal play from the mover's side, in one numpy batch.
In a game with the cube, ``greedy:bras`` doubles and takes by seed 001's thresholds (on its
calibrated win chance), the
other greedy players by :func:`~.cube.decide` at 0 ply (:mod:`.cube.play`); BestOfFour, like
the other seed-002 players, never doubles and always takes.  An offer to resign the greedy
players answer by GNU Backgammon's rule on their evaluator (:mod:`..resignation.decide`);
BestOfFour, like the seed players, always accepts it.
"""

from __future__ import annotations

import math
import random

import numpy as np

from ...core.players import Player
from ..cube.play import bras_cube_action, level_cube_action
from ..evaluators import boards_to_array, get_evaluator
from ..resignation.decide import answer
from ..resignation.rules import pending
from ..rules import BackgammonRules
from ..state import BackgammonState


def play_values(rules: BackgammonRules, state: BackgammonState, evaluator) -> tuple[list, np.ndarray]:
    """Every legal play and the evaluator's value of its result for the mover (higher better)."""
    mover = state.turn
    successors = rules.successors(state)
    batch = boards_to_array([(after.sides[mover], after.sides[1 - mover]) for _, after in successors])
    return [play for play, _ in successors], evaluator.after_play(batch)


class GreedyPlayer(Player):
    """Plays the move whose resulting position the evaluator likes best (1-ply, no search)."""

    def __init__(self, evaluator_name: str) -> None:
        self.evaluator = get_evaluator(evaluator_name)
        self.name = f"greedy:{evaluator_name}"

    def choose(self, rules: BackgammonRules, state: BackgammonState):
        if pending(state):
            return answer(state, self.evaluator)
        if state.dice is None:  # a cube decision
            if self.evaluator.name == "bras":
                return bras_cube_action(state, self.evaluator)
            return level_cube_action(state, 0, self.evaluator)
        plays, values = play_values(rules, state, self.evaluator)
        return plays[int(np.argmax(values))]


class BestOfFourPlayer(Player):
    """Seed 002's BestOfFour: of the four best plays by the phase heuristic, pick one at
    random with probability proportional to ``exp(value)``; with fewer than four, the best.
    """

    name = "bestoffour"

    def __init__(self, seed: int | None = None, evaluator_name: str = "phase-heuristic") -> None:
        self.evaluator = get_evaluator(evaluator_name)
        self.rng = random.Random(seed)

    def choose(self, rules: BackgammonRules, state: BackgammonState):
        if state.dice is None or pending(state):  # a cube decision or a resignation: never double,
            return rules.legal_moves(state)[0]  # always take, always accept
        plays, values = play_values(rules, state, self.evaluator)
        order = np.argsort(-values, kind="stable")
        if len(order) < 4:
            return plays[int(order[0])]
        top = order[:4]
        weights = [math.exp(float(values[i] - values[top[0]])) for i in top]
        return plays[int(self.rng.choices(list(top), weights=weights)[0])]
