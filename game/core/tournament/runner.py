"""Playing a tournament's missing games, in this process or over a pool of workers.

The game comes from a *lookup*: a module-level function from a game name to its registry
entry (anything with ``rules()`` and ``make_player(name, seed)``, such as
``game.games.get_game``), so ``game.core`` imports no game and workers rebuild rules and
players from names alone (safe under the ``spawn`` start method).  Each game depends only
on its :class:`~.schedule.GameSpec`, so serial and parallel runs give the same records.
Games start with the entry's ``tournament_options`` and, when the settings give no
``max_plies``, stop at the entry's own ``max_plies`` (if any).

Missing games go out deal by deal across the pairs (see :func:`missing_games`), so the
standings of a run still in progress or interrupted cover every pair about equally.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable
from typing import Any

from ..match import play_game
from .results import ResultStore, game_record
from .schedule import GameSpec, Settings, schedule

Lookup = Callable[[str], Any]


def validate(settings: Settings, lookup: Lookup) -> None:
    """``ValueError`` with a clear message if the game or a player name is unknown."""
    info = lookup(settings.game)
    if info.rules().num_players != 2:
        raise ValueError(f"tournaments need a two-player game; {settings.game} is not one")
    for name in dict.fromkeys(settings.players):
        info.make_player(name, 0)


def available_cpus() -> int:
    """CPUs this process may run on (its affinity mask where the platform has one)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # no affinity masks (Windows, macOS)
        return os.cpu_count() or 1


def missing_games(settings: Settings, store: ResultStore) -> list[GameSpec]:
    """The games ``store`` lacks, in playing order: deal 0 of every pair, then deal 1, ...

    Both seatings of a deal stay next to each other.  Order changes no result (every seed
    comes from the schedule), only which games are done when a run is stopped.
    """
    todo = [spec for spec in schedule(settings) if spec.index not in store.records]
    return sorted(todo, key=lambda spec: (spec.number // 2, spec.pair, spec.number))


class _Table:
    """Plays scheduled games of one tournament; one per process."""

    def __init__(self, lookup: Lookup, settings: Settings) -> None:
        info = lookup(settings.game)
        self.rules = info.rules()
        self.make_player = info.make_player
        self.settings = settings
        self.options = dict(getattr(info, "tournament_options", None) or {})
        self.max_plies = settings.max_plies if settings.max_plies is not None else getattr(info, "max_plies", None)

    def play(self, spec: GameSpec) -> dict[str, Any]:
        names = self.settings.players
        players = [self.make_player(names[e], seed) for e, seed in zip(spec.seats, spec.player_seeds)]
        record, _ = play_game(self.rules, players, self.options, seed=spec.seed, max_plies=self.max_plies)
        return game_record(spec, self.settings, record)


_WORKER: _Table | None = None


def init_worker(lookup: Lookup, settings: Settings) -> None:
    """Pool initializer: each worker process builds its players once.  Public so a caller
    that drives its own pool (the window's tournament job, which must stop mid-run) plays
    exactly the games :func:`run_tournament` would."""
    # Ctrl-C reaches the whole process group; only the parent handles it (and stops the pool).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    global _WORKER
    _WORKER = _Table(lookup, settings)


def play_in_worker(spec: GameSpec) -> dict[str, Any]:
    """Play one scheduled game in a worker set up by :func:`init_worker`; its record."""
    return _WORKER.play(spec)


def run_tournament(
    settings: Settings,
    lookup: Lookup,
    store: ResultStore,
    workers: int = 1,
    on_result: Callable[[dict[str, Any]], None] | None = None,
    start_method: str | None = None,
) -> list[dict[str, Any]]:
    """Play every scheduled game ``store`` lacks and return all records in schedule order.

    Each record is appended to ``store`` as it finishes, then passed to ``on_result``.
    ``KeyboardInterrupt`` stops the workers and propagates; finished games stay stored.
    """
    todo = missing_games(settings, store)
    if workers <= 1 or len(todo) <= 1:
        table = _Table(lookup, settings)
        results = (table.play(spec) for spec in todo)
        _collect(results, store, on_result)
    else:
        workers = min(workers, len(todo))
        chunk = max(1, min(16, len(todo) // (workers * 8)))
        context = multiprocessing.get_context(start_method)
        with context.Pool(workers, init_worker, (lookup, settings)) as pool:
            _collect(pool.imap_unordered(play_in_worker, todo, chunk), store, on_result)
    return store.sorted_records()


def _collect(results, store: ResultStore, on_result) -> None:
    for record in results:
        store.append(record)
        if on_result:
            on_result(record)
