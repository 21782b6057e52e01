"""The library read off the frame: one thread with its own connection runs the views' queries.

A query of a small library takes milliseconds, but a large one's list of matches or a search
over many decisions can take longer, and the file may be opened for the first time (made,
migrated).  So the Library screen never reads on the drawing thread: a view asks
(:meth:`Reader.ask`) with a key ("matches", "player", ...) and a function of the open
:class:`~game.core.library.Library`; the thread runs it (``sqlite3`` releases the interpreter
lock while SQLite works) and the screen takes the answers each frame (:meth:`Reader.take`).
A key asked again before its query ran is asked once, with the newest function.  In WAL mode
the reads see every finished write of another program (the bulk analysis' worker) and never
wait for it.  A library that cannot be opened answers every query with its
:class:`~game.core.library.LibraryError`'s words (:attr:`Reader.error`).
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...core.library import Library, LibraryError, open_library

Query = Callable[[Library], Any]


class Reader:
    """Runs queries on the library at ``path`` in a thread (see the module doc)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.error: str | None = None
        """Why the library cannot be opened (``None`` while it can, or before it is tried)."""
        self._cond = threading.Condition()
        self._asked: dict[str, Query] = {}
        self._answers: dict[str, tuple[Any, str | None]] = {}
        self._running: str | None = None
        self._closed = False
        self._thread = threading.Thread(target=self._loop, name="tabula-library-reader", daemon=True)
        self._thread.start()

    def ask(self, key: str, query: Query) -> None:
        """Run ``query(library)`` soon; its answer is taken under ``key`` (a newer ask of the
        same key before it ran replaces it)."""
        with self._cond:
            self._asked.pop(key, None)
            self._asked[key] = query  # to the end: asked last, run last
            self._cond.notify_all()

    def take(self) -> dict[str, tuple[Any, str | None]]:
        """``key: (value, None)`` or ``key: (None, what went wrong)`` of the queries answered
        since the last call."""
        with self._cond:
            answers, self._answers = self._answers, {}
            return answers

    @property
    def idle(self) -> bool:
        """Whether every query asked has been answered (and taken or waiting to be)."""
        with self._cond:
            return not self._asked and self._running is None

    def wait(self, timeout: float = 10.0) -> bool:
        """Wait until :attr:`idle` (tests and screenshots); False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._asked and self._running is None, timeout)

    def close(self) -> None:
        """Stop the thread (it closes its connection); queries not run are dropped."""
        with self._cond:
            self._closed = True
            self._asked.clear()
            self._cond.notify_all()

    def _loop(self) -> None:
        library = self._open()
        try:
            while True:
                with self._cond:
                    self._cond.wait_for(lambda: self._closed or bool(self._asked))
                    if self._closed:
                        return
                    key = next(iter(self._asked))
                    query = self._asked.pop(key)
                    self._running = key
                answer = self._run(library, query)
                with self._cond:
                    self._running = None
                    self._answers[key] = answer
                    self._cond.notify_all()
        finally:
            if library is not None:
                library.close()

    def _open(self) -> Library | None:
        try:
            return open_library(self.path)
        except LibraryError as error:
            self.error = str(error)
        except Exception as error:  # noqa: BLE001 - said on the screen, never raised there
            self.error = f"{type(error).__name__}: {error}"
        return None

    def _run(self, library: Library | None, query: Query) -> tuple[Any, str | None]:
        if library is None:
            return None, self.error
        try:
            return query(library), None
        except Exception as error:  # noqa: BLE001 - a failed query is a message, not a crash
            traceback.print_exc()
            return None, f"{type(error).__name__}: {error}"
