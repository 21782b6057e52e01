"""The teacher: Open Sage (``bgsage`` on PyPI, MPL-2.0) valuing positions for training labels.

This is the only module of Tabula that imports ``bgsage``, and only inside :func:`label`,
so nothing but a supervised training run ever loads it: play, analysis, review and the
window never do.  It is the optional ``train`` extra (``pip install '.[train]'``); without
it :func:`label` raises :class:`TeacherMissing` saying how to install it.

A label is the teacher's five cubeless outcome probabilities ``[win, win gammon, win
backgammon, lose gammon, lose backgammon]`` for the side on roll, before it throws — what
our networks output.  Open Sage counts plies as eXtreme Gammon does: its ``1ply`` is its
raw network (GNU Backgammon's 0 ply), ``2ply`` looks one roll ahead (GNU's 1 ply), ``3ply``
two (GNU's 2 ply).
"""

from __future__ import annotations

import numpy as np

__all__ = ["TEACHERS", "TeacherMissing", "label", "sage_board", "teacher_version"]

TEACHERS = {"sage-1ply": "1ply", "sage-2ply": "2ply", "sage-3ply": "3ply"}
"""Teacher name → Open Sage's evaluation level."""


class TeacherMissing(RuntimeError):
    """The teacher's package is not installed."""


def _bgsage():
    try:
        import bgsage
        import bgsage.batch  # noqa: F401  (MPL-2.0; the training extra)
    except ImportError:
        raise TeacherMissing("the teacher, Open Sage, is not installed: pip install 'tabula[train]' "
                             "(or, in a checkout, pip install '.[train]')") from None
    return bgsage


def teacher_version() -> str:
    """The installed ``bgsage`` version (recorded with every label set)."""
    from importlib.metadata import version

    _bgsage()
    return version("bgsage")


def sage_board(me, opp) -> list[int]:
    """Open Sage's 26-slot board of a position with ``me`` on roll: slot ``i`` (1..24) holds
    ``me``'s checkers on its point ``i`` as positive counts and the opponent's there as
    negative ones, slot 25 ``me``'s bar and slot 0 the opponent's."""
    board = [0] * 26
    for point in range(1, 25):
        board[point] = int(me[point]) - int(opp[25 - point])
    board[25], board[0] = int(me[25]), int(opp[25])
    return board


def label(batch: np.ndarray, teacher: str, threads: int = 0) -> np.ndarray:
    """``(N, 5)`` float64: the teacher's cubeless outcome probabilities for the side on roll
    of each ``(N, 2, 26)`` position, on ``threads`` threads (0: every core)."""
    if teacher not in TEACHERS:
        raise ValueError(f"unknown teacher {teacher!r}; known: {', '.join(TEACHERS)}")
    sage = _bgsage()
    positions = [{"board": sage_board(me, opp), "cube_value": 1, "cube_owner": "centered"} for me, opp in batch]
    if not positions:
        return np.zeros((0, 5))
    results = sage.batch.batch_evaluate(positions, eval_level=TEACHERS[teacher], n_threads=threads)
    return np.array([r.probs.to_list() for r in results], dtype=np.float64)
