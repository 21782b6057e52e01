"""``tabula rollout --cluster ray``: blocks of trials as Ray tasks give the local figures."""

from __future__ import annotations

import json

import pytest

from game.backgammon.rollout.run import BlockJob

from .util import run

ARGS = ("rollout", "backgammon", "--position", "4HPwATDgc/ABMA", "--dice", "31", "--moves", "8/5 6/5", "13/9",
        "--trials", "80", "--truncate", "2", "--seed", "11", "--json")


def _figures(text: str) -> list[dict]:
    return [{k: v for k, v in c.items() if k != "seconds"} for c in json.loads(text)["candidates"]]


@pytest.mark.slow
def test_a_ray_rollout_gives_the_local_figures_bit_for_bit(ray_cluster, capsys):
    code, local, err = run(capsys, *ARGS, "--workers", "1")
    assert code == 0, err
    code, on_ray, err = run(capsys, *ARGS, "--cluster", "ray")
    assert code == 0, err
    assert _figures(on_ray) == _figures(local) and json.loads(on_ray)["trials_done"] == 80


def test_without_ray_installed_the_error_says_how_to_install_it(capsys, without_ray):
    code, out, err = run(capsys, *ARGS, "--cluster", "ray")
    assert code == 2 and out == "" and "pip install" in err


@pytest.mark.slow
def test_ray_blocks_add_up_to_the_local_bits(ray_cluster):
    import numpy as np

    from game.backgammon.board import START_SIDE
    from game.backgammon.rollout.plan import plan
    from game.backgammon.rollout.run import run as roll_out
    from game.backgammon.state import BackgammonState

    state = BackgammonState.from_board(START_SIDE, START_SIDE, dice=(4, 2))
    spec = plan(state, ["8/4 6/4", "13/9 13/11"], trials=40, truncate=1, seed=2, evaluator="net-full")
    local, on_ray = roll_out(spec), roll_out(spec, cluster="ray")
    assert np.array_equal(local.tally.sums, on_ray.tally.sums) and np.array_equal(local.tally.squares,
                                                                                   on_ray.tally.squares)


class DiesOnce:
    """A rollout's block job whose first run of block 1 anywhere (the first to create
    ``marker``) kills its process, as a lost worker or node would."""

    def __init__(self, spec, marker: str) -> None:
        self.job, self.marker = BlockJob(spec), marker

    def __call__(self, index: int):
        import os
        import signal

        if index == 1:
            try:
                handle = os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                return self.job(index)
            os.write(handle, str(os.getpid()).encode())
            os.close(handle)
            os.kill(os.getpid(), signal.SIGKILL)
        return self.job(index)


def test_a_killed_ray_worker_loses_only_its_block_which_is_played_again(ray_cluster, tmp_path, monkeypatch):
    import os

    import numpy as np

    from game.backgammon.board import START_SIDE
    from game.backgammon.rollout import run as running
    from game.backgammon.rollout.plan import plan
    from game.backgammon.state import BackgammonState

    state = BackgammonState.from_board(START_SIDE, START_SIDE, dice=(5, 2))
    spec = plan(state, ["13/8 13/11", "13/6"], trials=108, truncate=1, seed=4, evaluator="net-full",
                early_stop=False)
    local = running.run(spec)
    marker = tmp_path / "killed"
    monkeypatch.setattr(running, "BlockJob", lambda s: DiesOnce(s, str(marker)))
    on_ray = running.run(spec, cluster="ray")
    assert marker.exists() and int(marker.read_text()) != os.getpid()  # a Ray worker did die
    assert on_ray.stopped == "trials" and on_ray.tally.trials == 108
    assert np.array_equal(local.tally.sums, on_ray.tally.sums) and np.array_equal(local.tally.squares,
                                                                                   on_ray.tally.squares)
