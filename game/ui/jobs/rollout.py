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
        self.figures: RolloutFigures | None = None
        self.changed = 0
        self._job = StreamingJob(_run, info.name, state, self.moves, self.options, name="rollout",
                                 processes=processes)

    @property
    def running(self) -> bool:
        return self.status == "running"

    def progress(self) -> tuple[int, int]:
        """``(trials done, trials planned)`` of the latest figures (``(0, 0)`` before any)."""
        figures = self.figures
        return (0, 0) if figures is None else (figures.trials_done, figures.trials)

    @property
    def alive(self) -> bool:
        """True while the job's process (or thread) still runs (it ends soon after a cancel)."""
        return self._job.alive

    def poll(self) -> None:
        """Take what the rollout has reported since the last call (never blocks)."""
        for kind, payload in self._job.poll():  # polled to its end even when done here: that reaps the process
            if not self.running:
                break
            if kind in ("progress", "done"):
                self.figures = payload
                self.changed += 1
                if kind == "done":
                    self.status = "done"
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
            self.status = "cancelled"
        self._job.cancel(CANCEL_GRACE)


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

