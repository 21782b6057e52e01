"""Any evaluator's cubeless chances of a position: what the cube, the look-ahead and the
rollouts value positions from."""

from __future__ import annotations

import numpy as np

from .base import Evaluator


def chances_of(evaluator: Evaluator, batch: np.ndarray) -> np.ndarray:
    """``(N, 5)`` cubeless chances of the side on roll of each ``(on_roll, opponent)`` row."""
    outputs = getattr(evaluator, "probabilities", None)
    if outputs is not None:
        out = np.array(outputs(batch), dtype=float)
    else:
        out = ((np.clip(evaluator.equity(batch), -1.0, 1.0) + 1.0) / 2.0)[:, None]
    if out.shape[1] == 1:
        out = np.concatenate([out, np.zeros((len(out), 4))], axis=1)
    np.clip(out, 0.0, 1.0, out=out)
    out[:, 1] = np.minimum(out[:, 1], out[:, 0])
    out[:, 2] = np.minimum(out[:, 2], out[:, 1])
    out[:, 3] = np.minimum(out[:, 3], 1.0 - out[:, 0])
    out[:, 4] = np.minimum(out[:, 4], out[:, 3])
    return out


def weighted(chances: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """``(N,)``: each row's value from its chances, ``w[:5] · chances + w[5]`` with ``weights``
    ``(N, 6)`` a row each (the cube's and the match's value weights, or plain equity's)."""
    return np.einsum("ij,ij->i", chances, weights[:, :5]) + weights[:, 5]

