"""Position analysis off the drawing thread: the hint panel, the tutor and the graph read it.

One daemon thread has the game's ``Analysis.analyze`` run on one position at a time, in the
program's shared "analysis" process (:mod:`game.core.jobs.worker`; off the drawing thread's
interpreter lock, so the window keeps its frame rate) when ``analyze`` and its options can
be sent there, else in the thread itself: the
position on screen first (:meth:`Analyst.focus`), then positions queued for the graph
(:meth:`Analyst.request`).  Results are cached by state (states are immutable values), so
each position is analysed once.  When the position on screen changes, a search still
running for an older one is cancelled through ``Limits.cancel`` (for games whose analysis is
declared ``analysis_cancellable``) unless the graph still wants it.  A failing analysis is kept as an error
message for the window to show; it never reaches the drawing thread as an exception.

A request is a state, or :class:`Including` a state and a move for games whose analysis
takes ``include`` (the tutor judging a move the filters left shallow, at the depth of the
best, as a review does).

The records' factors are computed where they are first read (:mod:`game.core.factors`); for
the position on screen, those of the rows shown first (:data:`EXPLAINED`) with the analysis,
in its process, so the drawing thread computes factors only when another row is selected
(one or two plays, a few milliseconds, once).
"""

from __future__ import annotations

import pickle
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...core.factors import explain
from ...core.jobs.tasks import run_analysis
from ...core.jobs.worker import WorkerProcess, shared
from ...core.search import Limits, SearchCancelled

EXPLAINED = 2
"""The records of the position on screen whose factors are computed with the analysis, where
it runs (:mod:`game.core.factors`): the best, which the hint table selects first, and the
runner-up it is compared with.  Another row's are computed when it is selected."""


@dataclass(frozen=True)
class Including:
    """The analysis of ``state`` with ``move`` searched as deep as the best (``include``)."""

    state: Any
    move: Any


def _call(request: Any) -> tuple[Any, dict[str, Any]]:
    """The state a request analyses and the options it adds."""
    if isinstance(request, Including):
        return request.state, {"include": request.move}
    return request, {}


def analysis_process() -> WorkerProcess:
    """The program's process for analyses."""
    return shared("analysis")


def _sendable(*values: Any) -> bool:
    try:
        pickle.dumps(values)
    except Exception:  # a local function (tests), a lambda: it stays in this process
        return False
    return True


class Analyst:
    """Analyses positions in a background thread; :meth:`get` returns the records when done."""

    def __init__(self, analyze: Callable[..., list], options: dict[str, Any] | None = None,
                 cancellable: bool = False, processes: bool = True) -> None:
        """``options`` go to every ``analyze`` call as they are (the game declares which it
        takes); ``cancellable``: ``analyze`` also takes ``limits`` and stops when cancelled;
        ``processes``: run it in the analysis process when it can be sent there."""
        self._analyze = analyze
        self._options = dict(options or {})
        self._limits = cancellable
        self._cond = threading.Condition()
        self._results: dict[Any, list] = {}
        self._errors: dict[Any, str] = {}
        self._focus: Any = None
        self._queue: list[Any] = []
        self._queued: set = set()
        self._running: tuple[Any, Limits] | None = None
        self._thread: threading.Thread | None = None
        self._closed = False
        self._process = analysis_process() if processes and _sendable(analyze, self._options) else None
        if self._process is not None and not self._process.start():  # started early: imports take a while
            self._process = None
        self.pid: int | None = None
        """The process that made the last analysis (``None``: this one)."""

    @property
    def options(self) -> dict[str, Any]:
        """The options passed to ``analyze``, e.g. ``{"level": "advanced"}``."""
        return dict(self._options)

    # -- what the window asks -------------------------------------------------------------
    def focus(self, state: Any) -> None:
        """Analyse ``state`` next (it is on screen); cancel a search of a position no one wants."""
        with self._cond:
            if state is self._focus or state == self._focus:
                return
            self._focus = state
            running = self._running
            if running is not None and running[0] != state and running[0] not in self._queued:
                running[1].cancel.set()
            self._wake()

    def request(self, state: Any, first: bool = False) -> None:
        """Analyse ``state`` when nothing more urgent is waiting (the graph's past positions);
        ``first``: before the other waiting requests (still after the focus)."""
        with self._cond:
            if state not in self._results and state not in self._errors and state not in self._queued:
                self._queue.insert(0 if first else len(self._queue), state)
                self._queued.add(state)
                self._wake()

    def withdraw(self, states: Any) -> None:
        """Requests no one waits for any more (the every-roll grid closed, its position gone):
        those still queued are dropped, and a search of one still running is cancelled (for
        a cancellable analysis) unless it is the position on screen."""
        with self._cond:
            gone = {state for state in states if state in self._queued}
            self._queue = [state for state in self._queue if state not in gone]
            self._queued -= gone
            running = self._running
            if running is not None and running[0] in gone and running[0] != self._focus:
                running[1].cancel.set()

    def get(self, state: Any) -> list | None:
        """The analysis records of ``state`` (best first), or ``None`` until they are ready."""
        with self._cond:
            return self._results.get(state)

    def error(self, state: Any) -> str | None:
        with self._cond:
            return self._errors.get(state)

    def done(self, state: Any) -> bool:
        """True once ``state`` has been analysed, successfully or not."""
        with self._cond:
            return state in self._results or state in self._errors

    @property
    def busy(self) -> bool:
        with self._cond:
            return self._running is not None or self._next() is not None

    def close(self) -> None:
        """Stop the thread after its current search (which is cancelled)."""
        with self._cond:
            self._closed = True
            if self._running is not None:
                self._running[1].cancel.set()
            self._cond.notify_all()

    # -- the thread -----------------------------------------------------------------------
    def _wake(self) -> None:
        if self._thread is None and not self._closed:
            self._thread = threading.Thread(target=self._loop, daemon=True, name="tabula-analyst")
            self._thread.start()
        self._cond.notify_all()

    def _next(self) -> Any:
        focus = self._focus
        if focus is not None and focus not in self._results and focus not in self._errors:
            return focus
        while self._queue and (self._queue[0] in self._results or self._queue[0] in self._errors):
            self._queued.discard(self._queue.pop(0))
        return self._queue[0] if self._queue else None

    def _loop(self) -> None:
        while True:
            with self._cond:
                while not self._closed and self._next() is None:
                    self._cond.wait()
                if self._closed:
                    return
                state = self._next()
                explained = EXPLAINED if state == self._focus else 0
                limits = Limits()
                self._running = (state, limits)
            records, error = self._run(state, limits, explained)
            with self._cond:
                self._running = None
                if state in self._queued:
                    self._queue.remove(state)
                    self._queued.discard(state)
                if records is not None:
                    self._results[state] = records
                elif error is not None:
                    self._errors[state] = error

    def _run(self, request: Any, limits: Limits, explained: int) -> tuple[list | None, str | None]:
        if self._process is not None and self._process.start():
            return self._run_remote(request, limits, explained)
        state, extra = _call(request)
        options = dict(self._options, **extra)
        if self._limits:
            options["limits"] = limits
        try:
            records = list(self._analyze(state, **options))
            explain(records[:explained])
            return records, None
        except SearchCancelled:
            return None, None
        except Exception as error:  # shown in the window, never raised into the drawing thread
            traceback.print_exc()
            return None, f"the analysis failed: {type(error).__name__}: {error}"

    def _run_remote(self, request: Any, limits: Limits, explained: int) -> tuple[list | None, str | None]:
        """:meth:`_run` in the analysis process; this thread waits (off the lock) and passes
        on a cancel: a cancellable analysis is stopped when its position is no longer
        wanted, any analysis when the analyst is closed."""
        state, extra = _call(request)
        ticket = self._process.submit(run_analysis, self._analyze, state, dict(self._options, **extra), self._limits,
                                      explained)
        while not ticket.wait(0.05):
            if limits.cancel.is_set() and (self._limits or self._closed) and not ticket.cancelled:
                ticket.cancel()
        kind, value = ticket.outcome
        self.pid = ticket.pid
        if kind == "ok":
            return value, None
        if kind == "cancelled":
            return None, None
        return None, f"the analysis failed: {value}"
