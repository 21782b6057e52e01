"""The shipped networks: they load, register, follow the evaluator contract and give the
values documented in ``assets/weights/README.md``."""

from __future__ import annotations

import json

import numpy as np
import pytest

from game.backgammon.analysis.ai import state_valuer, strongest_evaluator
from game.backgammon.board import START_SIDE, make_side
from game.backgammon.evaluators import base, boards_to_array, evaluator_names, flip, get_evaluator, random_positions
from game.backgammon.nets import evaluator as nets_evaluator
from game.backgammon.state import BackgammonState
from game.core.resources import asset_path
from ...cli.util import run

POSITIONS = {
    "opening": (START_SIDE, START_SIDE),
    "race": (make_side({6: 3, 5: 3, 4: 3, 3: 3, 2: 3}), make_side({6: 4, 5: 4, 4: 4, 3: 3})),
    "gammonish": (make_side({1: 2, 2: 2, 3: 1}), make_side({24: 2, 13: 5, 8: 5, 6: 3})),
    "long race": (make_side({13: 2, 8: 3, 6: 5, 5: 3, 4: 2}), make_side({10: 2, 8: 3, 6: 4, 5: 3, 4: 3})),
    "on the bar": (make_side({6: 5, 8: 3, 13: 5, 24: 1}, bar=1), make_side({6: 4, 5: 2, 4: 2, 8: 3, 13: 4})),
}
# (outputs for the side on roll, equity), as documented in assets/weights/README.md.
DOCUMENTED = {
    "net-full": {
        "opening": ([0.5245, 0.1498, 0.0078, 0.1270, 0.0064], 0.0732),
        "race": ([0.7895, 0.0, 0.0, 0.0, 0.0], 0.5791),  # a bearoff: the database's value
        "gammonish": ([0.9788, 0.8968, 0.5026, 0.0, 0.0], 2.3571),
        "long race": ([0.4272, 0.0, 0.0, 0.0, 0.0], -0.1456),  # the race network's value
        "on the bar": ([0.2007, 0.0231, 0.0010, 0.3160, 0.0140], -0.9044),
    },
    "net-phase48": {
        "opening": ([0.5234], 0.0468),
        "race": ([0.7895], 0.5791),
        "gammonish": ([1.0], 1.0),
        "long race": ([0.435], -0.1299),
        "on the bar": ([0.1236], -0.7528),
    },
}


@pytest.mark.parametrize("name", ["net-full", "net-phase48"])
def test_shipped_weights_give_their_documented_values(name):
    evaluator = get_evaluator(name)
    for position, (outputs, value) in DOCUMENTED[name].items():
        batch = boards_to_array([POSITIONS[position]])
        assert evaluator.probabilities(batch)[0] == pytest.approx(outputs, abs=1e-4), position
        assert evaluator.evaluate(batch)[0] == pytest.approx(value, abs=1e-4), position


@pytest.mark.parametrize("name", ["net-full", "net-phase48"])
def test_shipped_files_are_small_and_registered(name):
    assert name in evaluator_names()
    assert asset_path("weights", f"{name}.npz").stat().st_size < 1_000_000  # net-full: 215-512-256-5


def test_net_full_is_the_strongest_and_keeps_the_evaluator_contract():
    assert strongest_evaluator() == "net-full"
    net = get_evaluator("net-full")
    batch = random_positions(50, seed=4)
    o = net.probabilities(batch)
    assert o.shape == (50, 5) and (o >= 0).all() and (o <= 1).all()
    assert (o[:, 2] <= o[:, 1]).all() and (o[:, 1] <= o[:, 0]).all() and (o[:, 4] <= o[:, 3]).all()
    assert (o[:, 3] <= 1 - o[:, 0] + 1e-12).all()
    np.testing.assert_allclose(net.evaluate(batch), 2 * o[:, 0] - 1 + o[:, 1] - o[:, 3] + o[:, 2] - o[:, 4])
    np.testing.assert_allclose(net.equity(batch), net.evaluate(batch))
    np.testing.assert_allclose(net.after_play(batch), -net.evaluate(flip(batch)))
    me, opp = POSITIONS["on the bar"]
    explained = net.explain(me, opp)
    assert list(explained) == ["win", "gammons", "backgammons", "total"]
    assert sum(v for k, v in explained.items() if k != "total") == pytest.approx(explained["total"])
    on_roll = net.probabilities(boards_to_array([(me, opp)]))[0]
    # The analysis' valuer speaks for player 0: here ``opp``, who just moved; ``me`` is on roll.
    values, chances = state_valuer(net)([BackgammonState.from_board(me, opp, 1, None)])
    assert chances[0, 0] == pytest.approx(1 - on_roll[0]) and chances[0, 3] == pytest.approx(on_roll[1])
    assert values[0] == pytest.approx(-explained["total"])


def test_net_full_values_races_with_the_shipped_race_network(monkeypatch):
    evaluator = get_evaluator("net-full")
    race = nets_evaluator.load_race_network("net-full")
    assert race is not None and race.meta["kind"] == "race" and race.sizes[0] == evaluator.network.sizes[0]
    assert race.meta["encoding"] == evaluator.encoding == "full2"
    assert asset_path("weights", "net-race.npz").stat().st_size < 500_000
    batch = boards_to_array([POSITIONS["long race"]])
    alone = nets_evaluator.side_on_roll_outputs(evaluator.network, evaluator.encoding, batch)
    assert evaluator.probabilities(batch) == pytest.approx(
        nets_evaluator.side_on_roll_outputs(evaluator.network, evaluator.encoding, batch, race))
    assert abs(evaluator.probabilities(batch)[0, 0] - alone[0, 0]) > 0.01  # not the main network's

    def missing(*parts):
        raise FileNotFoundError("Tabula asset missing: " + "/".join(parts))

    monkeypatch.setattr(nets_evaluator, "asset_path", missing)
    assert nets_evaluator.load_race_network("net-full") is None  # net-full then values races itself
    assert nets_evaluator.load_race_network("net-phase48") is None


@pytest.mark.parametrize("name, points", [("net-full", 3.0), ("net-phase48", 1.0)])
def test_finished_games_get_their_exact_value(name, points):
    winner, loser = make_side({}), make_side({24: 1, 13: 14})  # all off v a backgammoned side
    values = get_evaluator(name).evaluate(boards_to_array([(loser, winner), (winner, loser)]))
    assert values.tolist() == [-points, points]  # net-phase48 has no gammon outputs


def test_missing_weights_leave_the_networks_unregistered(monkeypatch):
    monkeypatch.setattr(base, "_REGISTRY", {k: v for k, v in base._REGISTRY.items() if not k.startswith("net-")})

    def missing(*parts):
        raise FileNotFoundError("Tabula asset missing: " + "/".join(parts))

    monkeypatch.setattr(nets_evaluator, "asset_path", missing)
    assert nets_evaluator.register_networks() == []
    assert "net-full" not in evaluator_names() and strongest_evaluator() == "bras"
    with pytest.raises(FileNotFoundError, match="weights/net-full.npz"):
        nets_evaluator.load_network("net-full")


def test_eval_command_shows_the_five_outputs_and_equity(capsys):
    code, out, _ = run(capsys, "eval", "backgammon", "--position", "4HPwATDgc/ABMA", "--evaluator", "net-full", "--json")
    report = json.loads(out)
    assert code == 0 and report["evaluator"] == "net-full"
    assert list(report["outputs"]) == ["win", "win gammon", "win backgammon", "lose gammon", "lose backgammon"]
    assert report["equity"] == pytest.approx(report["value"]) == pytest.approx(sum(report["factors"].values()))
    code, out, _ = run(capsys, "eval", "backgammon", "--position", "4HPwATDgc/ABMA", "--evaluator", "net-full")
    assert code == 0 and "win gammon" in out and "equity" in out
