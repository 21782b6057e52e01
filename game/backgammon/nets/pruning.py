"""The pruning network: a small, cheap copy of ``net-full`` that shortlists plays.

A rollout's trials play at 0 ply, and with variance reduction every position is expanded
for all 21 rolls: some 380 resulting positions a trial ply, nearly all of a rollout's time
spent valuing them with ``net-full`` (215 → 512 → 256 → 5).  GNU Backgammon meets the same
cost with its *pruning nets*: a small network ranks every play and only the few best are
valued by the full one.  Ours is ``net-prune`` (``assets/weights/net-prune.npz``): the same
inputs, one small hidden layer, fitted to ``net-full``'s own values of the positions its
0-ply play meets (:mod:`.prune_training`, which also measures how often the shortlist misses
``net-full``'s choice).

:func:`shortlist` keeps, of each group of plays (one position and roll), the ``keep`` the
pruning network values most for the mover, in the move generator's order; groups with
``keep`` plays or fewer are kept whole.  Only contact positions are pruned: a race's plays
are valued by the race network or the bearoff database, which are cheap already.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ...core.resources import asset_path
from ..evaluators.chances import weighted
from .encoding import ENCODERS, consistent, encoding_of, flip_outputs
from .network import Network

PRUNE_FILE = "net-prune.npz"
"""The pruning network's weights, beside the other networks'."""


@lru_cache(maxsize=1)
def pruning_network() -> Network | None:
    """The shipped pruning network, or ``None`` when its file is missing or damaged (then
    nothing is pruned: every play is valued by the full evaluator)."""
    try:
        return Network.load(asset_path("weights", PRUNE_FILE))
    except (FileNotFoundError, ValueError):
        return None


def mover_chances(net: Network, batch: np.ndarray) -> np.ndarray:
    """``(N, 5)``: the pruning network's chances for the mover of each position after its
    play (``batch`` has the mover's opponent on roll, as the evaluators take it)."""
    return flip_outputs(consistent(net.forward(ENCODERS[encoding_of(net)](batch)).astype(np.float64)))


def shortlist(values: np.ndarray, segment: np.ndarray, offsets: np.ndarray, keep: int) -> np.ndarray:
    """``(P,)`` bool: the plays kept, ``keep`` per group at most, those of highest
    ``values`` (the first of equals in the generator's order).  ``segment`` is each play's
    group, ``offsets`` each group's first row (plays grouped and in order)."""
    order = np.lexsort((np.arange(len(values)), -values, segment))
    rank = np.empty(len(values), dtype=np.intp)
    rank[order] = np.arange(len(values)) - offsets[segment[order]]
    return rank < keep


def pruned(net: Network, batch: np.ndarray, segment: np.ndarray, offsets: np.ndarray, play_weights: np.ndarray,
           keep: int, ranked: np.ndarray) -> np.ndarray:
    """``(P,)`` bool: the plays the full evaluator is to value.  ``batch`` holds the
    positions after the plays (the mover's opponent on roll), grouped as in :func:`shortlist`;
    ``ranked`` marks the plays of the groups to prune.  Every other play is kept, and of each
    ranked group the ``keep`` the pruning network ``net`` values most for the mover, by
    ``play_weights`` (``w[:5] · chances + w[5]``, a row per play)."""
    values = np.zeros(len(batch))
    if ranked.any():
        values[ranked] = weighted(mover_chances(net, batch[ranked]), play_weights[ranked])
    return ~ranked | shortlist(values, segment, offsets, keep)

