"""The race network's training pieces: race positions, exact 1-ply targets, the fit, and
how the evaluator routes races to it."""

from __future__ import annotations

import numpy as np
import pytest

from game.backgammon.evaluators.bearoff import in_bearoff, is_race, race_outcomes
from game.backgammon.board import make_side
from game.backgammon.evaluators import boards_to_array, get_evaluator
from game.backgammon.movegen import legal_plays
from game.backgammon.nets.encoding import ENCODERS, consistent, equity, flip_outputs
from game.backgammon.nets.evaluator import load_network
from game.backgammon.nets.race import Candidates, ROLLS, expected_targets, race_positions, train_race

HOME = make_side({6: 3, 5: 3, 4: 3, 3: 3, 2: 3})
ONE_OUT = make_side({9: 1, 6: 2, 5: 3, 4: 3, 3: 3, 2: 3})  # one checker three pips from home
THEIRS = make_side({6: 4, 5: 4, 4: 4, 3: 3})
CONTACT = make_side({24: 1, 6: 2, 5: 3, 4: 3, 3: 3, 2: 3})
ENCODING = load_network("net-full").meta.get("encoding", "full")  # what the race network reads too


def test_races_are_contact_free_live_and_not_both_home():
    batch = boards_to_array([(ONE_OUT, THEIRS), (HOME, THEIRS), (CONTACT, THEIRS), (THEIRS, ONE_OUT)])
    assert is_race(batch).tolist() == [True, False, False, True]
    assert in_bearoff(batch).tolist() == [False, True, False, False]


def test_targets_are_the_one_ply_expectation_of_the_database_and_the_network():
    """The target of ``ONE_OUT``: the average over the 21 rolls of the best play's value
    for the mover, a position after it valued by the database when both sides are home
    and by the network otherwise (here recomputed play by play)."""
    net = load_network("net-full")
    expected, mixed = np.zeros(5), False
    for a, b, weight in ROLLS:
        plays = legal_plays(ONE_OUT, THEIRS, a, b)
        after = boards_to_array([(opp_after, mover_after) for _, mover_after, opp_after in plays])
        home = in_bearoff(after)
        theirs = np.array([race_outcomes(row[None])[0] if h else consistent(net.forward(_encoded(row[None])))[0]
                           for row, h in zip(after, home)])
        mixed |= bool(home.any() and not home.all())
        mover = flip_outputs(theirs)
        expected += weight * mover[np.argmax(equity(mover))]
    assert mixed  # both kinds of value are exercised
    got = expected_targets(net, ENCODING, Candidates(boards_to_array([(ONE_OUT, THEIRS)])))[0]
    assert got == pytest.approx(expected, abs=1e-6)
    assert 0.5 < got[0] < 1.0 and got[1] < 1e-6  # no gammon for the mover: the opponent bears off next


@pytest.mark.slow
def test_race_positions_are_distinct_races_and_seeded():
    net = load_network("net-full")
    first = race_positions(net, ENCODING, games=6, seed=3, in_flight=3)
    assert len(first) > 0 and is_race(first).all()
    assert len({row.tobytes() for row in first}) == len(first)
    assert np.array_equal(first, race_positions(net, ENCODING, games=6, seed=3, in_flight=3))


def test_training_moves_the_network_towards_its_targets():
    net = load_network("net-full")
    positions = boards_to_array([(ONE_OUT, THEIRS), (THEIRS, ONE_OUT)])
    targets = expected_targets(net, ENCODING, Candidates(positions))
    before = np.abs(net.forward(_encoded(positions)) - targets).max()
    train_race(net, ENCODING, positions, rounds=1, passes=50, lr=3e-3, lr_end=3e-3)
    assert np.abs(net.forward(_encoded(positions)) - targets).max() < before / 2


def _encoded(positions):
    return ENCODERS[ENCODING](positions)


def test_the_evaluator_values_races_with_its_race_network(monkeypatch):
    evaluator = get_evaluator("net-full")
    race_net = load_network("net-full")
    race_net.biases[-1] = race_net.biases[-1] + 1.0  # a recognisably different network
    monkeypatch.setattr(evaluator, "race", race_net)
    batch = boards_to_array([(ONE_OUT, THEIRS), (CONTACT, THEIRS), (HOME, THEIRS)])
    outputs = evaluator.probabilities(batch)
    assert outputs[0] == pytest.approx(consistent(race_net.forward(_encoded(batch[:1])))[0])
    monkeypatch.setattr(evaluator, "race", None)
    plain = evaluator.probabilities(batch)
    assert outputs[0][0] != pytest.approx(plain[0][0])  # the race row: the race network
    assert outputs[1] == pytest.approx(plain[1], abs=1e-6) and outputs[2] == pytest.approx(plain[2], abs=1e-6)
