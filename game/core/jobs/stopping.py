"""Stopping a long job: SIGINT (Ctrl-C) and SIGTERM (``kill``, ``timeout``, a job scheduler)
take the same clean path, and the exit code says which came.

Every long job of the command line (rollouts, reviews, training, tournaments, calibration)
already stops on ``KeyboardInterrupt`` keeping what it finished.  :func:`stop_signals`
(around each command, :func:`game.cli.main`) makes SIGTERM raise it too, and remembers the
first stop signal, so :func:`exit_code` is 130 after SIGINT and 143 after SIGTERM (128 + the
signal's number, as shells report a process ended by it).  A command during which a stop
signal came never exits 0, even when its work happened to finish.

Inside :func:`held` the first stop signal raises nothing: it only sets
:func:`stop_requested`, which the job asks between its steps (a rollout between the plies of
a block, training between steps) and then stops there.  This is for code that spends its
time in compiled functions (numba): an exception raised by a signal handler while one runs
surfaces as ``SystemError: CPUDispatcher(...) returned a result with an exception set``
instead of a ``KeyboardInterrupt``.  A second stop signal raises at once (a user pressing
Ctrl-C again does not want to wait); :func:`is_interrupt` recognises that ``SystemError``
shape as an interrupt on the stop paths.

Worker processes of a job take no decision (:func:`as_worker`): the parent handles the stop,
tells its workers (:func:`tell_workers`) and ends them.  A process forked while the handlers
are in place gets the signals' defaults back (a pool ends its workers with SIGTERM).
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
"""The signals that stop a job cleanly."""

_received: int | None = None
"""The first stop signal received since :func:`stop_signals` began (``None``: none)."""
_holding = 0
"""How deep inside :func:`held` the main thread is."""
_worker = False
"""Whether this process is a job's worker (:func:`as_worker`)."""
_active = False
"""Whether :func:`stop_signals` is in force."""


def _handle(signum: int, frame) -> None:
    """The handler of both stop signals (see the module doc)."""
    global _received
    first = _received is None
    if first:
        _received = signum
    if _worker or (_holding and first):
        return
    raise KeyboardInterrupt


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


@contextmanager
def stop_signals() -> Iterator[None]:
    """While inside: SIGINT and SIGTERM both raise ``KeyboardInterrupt`` (outside :func:`held`)
    and are remembered for :func:`exit_code`.  Only on the main thread (elsewhere nothing
    changes); the previous handlers come back after."""
    global _received, _active
    if not _main_thread():
        yield
        return
    _received, _active = None, True
    previous = {number: signal.getsignal(number) for number in STOP_SIGNALS}
    try:  # a signal while the handlers go in raises here, and the old ones still come back
        for number in STOP_SIGNALS:
            signal.signal(number, _handle)
        yield
    finally:
        _active = False
        for number, handler in previous.items():
            signal.signal(number, handler)


@contextmanager
def held() -> Iterator[None]:
    """While inside, the first stop signal only sets :func:`stop_requested` (the job asks it
    between steps); a second one raises ``KeyboardInterrupt`` at once.  Works under
    :func:`stop_signals` (both signals) and, for SIGINT, with Python's default handler in
    place (a job run by a test or a script); elsewhere (another thread, a handler of the
    caller's own) it changes nothing."""
    global _holding, _received
    if not _main_thread():
        yield
        return
    if not _active and not _holding:
        _received = None  # no command around: each held stretch starts afresh
    taken = {}
    for number in STOP_SIGNALS:
        current = signal.getsignal(number)
        if current is _handle or (number == signal.SIGINT and current is signal.default_int_handler):
            taken[number] = signal.signal(number, _handle)
    _holding += 1
    try:
        yield
    finally:
        _holding -= 1
        for number, handler in taken.items():
            signal.signal(number, handler)


@contextmanager
def at_once() -> Iterator[None]:
    """Inside :func:`held`: a stretch where a stop signal raises at once (plain Python code
    that takes long and asks nothing, such as training's strength check)."""
    global _holding
    saved, _holding = _holding, 0
    try:
        yield
    finally:
        _holding = saved


def stop_requested() -> bool:
    """Whether a stop signal came (inside :func:`held`, or in a worker): stop at the next step."""
    return _received is not None


def received() -> int | None:
    """The first stop signal that came during the command (``None``: none)."""
    return _received


def exit_code() -> int:
    """The exit code of a command that a stop signal ended: 128 + the signal (130 for SIGINT,
    143 for SIGTERM); 130 for a ``KeyboardInterrupt`` that no signal raised."""
    return 128 + int(_received or signal.SIGINT)


def is_interrupt(error: BaseException | None) -> bool:
    """Whether ``error`` is an interrupt: ``KeyboardInterrupt``, or a ``SystemError`` that one
    raised inside compiled code caused (its ``__cause__`` or ``__context__``, at any depth)."""
    seen = 0
    while error is not None and seen < 10:
        if isinstance(error, KeyboardInterrupt):
            return True
        if not isinstance(error, SystemError):
            return False
        error, seen = error.__cause__ or error.__context__, seen + 1
    return False


def as_worker() -> None:
    """In a job's worker process: a stop signal never raises, it only sets
    :func:`stop_requested` (the worker stops at its next step and hands back what it did);
    SIGTERM keeps its default (the parent ends its workers with it).  The worker leaves the
    terminal's process group, so Ctrl-C reaches only the parent, which decides
    (:func:`tell_workers`)."""
    global _worker
    _worker = True
    signal.signal(signal.SIGINT, _handle)
    if hasattr(os, "setpgrp"):
        try:
            os.setpgrp()
        except OSError:
            pass


def _forked() -> None:
    """In a process forked while the handlers are in place: the signals' defaults back (a
    forked worker is ended by SIGTERM, and its owner sets it up as it needs)."""
    global _received, _holding, _active
    _received, _holding, _active = None, 0, False
    if not _worker:
        for number, default in ((signal.SIGINT, signal.default_int_handler), (signal.SIGTERM, signal.SIG_DFL)):
            if signal.getsignal(number) is _handle:
                signal.signal(number, default)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forked)


def tell_workers(pids: Iterable[int]) -> None:
    """Ask the workers ``pids`` to stop at their next step (SIGINT: see :func:`as_worker`);
    one already gone is skipped."""
    for pid in pids:
        try:
            os.kill(pid, signal.SIGINT)
        except (ProcessLookupError, PermissionError):
            pass
