"""Position batches for the evaluators: conversion, flipping, bit masks and random samples.

A batch is an integer array of shape ``(N, 2, 26)``: ``[:, 0]`` the side on roll and
``[:, 1]`` the opponent, each in its own numbering (see :mod:`game.backgammon.board`).
Flipping a position (the other side on roll) is therefore just swapping the pair.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from ..board import BAR, CHECKERS, SLOTS

__all__ = ["boards_to_array", "flip", "random_positions", "slot_bits", "as_batch", "row_dot", "popcount"]


def boards_to_array(boards: Iterable[tuple[Sequence[int], Sequence[int]]], dtype=np.int8) -> np.ndarray:
    """An ``(N, 2, 26)`` array from ``(side_on_roll, opponent)`` pairs.

    ``int8`` is the default because counts never exceed 15 and small arrays are fast;
    evaluators accept any integer dtype.
    """
    pairs = [(me, opp) for me, opp in boards]
    if any(len(me) != SLOTS or len(opp) != SLOTS for me, opp in pairs):
        shapes = sorted({(len(me), len(opp)) for me, opp in pairs})
        raise ValueError(f"expected (side_on_roll, opponent) pairs of {SLOTS} slots, got {shapes}")
    try:
        # bytes() of a tuple of small counts is done in C: far faster than nested np.array.
        data = b"".join([bytes(me) + bytes(opp) for me, opp in pairs])
    except (ValueError, TypeError) as error:
        raise ValueError(f"checker counts must be whole numbers 0..15: {error}") from None
    return np.frombuffer(data, dtype=np.uint8).reshape(len(pairs), 2, SLOTS).astype(dtype)


def as_batch(batch) -> np.ndarray:
    """Check and return ``batch`` as an ``(N, 2, 26)`` integer array (no copy when possible)."""
    array = np.asarray(batch)
    if array.ndim != 3 or array.shape[1:] != (2, SLOTS):
        raise ValueError(f"expected a batch of shape (N, 2, {SLOTS}), got {array.shape}")
    if not np.issubdtype(array.dtype, np.integer):
        raise ValueError(f"expected integer checker counts, got dtype {array.dtype}")
    return array


def flip(batch: np.ndarray) -> np.ndarray:
    """The same positions with the other side on roll (swap the two sides)."""
    return np.ascontiguousarray(as_batch(batch)[:, ::-1])


def row_dot(matrix: np.ndarray, weights) -> np.ndarray:
    """``matrix @ weights`` for an ``(N, K)`` matrix, adding the columns in a fixed order.

    BLAS may sum in a different order for different batch sizes; this gives every position
    the same bits whether evaluated alone or in any batch.
    """
    total = matrix[:, 0] * weights[0]
    for k in range(1, matrix.shape[1]):
        total = total + matrix[:, k] * weights[k]
    return total



def slot_bits(mask: np.ndarray) -> np.ndarray:
    """Pack a boolean array ``(..., 26)`` into ``uint32`` with bit ``s`` = slot ``s``."""
    if mask.shape[-1] != SLOTS:
        raise ValueError(f"expected {SLOTS} slots, got {mask.shape[-1]}")
    return np.packbits(mask, axis=-1, bitorder="little").view("<u4")[..., 0]  # 26 bits -> 4 bytes


_bitwise_count = getattr(np, "bitwise_count", None)  # numpy >= 2.0
_POPCOUNT16 = None if _bitwise_count else np.array([bin(i).count("1") for i in range(1 << 16)], dtype=np.int64)


def popcount(bits: np.ndarray) -> np.ndarray:
    """Number of set bits of each ``uint32`` (int64)."""
    if _bitwise_count is not None:
        return _bitwise_count(bits).astype(np.int64)
    return _POPCOUNT16[bits & np.uint32(0xFFFF)] + _POPCOUNT16[bits >> np.uint32(16)]


def _sample_side(rng: np.random.Generator, n: int, allowed: np.ndarray) -> np.ndarray:
    """One side for each of ``n`` positions: some on the bar, some off, the rest on allowed points."""
    side = np.zeros((n, SLOTS), dtype=np.int8)
    bar = np.where(rng.random(n) < 0.15, rng.integers(1, 4, n), 0)
    off = np.where(rng.random(n) < 0.25, rng.integers(1, CHECKERS, n), 0)
    off = np.minimum(off, CHECKERS - 1 - bar)
    race = rng.random(n) < 0.1  # some sides all in the home board (bear-offs)
    bar[race] = 0
    weights = rng.random((n, 24)) ** 4 * allowed  # concentrated: both blots and made points
    weights[race, 6:] *= 1e-9
    weights[race, :6] += 1e-3 * allowed[race, :6]
    cdf = np.cumsum(weights, axis=1)
    cdf /= cdf[:, -1:]
    draws = (rng.random((n, CHECKERS))[:, :, None] > cdf[:, None, :]).sum(axis=2)
    on_board = CHECKERS - bar - off
    keep = np.arange(CHECKERS)[None, :] < on_board[:, None]
    flat = (np.arange(n)[:, None] * 24 + draws)[keep]
    side[:, 1:25] = np.bincount(flat, minlength=n * 24).reshape(n, 24)
    side[:, BAR] = bar
    side[:, 0] = off
    return side


def random_positions(n: int, seed: int = 0) -> np.ndarray:
    """``n`` random legal positions ``(n, 2, 26)`` (int8), the same for the same seed.

    Each side has 15 checkers, sometimes some on the bar or borne off, and no point holds
    checkers of both sides.  Checkers are concentrated on few points so blots, made points,
    primes and stacks all occur; about one side in ten is a bear-off.  Not every sample is
    reachable in a real game, which the evaluators do not need.
    """
    rng = np.random.default_rng(seed)
    first = _sample_side(rng, n, np.ones((n, 24), dtype=bool))
    # The second side may not use the first side's points: its point p is the first's 25 - p.
    allowed = first[:, 24:0:-1] == 0
    second = _sample_side(rng, n, allowed)
    return np.stack([first, second], axis=1)
