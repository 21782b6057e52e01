"""An exclusive, non-blocking lock on a tournament folder, so two runs never append to one file.

The lock is ``DIR/.lock``, held open for as long as the run uses the folder: ``fcntl.flock``
on POSIX, ``msvcrt.locking`` on Windows.  On a platform with neither the lock is skipped
(a run there is not protected against a second one).  The operating system drops the lock
when the process ends, however it ends, so a killed run never leaves a stale lock behind;
the file itself stays (removing it could race with a run that just opened it).
"""

from __future__ import annotations

import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None
try:
    import msvcrt
except ImportError:  # POSIX
    msvcrt = None

LOCK_FILE = ".lock"


class FolderInUse(ValueError):
    """Another run holds the folder's lock."""


class FolderLock:
    """Holds ``folder/.lock`` from construction until :meth:`release` (or garbage collection).

    :class:`FolderInUse` if another run holds it; ``OSError`` if the file cannot be opened.
    """

    def __init__(self, folder: Path) -> None:
        self._fd: int | None = None
        self._fd = os.open(folder / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if fcntl is not None:
                fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            elif msvcrt is not None:
                msvcrt.locking(self._fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            self.release()
            raise FolderInUse(f"{folder} is in use by another tournament run") from None

    def release(self) -> None:
        """Let another run use the folder (closing the file drops the lock); safe to repeat."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        if fcntl is None and msvcrt is not None:
            try:  # Windows wants its byte locks undone before the file closes
                msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
            except OSError:
                pass
        os.close(fd)

    def __del__(self) -> None:
        self.release()
