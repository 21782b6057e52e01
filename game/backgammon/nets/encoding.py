"""Network inputs and outputs: batch encodings of positions and the five-output algebra.

Every encoding takes an ``(N, 2, 26)`` batch (:mod:`..evaluators.arrays`) and describes it
for ``batch[:, 0]``, **the side on roll**; the networks' outputs are from that side's view.

- ``phase48``: seed 002's 48-vector (:func:`..evaluators.extended_vector`), unchanged.
- ``full``: per side, each in its own numbering (so one pattern means the same for both):
  TD-Gammon's four units per point 1..24 (``n ≥ 1``, ``n ≥ 2``, ``n ≥ 3``, ``(n − 3)/2``
  above three), the bar ``n/2`` and borne off ``n/15`` (2 × 98), then a few features a
  one-hidden-layer net finds hard to build: pips/100, made points in the home board /6,
  longest prime /6, blots /5, checkers back (the opponent's home board and bar) /5, and
  for the pair: pip difference /50 and a contact flag (the sides have not passed) — 209 in all.

Five outputs, cumulative as GNU Backgammon defines them, for the side on roll:
``[win, win gammon+, win backgammon, lose gammon+, lose backgammon]``; equity =
``2·win − 1 + wg − lg + wbg − lbg`` (cubeless money points per game).
"""

from __future__ import annotations

import numpy as np

from ..evaluators.phase_features import extended_vector
from ..evaluators.arrays import as_batch

__all__ = [
    "OUTPUTS", "ENCODERS", "encode_full", "encode_phase48", "input_size", "flip_outputs",
    "consistent", "equity", "terminal_outputs", "win_kind_after",
]

OUTPUTS = ("win", "win gammon", "win backgammon", "lose gammon", "lose backgammon")
FULL_INPUTS = 2 * 98 + 2 * 5 + 3  # 209

_PIPS = np.arange(1, 26, dtype=np.float32)
# TD-Gammon's four units of a point holding 0..15 checkers (a lookup beats four comparisons).
_UNITS = np.array([[c >= 1, c >= 2, c >= 3, max(c - 3, 0) / 2] for c in range(16)], dtype=np.float32)


_BITS = (1 << np.arange(24)).astype(np.int32)


def _longest_run(made: np.ndarray) -> np.ndarray:
    """``(N, 2)`` longest run of True along the last (24-long) axis, at most 6 counted.

    Each side's made points become the bits of one integer; ``r &= r >> 1`` shortens
    every run by one, so the number of steps before ``r`` is empty is the longest run.
    """
    bits = made.astype(np.int32) @ _BITS
    length = np.zeros(bits.shape, dtype=np.float32)
    for _ in range(6):
        length += bits != 0
        bits &= bits >> 1
    return length


def encode_full(batch: np.ndarray) -> np.ndarray:
    """``(N, 209)`` float32: the ``full`` encoding of every position (see module doc).

    Layout: per side (on roll, then opponent) 96 point units, bar, off, pips, home, prime,
    blots, back (103 each); then pip difference, contact, no contact.
    """
    batch = as_batch(batch)
    n = batch.shape[0]
    counts = batch[:, :, 1:25].astype(np.intp)  # (N, 2, 24)
    out = np.empty((n, 2 * 103 + 3), dtype=np.float32)
    side = out[:, :206].reshape(n, 2, 103)
    side[:, :, :96] = np.take(_UNITS, counts, axis=0).reshape(n, 2, 96)
    bar = batch[:, :, 25].astype(np.float32)
    pips = batch[:, :, 1:26].astype(np.float32) @ _PIPS  # (N, 2), exact integers
    made = counts >= 2
    side[:, :, 96] = bar / 2
    side[:, :, 97] = batch[:, :, 0] / 15
    side[:, :, 98] = pips / 100
    side[:, :, 99] = made[:, :, :6].sum(axis=2) / 6
    side[:, :, 100] = _longest_run(made) / 6
    side[:, :, 101] = (counts == 1).sum(axis=2) / 5
    side[:, :, 102] = (counts[:, :, 18:24].sum(axis=2) + bar) / 5
    # Contact: my furthest checker (bar = 25) is behind the opponent's furthest, in my numbering.
    occupied = batch[:, :, 1:26] > 0
    furthest = np.where(occupied.any(axis=2), 25 - np.argmax(occupied[:, :, ::-1], axis=2), 0)
    contact = furthest[:, 0] + furthest[:, 1] > 25
    out[:, 206] = (pips[:, 1] - pips[:, 0]) / 50
    out[:, 207] = contact
    out[:, 208] = ~contact
    return out


def encode_phase48(batch: np.ndarray) -> np.ndarray:
    """``(N, 48)`` float32: seed 002's extended vector (seed phase version)."""
    return extended_vector(batch).astype(np.float32)


ENCODERS = {"full": encode_full, "phase48": encode_phase48}
INPUT_SIZES = {"full": FULL_INPUTS, "phase48": 48}


def input_size(encoding: str) -> int:
    return INPUT_SIZES[encoding]


def flip_outputs(outputs: np.ndarray) -> np.ndarray:
    """The same outcome probabilities seen by the other side (``(N, 5)`` or ``(N, 1)``)."""
    outputs = np.asarray(outputs)
    if outputs.shape[-1] == 1:
        return 1.0 - outputs
    return np.stack([1.0 - outputs[..., 0], outputs[..., 3], outputs[..., 4], outputs[..., 1], outputs[..., 2]], axis=-1)


def consistent(outputs: np.ndarray) -> np.ndarray:
    """Clamp raw outputs so the cumulative ones nest: wbg ≤ wg ≤ win, lbg ≤ lg ≤ 1 − win."""
    out = np.array(outputs, dtype=np.float64)
    if out.shape[-1] == 1:
        return out
    out[..., 1] = np.minimum(out[..., 1], out[..., 0])
    out[..., 2] = np.minimum(out[..., 2], out[..., 1])
    out[..., 3] = np.minimum(out[..., 3], 1.0 - out[..., 0])
    out[..., 4] = np.minimum(out[..., 4], out[..., 3])
    return out


def equity(outputs: np.ndarray) -> np.ndarray:
    """Cubeless equity of ``(N, 5)`` outputs (``(N, 1)``: just ``2·win − 1``)."""
    o = np.asarray(outputs, dtype=np.float64)
    value = 2.0 * o[..., 0] - 1.0
    if o.shape[-1] == 5:
        value = value + o[..., 1] - o[..., 3] + o[..., 2] - o[..., 4]
    return value


def win_kind_after(winner: np.ndarray, loser: np.ndarray) -> np.ndarray:
    """Points (1, 2, 3) of finished games, from ``(N, 26)`` winner and loser sides (own numbering)."""
    loser = np.asarray(loser)
    gammon = loser[:, 0] == 0
    backgammon = gammon & (loser[:, 19:26].sum(axis=1) > 0)
    return 1 + gammon.astype(np.int64) + backgammon


def terminal_outputs(kind: np.ndarray, n_outputs: int) -> np.ndarray:
    """Exact targets for the side that just won with ``kind`` points (1, 2 or 3)."""
    kind = np.asarray(kind)
    out = np.zeros((len(kind), n_outputs))
    out[:, 0] = 1.0
    if n_outputs == 5:
        out[:, 1] = kind >= 2
        out[:, 2] = kind >= 3
    return out
