"""Local workers are capped at what the work can use, and at this machine's CPUs unless asked
for more: ``--workers 256`` for one block of trials starts no 256 processes."""

from __future__ import annotations

import pytest

from game.core import distribute
from game.core.distribute import parallel_map, pool_size


@pytest.fixture
def four_cpus(monkeypatch):
    monkeypatch.setattr(distribute, "available_cpus", lambda: 4)


@pytest.mark.parametrize("asked, work, size", [
    (None, 1000, 4),  # default: one per CPU
    (None, 2, 2),  # never more than the work
    (256, 1, 1),  # the reproduction: one block, one process
    (256, 36, 36),
    (8, 100, 8),  # asked for more than the CPUs: honoured, up to the work
    (1, 100, 1),
    (None, 0, 1),  # at least one
])
def test_the_pool_is_what_was_asked_or_the_cpus_capped_at_the_work(four_cpus, asked, work, size):
    assert pool_size(asked, work) == size


class Pools:
    """A stand-in for ``multiprocessing.get_context``: records each pool's size, runs nothing."""

    def __init__(self):
        self.sizes = []

    def __call__(self, method=None):
        return self

    def Pool(self, size, *args):  # noqa: N802 - multiprocessing's name
        self.sizes.append(size)
        raise RuntimeError("stop: the pool's size is known")


def test_parallel_map_starts_no_more_processes_than_jobs(four_cpus, monkeypatch):
    pools = Pools()
    monkeypatch.setattr(distribute.multiprocessing, "get_context", pools)
    assert list(parallel_map(abs, [-1], workers=256)) == [1]  # one job: played here, no pool
    with pytest.raises(RuntimeError, match="stop"):
        list(parallel_map(abs, [-1, -2, -3], workers=256))
    assert pools.sizes == [3]


def test_a_rollout_of_one_block_with_256_workers_starts_no_pool(capsys, monkeypatch):
    from tests.cli.util import run

    pools = Pools()
    monkeypatch.setattr(distribute.multiprocessing, "get_context", pools)
    code, _, err = run(capsys, "rollout", "backgammon", "--position", "4HPwATDgc/ABMA", "--dice", "31",
                       "--moves", "8/5 6/5", "--trials", "36", "--truncate", "0", "--workers", "256")
    assert code == 0, err
    assert pools.sizes == []


def test_a_tournament_of_two_games_starts_two_workers_whatever_was_asked(monkeypatch, tmp_path):
    from game.core.tournament import ResultStore, Settings, run_tournament, runner
    from game.games import get_game

    pools = Pools()
    monkeypatch.setattr(runner.multiprocessing, "get_context", pools)
    settings = Settings(game="backgammon", players=("random", "random"), games_per_pair=2, seed=0)
    with ResultStore(tmp_path, settings) as store, pytest.raises(RuntimeError, match="stop"):
        run_tournament(settings, get_game, store, 256)
    assert pools.sizes == [2]
