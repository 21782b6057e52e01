"""Starting the child of a :class:`~.worker.WorkerProcess`: a fresh interpreter that serves jobs
over one connection (:func:`~.child.serve`).

On POSIX the child is a plain subprocess (:class:`ChildProcess`) running
:func:`~.child.child_main` on an inherited socket: a fresh interpreter, as ``spawn`` gives, and
not one of ``multiprocessing``'s children (those are the tournament's and the streaming jobs',
which ``multiprocessing.active_children`` accounts for).  Elsewhere it is a ``spawn`` process
of ``multiprocessing``.  Either way its numerical libraries use one thread each
(:data:`SINGLE_THREADED`), and it ends with this process.
"""

from __future__ import annotations

import atexit
import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

SINGLE_THREADED = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
"""The child's numerical libraries use one thread each (unless the user says otherwise): a
search in parallel threads would leave no core free for drawing on a two-core machine."""

CHILD_CODE = ("import sys, json; sys.path[:] = json.loads(sys.argv[1]); "
              "from game.core.jobs.child import child_main; child_main(int(sys.argv[2]))")
"""What a :class:`ChildProcess` runs: this process's import path, then the child's main on
the socket whose descriptor is its second argument."""


class ChildProcess:
    """A child started as a plain subprocess (POSIX), talking over one socket.  It ends when
    this process ends (its socket closes, and the kernel signals it on Linux)."""

    sentinel = None  # its death shows as the end of its socket

    def __init__(self, popen) -> None:
        self._popen = popen
        self.pid = popen.pid

    @classmethod
    def start(cls, name: str):
        """``(child, connection)``: a fresh child serving jobs on the other end of the connection."""
        import json
        import socket
        import subprocess
        from multiprocessing.connection import Connection

        ours, theirs = socket.socketpair()
        env = dict(os.environ)
        for variable in SINGLE_THREADED:  # numpy's BLAS threads would take the window's core
            env.setdefault(variable, "1")
        try:
            popen = subprocess.Popen([sys.executable, "-c", CHILD_CODE, json.dumps(sys.path), str(theirs.fileno()),
                                      name], pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL, close_fds=True,
                                     env=env)
        finally:
            theirs.close()
        conn = Connection(ours.detach())
        _STARTED.append(popen)
        return cls(popen), conn

    def is_alive(self) -> bool:
        return self._popen.poll() is None

    def kill(self) -> None:
        if self._popen.poll() is None:
            self._popen.kill()

    def join(self, timeout: float | None = None) -> None:
        import subprocess

        try:
            self._popen.wait(timeout)
        except subprocess.TimeoutExpired:
            pass

    @property
    def exitcode(self) -> int | None:
        return self._popen.poll()


def start_child(name: str, context: Any) -> tuple[ChildProcess | BaseProcess, Connection]:
    """``(process, connection)`` of a fresh child serving jobs: a :class:`ChildProcess` on
    POSIX, else a daemon ``multiprocessing`` process of ``context``.  Raises when no process
    can be started here."""
    if os.name == "posix":
        return ChildProcess.start(name)
    from .child import serve

    parent, child = context.Pipe()
    process = context.Process(target=serve, args=(child,), daemon=True, name=f"tabula-{name}")
    process.start()
    child.close()
    return process, parent


_STARTED: list = []


@atexit.register
def _end_children() -> None:
    for popen in _STARTED:
        if popen.poll() is None:
            popen.kill()
