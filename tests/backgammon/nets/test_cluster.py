"""Self-play training on Ray (``tabula train backgammon --cluster ray``): one actor publishing
after every game is the local run, bit for bit; with two actors a run stopped by Ctrl-C and
resumed ends where the straight run does; checkpoints move between local and Ray runs; Ray
missing is a usage error.  One local Ray instance (two CPUs) serves the whole session."""

from __future__ import annotations

import signal

import numpy as np
import pytest

from game.backgammon.nets.network import Network, read_npz
from game.backgammon.nets.td import Learner
from game.backgammon.nets.training import TrainConfig, state_path, train
from game.cli import main

SMALL = dict(arch="full", hidden=(8,), games=24, seed=3, in_flight=6, batch=16, lr=1e-2, lr_end=3e-3,
             explore=0.5, explore_games=30, checkpoint_every=10**9, check_every=0)


def _ray_train(out, resume=False, report=None, **cluster):
    from game.backgammon.nets.cluster_training import RayTraining

    lines = [] if report is None else report
    return RayTraining(TrainConfig(**SMALL), out, resume=resume, report=lines.append, **cluster).run()


def _same(a: Network, b: Network) -> bool:
    return a.meta["games"] == b.meta["games"] and all(np.array_equal(x, y) for x, y in zip(a.params, b.params))


def _interrupt_at_learning_step(monkeypatch, step: int) -> None:
    """A real Ctrl-C (SIGINT to the driver) during the learner's ``step``-th update."""
    learn, calls = Learner.learn, []

    def learn_then_ctrl_c(self, *args):
        calls.append(1)
        if len(calls) == step:
            signal.raise_signal(signal.SIGINT)
        return learn(self, *args)

    monkeypatch.setattr(Learner, "learn", learn_then_ctrl_c)


@pytest.mark.slow
def test_one_actor_publishing_every_game_equals_the_local_run(ray_cluster, tmp_path):
    local = train(TrainConfig(**SMALL), tmp_path / "local.npz", report=lambda line: None)
    on_ray = _ray_train(tmp_path / "ray.npz", actors=1, publish_every=1)
    assert _same(on_ray, local)
    assert _same(Network.load(tmp_path / "ray.npz"), Network.load(tmp_path / "local.npz"))


TWO_ACTORS = dict(actors=2, publish_every=2)


@pytest.fixture(scope="module")
def straight(ray_cluster, tmp_path_factory):
    """The straight run of two actors publishing every two games (a Ray run takes seconds to
    start its actors: the tests that compare with it share it)."""
    return _ray_train(tmp_path_factory.mktemp("straight") / "straight.npz", **TWO_ACTORS)


@pytest.mark.slow
def test_two_actors_ctrl_c_then_resume_gives_the_straight_runs_weights(straight, tmp_path, monkeypatch):
    import shutil

    cluster = TWO_ACTORS
    local = train(TrainConfig(**SMALL), tmp_path / "local.npz", report=lambda line: None)
    assert not _same(straight, local)  # the second actor's games count
    out, lines = tmp_path / "n.npz", []
    _interrupt_at_learning_step(monkeypatch, 3)
    with pytest.raises(KeyboardInterrupt):
        _ray_train(out, report=lines, **cluster)
    monkeypatch.undo()
    stopped = Network.load(out).meta["games"]
    assert 0 < stopped < SMALL["games"] and lines == [f"interrupted: checkpoint of {stopped} games saved to {out}"]
    arrays = read_npz(state_path(out), "a state")
    assert arrays["play_lengths"].sum() > 0 and arrays["actor1_play_lengths"].sum() > 0  # both actors' games kept
    # A copy of the checkpoint resumed with other cluster settings (here: none, locally) says it will differ.
    copy = tmp_path / "m.npz"
    shutil.copyfile(out, copy)
    shutil.copyfile(state_path(out), state_path(copy))
    from game.backgammon.nets.training import Training

    notes = Training(TrainConfig(**SMALL), copy, resume=True).notes
    assert len(notes) == 1 and "2 actor(s) publishing every 2 game(s)" in notes[0]
    notes = []
    resumed = _ray_train(out, resume=True, report=notes, **cluster)
    assert notes == [] and _same(resumed, straight)


@pytest.mark.slow
def test_a_local_checkpoint_resumes_on_ray_exactly(ray_cluster, tmp_path, monkeypatch):
    straight = train(TrainConfig(**SMALL), tmp_path / "straight.npz", report=lambda line: None)
    out = tmp_path / "n.npz"
    _interrupt_at_learning_step(monkeypatch, 4)
    with pytest.raises(KeyboardInterrupt):
        train(TrainConfig(**SMALL), out, report=lambda line: None)
    monkeypatch.undo()
    notes = []
    assert _same(_ray_train(out, resume=True, report=notes, actors=1, publish_every=1), straight)
    assert notes == []


@pytest.mark.slow
def test_a_damaged_actor_state_is_refused_naming_the_file(ray_cluster, tmp_path, monkeypatch):
    from game.backgammon.nets.network import json_array, read_json, write_npz
    from game.backgammon.nets.training import Training

    out = tmp_path / "n.npz"
    _interrupt_at_learning_step(monkeypatch, 2)
    with pytest.raises(KeyboardInterrupt):
        _ray_train(out, actors=2, publish_every=1)
    monkeypatch.undo()
    arrays = read_npz(state_path(out), "a state")
    header = read_json(arrays["header"])
    header["actors"][0]["selfplay"]["dice"] = "loaded"
    write_npz(state_path(out), dict(arrays, header=json_array(header)))
    before = state_path(out).read_bytes()
    with pytest.raises(ValueError, match=r"n\.npz\.state\.npz is not a Tabula training state .*actor 1"):
        Training(TrainConfig(**SMALL), out, resume=True)
    assert state_path(out).read_bytes() == before


@pytest.mark.slow
def test_a_lost_actor_stops_the_run_and_the_checkpoint_resumes_exactly(ray_cluster, straight, tmp_path, monkeypatch):
    from game.backgammon.nets.cluster_training import RayTraining
    from game.core.cluster import ClusterError

    cluster = TWO_ACTORS
    config = dict(SMALL, checkpoint_every=6)  # checkpoints change nothing in the run: the straight run is the same
    out = tmp_path / "n.npz"
    training = RayTraining(TrainConfig(**config), out, report=lambda line: None, **cluster)
    learn = Learner.learn

    def learn_then_lose_an_actor(self, *args):
        if out.exists() and training.handles:  # after the first checkpoint, in the middle of a round
            ray_cluster.kill(training.handles[1])  # as if its node died
        return learn(self, *args)

    monkeypatch.setattr(Learner, "learn", learn_then_lose_an_actor)
    with pytest.raises(ClusterError, match="a self-play actor was lost .*keeps its last checkpoint"):
        training.run()
    monkeypatch.undo()
    assert 0 < Network.load(out).meta["games"] < SMALL["games"]
    resumed = RayTraining(TrainConfig(**config), out, resume=True, report=lambda line: None, **cluster).run()
    assert _same(resumed, straight)


def _tabula(*argv) -> None:
    main(["train", "backgammon", "--arch", "full", "--games", "2", "--hidden", "4", *argv])


def test_cluster_options_are_checked(tmp_path, capsys, request):
    with pytest.raises(SystemExit) as stop:
        _tabula("--out", str(tmp_path / "n.npz"), "--actors", "2")
    assert stop.value.code == 2 and "--actors and --publish-every go with --cluster ray" in capsys.readouterr().err
    request.getfixturevalue("without_ray")
    with pytest.raises(SystemExit) as stop:
        _tabula("--out", str(tmp_path / "n.npz"), "--cluster", "ray")
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "--cluster ray needs Ray" in err and "pip install 'tabula[cluster]'" in err
    assert not list(tmp_path.iterdir())
