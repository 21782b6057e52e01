"""Label sets: positions with the teacher's values, built and labelled in resumable chunks.

A label set is one ``.npz`` file: ``positions`` ``(N, 2, 26)`` int8 (side on roll first),
``labels`` ``(N, 5)`` float32 (NaN where not labelled yet), ``source`` ``(N,)`` uint8 (index
into the header's ``sources``) and a JSON ``header`` (teacher, its version, the sampling
settings).  :func:`label_missing` labels the unlabelled rows ``chunk`` at a time and writes
the file after each chunk (atomically), so a killed run loses one chunk at most and the
next run goes on from there.  Chunks go to Open Sage's own threads locally, or to Ray tasks
with ``cluster`` (each task labels one chunk; which node labels which chunk changes nothing).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from ..network import json_array, read_json, read_npz, write_npz
from .teacher import label

__all__ = ["LabelSet", "label_missing", "MAX_LABEL_SET_BYTES"]

MAX_LABEL_SET_BYTES = 1 << 30
"""Largest label set read back (about 5 million positions)."""


class LabelSet:
    """Positions, their labels (NaN: not yet), where each came from, and a header."""

    def __init__(self, positions: np.ndarray, source: np.ndarray, header: dict,
                 labels: np.ndarray | None = None) -> None:
        self.positions = np.asarray(positions, dtype=np.int8).reshape(-1, 2, 26)
        self.source = np.asarray(source, dtype=np.uint8)
        self.header = dict(header)
        self.labels = (np.full((len(self.positions), 5), np.nan, dtype=np.float32) if labels is None
                       else np.asarray(labels, dtype=np.float32))
        if len(self.source) != len(self.positions) or self.labels.shape != (len(self.positions), 5):
            raise ValueError("a label set's positions, sources and labels differ in length")

    @property
    def labelled(self) -> np.ndarray:
        return ~np.isnan(self.labels).any(axis=1)

    def save(self, path: str | Path) -> Path:
        return write_npz(path, {"positions": self.positions, "labels": self.labels, "source": self.source,
                                "header": json_array(self.header)})

    @staticmethod
    def load(path: str | Path) -> "LabelSet":
        """The label set at ``path``; ``ValueError`` naming the file if it is not one."""
        what = "a Tabula label set"
        data = read_npz(path, what, MAX_LABEL_SET_BYTES)
        try:
            header = read_json(data["header"])
            positions, labels, source = data["positions"], data["labels"], data["source"]
            ok = (isinstance(header, dict) and positions.dtype == np.int8 and positions.ndim == 3
                  and positions.shape[1:] == (2, 26) and labels.shape == (len(positions), 5)
                  and labels.dtype.kind == "f" and source.shape == (len(positions),))
            finite = labels[~np.isnan(labels).any(axis=1)]
            ok = ok and bool(((finite >= 0) & (finite <= 1)).all())
            ok = ok and bool((positions >= 0).all() and (positions.sum(axis=2) == 15).all())
        except (KeyError, ValueError, TypeError) as error:
            raise ValueError(f"{path} is not {what} ({error})") from None
        if not ok:
            raise ValueError(f"{path} is not {what} (its arrays do not fit together)")
        return LabelSet(positions, source, header, labels)


def label_missing(labels: LabelSet, path: str | Path, teacher: str, *, chunk: int = 20_000, threads: int = 0,
                  cluster=None, progress: Callable[[int, int, float], None] | None = None) -> LabelSet:
    """Label every unlabelled row of ``labels`` with ``teacher``, saving to ``path`` after
    each chunk; ``progress(done, total, seconds)`` after each.  ``cluster`` (a Ray handle
    with ``map(function, items)``) labels the chunks as Ray tasks instead."""
    todo = np.flatnonzero(~labels.labelled)
    total, start = len(labels.positions), time.monotonic()
    chunks = [todo[k:k + chunk] for k in range(0, len(todo), chunk)]
    if cluster is not None:
        results = cluster.map(_label_chunk, [(labels.positions[rows], teacher) for rows in chunks])
    else:
        results = (_label_chunk((labels.positions[rows], teacher, threads)) for rows in chunks)
    for rows, values in zip(chunks, results):
        labels.labels[rows] = values
        labels.save(path)
        if progress:
            progress(int(labels.labelled.sum()), total, time.monotonic() - start)
    return labels


def _label_chunk(job) -> np.ndarray:
    positions, teacher, *rest = job
    return label(positions, teacher, threads=rest[0] if rest else 1).astype(np.float32)
