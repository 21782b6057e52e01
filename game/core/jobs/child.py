"""The child side of a :class:`~.worker.WorkerProcess`: it runs the jobs sent over its
connection one at a time, in order, and answers each with its outcome.

A job arrives as ``("run", id, pickle of (job, args))`` and is called as
``job(*args, cancel=event)``; ``("cancel", id)`` sets that job's event (a reader thread takes
cancels while a job runs).  The answer is ``(id, outcome, pid)``, ``outcome`` being
``("ok", result)``, ``("cancelled", None)`` (the job raised
:class:`~game.core.search.SearchCancelled`) or ``("error", "Type: message")`` (its traceback
goes to the child's stderr).  The child ignores Ctrl-C (the parent's to handle) and ends when
its parent does, or when its connection closes.
"""

from __future__ import annotations

import os
import pickle
import queue
import signal
import sys
import threading
import traceback
from typing import Any

from ..search.base import SearchCancelled

NICE = 0
"""How much lower the child's priority is than the window's (POSIX).  0: a niced child is
starved by any other busy program, and the window needs little of a core anyway."""


def child_main(fd: int) -> None:
    """Entry of a :class:`~.launch.ChildProcess`: serve jobs on the socket ``fd``."""
    from multiprocessing.connection import Connection

    serve(Connection(fd))


def serve(conn) -> None:
    """The child's main: run jobs from ``conn`` one at a time; a thread reads cancels."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    try:
        from ..tournament.runner import end_with_parent

        end_with_parent()
    except Exception:
        pass
    if NICE and hasattr(os, "nice"):
        try:
            os.nice(NICE)
        except OSError:
            pass
    jobs: queue.Queue = queue.Queue()
    lock = threading.Lock()
    current: dict[str, Any] = {"id": None, "event": None}
    cancelled: set[int] = set()

    def read() -> None:
        while True:
            try:
                message = conn.recv()
            except (EOFError, OSError):
                os._exit(0)  # the parent is gone
            if message[0] == "run":
                jobs.put(message)
            elif message[0] == "cancel":
                with lock:
                    if current["id"] == message[1]:
                        current["event"].set()
                    else:
                        cancelled.add(message[1])

    threading.Thread(target=read, daemon=True, name="tabula-jobs-reader").start()
    pid = os.getpid()
    while True:
        _, job_id, payload = jobs.get()
        event = threading.Event()
        with lock:
            current["id"], current["event"] = job_id, event
            if job_id in cancelled:
                cancelled.discard(job_id)
                event.set()
        try:
            job, args = pickle.loads(payload)  # here, so a job that cannot be imported is an error
            outcome = ("ok", job(*args, cancel=event))
        except SearchCancelled:
            outcome = ("cancelled", None)
        except Exception as error:
            traceback.print_exc()
            outcome = ("error", f"{type(error).__name__}: {error}")
        with lock:
            current["id"], current["event"] = None, None
        try:
            conn.send((job_id, outcome, pid))
        except (OSError, EOFError):
            os._exit(0)
        except Exception as error:  # a result that does not pickle
            conn.send((job_id, ("error", f"cannot send the result back: {type(error).__name__}: {error}"), pid))
        sys.stderr.flush()


