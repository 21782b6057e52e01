"""The study library's bulk analysis run for the window in a worker process: every match not yet
reviewed at a level, reviewed and stored, the progress streamed as matches finish.

The analysis (:func:`game.core.library.analysing.analyse`, as ``tabula library analyze``
runs it) runs in a child process started with ``spawn`` (a streaming job,
:class:`~game.core.jobs.stream.StreamingJob`), off the drawing thread and its interpreter lock:
the window keeps its 60 frames a second.  The child opens the library itself and stores each
match's review in one transaction as it finishes; the library is in WAL mode, so the Library
screen keeps reading it meanwhile and sees each match as it is stored.  Cancel asks the child
to stop after the match it is on and ends the process after :data:`CANCEL_GRACE` (a match can
take minutes): a match half analysed was never stored, every finished one is kept, and the
next run starts from the first unfinished one.  No pygame here.
"""

from __future__ import annotations

from pathlib import Path

from ...core.jobs.stream import StreamingJob
from ...core.library.analysing import Progress

CANCEL_GRACE = 1.0
"""Seconds a cancelled child may take to stop before it is ended."""


def _run(path: str, level: str, *, send, cancel) -> Progress | None:
    """The job (in the child): the bulk analysis of the library at ``path`` at ``level``, a
    ``("progress", Progress)`` message after each match; the last :class:`Progress`."""
    from ...core.library import open_library
    from ...core.library.analysing import MatchAnalyser, analyse
    from ...games import get_game

    def progress(state: Progress) -> None:
        send(("progress", state))
        if cancel.is_set():  # the documented way to stop analyse: the finished matches are stored
            raise KeyboardInterrupt

    with open_library(path) as library:
        try:
            return analyse(library, MatchAnalyser(get_game, level), workers=1, progress=progress)
        except KeyboardInterrupt:
            return None


class LibraryAnalysis:
    """One bulk analysis of the library at ``path`` at ``level``: :meth:`poll` each frame,
    :meth:`cancel` to stop.

    :attr:`status` is ``"running"``, ``"done"``, ``"cancelled"`` or ``"failed"`` (:attr:`error`
    says why); :attr:`progress` is the last :class:`~game.core.library.analysing.Progress`
    (``None`` until the child has counted the matches); :attr:`finished` counts the matches
    stored so far (the screen reads the library again when it grows)."""

    def __init__(self, path: Path, level: str, processes: bool = True) -> None:
        self.path, self.level = Path(path), level
        self.status, self.error = "running", None
        self.progress: Progress | None = None
        self._job = StreamingJob(_run, str(self.path), level, name="library analysis", processes=processes)

    @property
    def running(self) -> bool:
        return self.status == "running"

    @property
    def in_process(self) -> bool:
        """Whether the analysis runs in a child process (else, where none can start, a thread)."""
        return self._job.in_process

    @property
    def pid(self) -> int | None:
        return self._job.pid

    @property
    def finished(self) -> int:
        return self.progress.done if self.progress is not None else 0

    def poll(self) -> bool:
        """Take what the job reported since the last call (never blocks); whether a match was
        finished since."""
        if not self.running:
            return False
        before = self.finished
        for kind, value in self._job.poll():
            if kind == "progress":
                self.progress = value
        if self._job.status == "done":
            self.status = "done" if self._job.result is not None else "cancelled"
            if self._job.result is not None:
                self.progress = self._job.result
        elif self._job.status == "failed":
            self.status, self.error = "failed", self._job.error
        elif self._job.status == "cancelled":
            self.status = "cancelled"
        return self.finished != before

    def cancel(self) -> None:
        """Stop after the match on hand (or end the process after the grace): every finished
        match is kept."""
        if self.running:
            self.poll()
        if self.running:
            self.status = "cancelled"
        self._job.cancel(CANCEL_GRACE)

    def join(self, timeout: float | None = None) -> bool:
        return self._job.join(timeout)
