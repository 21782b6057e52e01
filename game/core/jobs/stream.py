"""One streaming job: a function run in a child process (or a daemon thread) that sends
messages back as it goes, polled by its owner without blocking, cancellable with a grace.

A job is a module-level function (so a ``spawn`` child imports it by reference)::

    def count(up_to, *, send, cancel):
        for n in range(up_to):
            if cancel.is_set():
                return "stopped"
            send(("step", n))
        return "counted"

    job = StreamingJob(count, 10, name="count")
    job.poll()        # [("step", 0), ("step", 1), ...]: what arrived since the last call
    job.status        # "running", then "done" (job.result: "counted"), "failed" or "cancelled"

- **Where it runs.** In a child process started with ``spawn`` (off the drawing thread and its
  interpreter lock), or in a daemon thread when ``processes=False``, when
  ``TABULA_NO_PROCESSES`` is set, or when no process can be started here (:attr:`fallback`
  says why: arguments that do not pickle are one such case).  Messages and the result travel
  pickled over a pipe from a process; a message that does not pickle raises at the job's
  ``send``.  The child ignores Ctrl-C (its owner handles it, keeping what arrived) and ends
  when its parent does.
- **Messages** arrive in the order sent; :meth:`poll` hands each once and never waits for
  the job (only, at most, for the rest of a message being written).
- **Ending.** The job's return value ends it (``"done"``, :attr:`result`); an exception it
  raises fails it (``"failed"``, :attr:`error` is ``"Type: message"``); a process that dies
  without ending fails it too (:attr:`error` says so, with its exit code) unless it was
  cancelled.
- **Cancelling.** :meth:`cancel` sets the job's ``cancel`` event; a process still running
  ``grace`` seconds later is ended (a thread cannot be ended: it stops when it next looks).
  Messages that arrived before the end are still handed by :meth:`poll`; a job that returns
  after a cancel (a partial result) is ``"done"``, one ended by the grace ``"cancelled"``.
- No process outlives its job: a finished one is reaped when :meth:`poll` sees its end, a
  cancelled one ended after its grace and reaped, by one thread of the job's.

A new kind of background work (a library's bulk analysis, a score map) plugs in as one such
function and a thin owner on the window's side (``game/ui/jobs/``) that starts a
:class:`StreamingJob`, turns its messages into what the screen shows each frame, and picks a
grace: see ``ReviewJob`` and ``RolloutJob`` there.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import queue
import signal
import threading
import traceback
from collections.abc import Callable
from multiprocessing.connection import wait as wait_any
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # multiprocessing.synchronize cannot be imported where processes cannot share locks
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess
    from multiprocessing.synchronize import Event as EventType

GRACE = 1.0
"""Seconds a cancelled process may take to stop by itself before it is ended (by default)."""

_MESSAGE, _END, _ERROR = "message", "end", "error"
"""Tags of what travels back: a message the job sent, its result, its failure."""


_GONE = (BrokenPipeError, ConnectionResetError, EOFError)
"""What sending raises in the child once the owner closed its end (a cancelled job, a window closed)."""


class _OwnerGone(BaseException):
    """The owner stopped listening: the job ends quietly.  Not an ``Exception``, so a job's own
    ``except Exception`` (which reports its failures back) lets it through."""


class _Sender:
    """``send(message)`` as the job sees it: the message tagged, put on the channel."""

    def __init__(self, put: Callable[[Any], None]) -> None:
        self._put = put

    def __call__(self, message: Any) -> None:
        try:
            self._put((_MESSAGE, message))
        except _GONE:
            raise _OwnerGone from None


def _main(target: Callable[..., Any], args: tuple, channel: Any, cancel: Any, in_child: bool) -> None:
    """Run ``target`` (in the child or the thread) and send its end: its result or its failure.
    ``channel``: the pipe's end to the owner (in the child), else the owner's queue."""
    put = channel.send if in_child else channel.put
    if in_child:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the owner's to handle
        try:
            from ..tournament.runner import end_with_parent

            end_with_parent()
        except Exception:  # noqa: BLE001  (a convenience: the daemon flag ends it too)
            pass
    try:
        result = target(*args, send=_Sender(put), cancel=cancel)
    except _OwnerGone:  # nobody to tell: the owner cancelled it or is gone
        return
    except BaseException as error:  # noqa: BLE001  (reported to the owner, never raised there)
        if in_child:
            traceback.print_exc()
        with contextlib.suppress(*_GONE):
            put((_ERROR, f"{type(error).__name__}: {error}"))
        return
    try:
        put((_END, result))
    except _GONE:
        return
    except Exception as error:  # noqa: BLE001  (a result that does not pickle)
        put((_ERROR, f"cannot send the result back: {type(error).__name__}: {error}"))


class StreamingJob:
    """``target(*args, send=..., cancel=...)`` in a child process or a daemon thread (see the
    module's notes): :meth:`poll` for its messages, :meth:`cancel` to stop it.

    :attr:`status` is ``"running"``, ``"done"`` (:attr:`result` holds the return value),
    ``"failed"`` (:attr:`error` says why) or ``"cancelled"``; it changes in :meth:`poll`."""

    def __init__(self, target: Callable[..., Any], *args: Any, name: str = "job", processes: bool = True,
                 start_method: str = "spawn") -> None:
        self.name = name
        self.status = "running"
        self.result: Any = None
        self.error: str | None = None
        self.fallback: str | None = None
        """Why a job asked to run in a process runs in a thread (``None`` when it does not)."""
        self._process: BaseProcess | None = None
        self._thread: threading.Thread | None = None
        self._reader: Connection | None = None
        self._cancel: threading.Event | EventType
        self._cancelled = self._reaping = False
        if processes and os.environ.get("TABULA_NO_PROCESSES"):
            self.fallback = "turned off by TABULA_NO_PROCESSES"
        elif processes:
            try:
                self._start_process(target, args, start_method)
                return
            except Exception as error:  # noqa: BLE001  (no processes here: a thread does it)
                self._process = self._reader = None
                self.fallback = f"{type(error).__name__}: {error}"
        self._queue: queue.Queue = queue.Queue()
        self._cancel = threading.Event()
        self._thread = threading.Thread(target=_main, args=(target, args, self._queue, self._cancel, False),
                                        daemon=True, name=f"tabula-{name}")
        self._thread.start()

    def _start_process(self, target: Callable[..., Any], args: tuple, start_method: str) -> None:
        context = multiprocessing.get_context(start_method)
        reader, writer = context.Pipe(duplex=False)
        self._cancel = context.Event()
        # Every start method's context has a Process; the stub's BaseContext declares none.
        process = context.Process(target=_main, args=(target, args, writer, self._cancel, True),  # type: ignore[attr-defined]
                                  daemon=True, name=f"tabula-{self.name}")
        try:
            process.start()
        finally:
            writer.close()  # the child's alone: its death ends the pipe
        self._process, self._reader = process, reader

    # -- the owner's side ----------------------------------------------------------------------
    @property
    def in_process(self) -> bool:
        """Whether the job runs in a child process (else in a thread)."""
        return self._process is not None

    @property
    def pid(self) -> int | None:
        """The child process' id (``None`` in a thread)."""
        return self._process.pid if self._process is not None else None

    @property
    def alive(self) -> bool:
        """Whether the job's process or thread still runs (it ends soon after a cancel)."""
        if self._process is not None:
            return not self._exited(0)
        return self._thread is not None and self._thread.is_alive()

    @property
    def running(self) -> bool:
        return self.status == "running"

    def poll(self) -> list[Any]:
        """The messages that arrived since the last call, in order; never blocks.  Updates
        :attr:`status` when the job has ended."""
        if not self.running:
            return []
        ended = not self.alive  # looked at before reading: whatever it sent is there to read
        messages: list[Any] = []
        for tag, value in self._arrived():
            if tag == _MESSAGE:
                messages.append(value)
                continue
            if tag == _END:
                self.status, self.result = "done", value
            else:
                self.status, self.error = "failed", value
            break
        if self.running and (ended or self._broken):
            if self._cancelled:
                self.status = "cancelled"
            else:
                if self._process is not None:
                    self._exited(1.0)  # its pipe closes as it exits: a moment at most
                self._finished()  # reaped first, so its exit code is known
                code = self._process.exitcode if self._process is not None else None
                self.status, self.error = "failed", f"the {self.name} process stopped unexpectedly (exit code {code})"
        if not self.running:
            self._finished()
        return messages

    def cancel(self, grace: float = GRACE) -> None:
        """Ask the job to stop (its ``cancel`` event); end its process if it still runs
        ``grace`` seconds later.  What arrived stays for :meth:`poll`."""
        if self._cancelled:
            return
        self._cancelled = True
        self._cancel.set()
        if self._process is not None:
            self._end_process(grace)

    def join(self, timeout: float | None = None) -> bool:
        """Wait until the process or thread has ended (at most ``timeout`` seconds); whether it has."""
        if self._process is not None:
            self._exited(timeout)
        elif self._thread is not None:
            self._thread.join(timeout)
        return not self.alive

    # -- internals ------------------------------------------------------------------------------
    _broken = False
    """The pipe from the child ended without the job's end: the child is gone."""

    def _arrived(self):
        """What travelled back since the last look, tagged, in order (never blocks)."""
        if self._reader is None:
            while True:
                try:
                    yield self._queue.get_nowait()
                except queue.Empty:
                    return
        while not self._broken:
            try:
                if not self._reader.poll():
                    return
                yield self._reader.recv()
            except (EOFError, OSError):  # the child is gone (and the pipe read to its end)
                self._broken = True
            except Exception as error:  # noqa: BLE001  (a message that does not unpickle here)
                yield _ERROR, f"cannot read the {self.name} job's message: {type(error).__name__}: {error}"

    def _exited(self, timeout: float | None) -> bool:
        """Whether the process has ended, waiting at most ``timeout`` seconds; it looks at the
        process' sentinel and never reaps it (only :meth:`_end_process` waits for its status:
        two threads doing so would race)."""
        assert self._process is not None  # asked of a job in a process only
        return bool(wait_any([self._process.sentinel], timeout))

    def _finished(self) -> None:
        """The job has ended: close the pipe, and reap the process (ending it if it lingers)."""
        if self._reader is not None:
            self._reader.close()
            self._reader = None
            self._broken = True
        if self._process is not None:
            self._end_process(GRACE)

    def _end_process(self, grace: float) -> None:
        """Reap the process, ending it if it still runs ``grace`` seconds from now: at once when
        it has ended, else in one thread of this job's (started once)."""
        if self._reaping:
            return
        self._reaping = True
        assert self._process is not None  # asked of a job in a process only
        if self._exited(0):
            self._process.join()
            return
        threading.Thread(target=_end, args=(self._process, grace), daemon=True,
                         name=f"tabula-{self.name}-end").start()


def _end(process, grace: float) -> None:
    """Wait ``grace`` seconds for ``process`` to end, then end it."""
    process.join(grace)
    if process.is_alive():
        process.terminate()
        process.join(1)
    if process.is_alive():
        process.kill()
        process.join(1)
