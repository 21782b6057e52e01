"""Many positions' legal plays at once, as the arrays the evaluators take: a rollout's hot loop.

A rollout plays its trials in lockstep: each ply, every trial's position with its roll needs
all its legal plays valued in one numpy call.  :func:`plays_batch` gives them as one array
per batch instead of a Python list of tuples per position::

    batch = plays_batch(positions, dice)          # positions (K, 2, 26), dice (K, 2)
    values = -evaluator.equity(batch.for_evaluator())   # each play from the mover's view
    for k in range(K):
        rows = batch.rows(k)                      # position k's plays, in legal_plays order
        best = rows.start + int(np.argmax(values[rows]))
        next_position = batch.after[best, ::-1]   # the opponent on roll

Row for row it is :func:`.movegen.legal_plays` (same plays, same order; the tests check it):
``after[p]`` is ``(mover_after, opponent_after)``, ``codes[p]`` the steps packed
(:func:`unpack_steps` gives the tuple back).  A position with no legal play has one row, the
board unchanged, as ``legal_plays`` has.

**Compiled.**  With numba installed (a dependency; wheels, no compiler) the search runs in
:mod:`.movegen_kernel`, about as fast as GNU Backgammon's C generator called from Python once
per position, where ``legal_plays`` and these arrays made from it are several times slower
(``python -m bench.speed.movegen``, ``bench/RESULTS.md``).  The first call in a process
loads the machine code from numba's on-disk cache or, the first time on a machine, compiles
it (seconds of CPU: ``bench/RESULTS.md``): call :func:`load_kernel` in the parent before
starting workers (they then load the cache), and never on the window's drawing thread.
Without numba (or with ``compiled=False``) the same arrays come from ``legal_plays``.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np

from ..core.lazy_kernel import LazyKernel
from .board import SLOTS, START_SIDE
from .movegen import Step, legal_plays

_state = threading.local()


@dataclass(frozen=True)
class PlayBatch:
    """The legal plays of ``K`` positions: ``P`` rows in position order, each position's in
    :func:`.movegen.legal_plays` order."""

    after: np.ndarray
    """``(P, 2, 26)`` int8: the mover's side and the opponent's side after each play."""
    owner: np.ndarray
    """``(P,)`` int32: the position each play belongs to."""
    offsets: np.ndarray
    """``(K + 1,)`` int64: position ``k``'s plays are rows ``offsets[k]`` to ``offsets[k + 1]``."""
    codes: np.ndarray
    """``(P,)`` int64: each play's steps packed (:func:`unpack_steps`)."""

    def rows(self, k: int) -> slice:
        """The rows of position ``k``'s plays."""
        return slice(int(self.offsets[k]), int(self.offsets[k + 1]))

    def steps(self, p: int) -> tuple[Step, ...]:
        """The steps of play ``p``, as ``legal_plays`` gives them."""
        return unpack_steps(int(self.codes[p]))

    def best_rows(self, values: np.ndarray) -> np.ndarray:
        """``(K,)``: per position, the row of its play of highest ``values`` (``(P,)``, one a
        play), the first of equals in ``legal_plays`` order."""
        segment = self.owner.astype(np.intp)
        top = np.maximum.reduceat(values, self.offsets[:-1].astype(np.intp))
        hits = np.flatnonzero(values >= top[segment])
        return hits[np.concatenate(([True], segment[hits[1:]] != segment[hits[:-1]]))]

    def for_evaluator(self) -> np.ndarray:
        """The positions after each play seen from the side then on roll (the opponent):
        the ``(P, 2, 26)`` batch the evaluators take."""
        return np.ascontiguousarray(self.after[:, ::-1])


def pack_steps(steps: tuple[Step, ...]) -> int:
    """Steps as one integer: ``(source * 32 + target) << 10 * i`` for the ``i``-th step."""
    code = 0
    for i, (source, target) in enumerate(steps):
        code |= (source * 32 + target) << (10 * i)
    return code


def unpack_steps(code: int) -> tuple[Step, ...]:
    """The steps :func:`pack_steps` packed."""
    steps = []
    while code:
        step = code & 1023
        steps.append((step >> 5, step & 31))
        code >>= 10
    return tuple(steps)


def _import_kernel():
    from . import movegen_kernel
    return movegen_kernel


def _warm(kernel) -> None:
    work = np.zeros(kernel.WORDS, np.int64)
    kernel.generate_batch(np.array([[START_SIDE, START_SIDE]], np.int8), np.array([[3, 1]]), work)


KERNEL = LazyKernel(_import_kernel, _warm)
"""The compiled move generator (:mod:`.movegen_kernel`), loaded at first use."""


def load_kernel() -> bool:
    """Load (or, the first time on a machine, compile) the numba kernel; False without numba.

    Blocks for as long as that takes (see the module's docstring): call it in a worker."""
    return KERNEL.load()


def plays_batch(positions, dice, compiled: bool | None = None) -> PlayBatch:
    """Every legal play of each position (``(K, 2, 26)``: mover, opponent) with its roll
    (``(K, 2)``, dice in the order ``legal_plays`` takes them).

    ``compiled``: ``None`` uses the numba kernel when numba is installed (loading it at the
    first call), ``False`` the pure-Python generator, ``True`` requires the kernel."""
    positions = np.ascontiguousarray(positions, dtype=np.int8)
    dice = np.ascontiguousarray(dice, dtype=np.int64)
    if positions.ndim != 3 or positions.shape[1:] != (2, SLOTS) or dice.shape != (len(positions), 2):
        raise ValueError(f"expected positions (K, 2, {SLOTS}) and dice (K, 2), got {positions.shape} and {dice.shape}")
    if compiled is not False and load_kernel():
        after, owner, codes = _compiled(positions, dice)
    elif compiled:
        raise RuntimeError("the compiled move generator needs numba, which is not installed")
    else:
        after, owner, codes = _python(positions, dice)
    offsets = np.zeros(len(positions) + 1, np.int64)
    np.cumsum(np.bincount(owner, minlength=len(positions)), out=offsets[1:])
    return PlayBatch(after, owner, offsets, codes)


def _workspace() -> np.ndarray:
    work = getattr(_state, "work", None)
    if work is None:
        work = _state.work = np.zeros(KERNEL.module.WORDS, np.int64)
    return work


def _compiled(positions: np.ndarray, dice: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The kernel over all positions; a position too big for its workspace (none known)
    is generated in Python and the kernel resumes after it."""
    parts = []
    start = 0
    while start < len(positions):
        after, owner, codes, status = KERNEL.module.generate_batch(positions[start:], dice[start:], _workspace())
        parts.append((after, owner + start, codes))
        if not status:
            break
        big = start + status - 1
        after, owner, codes = _python(positions[big:big + 1], dice[big:big + 1])
        parts.append((after, owner + big, codes))
        start = big + 1
    if len(parts) == 1:
        return parts[0]
    return tuple(np.concatenate(arrays) for arrays in zip(*parts))


def _python(positions: np.ndarray, dice: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The same arrays from :func:`.movegen.legal_plays`."""
    chunks, owner, codes = [], [], []
    for k, ((me, opp), (d1, d2)) in enumerate(zip(positions.tolist(), dice.tolist())):
        plays = legal_plays(tuple(me), tuple(opp), d1, d2)
        chunks.extend(bytes(after) + bytes(opp_after) for _, after, opp_after in plays)
        owner.extend([k] * len(plays))
        codes.extend(pack_steps(steps) for steps, _, _ in plays)
    after = np.frombuffer(b"".join(chunks), np.int8).reshape(len(owner), 2, SLOTS).copy()
    return after, np.array(owner, np.int32), np.array(codes, np.int64)

