"""Playing a tournament's missing games, in this process or over a pool of workers.

The game comes from a *lookup*: a module-level function from a game name to its registry
entry (anything with ``rules()`` and ``make_player(name, seed)``, such as
``game.games.get_game``), so ``game.core`` imports no game and workers rebuild rules and
players from names alone (safe under the ``spawn`` start method).  Each game depends only
on its :class:`~.schedule.GameSpec`, so serial and parallel runs give the same records.
Games start with the entry's ``TournamentPlay.options`` plus the settings' options and, when
the settings give no ``max_plies``, stop at the entry's own ``max_plies`` (if any).

Missing games go out deal by deal across the pairs (see :func:`missing_games`), so the
standings of a run still in progress or interrupted cover every pair about equally; they
are computed as they are handed out, so a schedule of any length costs no memory.

With ``cluster="ray"`` the same games are played as Ray tasks (:func:`~game.core.distribute.ray_map`:
a bounded number in flight, results stored as they finish, a dead worker's unfinished games
played again, outstanding tasks cancelled on Ctrl-C) by :class:`TableJob`, which rebuilds
rules and players from the lookup as the local workers do — so a Ray run stores the same
records as a local one.

A local worker ends when its parent does (on Linux at once, by ``PR_SET_PDEATHSIG``; elsewhere
within :data:`WATCH_SECONDS`), so a killed run leaves no process playing on.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import closing
from typing import Any

from ..distribute import pool_size
from ..match import play_game
from .results import ResultStore, game_record
from .schedule import GameSpec, Settings, playing_order

Lookup = Callable[[str], Any]

MAX_WORKERS = 256
"""Most worker processes one tournament run starts."""

WATCH_SECONDS = 0.5
"""How often a worker checks that its parent is still there."""


def validate(settings: Settings, lookup: Lookup) -> None:
    """``ValueError`` with a clear message if the game or a player name is unknown, or the
    options are not what the game's tournament flags set (``TournamentPlay.flags``:
    each option by one flag, in its range, at most one flag of a group) — settings read
    from a folder are checked here too, before a game is played."""
    info = lookup(settings.game)
    if info.rules().num_players != 2:
        raise ValueError(f"tournaments need a two-player game; {settings.game} is not one")
    for name in dict.fromkeys(settings.players):
        info.players.player(name, 0)
    flags = {flag.option: (name, flag) for name, flag in info.tournament_play().flags.items()}
    groups: dict[str, str] = {}
    for option, value in settings.options.items():
        if option not in flags:
            offered = ", ".join(f"--{name}" for name, _ in flags.values()) or "none"
            raise ValueError(f"{settings.game} tournaments take no option {option!r} (their flags: {offered})")
        name, flag = flags[option]
        flag.check(value)
        if flag.group and flag.group in groups:
            raise ValueError(f"--{groups[flag.group]} and --{name} cannot be used together: choose one")
        groups[flag.group] = name
    info.rules().initial_state(game_options(info, settings))  # the rules' own checks


def game_options(info: Any, settings: Settings) -> dict[str, Any]:
    """The options every game of the tournament starts with: the game's own tournament
    options, then those of the settings."""
    return {**info.tournament_play().options, **settings.options}


def missing_games(settings: Settings, store: ResultStore) -> Iterator[GameSpec]:
    """The games ``store`` lacks (when this is called), in playing order: deal 0 of every
    pair, then deal 1, ...  Both seatings of a deal stay next to each other.  Order changes
    no result (every seed comes from the schedule), only which games are done when a run is
    stopped.  Lazy; there are ``missing_count`` of them.
    """
    return playing_order(settings, frozenset(store.records))


def missing_count(settings: Settings, store: ResultStore) -> int:
    """How many games ``store`` lacks (its records are all of the schedule)."""
    return settings.total_games - len(store.records)


class _Table:
    """Plays scheduled games of one tournament; one per process."""

    def __init__(self, lookup: Lookup, settings: Settings) -> None:
        info = lookup(settings.game)
        self.rules = info.rules()
        self.make_player = info.players.player
        self.settings = settings
        self.options = game_options(info, settings)
        self.tally = info.tournament_play().tally
        self.max_plies = settings.max_plies if settings.max_plies is not None else self.rules.max_plies

    def play(self, spec: GameSpec) -> dict[str, Any]:
        names = self.settings.players
        players = [self.make_player(names[e], seed) for e, seed in zip(spec.seats, spec.player_seeds)]
        record, final = play_game(self.rules, players, self.options, seed=spec.seed, max_plies=self.max_plies)
        tally = self.tally(final) if self.tally is not None and record.result is not None else None
        return game_record(spec, self.settings, record, tally)


_WORKER: _Table | None = None


def init_worker(lookup: Lookup, settings: Settings) -> None:
    """Pool initializer: each worker process builds its players once.  Public so a caller
    that drives its own pool (the window's tournament job, which must stop mid-run) plays
    exactly the games :func:`run_tournament` would."""
    # Ctrl-C reaches the whole process group; only the parent handles it (and stops the pool).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    end_with_parent()
    global _WORKER
    _WORKER = _Table(lookup, settings)


def end_with_parent() -> None:
    """End this process when its parent ends: a signal from the kernel where Linux offers one,
    and a thread watching the parent's pid everywhere (it changes when the parent is gone).

    SIGTERM gets its default back, so it ends the process at once (a pool and a job's owner end
    their workers with it).  A Python handler inherited by fork (Ray installs one and leaves it
    after shutdown) runs only on the main thread: a SIGTERM the kernel handed to the watching
    thread, while the main thread waited for a task, was never acted on, and the owner waited
    for that worker for ever."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
            libc.prctl(1, int(signal.SIGTERM), 0, 0, 0)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    owner = multiprocessing.parent_process()  # the pool's process (not the parent under forkserver)
    owner_pid = None if owner is None else owner.pid
    if os.getppid() != parent or (owner_pid is not None and owner_pid != parent and not _alive(owner_pid)):
        os._exit(1)  # orphaned before the watch began

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="tabula-parent-watch", daemon=True).start()


def _alive(pid: int) -> bool:
    """Whether process ``pid`` exists (POSIX; elsewhere taken as yes: Windows' ``os.kill`` would end it)."""
    if os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # someone else's process: it exists
        return True
    return True


class TableJob:
    """One scheduled game as a picklable job (a Ray task's function): builds the tournament's
    table once per process, from the lookup and settings, and plays the spec given."""

    _cached: tuple[Any, Settings, _Table] | None = None  # per process: the last table built

    def __init__(self, lookup: Lookup, settings: Settings) -> None:
        self.lookup, self.settings = lookup, settings

    def __call__(self, spec: GameSpec) -> dict[str, Any]:
        cached = TableJob._cached
        if cached is None or cached[0] != self.lookup or cached[1] != self.settings:
            cached = TableJob._cached = (self.lookup, self.settings, _Table(self.lookup, self.settings))
        return cached[2].play(spec)


def play_in_worker(spec: GameSpec) -> dict[str, Any]:
    """Play one scheduled game in a worker set up by :func:`init_worker`; its record."""
    assert _WORKER is not None, "a worker set up by init_worker"
    return _WORKER.play(spec)


def run_tournament(
    settings: Settings,
    lookup: Lookup,
    store: ResultStore,
    workers: int = 1,
    on_result: Callable[[dict[str, Any]], None] | None = None,
    start_method: str | None = None,
    cluster: str = "local",
    address: str | None = None,
) -> list[dict[str, Any]]:
    """Play every scheduled game ``store`` lacks and return all records in schedule order.

    Each record is appended to ``store`` as it finishes, then passed to ``on_result``.
    ``KeyboardInterrupt`` — or :class:`~.results.GamesFileError` when the games file cannot
    be written — stops the workers and propagates; finished games stay stored.  With
    ``cluster="ray"`` the games run on the Ray cluster at ``address`` (a local Ray instance
    when ``None``) and ``workers`` is not used; :class:`~game.core.cluster.ClusterError`
    when Ray is missing, unreachable, or kept losing a chunk's workers.
    """
    todo, count = missing_games(settings, store), missing_count(settings, store)
    if cluster == "ray":
        from ..distribute import ray_map

        with closing(ray_map(TableJob(lookup, settings), todo, address)) as results:
            _collect(results, store, on_result)
    elif cluster != "local":
        raise ValueError(f"unknown cluster {cluster!r}: local or ray")
    elif workers <= 1 or count <= 1:
        table = _Table(lookup, settings)
        results = (table.play(spec) for spec in todo)
        _collect(results, store, on_result)
    else:
        workers = min(pool_size(workers, count), MAX_WORKERS)
        chunk = max(1, min(16, count // (workers * 8)))
        context = multiprocessing.get_context(start_method or safe_start_method())
        feed = Feed(todo, ahead=4 * workers * chunk)
        with context.Pool(workers, init_worker, (lookup, settings)) as pool:
            try:
                _collect(pool.imap_unordered(play_in_worker, feed, chunk), store, on_result, feed.done)
            finally:
                feed.stop()  # before the pool's end: its task handler must not be left writing games
    return store.sorted_records()


class Feed:
    """The games handed to a pool: at most ``ahead`` of them not yet played, and none once the
    run stops.

    A pool's task handler thread takes the games one by one and writes them into the pipe its
    workers read.  Fed freely from a long schedule it filled that pipe; when the run then
    stopped (Ctrl-C, a games file that cannot be written) ``Pool.terminate`` ended the
    workers and waited for the handler, still blocked writing into the full pipe, for minutes
    or for ever.  Here the handler waits for room (:meth:`done`, as results come back) and
    gives up as soon as :meth:`stop` is called, so it always ends."""

    def __init__(self, games, ahead: int) -> None:
        self.games = iter(games)
        self.room = threading.Semaphore(max(1, ahead))
        self.stopped = threading.Event()

    def __iter__(self) -> Feed:
        return self

    def __next__(self):
        while not self.room.acquire(timeout=0.1):
            if self.stopped.is_set():
                raise StopIteration
        if self.stopped.is_set():
            raise StopIteration
        return next(self.games)

    def done(self) -> None:
        """A game came back: room for one more."""
        self.room.release()

    def stop(self) -> None:
        self.stopped.set()


def safe_start_method() -> str | None:
    """``"spawn"`` when this process runs Ray (forking its threads would copy their locks and
    signal handlers into the workers), else the platform's default."""
    ray = sys.modules.get("ray")
    return "spawn" if ray is not None and getattr(ray, "is_initialized", lambda: False)() else None


def _collect(results, store: ResultStore, on_result, played: Callable[[], None] | None = None) -> None:
    for record in results:
        if played is not None:
            played()
        store.append(record)
        if on_result:
            on_result(record)
