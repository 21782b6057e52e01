"""The Drill screen's slow work off the frame: an answer the stored figures cannot grade,
analysed at the card's level, and the variations of a failed card.

Each kind runs in a worker process of its own (:func:`~game.core.jobs.worker.shared`, kept for
the next card, so its imports are paid once), so variations still being checked never hold up
the grading of the next answer.  The child finds the game's
:class:`~game.core.capabilities.drill.Drill` by the game's name.  Without processes
(:data:`PROCESSES` off: tests, whose stand-in ability works in a thread; or a process that
cannot be started) the ability the screen holds does the work in a daemon thread.  A
:class:`DrillTask` is polled each frame and never blocks it.  No pygame here.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable
from typing import Any

from ...core.capabilities.drill import CardFacts, Drill
from ...core.jobs.worker import Ticket, shared

GRADING, VARIATIONS = "drill", "drill-variations"
"""The worker processes' names: grading an answer, making variations."""
PROCESSES = True
"""Work in the worker processes (tests turn it off: their stand-in :class:`Drill` works in a thread)."""


def _drill_of(game: str) -> Drill:
    from ...games import get_game

    drill = get_game(game).ability(Drill)
    if drill is None:
        raise ValueError(f"{game} has no drills")
    return drill


def analyse_answer(game: str, facts: CardFacts, answer: str, *, cancel: threading.Event | None = None):
    """In the child: ``answer`` graded by analysing it (:meth:`Drill.analyse`)."""
    return _drill_of(game).analyse(facts, answer)


def make_variations(game: str, facts: CardFacts, seed: int, limit: int, *, cancel: threading.Event | None = None):
    """In the child: up to ``limit`` checked variations of ``facts`` (:meth:`Drill.variations`)."""
    return _drill_of(game).variations(facts, seed=seed, limit=limit)


class DrillTask:
    """One piece of drill work: :attr:`done`, then :attr:`result` or :attr:`error`.

    ``job(game, facts, *args)`` runs in the worker process ``process`` (the child finds the
    game's ability); without processes (see the module doc) ``method(drill, facts, *args)``
    runs in a daemon thread, ``drill`` being the ability the screen holds."""

    def __init__(self, process: str, job: Callable[..., Any], facts: CardFacts, args: tuple, drill: Drill,
                 method: Callable[..., Any]) -> None:
        self.result: Any = None
        self.error: str | None = None
        self._ticket: Ticket | None = None
        self._finished = threading.Event()
        worker = shared(process) if PROCESSES else None
        if worker is not None and worker.start():
            self._ticket = worker.submit(job, facts.game, facts, *args)
            return
        threading.Thread(target=self._run, args=(lambda: method(drill, facts, *args),), daemon=True,
                         name=f"tabula-{process}").start()

    def _run(self, call: Callable[[], Any]) -> None:
        try:
            self.result = call()
        except Exception as error:  # noqa: BLE001 - reported on the screen, never raised there
            traceback.print_exc()
            self.error = f"{type(error).__name__}: {error}"
        self._finished.set()

    @property
    def done(self) -> bool:
        """Whether the work has ended (its :attr:`result` or :attr:`error` is set)."""
        ticket = self._ticket
        if ticket is None:
            return self._finished.is_set()
        if not ticket.done:
            return False
        kind, value = ticket.outcome
        if kind == "ok":
            self.result = value
        elif self.error is None:
            self.error = "stopped" if kind == "cancelled" else str(value)
        return True

    def cancel(self) -> None:
        """Nobody waits for the result any more (a process' job is stopped)."""
        if self._ticket is not None:
            self._ticket.cancel()


def warm_up() -> None:
    """Start the grading process now, without waiting (its imports take a few seconds): the
    first answer it must analyse then does not wait for them too."""
    if PROCESSES:
        shared(GRADING).start()


def grade_later(drill: Drill, facts: CardFacts, answer: str) -> DrillTask:
    """``answer`` analysed at the card's level (the stored figures lacked it)."""
    return DrillTask(GRADING, analyse_answer, facts, (answer,), drill, lambda d, f, a: d.analyse(f, a))


def variations_later(drill: Drill, facts: CardFacts, seed: int, limit: int) -> DrillTask:
    """Up to ``limit`` checked variations of a failed card (slow)."""
    return DrillTask(VARIATIONS, make_variations, facts, (seed, limit), drill,
                     lambda d, f, s, n: d.variations(f, seed=s, limit=n))
