"""A rollout run for the window in a worker process: the figures streamed after each block of
trials, cancellable, keeping what finished.

The game's rollouts (:class:`~game.core.capabilities.Rollouts`: ``plan``, ``run``) run in a
child process started with ``spawn``, off the drawing thread and its interpreter lock, so
the window keeps 60 frames a second.  The child sends the rollout's figures (a frozen
:class:`~game.core.rollout_figures.RolloutFigures`: the candidates best first, with their
intervals) after every block, then the finished ones; the window polls without blocking and
shows the latest (:attr:`RolloutJob.figures`).  :meth:`RolloutJob.cancel` asks the child to stop between
blocks and keeps the figures that arrived (a child still busy :data:`CANCEL_GRACE` seconds
later is ended): a stopped rollout shows what it finished, never nothing.
``processes=False`` runs the same job in a daemon thread (tests, and platforms where no
process can be started).  The process, the queue, the cancel and the reaping are the
streaming job's (:class:`~game.core.jobs.stream.StreamingJob`).  No pygame here.
"""

from __future__ import annotations

import time
from typing import Any

from ...core.capabilities import Rollouts
from ...core.jobs.stream import StreamingJob
from ...core.rollout_figures import RolloutFigures

CANCEL_GRACE = 1.0
"""Seconds a cancelled child may take to finish its block before it is ended."""


def _run(game: str, state: Any, moves: list[str] | None, options: dict, *, send, cancel) -> None:
    """The job (in the child or a thread): the figures after each block, then the last ones
    (``"done"``) or the error."""
    try:
        from ...games import get_game

        rollouts = get_game(game).ability(Rollouts)
        plan = rollouts.plan(state, moves, **options)
        send(("planned", rollouts.planned(plan)))  # said at once, before the first trial ends
        figures = rollouts.run(plan, progress=lambda so_far: send(("progress", so_far)), cancel=cancel.is_set)
        send(("done", figures))
    except ValueError as error:  # what cannot be rolled out, in a sentence for the player
        send(("error", str(error)))
    except Exception as error:  # noqa: BLE001  (reported to the window, never raised there)
        send(("error", f"{type(error).__name__}: {error}"))


class RolloutJob:
    """One rollout of ``state`` (of ``moves``, in notation, or the game's own candidates):
    :meth:`poll` each frame, :meth:`cancel` to stop.

    :attr:`status` is ``"running"``, ``"done"``, ``"cancelled"`` or ``"failed"`` (:attr:`error`
    says why); :attr:`figures` is the latest figures the rollout sent (``None`` before its
    first block); :attr:`changed` counts arrivals."""

    def __init__(self, info, state: Any, moves: list[str] | None = None, options: dict[str, Any] | None = None,
                 processes: bool = True) -> None:
        self.state, self.moves = state, list(moves) if moves else None
        self.options = dict(options or {})
        self.status, self.error = "running", None
        self.started = time.monotonic()
        self.ended: float | None = None
        self.planned: tuple[int, int] | None = None
        """``(trials planned for each line, lines)``, once the child has planned the rollout."""
        self.figures: RolloutFigures | None = None
        self.changed = 0
        self._job = StreamingJob(_run, info.name, state, self.moves, self.options, name="rollout",
                                 processes=processes)

    @property
    def running(self) -> bool:
        return self.status == "running"

    def progress(self) -> tuple[int, int]:
        """``(trials done, trials planned)``: the latest figures', or ``(0, planned)`` before
        any (``(0, 0)`` before the plan is known)."""
        figures = self.figures
        if figures is None:
            return 0, self.planned[0] if self.planned else 0
        return figures.trials_done, figures.trials

    @property
    def elapsed(self) -> float:
        """Seconds since the rollout was asked for (until it ended)."""
        return (self.ended if self.ended is not None else time.monotonic()) - self.started

    def progress_words(self) -> str:
        """``144/1,296 trials · 0:42 · about 5:36 left``: the trials done and planned, the
        time so far and the time left at the pace so far, from the first moment."""
        done, total = self.progress()
        lines = self.planned[1] if self.planned else len(self.moves or ())
        what = f"{lines} line{'s' * (lines != 1)}: " if lines else ""
        elapsed = self.elapsed
        words = f"{what}{done:,}/{f'{total:,}' if total else '…'} trials · {clock(elapsed)}"
        if done and total:
            return f"{words} · about {clock(elapsed * (total - done) / done)} left"
        return f"{words} · timing the first trials"

    def kept_words(self) -> str:
        """What a stopped rollout kept, line by line where the lines differ: "324 trials kept
        for each of the 5 lines", or that no trial had finished."""
        figures = self.figures
        trials = [e.trials for e in figures.estimates] if figures is not None else []
        if not any(trials):
            return "Rollout stopped before any trial finished: nothing is kept"
        if len(set(trials)) == 1:
            lines = len(trials)
            return (f"Rollout stopped: {trials[0]:,} trial{'s' * (trials[0] != 1)} kept"
                    + (f" for each of the {lines} lines" if lines > 1 else ""))
        return "Rollout stopped, trials kept: " + ", ".join(f"{e.notation} {e.trials:,}" for e in figures.estimates)

    @property
    def alive(self) -> bool:
        """True while the job's process (or thread) still runs (it ends soon after a cancel)."""
        return self._job.alive

    def poll(self) -> None:
        """Take what the rollout has reported since the last call (never blocks)."""
        for kind, payload in self._job.poll():  # polled to its end even when done here: that reaps the process
            if not self.running:
                break
            if kind == "planned":
                self.planned = tuple(payload)
                continue
            if kind in ("progress", "done"):
                self.figures = payload
                self.changed += 1
                if kind == "done":
                    self.status, self.ended = "done", time.monotonic()
            else:
                self.status, self.error = "failed", payload
        if self.running and self._job.status == "failed":
            self.status, self.error = "failed", self._job.error
        elif self.running and not self._job.running:
            self.status, self.error = "failed", "the rollout ended without its figures"

    def cancel(self) -> None:
        """Stop the rollout, keeping the figures that arrived; nothing more is reported."""
        if self.running:
            self.poll()
        if self.running:
            self.status, self.ended = "cancelled", time.monotonic()
        self._job.cancel(CANCEL_GRACE)


def clock(seconds: float) -> str:
    """``0:42``, ``12:05``, ``1:02:09``: a duration as a clock shows it."""
    whole = int(round(seconds))
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


def follow(job: RolloutJob | None, banner, keep) -> RolloutJob | None:
    """A frame of a rollout the window shows: poll ``job``, ``keep(job)`` when new figures
    came, and the job again, or ``None`` once it failed (said in the banner)."""
    if job is None:
        return None
    before = job.changed
    job.poll()
    if job.changed != before:
        keep(job)
    if job.status == "failed":
        banner.show(f"The rollout failed: {job.error}", error=True)
        return None
    return job

