"""The ``full2`` encoding's extra inputs (hit chance, escapes, pips to home), hand-checked."""

from __future__ import annotations

import numpy as np
import pytest

from game.backgammon.board import START_SIDE
from game.backgammon.evaluators import boards_to_array, random_positions
from game.backgammon.nets.encoding import (
    ENCODERS, FULL2_INPUTS, FULL_INPUTS, encode_full, encode_full2, escape_rolls, hit_chance, input_size,
    pips_to_home,
)


def side(**points) -> list[int]:
    """A side from ``p<point>=count`` (``bar``/``off`` for slots 25/0); the rest empty."""
    slots = [0] * 26
    for key, count in points.items():
        slots[{"bar": 25, "off": 0}[key] if key in ("bar", "off") else int(key[1:])] = count
    return slots


def one(me, opp) -> np.ndarray:
    return boards_to_array([(me, opp)])


def test_full2_is_full_then_six_inputs_and_is_registered():
    batch = random_positions(50, seed=4)
    x = encode_full2(batch)
    assert x.shape == (50, FULL2_INPUTS) == (50, 215) and x.dtype == np.float32
    np.testing.assert_array_equal(x[:, :FULL_INPUTS], encode_full(batch))
    assert ENCODERS["full2"] is encode_full2 and input_size("full2") == 215
    extra = x[:, FULL_INPUTS:].reshape(50, 2, 3)
    np.testing.assert_allclose(extra[:, :, 0], hit_chance(batch) / 36, rtol=1e-6)
    np.testing.assert_allclose(extra[:, :, 1], escape_rolls(batch) / 36, rtol=1e-6)
    np.testing.assert_allclose(extra[:, :, 2], pips_to_home(batch) / 100, rtol=1e-6)
    # The other side on roll: the pairs swap.
    flipped = encode_full2(np.ascontiguousarray(batch[:, ::-1]))[:, FULL_INPUTS:].reshape(50, 2, 3)
    np.testing.assert_array_equal(flipped, extra[:, ::-1])


def test_opening_position():
    batch = one(START_SIDE, START_SIDE)
    # No blots; the back checkers on 24 face the 13, 8 and 6 points (5, 7 and 12 pips ahead):
    # sums 5 (4 rolls), 7 (6), 12 (1) land on them and 5-5 cannot move its first 5: 36 - 12.
    assert hit_chance(batch).tolist() == [[0, 0]]
    assert escape_rolls(batch).tolist() == [[24, 24]]
    assert pips_to_home(batch).tolist() == [[5 * 7 + 3 * 2 + 2 * 18] * 2]  # 77
    assert encode_full2(batch)[0, FULL_INPUTS:].tolist() == pytest.approx([0, 24 / 36, 0.77] * 2)


def test_a_blot_each():
    # Mine on 10 (the rest on 6); the opponent's on its 24 = my 1 (the rest on its 6 = my 19).
    batch = one(side(p10=1, p6=14), side(p24=1, p6=14))
    # Its checker on my 1 hits my 10 with 9 pips: 6-3, 3-6, 5-4, 4-5 (via my 5) and 3-3.
    # Mine hit its blot on my 1: any 5 (11), 4-1, 1-4, 3-2, 2-3 from the 6; 6-3, 3-6, 3-3 from the 10.
    assert hit_chance(batch).tolist() == [[5, 18]]
    # I have no back checker; its checker faces my 6 point 5 pips ahead: sums of 5 and 5-5 fail.
    assert escape_rolls(batch).tolist() == [[36, 31]]
    assert pips_to_home(batch).tolist() == [[4, 18]]


def test_hit_chance_when_the_hitter_must_enter_first():
    # The opponent has one checker on the bar; it enters on my points 1..6 and my blot is on my 3.
    batch = one(side(p3=1, p13=14), side(bar=1, p6=14))
    # Any 3 (11), 1-2 and 2-1 (enter, then move on), 1-1 (enter, then 2 more steps): 14.
    assert hit_chance(batch)[0, 0] == 14
    # With two on the bar both dice of a non-double must enter: only the direct 3s hit (11),
    # and 1-1, which enters both and plays the other two steps from my 1 to my 3.
    batch = one(side(p3=1, p13=14), side(bar=2, p6=13))
    assert hit_chance(batch)[0, 0] == 12


def test_escapes_against_a_prime_and_a_closed_board():
    # Its points 2..7 (my 23..18) made: my checker on my 24 cannot move at all.
    prime = side(p2=2, p3=2, p4=2, p5=2, p6=2, p7=2, p13=3)
    assert escape_rolls(one(side(p24=1, p6=14), prime))[0, 0] == 0
    # A closed board (its 1..6) keeps my checker on the bar from entering.
    closed = side(p1=2, p2=2, p3=2, p4=2, p5=2, p6=2, p13=3)
    assert escape_rolls(one(side(bar=1, p6=14), closed))[0, 0] == 0
    # The least over the back checkers counts; one past its points (my 15) is not a back checker.
    assert escape_rolls(one(side(p15=1, p6=14), prime))[0, 0] == 36
    # Its 8 point alone (my 17): from my 24 the checker is blocked only 7 pips ahead: 36 - 6;
    # with its 6 point too (5 pips ahead), the sums of 5 and 5-5 fail as well: 36 - 11.
    assert escape_rolls(one(side(p24=1, p6=14), side(p8=2, off=13)))[0, 0] == 30
    assert escape_rolls(one(side(p24=1, p6=14), side(p8=2, p6=13)))[0, 0] == 25


def test_pips_to_home_counts_the_bar_as_25():
    assert pips_to_home(one(side(bar=1, p7=1, p6=13), START_SIDE))[0, 0] == 19 + 1


def test_a_full2_network_trains_and_evaluates():
    from game.backgammon.nets.evaluator import NetEvaluator
    from game.backgammon.nets.training import new_network

    net = new_network("full2", seed=1)
    assert net.sizes == (215, 128, 5) and net.meta["encoding"] == "full2"
    evaluator = NetEvaluator("net-x", net)
    value = evaluator.evaluate(boards_to_array([(START_SIDE, START_SIDE)]))
    assert evaluator.encoding == "full2" and value.shape == (1,) and np.isfinite(value).all()


def test_full2_explanations_group_every_input_and_add_up():
    from game.backgammon.evaluators.arrays import flip
    from game.backgammon.nets import attribution
    from game.backgammon.nets.encoding import equity, consistent
    from game.backgammon.nets.training import new_network

    names, matrix = attribution.GROUPS["full2"]
    assert names == attribution.GROUPS["full"][0]
    np.testing.assert_array_equal(matrix.sum(axis=1), np.ones(215))
    for column, group in ((209, "opponent's blots"), (213, "your back checkers"), (214, "race (pips)")):
        assert matrix[column, names.index(group)] == 1.0
    net = new_network("full2", seed=3, dtype=np.float64)
    net.weights[-1] *= 20  # an untrained output layer starts small; make every input matter
    batch = random_positions(40, seed=5)
    flipped = flip(batch[(batch[:, :, 0] < 15).all(axis=1)])
    start = boards_to_array([(START_SIDE, START_SIDE)])
    change = equity(consistent(net.forward(encode_full2(flipped)))) - equity(consistent(net.forward(encode_full2(start))))
    parts = attribution.group_parts(net, "full2", flipped, steps=256)
    np.testing.assert_allclose(parts.sum(axis=1), change, atol=5e-3)
