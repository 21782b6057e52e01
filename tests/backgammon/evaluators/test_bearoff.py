"""The one-sided bearoff database: its indexing, hand-counted distributions, agreement with
GNU Backgammon's database and 0-ply chances, the shipped file, and its use by the networks."""

from __future__ import annotations

import random

import gnubg_nn  # GPL: tests only
import numpy as np
import pytest

from game.backgammon.evaluators import bearoff
from game.backgammon.evaluators.bearoff import MAX_ROLLS, N_POSITIONS, all_positions, build, race_outcomes, rank
from game.backgammon.evaluators import get_evaluator
from game.backgammon.nets import evaluator as nets_evaluator

BINS = np.arange(MAX_ROLLS)


@pytest.fixture(scope="module")
def built():
    return build()


ON_ONE_BUILD = pytest.mark.xdist_group("bearoff_build")
"""The tests on :func:`built` run in one xdist worker (``--dist loadgroup``): the database is built once."""


def batch_of(mine, theirs) -> np.ndarray:
    """A ``(1, 2, 26)`` bearoff batch: home boards (points 1..6) of the side on roll and its opponent."""
    batch = np.zeros((1, 2, 26), dtype=np.int64)
    for side, board in enumerate((mine, theirs)):
        batch[0, side, 1:7] = board
        batch[0, side, 0] = 15 - sum(board)
    return batch


@pytest.mark.slow
def test_every_home_board_has_its_own_index():
    boards = all_positions()
    assert len(boards) == N_POSITIONS == 54264
    assert (rank(boards) == np.arange(N_POSITIONS)).all()
    assert (boards.sum(axis=1) <= 15).all() and len({tuple(b) for b in boards}) == N_POSITIONS


@pytest.mark.slow
@ON_ONE_BUILD
def test_hand_counted_distributions(built):
    off, first = built
    one_on_six = off[rank(np.array([0, 0, 0, 0, 0, 1]))]
    # Only 21, 31, 41, 32 (twice each) and 11 fail to carry one checker 6 pips: 9 rolls of 36.
    assert one_on_six[1] == pytest.approx(27 / 36) and one_on_six[2] == pytest.approx(9 / 36)
    assert off[rank(np.array([2, 0, 0, 0, 0, 0]))][1] == pytest.approx(1.0)
    # Fifteen on the 6 point: the first checker is off at once with any 6, 51, 42, 33 or 22.
    assert first[rank(np.array([0, 0, 0, 0, 0, 15]))][1] == pytest.approx(17 / 36)
    assert first[rank(np.array([1, 0, 0, 0, 0, 0]))][0] == 1.0  # fourteen are off already
    assert np.allclose(off.sum(axis=1), 1.0) and np.allclose(first.sum(axis=1), 1.0)


@pytest.mark.slow
@ON_ONE_BUILD
def test_distributions_equal_gnu_backgammons_database(built):
    off, _ = built
    boards = all_positions()
    for index in random.Random(7).sample(range(1, N_POSITIONS), 400) + [N_POSITIONS - 1]:
        gnu = np.zeros(MAX_ROLLS)
        probabilities = gnubg_nn.bearoff_probabilities(tuple(int(c) for c in boards[index]))
        gnu[1:1 + len(probabilities)] = probabilities  # GNU's list starts at one roll
        assert (off[index] - gnu) @ BINS == pytest.approx(0.0, abs=2e-4), boards[index]
        assert np.abs(off[index] - gnu).max() < 3e-3, boards[index]


def test_chances_equal_gnu_backgammons_zero_ply():
    boards, rng = all_positions(), random.Random(3)
    for _ in range(200):
        mine, theirs = boards[rng.randrange(1, N_POSITIONS)], boards[rng.randrange(1, N_POSITIONS)]
        batch = batch_of(mine, theirs)
        gnu = gnubg_nn.probabilities([list(batch[0, 1, 1:26]), list(batch[0, 0, 1:26])], 0)
        assert np.abs(race_outcomes(batch)[0] - np.array(gnu)).max() < 2e-4, (mine, theirs)


@pytest.mark.slow
@ON_ONE_BUILD
def test_gammons_need_fifteen_checkers_left(built):
    # One checker left against fifteen on the 6 point: a sure gammon for the side on roll.
    assert race_outcomes(batch_of([1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 15]))[0] == pytest.approx([1, 1, 0, 0, 0])
    # The same with one of the opponent's already off: a single game.
    assert race_outcomes(batch_of([1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 14]))[0] == pytest.approx([1, 0, 0, 0, 0])
    # Fifteen on the 6 point against one on the 6 point: the opponent is off with its first
    # roll (27/36), when the side on roll has had one roll to take a checker off (17/36), or
    # with its second (9/36), after two.
    _, first = built
    first_off = first[rank(np.array([0, 0, 0, 0, 0, 15]))]
    lose = race_outcomes(batch_of([0, 0, 0, 0, 0, 15], [0, 0, 0, 0, 0, 1]))[0]
    assert lose[0] == 0.0
    assert lose[3] == pytest.approx(27 / 36 * 19 / 36 + 9 / 36 * (1 - first_off[:3].sum()), abs=1e-6)


@pytest.mark.slow
@ON_ONE_BUILD
def test_the_shipped_file_is_a_fresh_build(built):
    shipped_off, shipped_first = bearoff.database()
    assert np.abs(shipped_off - built[0]).max() < 1e-6 and np.abs(shipped_first - built[1]).max() < 1e-6


def test_networks_value_bearoffs_from_the_database_and_the_rest_themselves(monkeypatch, request):
    net = get_evaluator("net-full")
    home = batch_of([3, 3, 3, 3, 3, 0], [3, 4, 4, 4, 0, 0])
    contact = home.copy()
    contact[0, 1, 3] -= 1
    contact[0, 1, 24] += 1  # one of the opponent's checkers back on the 24 point
    both = np.concatenate([home, contact])
    assert net.probabilities(both)[0] == pytest.approx(race_outcomes(home)[0])
    raw = nets_evaluator.consistent(net.network.forward(nets_evaluator.ENCODERS[net.encoding](both)))
    assert net.probabilities(both)[1] == pytest.approx(raw[1], abs=1e-6)  # float32: another batch, other last bits
    assert net.probabilities(home)[0] != pytest.approx(raw[0])  # the database, not the network

    def missing():
        raise FileNotFoundError("Tabula asset missing: backgammon/bearoff/one_sided.npz")

    monkeypatch.setattr(nets_evaluator, "database", missing)
    nets_evaluator._bearoff_installed.cache_clear()  # asked again, of the missing file
    request.addfinalizer(nets_evaluator._bearoff_installed.cache_clear)
    assert net.probabilities(both) == pytest.approx(raw)  # without the file: the network


def test_greedy_network_players_bear_off_by_the_database():
    """``greedy:net-full`` (benches, training checks) plays as the evaluator does: in a
    bearoff, the play the database values best."""
    from game.backgammon.movegen import legal_plays
    from game.backgammon.nets.choosers import make_chooser
    from game.backgammon.nets.encoding import equity, flip_outputs

    me, them = batch_of([2, 0, 3, 2, 4, 1], [0, 3, 3, 3, 3, 3])[0]
    me, them = tuple(int(c) for c in me), tuple(int(c) for c in them)
    for dice in ((6, 5), (4, 1), (2, 2)):
        plays = legal_plays(me, them, *dice)
        after = np.array([(opp_after, mover_after) for _, mover_after, opp_after in plays])
        best = int(np.argmax(equity(flip_outputs(race_outcomes(after)))))
        assert make_chooser("greedy:net-full").choose_many([(me, them, plays)]) == [best]
