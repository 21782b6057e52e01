"""Tournaments on Ray play the same games as local workers, even when a worker dies mid-game."""

from __future__ import annotations

import os
import signal
from dataclasses import replace
from pathlib import Path

import game
from game.core.distribute import parallel_map, ray_map
from game.core.tournament import ResultStore, Settings, run_tournament
from game.games import get_game

SETTINGS = Settings("backgammon", ("easy", "medium"), 4, seed=11)


class DiesOnce:
    """A player whose first move anywhere (the first to create ``marker``) kills its process."""

    def __init__(self, inner, marker: str) -> None:
        self.inner, self.marker, self.name = inner, marker, inner.name

    def choose(self, rules, state):
        try:
            handle = os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return self.inner.choose(rules, state)
        os.write(handle, str(os.getpid()).encode())
        os.close(handle)
        os.kill(os.getpid(), signal.SIGKILL)  # the worker dies mid-game, as on a lost node


class KillingLookup:
    """``get_game``, except that the players kill their worker once (see :class:`DiesOnce`)."""

    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __call__(self, name: str):
        info = get_game(name)
        marker = self.marker

        def make(player: str, seed: int):
            return DiesOnce(info.players.player(player, seed), marker)

        return replace(info, players=replace(info.players, make=lambda: make))


def records(tmp_path: Path, name: str, lookup=get_game, **run) -> list[dict]:
    with ResultStore(tmp_path / name, SETTINGS) as store:
        return run_tournament(SETTINGS, lookup, store, **run)


def game_package(_job) -> str:
    return game.__file__


def square(value: int) -> int:
    return value * value


def test_workers_import_the_game_package_of_this_run(ray_cluster):
    assert list(ray_map(game_package, [0])) == [game.__file__]


def test_a_worker_killed_mid_game_loses_only_that_game_which_is_replayed(ray_cluster, tmp_path):
    marker = tmp_path / "killed"
    local = records(tmp_path, "local")
    on_ray = records(tmp_path, "ray", KillingLookup(str(marker)), cluster="ray")
    assert marker.exists() and int(marker.read_text()) != os.getpid()  # a Ray worker did die
    assert on_ray == local and len(local) == SETTINGS.total_games


def test_parallel_map_gives_every_result_locally():
    assert sorted(parallel_map(square, range(5))) == [0, 1, 4, 9, 16]
    assert sorted(parallel_map(square, range(5), workers=2)) == [0, 1, 4, 9, 16]
