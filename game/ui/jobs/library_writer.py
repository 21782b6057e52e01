"""The window's writes to the study library, done by one background thread so a frame never
waits for the disk or for another program's transaction.

Adding a match and its review takes a few milliseconds, but the library is one SQLite file
that another program may be writing (``tabula library add``, the Library screen's bulk
analysis in its worker process): a write then waits for the other's transaction.  So each
write runs here, in order, on a connection of its own whose busy timeout is short
(:data:`BUSY_SECONDS`): a library still busy after that is said in the banner ("the library
is busy: … not added") instead of holding anything up for the library's usual 30 seconds.
A library that cannot be opened (:class:`~game.core.library.LibraryError`) or any other
failure is one message too; nothing here ever raises into the window.  The messages wait for
the window to show them (:meth:`LibraryWriter.messages`, read each frame by the app), and
:meth:`LibraryWriter.flush` waits for the writes given so far (the window closing: a game
just finished still goes in).

It is not a streaming job (:mod:`game.core.jobs.stream`), for the autosaver's reasons: the
work flows to the disk, nothing comes back but messages, and a process would gain nothing
for a few milliseconds of I/O (``sqlite3`` releases the interpreter lock while it waits).
"""

from __future__ import annotations

import atexit
import sqlite3
import threading
import traceback
from collections import deque
from collections.abc import Callable
from pathlib import Path

from ...core.library import Library, LibraryError, open_library

BUSY_SECONDS = 2.0
"""How long a window's write waits for another program's transaction before it gives up."""

Work = Callable[[Library], str | None]
"""A write: done with the open library; returns a note for the banner, or ``None``."""


def is_busy(error: sqlite3.OperationalError) -> bool:
    """Whether ``error`` is SQLite's "another connection holds the lock" (after the timeout)."""
    text = str(error).lower()
    return "locked" in text or "busy" in text


class LibraryWriter:
    """One thread that runs the window's library writes in order (see the module doc)."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._waiting: deque[tuple[Path, str, Work]] = deque()
        self._writing = False
        self._messages: list[tuple[str, bool]] = []
        self._thread: threading.Thread | None = None
        self.written = 0
        """Writes finished so far, whatever their outcome (for tests)."""
        self.busy_seconds = BUSY_SECONDS

    def submit(self, path: Path, what: str, work: Work) -> None:
        """Run ``work`` on the library at ``path`` soon; ``what`` names it in a message
        ("the game", "the review")."""
        with self._cond:
            self._waiting.append((Path(path), what, work))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="tabula-library", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float | None = 10.0) -> bool:
        """Wait until every write given so far is done (or failed); False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._waiting and not self._writing, timeout)

    def messages(self) -> list[tuple[str, bool]]:
        """``(text, is an error)`` of the writes done since the last call, for the banner."""
        with self._cond:
            messages, self._messages = self._messages, []
            return messages

    def _loop(self) -> None:
        while True:
            with self._cond:
                if not self._cond.wait_for(lambda: bool(self._waiting), timeout=5.0):
                    self._thread = None  # idle: end (a later write starts a new one)
                    return
                path, what, work = self._waiting.popleft()
                self._writing = True
            message = self._write(path, what, work)
            with self._cond:
                self._writing = False
                self.written += 1
                if message is not None:
                    self._messages.append(message)
                self._cond.notify_all()

    def _write(self, path: Path, what: str, work: Work) -> tuple[str, bool] | None:
        """Open, run ``work``, close; the message to show (``None``: nothing to say)."""
        try:
            library = open_library(path)
        except LibraryError as error:
            return f"{what.capitalize()} was not added to the library: {error}", True
        except Exception as error:  # noqa: BLE001 - never lose the thread (or the window) to a failure
            return f"{what.capitalize()} was not added to the library: {type(error).__name__}: {error}", True
        try:
            library.connection.execute(f"PRAGMA busy_timeout = {int(self.busy_seconds * 1000)}")
            note = work(library)
            return (note, False) if note else None
        except sqlite3.OperationalError as error:
            if is_busy(error):
                return (f"The library is busy (another program is writing to it): {what} was not added "
                        f"({path.name})", True)
            return f"{what.capitalize()} was not added to the library: {error}", True
        except Exception as error:  # noqa: BLE001 - a bug here must not take the window down
            traceback.print_exc()
            return f"{what.capitalize()} was not added to the library: {type(error).__name__}: {error}", True
        finally:
            library.close()


LIBRARY_WRITER = LibraryWriter()
"""The window's one library writer (one thread keeps the writes in order)."""
atexit.register(LIBRARY_WRITER.flush, 5.0)  # the thread is a daemon: what was given is still written
