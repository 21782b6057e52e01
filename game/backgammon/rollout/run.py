"""Running a rollout: its blocks of trials in this process, in local worker processes, or as
Ray tasks, added up in block order, stopped by the rules of :meth:`.results.Tally.stop_reason`.

Blocks are the unit of work (:func:`.lockstep.play_block`, a pure function of the spec and
the block number).  Whatever the workers, the tally adds block 0, then 1, ... as soon as the
next one due has come (later ones wait), and checks the stopping rules after each: so the
result, and where it stops, are the same with one process or many, here or on a cluster.
Blocks played past the stopping point are thrown away.  On Ray a block whose worker died is
played again (:func:`game.core.distribute.ray_map`).

:func:`run` is what the command line and the window call.  ``progress(result)`` hears of
every block added (the figures so far) and, played here, of the trials ended within the block
going on (at most every :data:`~.lockstep.PARTIAL_SECONDS`); ``cancel()`` is asked between
blocks (and between plies within a block played here): a cancelled rollout returns the
blocks it finished, its ``stopped`` saying why.

A stop signal (Ctrl-C or SIGTERM, :mod:`game.core.jobs.stopping`) is held while blocks are
played and asked between plies, here and in the local workers, never raised inside the
compiled move generator: the blocks going on end there, and the rollout returns with
``stopped`` ``"interrupted"``, its finished blocks and the ended trials of the blocks it cut
short (:mod:`.lockstep` says why those lean toward the shorter games).  The local workers
leave the terminal's process group: the parent tells them to stop, takes what they hand back
(for at most :data:`STOP_GRACE` seconds, or until a second signal) and then ends them.  On
Ray only the finished blocks are kept.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from contextlib import contextmanager
from dataclasses import dataclass

from ...core.distribute import ray_map
from ...core.jobs.stopping import as_worker, held, is_interrupt, stop_requested, tell_workers
from ...core.tournament.runner import end_with_parent
from .lockstep import Cancelled, play_block, unstarted_block
from .results import Tally
from .spec import RolloutSpec

STOPS = ("trials", "ci", "clear", "cancelled", "interrupted")
"""Why a rollout stopped: all its trials played, ``--stop-ci`` reached, a clear best, the
caller's cancel, Ctrl-C or SIGTERM."""
STOP_GRACE = 30.0
"""Seconds the parent waits, after a stop, for its workers' cut blocks (each stops at its
next ply: well under a second at 0 ply)."""
POLL_SECONDS = 0.25
"""How often the parent, waiting for its workers, asks whether a stop came."""


@dataclass(frozen=True)
class Rollout:
    """A rollout's figures so far (:attr:`tally`), its time, and why it stopped (``None``
    while it goes on: what ``progress`` hears)."""

    tally: Tally
    elapsed: float
    stopped: str | None = None

    @property
    def spec(self) -> RolloutSpec:
        return self.tally.spec


class BlockJob:
    """``job(index)``: block ``index`` of the spec, for worker processes and Ray tasks
    (a module-level class, so it pickles)."""

    def __init__(self, spec: RolloutSpec) -> None:
        self.spec = spec

    def __call__(self, index: int):
        if multiprocessing.parent_process() is None:  # a Ray task
            return play_block(self.spec, index)
        if stop_requested():
            return unstarted_block(self.spec, index)
        return play_block(self.spec, index, stop=stop_requested)


def start_worker() -> None:
    """A local worker process's start: stop signals are the parent's to decide
    (:func:`~game.core.jobs.stopping.as_worker`); it ends with its parent."""
    as_worker()
    end_with_parent()


@contextmanager
def _one_thread_each():
    """Worker processes started inside use one BLAS thread each (the workers are the
    parallelism; threads on top would only fight over the cores)."""
    names = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
    saved = {name: os.environ.get(name) for name in names}
    os.environ.update({name: "1" for name in names})
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def run(spec: RolloutSpec, workers: int = 1, cluster: str = "local", address: str | None = None,
        progress=None, cancel=None) -> Rollout:
    """Roll out ``spec`` (see the module doc); the finished :class:`Rollout`."""
    started = time.perf_counter()
    tally = Tally(spec)
    stopped = None

    def added() -> str | None:
        reason = tally.stop_reason()
        if progress is not None:
            progress(Rollout(tally.copy(), time.perf_counter() - started, reason))
        return reason

    try:
        if cluster == "local" and workers <= 1:
            stopped = _here(spec, tally, added, cancel, progress, started)
        elif cluster == "local":
            stopped = _local(spec, tally, added, workers, cancel)
        else:
            stopped = _ray(spec, tally, added, address, cancel)
    except Cancelled:
        stopped = "cancelled"
    except (KeyboardInterrupt, SystemError) as error:  # a second stop signal: at once
        if not is_interrupt(error):
            raise
        stopped = "interrupted"
    return Rollout(tally, time.perf_counter() - started, stopped or "trials")


def _here(spec, tally, added, cancel, progress, started) -> str | None:
    """The blocks played in this process, one after the other."""
    partial = None
    if progress is not None:
        def partial(block) -> None:
            progress(Rollout(tally.with_block(block), time.perf_counter() - started))
    with held():
        for index in range(spec.blocks):
            if stop_requested():
                return "interrupted"
            block = play_block(spec, index, cancel, stop_requested, partial)
            tally.add(block)
            if not block.complete:
                return "interrupted"
            stopped = added()
            if stopped is None and cancel is not None and cancel():
                stopped = "cancelled"
            if stopped:
                return stopped
    return "interrupted" if stop_requested() else None


def _add_in_order(tally, waiting: dict, added) -> str | None:
    """Add the waiting blocks due next, in order; the first stop reason found."""
    while tally.blocks in waiting:
        tally.add(waiting.pop(tally.blocks))
        stopped = added()
        if stopped:
            return stopped
    return None


def _local(spec, tally, added, workers, cancel) -> str | None:
    """The blocks played by ``workers`` local processes (spawned: a fresh interpreter each)."""
    waiting: dict = {}
    with _one_thread_each(), held(), \
            multiprocessing.get_context("spawn").Pool(workers, initializer=start_worker) as pool:
        results = pool.imap_unordered(BlockJob(spec), range(spec.blocks), chunksize=1)
        while not stop_requested():
            try:
                block = results.next(timeout=POLL_SECONDS)
            except multiprocessing.TimeoutError:
                continue
            except StopIteration:
                return None
            stopped = _took(block, tally, waiting, added, cancel)
            if stopped:
                return stopped
        tell_workers(process.pid for process in multiprocessing.active_children())
        _cut_blocks(spec, tally, waiting, results)
    return "interrupted"


def _took(block, tally, waiting: dict, added, cancel) -> str | None:
    """Take a block that came back: add it and those waiting after it in order; why the
    rollout stops here, if it does."""
    waiting[block.index] = block
    stopped = _add_in_order(tally, waiting, added)
    if stopped:
        return stopped
    return "cancelled" if cancel is not None and cancel() else None


def _cut_blocks(spec, tally, waiting: dict, results) -> None:
    """After a stop: take the blocks the workers hand back (finished, cut short, or not begun:
    blocks go out in order, so once one not begun has come back every block before it was
    handed out), then add them in order; a block that does not come within
    :data:`STOP_GRACE` seconds is given up, and the blocks after it."""
    deadline = time.perf_counter() + STOP_GRACE
    last = None  # the lowest block that came back not begun
    while last is None or any(index not in waiting for index in range(tally.blocks, last)):
        try:
            block = results.next(timeout=max(deadline - time.perf_counter(), 0.0))
        except (StopIteration, multiprocessing.TimeoutError):
            break
        waiting[block.index] = block
        if not block.complete and not any(block.plies) and (last is None or block.index < last):
            last = block.index
    while tally.blocks in waiting:
        tally.add(waiting.pop(tally.blocks))


def _ray(spec, tally, added, address, cancel) -> str | None:
    """The blocks played as Ray tasks; a stop keeps the finished ones."""
    waiting: dict = {}
    with _one_thread_each():
        results = ray_map(BlockJob(spec), range(spec.blocks), address)
        try:
            for block in results:
                stopped = _took(block, tally, waiting, added, cancel)
                if stopped:
                    return stopped
        except KeyboardInterrupt:
            return "interrupted"
        finally:
            results.close()
    return None
