"""A tournament played in the background for the window, cancellable at any moment.

A streaming job in its thread flavour (:class:`~game.core.jobs.stream.StreamingJob`: the
pool's processes are the parallelism, and its thread shares the store with this object)
drives a pool of worker processes (the core tournament's own worker functions, so records
are exactly what ``tabula tournament`` plays) and streams the standings as games finish; the
window reads the latest (:meth:`TournamentJob.progress`).  Games run in processes even with
one worker: the window's thread keeps its interpreter to itself (60 fps), and
:meth:`TournamentJob.stop` (the job's cancel) can end a game half played by terminating the
pool.  Finished games are appended to the tournament folder as they arrive, so a stopped
tournament keeps them; if that file cannot be written the job fails with a message saying
why, keeping the games before.  The job holds the folder's lock from construction to
:meth:`TournamentJob.close`.  No pygame here.
"""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...core.jobs.stream import StreamingJob
from ...core.tournament import ResultStore, Settings, summarize, validate
from ...core.tournament.progress import eta_seconds
from ...core.tournament.results import GamesFileError
from ...core.tournament.runner import (
    Feed,
    init_worker,
    missing_count,
    missing_games,
    play_in_worker,
)
from ...core.tournament.summary import Summary
from ...games import get_game

POLL_SECONDS = 0.1
"""How often the driving thread looks at the cancel event while waiting for a game."""

SUMMARY_SECONDS = 0.25
"""Live standings are recomputed at most this often (and always after the last game)."""


@dataclass(frozen=True)
class Progress:
    """What the window shows: games done, speed, time left, standings so far."""

    status: str
    """``"running"``, ``"finished"``, ``"stopped"`` or ``"failed"``."""
    done: int
    total: int
    rate: float
    """Games per second finished in this run (0 until the first one)."""
    eta: float | None
    """Seconds left at that rate, ``None`` while unknown (the first few games and second)."""
    summary: Summary
    version: int
    """Grows whenever ``summary`` changes."""
    error: str | None = None


class TournamentJob:
    """One tournament run: :meth:`start`, poll :meth:`progress`, :meth:`stop` to cancel.

    ``ValueError`` on construction for an unknown player or a folder that cannot be used
    (another tournament's, another run's, a file, damaged settings).  An existing folder of
    the same tournament resumes (only missing games run); :attr:`notes` says what opening it
    set aside (see :class:`~game.core.tournament.ResultStore`).  :meth:`close` frees the folder.
    """

    def __init__(self, settings: Settings, folder: Path, workers: int = 1,
                 lookup: Callable[[str], Any] = get_game, start_method: str = "spawn") -> None:
        validate(settings, lookup)
        self.settings, self.folder = settings, Path(folder)
        self.workers = max(1, int(workers))
        self.lookup, self.start_method = lookup, start_method
        self.store = ResultStore(self.folder, settings)
        self.notes: list[str] = list(self.store.notes)
        self._lock = threading.Lock()
        self._job: StreamingJob | None = None
        self._status, self._error, self._version = "ready", None, 0
        self._ended = True
        """Whether no driving thread uses the store (set by the thread as it ends)."""
        self._close_when_done = False
        self._start_done = len(self.store.records)
        self._began = time.monotonic()
        try:
            self._summary = summarize(settings, self.store.sorted_records())
        except BaseException:
            self.store.close()  # no job: the folder is free again
            raise

    # -- control ---------------------------------------------------------------------------
    def start(self) -> None:
        self._status, self._began, self._ended = "running", time.monotonic(), False
        self._job = StreamingJob(self._drive, name="tournament", processes=False)

    def stop(self, wait: float = 10.0) -> None:
        """Stop playing (finished games stay stored) and wait for the workers to end."""
        if self._job is not None:
            self._job.cancel()
        self.join(wait)

    def join(self, timeout: float | None = None) -> None:
        if self._job is not None:
            self._job.join(timeout)

    def close(self) -> None:
        """Stop if still playing, then free the folder for other runs (after writing its results).

        Workers slower to stop than :meth:`stop` waits for still own the folder: the job's
        thread frees it when it ends, so no other run writes there meanwhile."""
        self.stop()
        with self._lock:
            if not self._ended:
                self._close_when_done = True
                return
        self.store.close()

    @property
    def running(self) -> bool:
        self._update()
        return self._status == "running"

    # -- state -------------------------------------------------------------------------------
    def progress(self) -> Progress:
        self._update()
        with self._lock:
            done = len(self.store.records)
            elapsed = time.monotonic() - self._began
            played = done - self._start_done
            rate = played / elapsed if elapsed > 0 and played > 0 else 0.0
            total = self.settings.total_games
            eta = eta_seconds(played, total - done, elapsed)
            return Progress(self._status, done, total, rate, eta, self._summary, self._version, self._error)

    def summary(self) -> Summary:
        """Statistics of every finished game (computed now)."""
        with self._lock:
            records = self.store.sorted_records()
        return summarize(self.settings, records)

    def _update(self) -> None:
        """Take the standings the driving thread has sent, and its end."""
        job = self._job
        with self._lock:
            if job is None or self._status != "running":
                return
            for summary in job.poll():
                self._summary, self._version = summary, self._version + 1
            if job.status == "done":
                self._status, self._error = job.result
            elif not job.running:  # the thread's own end failed (it reports the games' failures)
                self._status, self._error = "failed", job.error

    # -- the driving thread ----------------------------------------------------------------------
    def _drive(self, *, send, cancel) -> tuple[str, str | None]:
        """Play the missing games, sending the standings as they change; ``(status, error)``."""
        status, error = "finished", None
        try:
            self._play_missing(send, cancel)
            if cancel.is_set() and len(self.store.records) < self.settings.total_games:
                status = "stopped"
        except GamesFileError as problem:  # its message says which file and why
            status, error = "failed", str(problem)
        except Exception as problem:  # a player or worker failed: report it, keep the games
            status, error = "failed", f"{type(problem).__name__}: {problem}"
        try:
            send(self.summary())
        finally:
            with self._lock:
                self._ended = True
                if self._close_when_done:
                    self.store.close()
        return status, error

    def _play_missing(self, send, cancel) -> None:
        todo, remaining = missing_games(self.settings, self.store), missing_count(self.settings, self.store)
        if not remaining:
            return
        context = multiprocessing.get_context(self.start_method)
        workers = min(self.workers, remaining)
        feed = Feed(todo, ahead=4 * workers)  # the pool's end never waits on its task handler
        pool = context.Pool(workers, init_worker, (self.lookup, self.settings))
        try:
            results = pool.imap_unordered(play_in_worker, feed, 1)
            summarized = 0.0
            while remaining and not cancel.is_set():
                try:
                    record = results.next(POLL_SECONDS)
                except multiprocessing.TimeoutError:
                    continue
                feed.done()
                with self._lock:
                    self.store.append(record)
                remaining -= 1
                if time.monotonic() - summarized >= SUMMARY_SECONDS or not remaining:
                    send(self.summary())
                    summarized = time.monotonic()
        finally:
            feed.stop()
            pool.terminate()
            pool.join()
