"""A whole-game review run for the window in a worker process: decisions streamed as they are
analysed, cancellable, and resumable.

The review (:func:`game.core.review.run.review`) runs in a child process started with ``spawn``
(off the drawing thread and off its interpreter lock: the window keeps 60 frames a second).
Through a queue the window polls without blocking, the child sends the plan (the players and
every decision to review, by ply and game), then each decision as soon as it is analysed,
then the report.  The window (this object, in the parent) keeps what has arrived
(:attr:`ReviewJob.games`) and is the only one to write the cache:

- A game that came from a file keeps its review in ``<file>.review``
  (:func:`~game.core.review.run.read_cache_entry`): a complete entry is shown at once and never
  starts a process; a partial one (a review stopped half way) is shown at once too, and the
  child analyses only the decisions it lacks (``resume``).
- A game with no file (or played on since it was loaded) keeps its report, complete or
  partial, in memory for the session (:data:`MEMORY`, keyed as the file cache is).
- :meth:`ReviewJob.cancel` keeps every decision that has arrived as a partial entry (file or
  memory), asks the child to stop and ends the process after :data:`CANCEL_GRACE`: what was
  finished is never analysed again.
- ``processes=False`` runs the same job in a daemon thread (tests of the screen's layout,
  and platforms where no process can be started).

The process, the queue, the cancel and the reaping are the streaming job's
(:class:`~game.core.jobs.stream.StreamingJob`); this object turns its messages into the
review on show.  No pygame here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.jobs.stream import StreamingJob
from ...core.match import GameRecord
from ...core.review.plain import review_marks, review_of
from ...core.review.report import Decision, Report
from ...core.review.run import (
    ReviewCancelled,
    ReviewPlan,
    cache_key,
    partial_report,
    read_cache_entry,
    review,
    review_context,
    write_cache,
)

MEMORY: dict[str, tuple[Report, bool]] = {}
"""``(report, complete)`` of games with no file, by cache key, for this run of the program."""

CANCEL_GRACE = 0.5
"""Seconds a cancelled child may take to stop before it is ended."""


def _run(game: str, record: GameRecord, options: dict, thresholds, resume: Report | None, *, send, cancel) -> None:
    """The job (in the child or a thread): the plan, each decision, then the report or the
    error, sent as they come."""
    try:
        from ...games import get_game

        info = get_game(game)
        plan = ReviewPlan(info, record)
        send(("plan", list(plan.labels), [(ply, plan.game_of(ply)) for ply, *_ in plan.steps]))
        report = review(info, record, options, thresholds, plan=plan, resume=resume, cancelled=cancel.is_set,
                        progress=lambda done, total: send(("progress", done, total)),
                        decided=lambda decision: send(("decision", decision)))
        send(("done", report))
    except ReviewCancelled:
        send(("cancelled", None))
    except Exception as error:  # noqa: BLE001  (reported to the window, never raised there)
        send(("error", f"{type(error).__name__}: {error}"))


class ReviewJob:
    """One review of ``record``: :meth:`poll` each frame, :meth:`cancel` to stop.

    :attr:`status` is ``"running"``, ``"done"`` (:attr:`report` set), ``"cancelled"`` or
    ``"failed"`` (:attr:`error` says why); :attr:`done`/:attr:`total` count decisions
    (``total`` 0 until the child has counted them); :attr:`games` holds the decisions
    finished so far by game (a cached partial review's first), :attr:`planned` the plies of
    every decision to review (empty until the plan arrives), :attr:`changed` counts arrivals
    (the screen redraws what depends on them when it moves)."""

    def __init__(self, info, record: GameRecord, options: dict[str, Any] | None = None,
                 save: Path | str | None = None, thresholds=None, processes: bool = True) -> None:
        self.info, self.record = info, record
        self.options = dict(options or {})
        self.thresholds = review_marks(info) if thresholds is None else tuple(thresholds)
        self.save = None if save is None else str(save)
        self.key = cache_key(record, self.options, self.thresholds, review_context(info))
        self.status, self.report, self.error = "running", None, None
        self.done = self.total = 0
        self.from_cache = False
        self.labels: list[str] = []
        self.games: dict[int, list[Decision]] = {}
        self.planned: dict[int, int] = {}
        """Ply of each decision to review -> its game number (from the child's plan)."""
        self.changed = 0
        self.resumed = 0
        """How many decisions came from a partial review kept before."""
        self._job: StreamingJob | None = None
        entry = MEMORY.get(self.key) if self.save is None else read_cache_entry(self.save, self.key)
        if entry is not None and entry[1]:
            self.status, self.report, self.from_cache = "done", entry[0], True
            self.labels = list(entry[0].players)
            return
        resume = entry[0] if entry is not None else None
        if resume is not None:
            self.labels = list(resume.players)
            self.games = {number: list(decisions) for number, decisions in resume.games}
            self.resumed = self.done = len(resume.decisions)
            self.changed = 1
        self._job = StreamingJob(_run, info.name, record, self.options, self.thresholds, resume, name="review",
                                 processes=processes)

    @property
    def running(self) -> bool:
        return self.status == "running"

    @property
    def alive(self) -> bool:
        """True while the job's process (or thread) still runs (it ends soon after a cancel)."""
        return self._job is not None and self._job.alive

    @property
    def decisions(self) -> list[Decision]:
        """The decisions finished so far, game by game."""
        return [d for number in sorted(self.games) for d in self.games[number]]

    def partial(self) -> Report | None:
        """The decisions finished so far as a partial report (``None`` before the plan
        arrives, when there is none), totals counted over them."""
        if not self.labels:
            return None
        return partial_report(review_of(self.info), self.labels, self.games)

    def poll(self) -> None:
        """Take what the job has reported since the last call (never blocks)."""
        if self._job is None:
            return
        for message in self._job.poll():  # polled to its end even when done here: that reaps the process
            if not self.running:
                break
            kind = message[0]
            if kind == "plan":
                self.labels, self.planned = message[1], dict(message[2])
                self.total = len(self.planned)
                self.changed += 1
            elif kind == "progress":
                self.done, self.total = message[1], message[2]
            elif kind == "decision":
                decision = message[1]
                self.games.setdefault(self.planned.get(decision.ply, 1), []).append(decision)
                self.changed += 1
            elif kind == "done":
                self.status, self.report = "done", message[1]
                self.games = {number: list(decisions) for number, decisions in self.report.games}
                self.changed += 1
                self._keep(self.report, complete=True)
            elif kind == "cancelled":
                self.status = "cancelled"
            else:
                self.status, self.error = "failed", message[1]
        if self.running and self._job.status == "failed":
            self.status, self.error = "failed", self._job.error
        elif self.running and not self._job.running:
            self.status, self.error = "failed", "the review ended without its report"

    def _keep(self, report: Report, complete: bool) -> None:
        """Store ``report`` where this game's review is kept (the file's cache, or memory)."""
        if self.save is None:
            MEMORY[self.key] = (report, complete)
        else:
            write_cache(self.save, self.key, report, complete=complete)

    def cancel(self) -> None:
        """Stop the review, keeping the decisions finished so far (a partial entry the next
        review of this game goes on from); nothing more is reported."""
        if self.running:
            self.poll()  # what has arrived meanwhile is kept too
        if self.running:
            self.status = "cancelled"
            partial = self.partial()
            if partial is not None and partial.decisions and len(partial.decisions) > self.resumed:
                self._keep(partial, complete=False)
        if self._job is not None:
            self._job.cancel(CANCEL_GRACE)
