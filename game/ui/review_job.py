"""A whole-game review run for the window in a worker process, with progress, cancellable.

The review (:func:`game.core.review.review`) runs in a child process started with ``spawn``
(off the drawing thread and off its interpreter lock: the window keeps 60 frames a second),
which reports ``decision k of n`` through a queue the window polls without blocking.

- A game that came from a file is reviewed with :func:`~game.core.review.cached_review` and
  that file's path, so the report is kept in ``<file>.review`` and a second review is
  instant: the cache is read here first, and a valid one never starts a process.
- A game with no file (or played on since it was loaded) keeps its report in memory for
  the session (:data:`MEMORY`, keyed as the file cache is).
- :meth:`ReviewJob.cancel` asks the child to stop (it raises ``ReviewCancelled`` before its
  next decision, so nothing is cached) and ends the process after a short grace.
- ``processes=False`` runs the same job in a daemon thread (tests of the screen's layout,
  and platforms where no process can be started).  No pygame here.
"""

from __future__ import annotations

import multiprocessing
import queue
import threading
import time
from pathlib import Path
from typing import Any

from ..core.match import GameRecord
from ..core.review import (
    ReviewCancelled,
    cache_key,
    cached_review,
    read_cache,
    review,
    review_marks,
)
from ..core.review_report import Report

MEMORY: dict[str, Report] = {}
"""Reports of games with no file, by cache key, for this run of the program."""

CANCEL_GRACE = 0.5
"""Seconds a cancelled child may take to stop before it is ended."""


def _run(game: str, record: GameRecord, options: dict, thresholds, save: str | None, out, cancel) -> None:
    """The job (in the child or a thread): progress, then the report or the error, to ``out``."""
    try:
        from ..games import get_game

        info = get_game(game)
        hooks = {"progress": lambda done, total: out.put(("progress", done, total)), "cancelled": cancel.is_set}
        if save is not None:
            report, _ = cached_review(info, record, save, options, thresholds, **hooks)
        else:
            report = review(info, record, options, thresholds, **hooks)
        out.put(("done", report))
    except ReviewCancelled:
        out.put(("cancelled", None))
    except Exception as error:  # noqa: BLE001  (reported to the window, never raised there)
        out.put(("error", f"{type(error).__name__}: {error}"))


class ReviewJob:
    """One review of ``record``: :meth:`poll` each frame, :meth:`cancel` to stop.

    :attr:`status` is ``"running"``, ``"done"`` (:attr:`report` set), ``"cancelled"`` or
    ``"failed"`` (:attr:`error` says why); :attr:`done`/:attr:`total` count decisions
    (``total`` 0 until the child has counted them)."""

    def __init__(self, info, record: GameRecord, options: dict[str, Any] | None = None,
                 save: Path | str | None = None, thresholds=None, processes: bool = True) -> None:
        self.info, self.record = info, record
        self.options = dict(options or {})
        self.thresholds = review_marks(info) if thresholds is None else tuple(thresholds)
        self.save = None if save is None else str(save)
        self.key = cache_key(record, self.options, self.thresholds)
        self.status, self.report, self.error = "running", None, None
        self.done = self.total = 0
        self.from_cache = False
        self._process = self._stop = None
        self._cancel_at: float | None = None
        known = MEMORY.get(self.key) if self.save is None else read_cache(self.save, self.key)
        if known is not None:
            self.status, self.report, self.from_cache = "done", known, True
            return
        args = (info.name, record, self.options, self.thresholds, self.save)
        if processes:
            try:
                context = multiprocessing.get_context("spawn")
                self._queue, self._stop = context.Queue(), context.Event()
                self._process = context.Process(target=_run, args=(*args, self._queue, self._stop),
                                                daemon=True, name="tabula-review")
                self._process.start()
                return
            except Exception:  # noqa: BLE001  (no processes here: a thread does it)
                self._process = None
        self._queue, self._stop = queue.Queue(), threading.Event()
        threading.Thread(target=_run, args=(*args, self._queue, self._stop), daemon=True,
                         name="tabula-review").start()

    @property
    def running(self) -> bool:
        return self.status == "running"

    @property
    def alive(self) -> bool:
        """True while a worker process of this job still runs (it ends soon after a cancel)."""
        return self._process is not None and self._process.is_alive()

    def poll(self) -> None:
        """Take what the job has reported since the last call (never blocks)."""
        ended = self._process is not None and not self._process.is_alive()  # before draining: no message lost
        while self.running:
            try:
                message = self._queue.get_nowait()
            except (queue.Empty, OSError, ValueError, EOFError):
                break
            if message[0] == "progress":
                self.done, self.total = message[1], message[2]
            elif message[0] == "done":
                self.status, self.report = "done", message[1]
                if self.save is None:
                    MEMORY[self.key] = self.report
            elif message[0] == "cancelled":
                self.status = "cancelled"
            else:
                self.status, self.error = "failed", message[1]
        if ended and self.running:
            self.status, self.error = "failed", "the review process stopped unexpectedly"
        if self._cancel_at is not None and time.monotonic() > self._cancel_at:
            self._end_process()

    def cancel(self) -> None:
        """Stop the review: nothing is reported or cached any more."""
        if self.running:
            self.status = "cancelled"
        if self._stop is not None:
            self._stop.set()
        if self._process is not None:
            self._cancel_at = time.monotonic() + CANCEL_GRACE
            threading.Thread(target=self._reap, daemon=True, name="tabula-review-reap").start()

    def _reap(self) -> None:
        process = self._process
        if process is None:
            return
        process.join(CANCEL_GRACE)
        if process.is_alive():
            process.terminate()
            process.join(1)

    def _end_process(self) -> None:
        process, self._process = self._process, None
        if process is not None and process.is_alive():
            process.terminate()
