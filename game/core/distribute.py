"""Mapping a function over many independent jobs: here, over worker processes, or on Ray.

Tournaments (:mod:`game.core.tournament.runner`) and the strength benches hand their games
out through :func:`ray_map` when asked for ``--cluster ray``; the benches' local path is
:func:`parallel_map`, so both kinds of run play the very same jobs.

**How many local workers** (:func:`pool_size`, for every command with ``--workers``): never
more than the work can use (a rollout's blocks of trials, a tournament's games left, a
bench's jobs), so ``--workers 256`` for one block starts one process, not 256; by default one
per CPU this process may use (:func:`available_cpus`).  An explicit ``--workers N`` above the
CPUs is honoured up to the work's size: the user asked for it (to compare, or on a machine
whose CPU count is not what it can run), and the work's size still bounds the cost of a typo.

On Ray, each job is a task (one game: Ray's cost per task, about a millisecond, is small
next to a game's, and measured no slower than chunks of 16), with at most
:data:`IN_FLIGHT_PER_CPU` tasks per cluster CPU outstanding at a time, so a schedule of any
length costs no memory; results come back as tasks finish (in no fixed order: callers that
need an order sort, as the tournament does).  A worker or node that dies takes only its
unfinished jobs with it: Ray runs them again (:data:`MAX_RETRIES` times at most, then
:class:`~.cluster.ClusterError`).  Closing the
generator early — Ctrl-C, an error in the caller — cancels the outstanding tasks.  Ray is
imported only when :func:`ray_map` runs.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
from collections.abc import Callable, Generator, Iterable, Iterator, Sized
from typing import Any

from .cluster import ClusterError, connect

MAX_RETRIES = 5
"""How often Ray runs a task again after the worker or node running it died."""

IN_FLIGHT_PER_CPU = 4
"""Tasks outstanding per cluster CPU: enough to keep every CPU busy while results travel."""


def available_cpus() -> int:
    """CPUs this process may run on (its affinity mask where the platform has one)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # no affinity masks (Windows, macOS)
        return os.cpu_count() or 1


def pool_size(asked: int | None, work: int) -> int:
    """Local worker processes for ``work`` independent pieces (see the module doc): ``asked``
    when given, else :func:`available_cpus`, at most ``work`` and at least one."""
    return max(1, min(asked or available_cpus(), work))


def run_chunk(function: Callable[[Any], Any], jobs: list[Any]) -> list[Any]:
    """Ray task body: ``function`` applied to each job of a chunk (one job by default), in order."""
    return [function(job) for job in jobs]


def ray_map(function: Callable[[Any], Any], jobs: Iterable[Any], address: str | None = None,
            chunk: int = 1) -> Generator[Any, None, None]:
    """``function(job)`` for every job, computed on Ray (the cluster at ``address``, else a
    local instance), yielded as they finish.  ``function`` must be picklable (a module-level
    function or an instance of a module-level class) and importable on the workers;
    ``chunk`` jobs go in one task.  An exception raised by ``function`` propagates;
    :class:`~.cluster.ClusterError` when Ray cannot be used or a task's workers kept dying."""
    ray = connect(address)
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    size = max(1, chunk)
    task = ray.remote(num_cpus=1, max_retries=MAX_RETRIES, retry_exceptions=False)(run_chunk)
    shared = ray.put(function)
    source = iter(jobs)
    pending: list[Any] = []
    try:
        while True:
            while len(pending) < IN_FLIGHT_PER_CPU * cpus:
                block = list(itertools.islice(source, size))
                if not block:
                    break
                pending.append(task.remote(shared, block))
            if not pending:
                return
            done, pending = ray.wait(pending, num_returns=1)
            try:
                results = ray.get(done[0])
            except ray.exceptions.RayTaskError:
                raise  # the job's own error (an instance of its class too)
            except ray.exceptions.RayError as error:
                raise ClusterError(f"Ray could not finish a task ({size} job(s)): {error}") from None
            yield from results
    finally:
        for ref in pending:
            try:
                ray.cancel(ref, force=True)
            except Exception:  # noqa: BLE001, S110 - the task may have finished or its node be gone
                pass


def parallel_map(function: Callable[[Any], Any], jobs: Iterable[Any], workers: int = 1, cluster: str = "local",
                 address: str | None = None) -> Iterator[Any]:
    """``function(job)`` for every job, as they finish: in this process (``workers`` 1),
    over ``workers`` spawned processes (no more than ``jobs`` has, when it has a length: see
    :func:`pool_size`), or on Ray (``cluster`` ``"ray"``, ``workers`` ignored: the cluster's
    CPUs are used).  For rollouts' blocks and benches that play independent games."""
    if isinstance(jobs, Sized):
        workers = pool_size(workers, len(jobs))
    if cluster == "ray":
        yield from ray_map(function, jobs, address)
    elif cluster != "local":
        raise ValueError(f"unknown cluster {cluster!r}: local or ray")
    elif workers <= 1:
        yield from map(function, jobs)
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            yield from pool.imap_unordered(function, jobs, chunksize=1)


def add_cluster_arguments(parser: Any) -> None:
    """``--cluster local|ray`` and ``--address ADDR``, as ``tabula tournament`` has them (benches)."""
    from .cluster import CLUSTERS

    parser.add_argument("--cluster", choices=CLUSTERS, default="local",
                        help="where games run: local worker processes (default) or a Ray cluster")
    parser.add_argument("--address", metavar="ADDR",
                        help="with --cluster ray: the cluster to join (HOST:6379 or auto); default a local Ray instance")


def check_cluster_arguments(parser: Any, args: Any) -> None:
    """A usage error for ``--address`` without ``--cluster ray``, or when Ray is missing or
    unreachable — before any game is played."""
    if args.address and args.cluster != "ray":
        parser.error("--address is for --cluster ray")
    if args.cluster == "ray":
        try:
            connect(args.address)
        except ClusterError as error:
            parser.error(str(error))
