"""Deeper labels for one phase: ``--deepen crashed=sage-3ply``.

A label set is labelled by one teacher (``sage-2ply``: a million positions in 21 minutes on
two cores; 3 ply would take seven hours).  Where our 0 ply loses most, in crashed positions,
a deeper teacher can still be afforded for that phase alone (110,000 positions, about 45
minutes at 3 ply).  The deeper labels live in a label set of their own beside the main one,
``<labels stem>.<phase>-<teacher>.npz``, holding that phase's positions with the deeper
teacher in its header: it is built once, labelled a chunk at a time and saved after each
(a killed run goes on from the last chunk, as the main set does), and the main set is never
rewritten, so the same 2-ply set can be deepened in different ways.  :func:`deepened`
returns the labels the fit uses: the main set's, with that phase's rows replaced by the
deeper teacher's values (matched by position, so the order of either file is free).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np

from ...phase import CONTACT, CRASHED, classify_sides
from .labelling import LabelSet, label_missing
from .teacher import TEACHERS

__all__ = ["DEEPENABLE", "parse_deepen", "deeper_path", "phase_rows", "deepen", "deepened"]

DEEPENABLE = (CONTACT, CRASHED)
"""The phases a label set holds (its race positions are the race network's and the bearoff
database's), and so the phases that can be deepened."""

DEEPER_CHUNK = 2_000
"""Positions a deeper teacher labels between saves: about 50 s at 3 ply on two cores."""


def parse_deepen(text: str) -> tuple[str, str]:
    """``"crashed=sage-3ply"`` → ``("crashed", "sage-3ply")``; ``ValueError`` saying what is wrong."""
    phase, sep, teacher = text.partition("=")
    if not sep or phase not in DEEPENABLE or teacher not in TEACHERS:
        raise ValueError(f"--deepen takes PHASE=TEACHER with PHASE one of {', '.join(DEEPENABLE)} and TEACHER "
                         f"one of {', '.join(TEACHERS)}, not {text!r}")
    return phase, teacher


def deeper_path(labels: Path, phase: str, teacher: str) -> Path:
    """Where the deeper labels of ``phase`` by ``teacher`` for the label set ``labels`` live."""
    stem = labels.name[:-len(".npz")] if labels.name.endswith(".npz") else labels.stem
    return labels.with_name(f"{stem}.{phase}-{teacher}.npz")


def phase_rows(positions: np.ndarray, phase: str) -> np.ndarray:
    """``(N,)`` bool: each ``(N, 2, 26)`` position is of ``phase`` (GNU Backgammon's classes)."""
    return np.array([classify_sides(me, opp) == phase for me, opp in positions], dtype=bool)


def deepen(labels: LabelSet, labels_file: Path, phase: str, teacher: str, *,
           progress: Callable[[int, int, float], None] | None = None, chunk: int = DEEPER_CHUNK) -> LabelSet:
    """The deeper label set of ``phase`` for ``labels`` (read from ``labels_file``), built if
    missing and labelled to the end, saved after every chunk."""
    path = deeper_path(labels_file, phase, teacher)
    if path.exists():
        deeper = LabelSet.load(path)
        if deeper.header.get("teacher") != teacher or deeper.header.get("phase") != phase:
            raise ValueError(f"{path} holds {deeper.header.get('phase')!r} labels by "
                             f"{deeper.header.get('teacher')!r}, not {phase!r} by {teacher!r}: move it away")
    else:
        rows = phase_rows(labels.positions, phase)
        deeper = LabelSet(labels.positions[rows], labels.source[rows],
                          {"teacher": teacher, "phase": phase, "of": labels_file.name})
        deeper.save(path)
    if not deeper.labelled.all():
        label_missing(deeper, path, teacher, chunk=chunk, progress=progress)
    return deeper


def deepened(labels: LabelSet, deeper: LabelSet) -> tuple[np.ndarray, int]:
    """The main set's labels with every position of ``deeper`` valued by it instead, and how
    many rows were replaced (a deeper position the main set lacks is an error: the files
    belong to different label sets)."""
    index = {row.tobytes(): k for k, row in enumerate(labels.positions)}
    values = labels.labels.copy()
    try:
        rows = np.array([index[row.tobytes()] for row in deeper.positions], dtype=np.int64)
    except KeyError:
        raise ValueError("the deeper labels hold a position the label set lacks: they belong to another "
                         "label set") from None
    values[rows] = deeper.labels
    return values, len(rows)
