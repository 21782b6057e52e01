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
- ``full2``: ``full``'s 209 inputs, then per side (on roll, then opponent) three more that a
  one-hidden-layer net finds hard to build — 215 in all:

  - *hit chance*: the share of the other side's 36 rolls that hit at least one of this
    side's blots (:func:`..evaluators.shots.hit_masks`; for the side on roll it is the
    danger as the position stands, for the opponent the chance of a shot this roll);
  - *escapes*: GNU-style escapes of this side's rearmost back checkers — for each checker
    on the bar or the points 16..24 (own numbering), the rolls out of 36 whose two dice
    can be played by that checker without landing on a point the other side holds, looking
    twelve points ahead (:func:`escape_rolls`), the least over those checkers /36 (1 when
    there is no such checker);
  - *pips to home*: pips this side needs to bring every checker into its home board
    (Σ over checkers outside it of point − 6, the bar counting 25) /100 — how far a side
    is from saving or winning a gammon.

**Compiled.**  With numba installed (a dependency) ``full`` and ``full2`` come from
:mod:`.encoding_kernel`, one pass per position giving the numpy code's float32 bits exactly
(:func:`encode_full_numpy`, :func:`encode_full2_numpy`: the reference, and the code without
numba; the tests compare both on tens of thousands of positions); how much faster the kernel
is: ``python -m bench.speed.encoding`` (``bench/RESULTS.md``).  The kernel loads at the first
batch of :data:`LOAD_AT` positions or more (or :func:`load_kernel`), from numba's on-disk
cache in a new process or compiling the first time on a machine; smaller batches use numpy
until then, so a position valued on the window's thread never waits for it.

Five outputs, cumulative as GNU Backgammon defines them, for the side on roll:
``[win, win gammon+, win backgammon, lose gammon+, lose backgammon]``; equity =
``2·win − 1 + wg − lg + wbg − lbg`` (cubeless money points per game).
"""

from __future__ import annotations

import numpy as np

from ...core.lazy_kernel import LazyKernel
from ..board import START_SIDE
from ..evaluators.arrays import as_batch, slot_bits
from ..evaluators.phase_features import extended_vector
from ..evaluators.shots import ROLL_WEIGHTS, hit_masks

__all__ = [
    "OUTPUTS", "ENCODERS", "encode_full", "encode_full2", "encode_full_numpy", "encode_full2_numpy", "encode_phase48",
    "encoding_of", "escape_rolls", "hit_chance", "load_kernel", "pips_to_home", "input_size", "flip_outputs",
    "consistent", "equity", "terminal_outputs", "win_kind_after",
]

OUTPUTS = ("win", "win gammon", "win backgammon", "lose gammon", "lose backgammon")
FULL_INPUTS = 2 * 98 + 2 * 5 + 3  # 209
FULL2_INPUTS = FULL_INPUTS + 2 * 3  # 215

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


def encode_full(batch: np.ndarray, compiled: bool | None = None) -> np.ndarray:
    """``(N, 209)`` float32: the ``full`` encoding of every position (see module doc).

    Layout: per side (on roll, then opponent) 96 point units, bar, off, pips, home, prime,
    blots, back (103 each); then pip difference, contact, no contact.  ``compiled``: as
    :func:`encode_full2`.
    """
    return _encode(as_batch(batch), FULL_INPUTS, compiled)


def encode_full_numpy(batch: np.ndarray) -> np.ndarray:
    """:func:`encode_full` in numpy: the reference, and the code without numba."""
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


def _escape_table() -> np.ndarray:
    """``(4096,)``: rolls out of 36 a checker can play in full past a 12-point mask.

    Bit ``i`` of the mask is set when the point ``i + 1`` pips ahead is held by the other
    side.  A roll (a, b) escapes when the point a + b ahead is open and at least one of
    a and b ahead is open (GNU Backgammon's ``anEscapes`` rule; doubles use two steps).
    """
    table = np.zeros(1 << 12, dtype=np.int64)
    masks = np.arange(1 << 12)
    for a in range(1, 7):
        for b in range(1, 7):
            landing_open = (masks >> (a + b - 1)) & 1 == 0
            way_open = ((masks >> (a - 1)) & 1 == 0) | ((masks >> (b - 1)) & 1 == 0)
            table += landing_open & way_open
    return table


_ESCAPES = _escape_table()
_BACK = np.arange(16, 26)  # the bar and points 16..24: the other side's home board and outfield edge


def escape_rolls(batch: np.ndarray) -> np.ndarray:
    """``(N, 2)`` int: per side, the least escaping rolls (of 36) over its checkers on the
    bar or the points 16..24 (own numbering); 36 when it has none there."""
    batch = as_batch(batch)
    out = np.empty((batch.shape[0], 2), dtype=np.int64)
    for side in (0, 1):
        me, opp = batch[:, side], batch[:, 1 - side]
        held = slot_bits(opp >= 2).astype(np.int64)  # the other side's points, its numbering
        # My point p is its point 25 - p; the twelve points ahead are its 26 - p .. 37 - p.
        shifts = 26 - _BACK  # (10,)
        escapes = _ESCAPES[(held[:, None] >> shifts) & 0xFFF]  # (N, 10)
        escapes = np.where(me[:, _BACK] > 0, escapes, 36)
        out[:, side] = escapes.min(axis=1)
    return out


def hit_chance(batch: np.ndarray) -> np.ndarray:
    """``(N, 2)`` int: per side, the other side's rolls (of 36) hitting at least one of its
    blots (as :func:`..evaluators.shots.hit_masks` counts them)."""
    batch = as_batch(batch)
    out = np.empty((batch.shape[0], 2), dtype=np.int64)
    for side in (0, 1):
        view = batch if side == 0 else batch[:, ::-1]
        blots = slot_bits(view[:, 0] == 1)
        hit = (hit_masks(np.ascontiguousarray(view)) & blots[:, None]) != 0  # (N, 21)
        out[:, side] = hit.astype(np.int64) @ ROLL_WEIGHTS
    return out


_HOME_PIPS = np.maximum(np.arange(26) - 6, 0)  # slot 25 (bar) counts as point 25


def pips_to_home(batch: np.ndarray) -> np.ndarray:
    """``(N, 2)`` int: per side, the pips needed to bring all its checkers into its home board."""
    return as_batch(batch).astype(np.int64) @ _HOME_PIPS


def encode_full2(batch: np.ndarray, compiled: bool | None = None) -> np.ndarray:
    """``(N, 215)`` float32: :func:`encode_full`'s 209 inputs, then hit chance /36, escapes
    /36 and pips to home /100 for the side on roll, then the same for the opponent.

    ``compiled``: ``None`` uses the numba kernel when it is loaded, or loads it for a batch of
    :data:`LOAD_AT` positions or more (module doc, *Compiled*); ``False`` the numpy code
    (:func:`encode_full2_numpy`), ``True`` requires the kernel.  Both give the same bits."""
    return _encode(as_batch(batch), FULL2_INPUTS, compiled)


def encode_full2_numpy(batch: np.ndarray) -> np.ndarray:
    """:func:`encode_full2` in numpy: the reference, and the code without numba."""
    batch = as_batch(batch)
    out = np.empty((batch.shape[0], FULL2_INPUTS), dtype=np.float32)
    out[:, :FULL_INPUTS] = encode_full_numpy(batch)
    extra = out[:, FULL_INPUTS:].reshape(-1, 2, 3)
    extra[:, :, 0] = hit_chance(batch) / 36
    extra[:, :, 1] = escape_rolls(batch) / 36
    extra[:, :, 2] = pips_to_home(batch) / 100
    return out


LOAD_AT = 256
"""Batch size from which :func:`encode_full2` (``compiled=None``) loads the kernel: workers'
search and rollout batches; a smaller one (one position valued on the window's thread) never
waits for numba's import or compiler, and uses the kernel once something else loaded it."""


def _import_kernel():
    from . import encoding_kernel
    return encoding_kernel


def _warm(kernel) -> None:
    start = np.array([[START_SIDE, START_SIDE]], np.int8)
    kernel.encode(start, _UNITS, _ESCAPES, np.empty((1, FULL2_INPUTS), np.float32), True)


KERNEL = LazyKernel(_import_kernel, _warm)
"""The compiled encoding (:mod:`.encoding_kernel`), loaded at first use."""


def load_kernel() -> bool:
    """Load (or, the first time on a machine, compile) the numba kernel; False without numba.

    Blocks for as long as that takes (module doc): call it in a worker, never on the
    window's drawing thread."""
    return KERNEL.load()


def _encode(batch: np.ndarray, width: int, compiled: bool | None) -> np.ndarray:
    """The ``full`` (``width`` 209) or ``full2`` (215) encoding, compiled or in numpy."""
    numpy_code = encode_full2_numpy if width == FULL2_INPUTS else encode_full_numpy
    if compiled is False:
        return numpy_code(batch)
    if KERNEL.module is None and (compiled or len(batch) >= LOAD_AT):
        load_kernel()
    kernel = KERNEL.module
    if kernel is None:
        if compiled:
            raise RuntimeError("the compiled encoding needs numba, which is not installed")
        return numpy_code(batch)
    if batch.dtype != np.int8:
        if batch.size and (batch.min() < 0 or batch.max() > 15):
            return numpy_code(batch)  # not checker counts: the numpy code's answer (or error)
        batch = batch.astype(np.int8)
    out = np.empty((len(batch), width), dtype=np.float32)
    if kernel.encode(np.ascontiguousarray(batch), _UNITS, _ESCAPES, out, width == FULL2_INPUTS):
        return numpy_code(batch)
    return out


def encode_phase48(batch: np.ndarray) -> np.ndarray:
    """``(N, 48)`` float32: seed 002's extended vector (seed phase version)."""
    return extended_vector(batch).astype(np.float32)


ENCODERS = {"full": encode_full, "full2": encode_full2, "phase48": encode_phase48}
INPUT_SIZES = {"full": FULL_INPUTS, "full2": FULL2_INPUTS, "phase48": 48}


def encoding_of(net) -> str:
    """The input encoding a network reads: the one its ``meta`` names, else (a file from
    before encodings were recorded) ``full`` for five outputs and ``phase48`` for one."""
    return net.meta.get("encoding", "full" if net.n_outputs == 5 else "phase48")


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
