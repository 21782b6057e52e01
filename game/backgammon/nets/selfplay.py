"""Self-play for TD(λ): many games in lockstep, each finished game turned into training pairs.

Every turn of every game is one position ``s_t`` with its side on roll.  The network plays
greedily for both sides (:class:`.choosers.NetChooser`); the chosen play's outputs, seen by
the mover, are the one-step target ``y_t`` of ``s_t`` (for the play that ends the game,
the exact result).  When a game ends its λ-returns are computed backwards (the forward
view of TD(λ), "offline λ-return"):

    G_{T−1} = y_{T−1},   G_t = (1 − λ)·y_t + λ·flip(G_{t+1})

where ``flip`` turns the next mover's outcome probabilities into this mover's.  λ = 0 is
TD(0); λ = 1 is the game's outcome (Monte Carlo).  The pairs ``(s_t, G_t)`` go to the learner.
A game still going after :data:`MAX_PLIES` (an untrained net can hit back and forth for
ever) is cut there and learnt from too, its last target being the network's own estimate.
"""

from __future__ import annotations

import numpy as np

from ..board import CHECKERS, OFF, START_SIDE
from ..movegen import legal_plays
from .choosers import NetChooser
from .encoding import flip_outputs

__all__ = ["SelfPlay", "lambda_returns"]

MAX_PLIES = 500


def lambda_returns(one_step: np.ndarray, lam: float) -> np.ndarray:
    """λ-returns ``(T, K)`` from the one-step targets ``y_t`` ``(T, K)`` of one game."""
    returns = np.empty_like(one_step, dtype=np.float64)
    returns[-1] = one_step[-1]
    for t in range(len(one_step) - 2, -1, -1):
        returns[t] = (1 - lam) * one_step[t] + lam * flip_outputs(returns[t + 1])
    return returns


class SelfPlay:
    """``games`` self-play games in flight; :meth:`step` plays one ply in all of them and
    returns the training pairs of the games that just finished (boards, targets, count)."""

    def __init__(self, chooser: NetChooser, games: int, lam: float, seed: int = 0) -> None:
        self.chooser, self.lam = chooser, lam
        self.rng = np.random.default_rng(seed)
        self.slots = [self._new() for _ in range(games)]

    def _new(self) -> dict:
        return {"me": START_SIDE, "opp": START_SIDE, "boards": [], "targets": [], "opening": True}

    def _dice(self, game: dict) -> tuple[int, int]:
        d1, d2 = (int(d) for d in self.rng.integers(1, 7, 2))
        while game["opening"] and d1 == d2:
            d1, d2 = (int(d) for d in self.rng.integers(1, 7, 2))
        game["opening"] = False
        return d1, d2

    def step(self) -> tuple[np.ndarray, np.ndarray, int]:
        requests = []
        for game in self.slots:
            me, opp = game["me"], game["opp"]
            requests.append((me, opp, legal_plays(me, opp, *self._dice(game))))
        picks = self.chooser.choose_many(requests)
        boards, targets, finished = [], [], 0
        for k, (game, (me, opp, plays), pick) in enumerate(zip(self.slots, requests, picks)):
            _, after, opp_after = plays[pick]
            game["boards"].append((me, opp))
            game["targets"].append(self.chooser.chosen_outputs[k])
            if after[OFF] == CHECKERS or len(game["boards"]) >= MAX_PLIES:
                boards += game["boards"]
                targets.append(lambda_returns(np.array(game["targets"]), self.lam))
                finished += 1
                self.slots[k] = self._new()
            else:
                game["me"], game["opp"] = opp_after, after
        if not boards:
            return np.zeros((0, 2, 26), np.int8), np.zeros((0, self.chooser.net.n_outputs)), 0
        return np.array(boards, dtype=np.int8), np.concatenate(targets), finished
