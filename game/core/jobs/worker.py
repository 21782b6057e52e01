"""The parent's side of a long-lived worker process: jobs off the drawing thread *and* off its
interpreter lock.

A :class:`WorkerProcess` runs one job at a time in a child process (a fresh interpreter,
:mod:`.launch`: a fork of a process holding display or audio threads is unsafe).  A job is a
picklable module-level function (:mod:`.tasks`), called in the child (:mod:`.child`) as
``job(*args, cancel=event)``; its arguments and result travel pickled (states are immutable
values, so they do).  :meth:`WorkerProcess.submit` returns a :class:`Ticket` that the caller
polls without blocking (``ticket.done``).

- The child is started on first use (or early with :meth:`WorkerProcess.start`, which does
  not wait for it) and reused for every job, so its imports are paid once.
- :meth:`Ticket.cancel` drops a queued job, or sets the running job's ``cancel`` event in the
  child (searches poll it and raise :class:`~game.core.search.SearchCancelled`).  A job
  still running :data:`CANCEL_GRACE` seconds later is stopped by ending the process; a new
  one is started at once for the next job.
- A job that raises gives an ``("error", "Type: message")`` outcome (its traceback is
  printed on the child's stderr); a child that dies gives an error outcome too.  Nothing
  raises into the caller.
- The child ends with its parent, so closing the program never waits for it.
- ``TABULA_NO_PROCESSES`` set in the environment starts no process (:attr:`WorkerProcess.failure`
  says so; callers then run their jobs in a thread).

One thread per worker process ("pump", in the parent) sends the jobs and receives the
results; it spends its time blocked on the pipes, so it costs the drawing thread nothing.
"""

from __future__ import annotations

import collections
import itertools
import multiprocessing
import os
import pickle
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import wait as wait_any
from typing import TYPE_CHECKING, Any

from .launch import ChildProcess, start_child

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

CANCEL_GRACE = 0.2
"""Seconds a cancelled job may take to stop before its process is ended."""

MAX_DEATHS = 3
"""Child deaths in a row, with no answer between them, after which no process is started."""

_ids = itertools.count(1)


class Ticket:
    """One submitted job: poll :attr:`done`, then read :attr:`outcome` and :attr:`pid`.

    ``outcome`` is ``("ok", result)``, ``("error", message)`` or ``("cancelled", None)``;
    ``pid`` is the process that ran the job (``None`` when it never ran).
    """

    def __init__(self, owner: WorkerProcess, job: Callable[..., Any], args: tuple) -> None:
        self.id = next(_ids)
        self.job, self.args = job, args
        self.outcome: tuple[str, Any] | None = None
        self.pid: int | None = None
        self.cancelled = False
        self._owner = owner
        self._done = threading.Event()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def cancel(self) -> None:
        """Nobody wants the result any more: stop the job (see the module's notes)."""
        self._owner._cancel(self)

    def _finish(self, outcome: tuple[str, Any], pid: int | None = None) -> None:
        if not self._done.is_set():
            self.outcome, self.pid = outcome, pid
            self._done.set()


class WorkerProcess:
    """A child process running submitted jobs one at a time, in order."""

    def __init__(self, name: str, start_method: str = "spawn", grace: float = CANCEL_GRACE) -> None:
        self.name = name
        self.grace = grace
        self._context = multiprocessing.get_context(start_method)
        self._lock = threading.Lock()
        self._queue: collections.deque[Ticket] = collections.deque()
        self._running: Ticket | None = None
        self._sent_cancel = False
        self._deadline: float | None = None
        self._process: ChildProcess | BaseProcess | None = None
        self._conn: Connection | None = None
        self._wake_r, self._wake_w = self._context.Pipe(duplex=False)
        self._pump: threading.Thread | None = None
        self._closed = False
        self._deaths = 0  # child deaths since the last answer
        self.failure: str | None = "turned off by TABULA_NO_PROCESSES" if os.environ.get("TABULA_NO_PROCESSES") else None
        """Why the process could not be started (callers then run their jobs in a thread)."""

    # -- the caller's side ------------------------------------------------------------------
    def start(self) -> bool:
        """Start the process (without waiting for its imports) and the pump; False if it
        cannot be started."""
        with self._lock:
            if self.failure is not None or self._closed:
                return False
            if self._pump is None:  # from now on the pump starts the process again when needed
                if not self._launch():
                    return False
                self._pump = threading.Thread(target=self._pump_loop, daemon=True, name=f"tabula-{self.name}-pump")
                self._pump.start()
        return True

    @property
    def pid(self) -> int | None:
        process = self._process
        return process.pid if process is not None else None

    def submit(self, job: Callable[..., Any], *args: Any) -> Ticket:
        """Queue ``job(*args, cancel=event)`` for the child; the ticket is done when it ends."""
        ticket = Ticket(self, job, args)
        if not self.start():
            ticket._finish(("error", f"no worker process: {self.failure}"))
            return ticket
        with self._lock:
            self._queue.append(ticket)
        self._wake()
        return ticket

    def close(self) -> None:
        """End the process; running and queued jobs finish as cancelled."""
        with self._lock:
            self._closed = True
            tickets = list(self._queue) + ([self._running] if self._running else [])
            self._queue.clear()
            self._running = None
            process, self._process = self._process, None
        for ticket in tickets:
            ticket._finish(("cancelled", None))
        if process is not None:
            process.kill()
            process.join(1)
        self._wake()

    # -- internals --------------------------------------------------------------------------
    def _launch(self) -> bool:
        """Start a fresh child (under ``_lock``)."""
        try:
            process, parent = start_child(self.name, self._context)
        except Exception as error:  # no processes on this platform / in this sandbox
            self.failure = f"{type(error).__name__}: {error}"
            return False
        if self._conn is not None:
            self._conn.close()  # the previous child's
        self._process, self._conn = process, parent
        return True

    def _wake(self) -> None:
        try:
            self._wake_w.send_bytes(b"w")
        except OSError:
            pass

    def _cancel(self, ticket: Ticket) -> None:
        with self._lock:
            ticket.cancelled = True
            if ticket in self._queue:
                self._queue.remove(ticket)
                ticket._finish(("cancelled", None))
                return
            if ticket is not self._running:
                return
        self._wake()

    def _pump_loop(self) -> None:
        while True:
            with self._lock:
                if self._closed:
                    return
                if self._process is None:
                    if self._deaths >= MAX_DEATHS:
                        self.failure = f"the worker process stopped {self._deaths} times without answering"
                    if self.failure is not None or not self._launch():
                        for ticket in self._queue:
                            ticket._finish(("error", f"no worker process: {self.failure}"))
                        self._queue.clear()
                        return
                process, conn = self._process, self._conn
                assert process is not None and conn is not None  # launched together
                send = None
                if self._running is None and self._queue:
                    self._running = send = self._queue.popleft()
                    self._sent_cancel, self._deadline = False, None
                running = self._running
                cancel_now = running is not None and running.cancelled and not self._sent_cancel
                if cancel_now:
                    self._sent_cancel = True
                    self._deadline = time.monotonic() + self.grace
                deadline = self._deadline
            if send is not None:
                try:
                    conn.send(("run", send.id, pickle.dumps((send.job, send.args))))
                except Exception as error:  # an argument that does not pickle, or a dead pipe
                    with self._lock:
                        self._running = None
                    send._finish(("error", f"cannot hand the job to the worker process: {type(error).__name__}: {error}"))
                    continue
            if cancel_now and running is not None:  # (cancel_now implies a running job)
                try:
                    conn.send(("cancel", running.id))
                except OSError:
                    pass
            timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready = wait_any([self._wake_r, conn] + ([process.sentinel] if process.sentinel is not None else []),
                             timeout)
            if self._wake_r in ready:
                while self._wake_r.poll():
                    self._wake_r.recv_bytes()
            if conn in ready:
                try:
                    job_id, outcome, pid = conn.recv()
                except (EOFError, OSError):
                    self._died(process)
                    continue
                with self._lock:
                    self._deaths = 0
                    running = self._running
                    if running is not None and running.id == job_id:
                        self._running, self._deadline = None, None
                    else:
                        running = None
                if running is not None:
                    running._finish(outcome, pid)
            elif process.sentinel is not None and process.sentinel in ready:
                self._died(process)
            elif deadline is not None and time.monotonic() >= deadline:
                self._stop_overdue(process)

    def _died(self, process) -> None:
        with self._lock:
            self._deaths += 1
            running, self._running, self._deadline = self._running, None, None
            if self._process is process:
                self._process = None
        process.join(1)
        if running is not None:
            if running.cancelled:
                running._finish(("cancelled", None), process.pid)
            else:
                running._finish(("error", f"the worker process stopped unexpectedly (exit code {process.exitcode})"),
                                process.pid)

    def _stop_overdue(self, process) -> None:
        """A cancelled job did not stop in time: end its process (a new one starts next loop)."""
        with self._lock:
            if self._process is process:
                self._process = None
        process.kill()
        process.join(1)
        with self._lock:
            running, self._running, self._deadline = self._running, None, None
        if running is not None:
            running._finish(("cancelled", None), process.pid)


_SHARED: dict[str, WorkerProcess] = {}
_SHARED_LOCK = threading.Lock()


def shared(name: str) -> WorkerProcess:
    """The program's one worker process called ``name`` (``"moves"``, ``"analysis"``)."""
    with _SHARED_LOCK:
        worker = _SHARED.get(name)
        if worker is None or worker._closed:
            worker = _SHARED[name] = WorkerProcess(name)
        return worker


