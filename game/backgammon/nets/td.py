"""The learner: minibatch gradient steps towards TD targets, with a learning-rate schedule.

Loss: cross-entropy between the network's outputs for ``s_t`` and its λ-return ``G_t``
(both probabilities), averaged over a minibatch; Adam.  The learning rate falls
geometrically from ``lr`` to ``lr_end`` over the planned number of games, so early play
moves fast and late play settles.
"""

from __future__ import annotations

import numpy as np

from .encoding import ENCODERS
from .network import Adam, Network

__all__ = ["Learner", "scheduled_lr"]


def scheduled_lr(lr: float, lr_end: float, done: int, total: int) -> float:
    """Geometric interpolation from ``lr`` (at 0 games) to ``lr_end`` (at ``total``)."""
    frac = min(max(done / max(total, 1), 0.0), 1.0)
    return float(lr * (lr_end / lr) ** frac)


class Learner:
    """Owns the optimiser; :meth:`learn` takes boards ``(M, 2, 26)`` and targets ``(M, K)``."""

    def __init__(self, net: Network, encoding: str, batch: int = 128, seed: int = 0) -> None:
        self.net, self.encode, self.batch = net, ENCODERS[encoding], batch
        self.adam = Adam(net)
        self.rng = np.random.default_rng(seed)
        self.steps = 0

    def state(self) -> tuple[dict, dict[str, np.ndarray]]:
        """``(json_part, arrays)`` for a checkpoint: the minibatch generator's state and
        step count, and the optimiser's arrays."""
        return {"batches": self.rng.bit_generator.state, "steps": self.steps}, self.adam.state()

    def restore(self, json_part: dict, arrays: dict[str, np.ndarray]) -> None:
        self.adam.restore(arrays)
        self.rng.bit_generator.state = json_part["batches"]
        self.steps = int(json_part["steps"])

    def learn(self, boards: np.ndarray, targets: np.ndarray, lr: float) -> float:
        """One pass over the pairs in shuffled minibatches; the mean loss before the updates."""
        if len(boards) == 0:
            return 0.0
        x = self.encode(boards)
        t = np.asarray(targets, dtype=self.net.dtype)
        order = self.rng.permutation(len(x))
        total = 0.0
        for start in range(0, len(x), self.batch):
            idx = order[start:start + self.batch]
            out, layers = self.net.forward(x[idx], keep=True)
            p = np.clip(out.astype(np.float64), 1e-7, 1 - 1e-7)
            total += float(-(t[idx] * np.log(p) + (1 - t[idx]) * np.log(1 - p)).sum())
            grads = self.net.backward(layers, (out - t[idx]) / len(idx))
            self.adam.step(grads, lr)
            self.steps += 1
        return total / (len(x) * t.shape[1])
