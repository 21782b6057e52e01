"""TD(λ) self-play: a short seeded run learns, replays exactly, checkpoints and resumes."""

from __future__ import annotations

import numpy as np
import pytest

from game.backgammon.nets.arena import duplicate_match
from game.backgammon.nets.choosers import NetChooser, RandomChooser, make_chooser
from game.backgammon.nets.network import Network
from game.backgammon.nets.selfplay import SelfPlay
from game.backgammon.nets.training import TrainConfig, best_path, new_network, state_path, train

SMALL = dict(arch="full", hidden=(16,), seed=1, in_flight=32, lr=1e-2, lr_end=3e-3, explore_games=0)


def _versus_random(net: Network) -> float:
    return duplicate_match(NetChooser(net, "full"), RandomChooser(7), 30, seed=3).per_game


@pytest.mark.slow
def test_sixty_games_of_training_turn_a_random_network_into_a_clear_winner(tmp_path):
    config = TrainConfig(games=60, checkpoint_every=10**9, check_every=0, **SMALL)
    before = _versus_random(new_network("full", 1, (16,)))  # this start plays about as well as random
    after = _versus_random(train(config, tmp_path / "n.npz", report=lambda line: None))
    assert before.mean < 0.5 and after.mean > 1.5 and after.low > before.high, (before, after)


def test_training_replays_exactly(tmp_path):
    config = TrainConfig(games=8, checkpoint_every=10**9, check_every=0, **SMALL)
    net = train(config, tmp_path / "a.npz", report=lambda line: None)
    again = train(config, tmp_path / "b.npz", report=lambda line: None)
    for w, w2 in zip(net.params, again.params):
        np.testing.assert_array_equal(w, w2)


def test_checkpoints_strength_checks_and_resume(tmp_path):
    out, lines = tmp_path / "n.npz", []
    config = TrainConfig(games=20, checkpoint_every=10, check_every=20, check_deals=3, opponent="hard", **SMALL)
    train(config, out, report=lines.append)
    assert Network.load(out).meta["games"] >= 20 and state_path(out).exists() and best_path(out).exists()
    assert len(lines) == 1 and "v hard" in lines[0] and "points/game" in lines[0]
    done = Network.load(out).meta["games"]
    config.games = done + 15
    resumed = train(config, out, resume=True, report=lines.append)
    assert resumed.meta["games"] >= done + 15
    with pytest.raises(ValueError, match="already holds"):
        config.games = 5
        train(config, out, resume=True)
    with pytest.raises(ValueError, match="n.npz, .*n.npz.state.npz and .*n.best.npz already exist: a fresh run"):
        train(config, out)


def test_selfplay_turns_finished_games_into_training_pairs():
    net = new_network("phase48", 1)
    play = SelfPlay(NetChooser(net, "phase48", explore=1.0), 4, 0.7, seed=2)
    finished, boards, targets = 0, [], []
    while finished < 2:
        b, t, f = play.step()
        finished += f
        boards.append(b)
        targets.append(t)
    boards, targets = np.concatenate(boards), np.concatenate(targets)
    assert boards.shape[1:] == (2, 26) and targets.shape == (len(boards), 1) and len(boards) > 20
    assert ((targets >= 0) & (targets <= 1)).all()


def test_choosers_by_name():
    assert make_chooser("hard").name == "hard"
    assert make_chooser("greedy:bras").name == "greedy:bras"
    with pytest.raises(ValueError, match="unknown chooser"):
        make_chooser("nobody")


def test_a_long_strength_check_is_played_in_blocks_with_the_same_result(monkeypatch):
    from game.backgammon.nets import arena

    net, hard = new_network("full", 1, (8,)), make_chooser("hard")
    whole = duplicate_match(NetChooser(net, "full"), hard, 7, seed=3)
    sizes, play = [], arena.play_lockstep
    monkeypatch.setattr(arena, "play_lockstep", lambda seats, seeds: (sizes.append(len(seeds)), play(seats, seeds))[1])
    monkeypatch.setattr(arena, "DEALS_AT_ONCE", 3)
    blocks = duplicate_match(NetChooser(net, "full"), hard, 7, seed=3)
    assert sizes == [6, 6, 2]  # never more than DEALS_AT_ONCE deals in memory at once
    assert blocks.points == whole.points and blocks.per_game == whole.per_game
