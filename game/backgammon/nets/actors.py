"""A self-play actor: one share of a training run's self-play, on its own copy of the network.

:class:`SelfPlayActor` is plain Python (no Ray here): :mod:`.cluster_training` runs one per
Ray actor, and tests can run it in-process.  It holds a network copy, a
:class:`.choosers.NetChooser` and a :class:`.selfplay.SelfPlay` of ``in_flight`` games;
:meth:`play` plays steps until at least ``games`` games have finished and returns the
training pairs step by step, so the learner learns from them exactly as a local run learns
from its steps; :meth:`publish` replaces the weights and the exploration chance between
calls.  :func:`actor_seeds` gives each actor its generators' seeds.
"""

from __future__ import annotations

import numpy as np

from .choosers import NetChooser
from .network import Network
from .selfplay import SelfPlay

__all__ = ["SelfPlayActor", "actor_seeds", "Step"]

Step = tuple[np.ndarray, np.ndarray, int]
"""One self-play step's finished games: boards ``(M, 2, 26)``, λ-return targets ``(M, K)``, count."""


def actor_seeds(seed: int, done: int, index: int) -> tuple[object, object]:
    """Seeds of actor ``index``'s move chooser and dice, for a run of ``seed`` started at
    ``done`` games.  Actor 0 gets the local run's seeds (so one actor replays a local run);
    the others get independent streams derived from ``(seed, done, index)``."""
    if index == 0:
        return seed + done, seed * 1_000_003 + done
    return np.random.SeedSequence([seed, done, index, 0]), np.random.SeedSequence([seed, done, index, 1])


class SelfPlayActor:
    """Self-play of ``in_flight`` games with greedy play by a private copy of ``net``."""

    def __init__(self, net: Network, encoding: str, in_flight: int, lam: float, explore: float,
                 seeds: tuple[object, object]) -> None:
        self.net = net.copy()
        self.chooser = NetChooser(self.net, encoding, explore, seed=seeds[0])
        self.play_ = SelfPlay(self.chooser, in_flight, lam, seed=seeds[1])

    def publish(self, params: list[np.ndarray], explore: float) -> None:
        """Take the learner's latest weights (same shapes and order as ``Network.params``)
        and exploration chance."""
        for mine, theirs in zip(self.net.params, params, strict=True):
            mine[...] = theirs
        self.chooser.explore = explore

    def play(self, games: int, params: list[np.ndarray] | None = None, explore: float | None = None) -> list[Step]:
        """Publish ``params`` and ``explore`` first if given, then play steps until at least
        ``games`` games have finished; the steps in which games finished, in order."""
        if params is not None:
            self.publish(params, self.chooser.explore if explore is None else explore)
        steps, finished = [], 0
        while finished < games:
            boards, targets, count = self.play_.step()
            if count:
                steps.append((boards, targets, count))
                finished += count
        return steps

    def state(self) -> tuple[dict, dict, dict[str, np.ndarray]]:
        """``(chooser, self-play json, self-play arrays)`` for a checkpoint."""
        play_json, arrays = self.play_.state()
        return self.chooser.state(), play_json, arrays

    def restore(self, chooser: dict, play_json: dict, arrays: dict[str, np.ndarray]) -> None:
        """Take back :meth:`state` (ValueError if it does not fit)."""
        self.chooser.restore(chooser)
        self.play_.restore(play_json, arrays)
