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


def _side(row: np.ndarray) -> tuple[int, ...]:
    return tuple(int(x) for x in row)


def lambda_returns(one_step: np.ndarray, lam: float) -> np.ndarray:
    """λ-returns ``(T, K)`` from the one-step targets ``y_t`` ``(T, K)`` of one game."""
    returns = np.empty_like(one_step, dtype=np.float64)
    returns[-1] = one_step[-1]
    for t in range(len(one_step) - 2, -1, -1):
        returns[t] = (1 - lam) * one_step[t] + lam * flip_outputs(returns[t + 1])
    return returns


class SelfPlay:
    """``games`` self-play games in flight; :meth:`step` plays one ply in all of them and
    returns the training pairs of the games that just finished (boards, targets, count).
    :meth:`state` and :meth:`restore` carry the games in flight and the dice generator
    through a checkpoint."""

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

    def state(self) -> tuple[dict, dict[str, np.ndarray]]:
        """``(json_part, arrays)``: the dice generator's state, and every game in flight
        with its history so far (positions and one-step targets)."""
        lengths = [len(game["boards"]) for game in self.slots]
        k = self.chooser.net.n_outputs
        arrays = {
            "sides": np.array([(game["me"], game["opp"]) for game in self.slots], dtype=np.int8).reshape(-1, 2, 26),
            "opening": np.array([game["opening"] for game in self.slots], dtype=bool),
            "lengths": np.array(lengths, dtype=np.int64),
            "boards": np.array([b for game in self.slots for b in game["boards"]], dtype=np.int8).reshape(-1, 2, 26),
            "targets": np.array([t for game in self.slots for t in game["targets"]], dtype=np.float64).reshape(-1, k),
        }
        return {"dice": self.rng.bit_generator.state}, arrays

    def restore(self, json_part: dict, arrays: dict[str, np.ndarray]) -> None:
        """Take back :meth:`state`.  Games beyond this player's number in flight are
        dropped; missing ones start afresh."""
        self.rng.bit_generator.state = json_part["dice"]
        lengths = [int(n) for n in arrays["lengths"]]
        sides, boards, targets = arrays["sides"], arrays["boards"], arrays["targets"]
        if (len(sides) != len(lengths) or len(arrays["opening"]) != len(lengths) or sum(lengths) != len(boards)
                or len(boards) != len(targets) or targets.shape[1:] != (self.chooser.net.n_outputs,)):
            raise ValueError("the games in flight do not fit together or do not fit this network")
        ends = np.cumsum([0] + lengths)
        restored = []
        for g, (lo, hi) in enumerate(zip(ends[:-1], ends[1:])):
            restored.append({
                "me": _side(sides[g, 0]), "opp": _side(sides[g, 1]), "opening": bool(arrays["opening"][g]),
                "boards": [(_side(b[0]), _side(b[1])) for b in boards[lo:hi]],
                "targets": [row for row in targets[lo:hi]],
            })
        self.slots = restored[:len(self.slots)] + self.slots[len(restored):]

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
