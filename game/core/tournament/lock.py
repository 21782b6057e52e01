"""An exclusive, non-blocking lock on a tournament folder, so two runs never append to one file.

The lock is ``DIR/.lock``, held open for as long as the run uses the folder: ``fcntl.flock``
on POSIX, ``msvcrt.locking`` on Windows.  On a platform with neither the lock is skipped
(a run there is not protected against a second one).  The operating system drops the lock
when the process ends, however it ends, so a killed run never leaves a stale lock behind;
the file itself stays (removing it could race with a run that just opened it).

A forked child (a worker of the ``fork`` start method) would share the lock — ``flock``
belongs to the open file, which a child's copy of the descriptor keeps open — and hold the
folder after its parent is killed.  So every child closes its copies at once (the lock
stays the parent's), and a new run is let in as soon as the parent is gone.
"""

from __future__ import annotations

import os
import weakref
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]  # None: the platform has no such module
try:
    import msvcrt
except ImportError:  # POSIX
    msvcrt = None  # type: ignore[assignment]  # None: the platform has no such module

LOCK_FILE = ".lock"


class FolderInUse(ValueError):
    """Another run holds the folder's lock."""


_HELD: weakref.WeakSet[FolderLock] = weakref.WeakSet()
"""The locks this process holds."""


def _forget_in_child() -> None:
    """In a forked child: close the copies of the parent's lock files without unlocking
    (unlocking would free the parent's lock too)."""
    for lock in list(_HELD):
        fd, lock._fd = lock._fd, None
        if fd is not None:
            try:
                os.close(fd)
            except OSError:
                pass
    _HELD.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_in_child)


class FolderLock:
    """Holds ``folder/.lock`` from construction until :meth:`release` (or garbage collection).

    :class:`FolderInUse` if another run holds it; ``OSError`` if the file cannot be opened.
    """

    def __init__(self, folder: Path) -> None:
        self._fd: int | None = None
        self._fd = os.open(folder / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
        _HELD.add(self)
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
        _HELD.discard(self)
        if fcntl is None and msvcrt is not None:
            try:  # Windows wants its byte locks undone before the file closes
                msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
            except OSError:
                pass
        os.close(fd)

    def __del__(self) -> None:
        self.release()
