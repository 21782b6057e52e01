"""The Drill screen's slow work off the frame: an answer the stored figures cannot grade,
analysed at the card's level, and the variations of a failed card.

Each kind runs in a worker process of its own (:func:`~game.core.jobs.worker.shared`, kept for
the next card, so its imports are paid once), so variations still being checked never hold up
the grading of the next answer.  The child finds the game's
:class:`~game.core.capabilities.drill.Drill` by the game's name; a stand-in ability given
here (tests), or a process that cannot be started, works in a daemon thread instead.  A
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

    ``job(game, facts, *args)`` runs in the worker process ``process`` unless ``local`` (a
    stand-in :class:`Drill`) is given or no process can be started: then in a daemon thread,
    the stand-in's method ``method`` called with ``facts`` and ``args`` (the game's own
    ability's without one)."""

    def __init__(self, process: str, job: Callable[..., Any], game: str, facts: CardFacts, args: tuple,
                 local: Drill | None = None, method: Callable[..., Any] | None = None) -> None:
        self.result: Any = None
        self.error: str | None = None
        self._ticket: Ticket | None = None
        self._finished = threading.Event()
        worker = shared(process) if local is None else None
        if worker is not None and worker.start():
            self._ticket = worker.submit(job, game, facts, *args)
            return
        call = (lambda: method(local, facts, *args)) if local is not None and method is not None \
            else (lambda: job(game, facts, *args))
        threading.Thread(target=self._run, args=(call,), daemon=True, name=f"tabula-{process}").start()

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


def grade_later(facts: CardFacts, answer: str, local: Drill | None = None) -> DrillTask:
    """``answer`` analysed at the card's level (the stored figures lacked it)."""
    return DrillTask(GRADING, analyse_answer, facts.game, facts, (answer,), local, lambda d, f, a: d.analyse(f, a))


def variations_later(facts: CardFacts, seed: int, limit: int, local: Drill | None = None) -> DrillTask:
    """The variations of a failed card, checked (slow)."""
    return DrillTask(VARIATIONS, make_variations, facts.game, facts, (seed, limit), local,
                     lambda d, f, s, n: d.variations(f, seed=s, limit=n))
