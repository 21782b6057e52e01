"""Seed 000's Monte Carlo player, on the real rules.

For each candidate play, ``simulations`` playouts: the opponent moves first, then both sides
play complete legal turns chosen by a fast policy (a uniformly random legal play) for at most
``horizon`` half-turns.  A finished playout scores 1 (we won) or 0; an unfinished one scores
the seed's credit ``(clamp((E(me) − E(opp)) / 2, −1, 1) + 1) / 2`` with E the seven-factor
evaluation.  Candidates are pre-filtered to the ``candidates`` best by the seven-factor
evaluator, and the final score blends the two as the seed does:
``0.6 · heuristic + 0.4 · Monte Carlo``, where the heuristic is the same credit of the
position right after the play.  Every candidate sees the same dice in playout ``i``
(common random numbers), so differences between candidates are not luck.
"""

from __future__ import annotations

import random

import numpy as np

from ...core.players import Player
from ..board import CHECKERS, OFF
from ..evaluators import boards_to_array
from ..evaluators.seven_factors import SevenFactors, playout_credit
from ..movegen import legal_plays
from ..rules import BackgammonRules
from ..state import BackgammonState

HEURISTIC_WEIGHT = 0.6


class MonteCarloPlayer(Player):
    """Seeded Monte Carlo play selection (seed 000) with the real rules in every playout."""

    name = "montecarlo"

    def __init__(self, seed: int | None = None, simulations: int = 24, horizon: int = 20, candidates: int = 6) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.simulations, self.horizon, self.candidates = simulations, horizon, candidates
        self.evaluator = SevenFactors()

    def rank(self, rules: BackgammonRules, state: BackgammonState) -> list[tuple[object, float, float, float]]:
        """``(play, hybrid, heuristic, monte_carlo)`` for the candidates, best first."""
        mover = state.turn
        successors = rules.successors(state)
        after = [(nxt.sides[mover], nxt.sides[1 - mover]) for _, nxt in successors]
        heuristic = playout_credit(self.evaluator.relative(boards_to_array(after)))
        keep = np.argsort(-heuristic, kind="stable")[: self.candidates]
        seeds = [self.rng.getrandbits(32) for _ in range(self.simulations)]
        ranked = []
        for index in keep:
            me, opp = after[index]
            mc = self._playouts(me, opp, seeds)
            hybrid = HEURISTIC_WEIGHT * heuristic[index] + (1 - HEURISTIC_WEIGHT) * mc
            ranked.append((successors[index][0], float(hybrid), float(heuristic[index]), mc))
        ranked.sort(key=lambda row: -row[1])
        return ranked

    def _playouts(self, me, opp, seeds: list[int]) -> float:
        """Mean playout score for ``me`` having just moved, ``opp`` to roll."""
        won, unfinished = 0.0, []
        for seed in seeds:
            rng = random.Random(seed)
            mover, other = opp, me  # the opponent rolls first
            our_turn = False
            for _ in range(self.horizon):
                _, mover_after, other_after = rng.choice(legal_plays(mover, other, rng.randint(1, 6), rng.randint(1, 6)))
                if mover_after[OFF] == CHECKERS:
                    won += 1.0 if our_turn else 0.0
                    break
                mover, other, our_turn = other_after, mover_after, not our_turn
            else:
                unfinished.append((other, mover) if our_turn else (mover, other))
        if unfinished:
            won += float(playout_credit(self.evaluator.relative(boards_to_array(unfinished))).sum())
        return won / len(seeds)

    def choose(self, rules: BackgammonRules, state: BackgammonState):
        if state.dice is None or rules.to_move(state) != state.turn:  # a cube decision or a resignation
            return rules.legal_moves(state)[0]  # to answer: never double, always take (as the seed), accept
        return self.rank(rules, state)[0][0]
