"""``--resume`` is exact: a run stopped (Ctrl-C, or after any checkpoint, by games or by time)
and resumed with the same settings ends with the straight run's weights, bit for bit, for both
architectures."""

from __future__ import annotations

import re
import shutil
import signal

import numpy as np
import pytest

from game.backgammon.nets import training as training_module
from game.backgammon.nets.network import Network, read_npz
from game.backgammon.nets.td import Learner
from game.backgammon.nets.training import TrainConfig, best_path, state_path, train

# Exploration still on and small minibatches, so every generator matters.
SMALL = dict(games=30, seed=2, in_flight=8, batch=16, lr=1e-2, lr_end=3e-3, explore=0.5, explore_games=40)
HIDDEN = {"full": (8,), "phase48": (8, 8)}


def _config(arch: str, **changes) -> TrainConfig:
    settings = dict(SMALL, arch=arch, hidden=HIDDEN[arch], checkpoint_every=10**9, check_every=0)
    settings.update(changes)
    return TrainConfig(**settings)


def _assert_same_weights(a: Network, b: Network) -> None:
    assert a.meta["games"] == b.meta["games"]
    for x, y in zip(a.params, b.params, strict=True):
        np.testing.assert_array_equal(x, y)


@pytest.mark.parametrize("arch", ["full", "phase48"])
def test_ctrl_c_then_resume_gives_the_straight_runs_weights(arch, tmp_path, monkeypatch):
    straight = train(_config(arch), tmp_path / "straight.npz", report=lambda line: None)
    learn, calls = Learner.learn, []

    def learn_then_ctrl_c(self, *args):
        calls.append(1)
        if len(calls) == 3:
            signal.raise_signal(signal.SIGINT)  # a real Ctrl-C, in the middle of a step
        return learn(self, *args)

    out, lines = tmp_path / "n.npz", []
    monkeypatch.setattr(Learner, "learn", learn_then_ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        train(_config(arch), out, report=lines.append)
    monkeypatch.setattr(Learner, "learn", learn)
    stopped = Network.load(out).meta["games"]
    assert 0 < stopped < 30 and lines == [f"interrupted: checkpoint of {stopped} games saved to {out}"]
    assert read_npz(state_path(out), "a state")["play_lengths"].sum() > 0  # games in flight were kept
    notes = []
    resumed = train(_config(arch), out, resume=True, report=notes.append)
    assert notes == []  # same settings: nothing to warn about
    _assert_same_weights(resumed, straight)


def test_resume_from_a_periodic_checkpoint_gives_the_straight_run(tmp_path, monkeypatch):
    config = dict(checkpoint_every=8, check_every=12, check_deals=2, opponent="random")
    save = training_module.Training.save

    def save_and_copy(self):
        save(self)
        folder = tmp_path / f"at{self.done}"
        folder.mkdir(exist_ok=True)
        for path in (self.out, state_path(self.out), best_path(self.out)):
            if path.exists():
                shutil.copy(path, folder / path.name)

    monkeypatch.setattr(training_module.Training, "save", save_and_copy)
    straight_lines: list[str] = []
    straight = train(_config("full", **config), tmp_path / "n.npz", report=straight_lines.append)
    monkeypatch.setattr(training_module.Training, "save", save)
    middle = sorted(int(p.name[2:]) for p in tmp_path.glob("at*") if 0 < int(p.name[2:]) < straight.meta["games"])
    assert len(middle) >= 2
    checks = 0
    for done in middle:
        out, lines = tmp_path / f"at{done}" / "n.npz", []
        resumed = train(_config("full", **config), out, resume=True, report=lines.append)
        _assert_same_weights(resumed, straight)
        # The strength checks after the checkpoint replay too (the random opponent's generator included).
        without_rate = [re.sub(r"\(.*?/s\)", "", line) for line in lines]
        assert without_rate == [re.sub(r"\(.*?/s\)", "", line) for line in straight_lines[-len(lines):]]
        checks += len(lines)
    assert checks >= 2


def test_a_larger_total_is_allowed_with_a_note(tmp_path):
    out = tmp_path / "n.npz"
    first = train(_config("phase48", games=10), out, report=lambda line: None).meta["games"]
    notes: list[str] = []
    more = train(_config("phase48", games=first + 10, lam=0.5), out, resume=True, report=notes.append)
    assert more.meta["games"] >= first + 10
    assert len(notes) == 2 and "learning rate now falls over" in notes[0] and "lam 0.7 → 0.5" in notes[1]


def test_a_state_that_does_not_fit_is_refused_before_anything_is_written(tmp_path):
    out = tmp_path / "n.npz"
    train(_config("full", games=6), out, report=lambda line: None)
    other = tmp_path / "other.npz"
    train(_config("phase48", games=6), other, report=lambda line: None)
    shutil.copy(state_path(other), state_path(out))
    before = {path: path.read_bytes() for path in (out, state_path(out))}
    with pytest.raises(ValueError, match=r"belongs to a phase48 network 48-8-8-1, not to the full network"):
        train(_config("full", games=20), out, resume=True)
    train(_config("full", games=12), tmp_path / "later.npz", report=lambda line: None)
    shutil.copy(state_path(tmp_path / "later.npz"), state_path(out))  # another checkpoint's state
    before[state_path(out)] = state_path(out).read_bytes()
    with pytest.raises(ValueError, match="not one checkpoint"):
        train(_config("full", games=20), out, resume=True)
    assert {path: path.read_bytes() for path in before} == before


@pytest.mark.slow
def test_checkpoints_by_time_come_before_the_game_interval_and_resume_exactly(tmp_path, monkeypatch):
    now = [0.0]

    def clock():  # every call is one second later: a checkpoint every 30 steps at half a minute
        now[0] += 1.0
        return now[0]

    untimed = train(_config("full", checkpoint_minutes=0), tmp_path / "untimed.npz", report=lambda line: None)
    save, saves = training_module.Training.save, []

    def save_and_copy(self):
        save(self)
        saves.append(self.done)
        folder = tmp_path / f"save{len(saves)}"
        folder.mkdir()
        for path in (self.out, state_path(self.out)):
            shutil.copy(path, folder / path.name)

    monkeypatch.setattr(training_module, "clock", clock)
    monkeypatch.setattr(training_module.Training, "save", save_and_copy)
    timed = train(_config("full", checkpoint_minutes=0.5), tmp_path / "n.npz", report=lambda line: None)
    monkeypatch.setattr(training_module.Training, "save", save)
    assert len(saves) >= 4 and saves[0] < 30  # checkpoint_every is 10**9: these came from the clock
    _assert_same_weights(timed, untimed)  # writing a checkpoint changes nothing in the training
    for k in (1, len(saves) // 2):
        out = tmp_path / f"save{k}" / "n.npz"
        assert read_npz(state_path(out), "a state")["play_lengths"].sum() > 0  # in the middle of games
        resumed = train(_config("full", checkpoint_minutes=0.5), out, resume=True, report=lambda line: None)
        _assert_same_weights(resumed, untimed)


def test_the_clock_alone_does_not_checkpoint_with_zero_minutes(tmp_path, monkeypatch):
    monkeypatch.setattr(training_module, "clock", lambda: 10.0**9 * len(saves))
    save, saves = training_module.Training.save, []
    monkeypatch.setattr(training_module.Training, "save", lambda self: (saves.append(self.done), save(self)))
    net = train(_config("full", games=10, checkpoint_minutes=0), tmp_path / "n.npz", report=lambda line: None)
    assert saves == [net.meta["games"]]  # the final checkpoint only
