"""Running a rollout: its blocks of trials in this process, in local worker processes, or as
Ray tasks, added up in block order, stopped by the rules of :meth:`.results.Tally.stop_reason`.

Blocks are the unit of work (:func:`.lockstep.play_block`, a pure function of the spec and
the block number).  Whatever the workers, the tally adds block 0, then 1, ... as soon as the
next one due has come (later ones wait), and checks the stopping rules after each: so the
result, and where it stops, are the same with one process or many, here or on a cluster.
Blocks played past the stopping point are thrown away.  On Ray a block whose worker died is
played again (:func:`game.core.distribute.ray_map`).

:func:`run` is what the command line and the window call.  ``progress(result)`` hears of
every block added (the figures so far), ``cancel()`` is asked between blocks (and between
plies within a block played here): a cancelled or interrupted (Ctrl-C) rollout returns what
it finished, its ``stopped`` saying why.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from contextlib import contextmanager
from dataclasses import dataclass

from ...core.distribute import parallel_map
from ...core.tournament.runner import end_with_parent
from .lockstep import Cancelled, play_block
from .results import Tally
from .spec import RolloutSpec

STOPS = ("trials", "ci", "clear", "cancelled", "interrupted")
"""Why a rollout stopped: all its trials played, ``--stop-ci`` reached, a clear best, the
caller's cancel, Ctrl-C."""


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
        _as_worker()
        return play_block(self.spec, index)


_settled = False


def _as_worker() -> None:
    """In a local worker process, once: Ctrl-C reaches the whole process group, and only the
    parent handles it (it stops the pool and reports); the worker ends with its parent."""
    global _settled
    if _settled or multiprocessing.parent_process() is None:
        return
    _settled = True
    signal.signal(signal.SIGINT, signal.SIG_IGN)
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
            for index in range(spec.blocks):
                tally.add(play_block(spec, index, cancel))
                stopped = added()
                if stopped is None and cancel is not None and cancel():
                    stopped = "cancelled"
                if stopped:
                    break
        else:
            stopped = _distributed(spec, tally, added, workers, cluster, address, cancel)
    except Cancelled:
        stopped = "cancelled"
    except KeyboardInterrupt:
        stopped = "interrupted"
    return Rollout(tally, time.perf_counter() - started, stopped or "trials")


def _distributed(spec, tally, added, workers, cluster, address, cancel) -> str | None:
    waiting: dict = {}
    with _one_thread_each():
        results = parallel_map(BlockJob(spec), range(spec.blocks), workers, cluster, address)
        try:
            for block in results:
                waiting[block.index] = block
                while tally.blocks in waiting:
                    tally.add(waiting.pop(tally.blocks))
                    stopped = added()
                    if stopped:
                        return stopped
                if cancel is not None and cancel():
                    return "cancelled"
        finally:
            results.close()
    return None
