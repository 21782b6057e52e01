"""The autosave written by a background thread, so a move never waits for the disk.

:func:`~game.core.saves.save_game` (JSON, a temporary file, ``fsync``, ``os.replace``) can
take tens of milliseconds: several frames.  :class:`Autosaver` hands each record to one
writer thread.  Saves are written in order and atomically (by ``save_game``); when records
arrive faster than they are written only the newest waiting one is written (latest wins:
each is the whole game).  :meth:`flush` waits for the last one (leaving a game, closing the
window), so nothing is lost; a failed write is kept as a message for the window to show.

It is not a streaming job (:mod:`game.core.jobs.stream`) on purpose: its work flows the
other way (records to the disk, nothing back but failures), one long-lived writer keeps the
saves in order and coalesces the ones waiting, and :meth:`flush` must wait for the disk;
a job per save would lose the order and the coalescing, and a process would gain nothing
for a few milliseconds of I/O.
"""

from __future__ import annotations

import atexit
import threading
from pathlib import Path
from typing import Any

from ...core.saves import SaveError, save_game


class Autosaver:
    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._waiting: tuple[Path, Any] | None = None
        self._writing = False
        self._errors: list[str] = []
        self._thread: threading.Thread | None = None
        self.written = 0
        """Records written so far (for tests)."""

    def save(self, path: Path | str, record: Any) -> None:
        """Write ``record`` to ``path`` soon (replacing a record still waiting)."""
        with self._cond:
            self._waiting = (Path(path), record)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="tabula-autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float | None = 10.0) -> bool:
        """Wait until every record given so far is on disk (or failed); False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: self._waiting is None and not self._writing, timeout)

    def errors(self) -> list[str]:
        """The messages of failed writes since the last call."""
        with self._cond:
            errors, self._errors = self._errors, []
            return errors

    def _loop(self) -> None:
        while True:
            with self._cond:
                if not self._cond.wait_for(lambda: self._waiting is not None, timeout=5.0):
                    self._thread = None  # idle: end (a later save starts a new one)
                    return
                (path, record), self._waiting = self._waiting, None
                self._writing = True
            try:
                save_game(path, record)
                error = None
            except SaveError as problem:
                error = str(problem)
            except Exception as problem:  # never lose the thread to an unexpected failure
                error = f"{type(problem).__name__}: {problem}"
            with self._cond:
                self._writing = False
                self.written += 1
                if error is not None:
                    self._errors.append(error)
                self._cond.notify_all()


AUTOSAVER = Autosaver()
"""The program's one autosave writer (one file, so one writer keeps the saves in order)."""
atexit.register(AUTOSAVER.flush)  # the thread is a daemon: the last save is still written
