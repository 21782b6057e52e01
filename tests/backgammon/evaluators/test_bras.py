"""Seed 001's BRAS: the seed's own test list plus the spec's computed vectors.

Positions in spec (b) give the opponent's checkers in *my* numbering; ``opp_mine`` turns
them into the opponent's own numbering (my point i is its point 25 - i).
"""

import numpy as np
import pytest

from game.backgammon.board import START_SIDE, check_board, make_side
from game.backgammon.evaluators import (
    Bras, CubePolicy, boards_to_array, bras_details, bras_features, flip, random_positions,
)
from game.backgammon.evaluators.bras import BRAS_FEATURES

BRAS = Bras()
F = {name: i for i, name in enumerate(BRAS_FEATURES)}


def opp_mine(points, bar=0):
    return make_side({25 - i: n for i, n in points.items()}, bar)


SAMPLE_2 = (make_side({2: 1, 6: 5, 13: 5, 20: 1, 24: 2}, bar=1), opp_mine({1: 3, 7: 1, 8: 1, 12: 5, 17: 2, 19: 3}))
SAMPLE_2_OCCUPIED = (
    make_side({2: 1, 6: 5, 8: 3, 13: 2, 20: 1, 24: 2}, bar=1), opp_mine({1: 3, 9: 1, 12: 5, 17: 1, 19: 5}),
)


def details(position, out_occupied=False):
    return bras_details(boards_to_array([position]), out_occupied)


def features_of(position, out_occupied=False):
    row = details(position, out_occupied).features[0]
    return {name: float(row[i]) for name, i in F.items() if row[i] != 0}


def test_opening_is_exactly_even():
    result = details((START_SIDE, START_SIDE))
    assert not result.features.any()
    assert result.d[0] == 0.0 and result.s_me[0] == 50.0 and result.s_op[0] == 50.0


def test_sample_2_made_points():
    result = details(SAMPLE_2)
    assert features_of(SAMPLE_2) == pytest.approx(
        {"pip": 16 / 375, "bar": -1 / 15, "blot": -0.7 / 22.5, "out": -1 / 12, "x1": -1 / 90}, abs=1e-15)
    assert result.d[0] == pytest.approx(2.2 * 16 / 375 - 1.1 * 0.7 / 22.5 - 2 / 15 - 0.5 / 12 - 1 / 90, abs=1e-15)
    assert result.d[0] == pytest.approx(-0.1264667, abs=5e-8)
    assert result.s_me[0] == pytest.approx(47.8935, abs=5e-5)
    assert result.s_op[0] == pytest.approx(52.1065, abs=5e-5)
    assert BRAS.evaluate(flip(boards_to_array([SAMPLE_2])))[0] == pytest.approx(52.1065, abs=5e-5)


def test_sample_2_with_occupied_midfield():
    result = details(SAMPLE_2, out_occupied=True)
    assert result.features[0, F["out"]] == -0.25
    assert result.d[0] == pytest.approx(-0.2098, abs=5e-8)
    assert result.s_me[0] == pytest.approx(46.509, abs=5e-4)
    other = details(SAMPLE_2_OCCUPIED, out_occupied=True)
    assert other.d[0] == pytest.approx(-0.1264667, abs=5e-8)
    assert other.s_me[0] == pytest.approx(47.8935, abs=5e-5)
    assert Bras(out_occupied=True).evaluate(boards_to_array([SAMPLE_2_OCCUPIED]))[0] == other.s_me[0]


@pytest.mark.parametrize("position, features, d, s", [
    ((make_side({}, bar=15), opp_mine({19: 5, 20: 5, 21: 5})),
     {"pip": -0.8, "bar": -1, "hb": -0.5, "prime": -0.5, "x1": -0.5}, -5.66, 2.2459),
    ((make_side({}), make_side({}, bar=15)), {"pip": 1, "bar": 1, "off": 1}, 5.8, 97.9501),
    ((make_side({6: 15}), START_SIDE),
     {"pip": 0.205333, "anch": -1 / 6, "stack": -1, "out": -1 / 6, "x2": 1 / 36}, -0.148267, 47.5309),
    ((make_side({4: 2, 5: 2, 6: 3, 7: 2, 8: 2, 9: 2, 13: 2}), START_SIDE),
     {"pip": 0.152, "hb": 1 / 3, "prime": 5 / 6, "anch": -1 / 6, "out": 1 / 6, "x2": 1 / 6}, 1.801067, 76.8651),
])
def test_computed_vectors(position, features, d, s):
    result = details(position)
    assert features_of(position) == pytest.approx(features, abs=5e-7)
    assert result.d[0] == pytest.approx(d, abs=5e-7)
    assert result.s_me[0] == pytest.approx(s, abs=5e-5)


def test_antisymmetry_on_random_positions():
    batch = random_positions(1000, seed=2025)
    mine, theirs = bras_details(batch), bras_details(flip(batch))
    assert np.array_equal(theirs.features, -mine.features)
    assert np.abs(mine.s_me - theirs.s_op).max() < 1e-12
    assert np.abs(mine.s_me + mine.s_op - 100).max() < 1e-12
    assert np.array_equal(BRAS.evaluate(batch), mine.s_me)


EDGES = [
    (make_side({}, bar=15), make_side({}, bar=15)),
    (make_side({}), make_side({}, bar=15)),
    (make_side({}, bar=15), make_side({})),
    (make_side({1: 15}), make_side({23: 15})),
    (make_side({13: 15}), make_side({6: 7, 5: 8})),
    (make_side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 8: 1}), make_side({}, bar=15)),
    (make_side({p: 1 for p in range(1, 16)}), make_side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}, bar=3)),
]


def test_bounds_and_edges():
    """Extreme boards, the first (both sides all on the bar) past what a game reaches: the
    evaluator still stays in bounds and symmetric there."""
    with pytest.raises(ValueError, match="every checker on the bar"):
        check_board(*EDGES[0])
    for me, opp in EDGES[1:]:
        check_board(me, opp)
    batch = np.concatenate([random_positions(5000, seed=9), boards_to_array(EDGES)])
    result = bras_details(batch)
    assert np.abs(result.features).max() <= 1.0
    assert (result.s_me >= 0).all() and (result.s_me <= 100).all()
    edges = bras_details(boards_to_array(EDGES))
    flipped = bras_details(flip(boards_to_array(EDGES)))
    assert np.abs(edges.s_me - flipped.s_op).max() < 1e-12
    assert edges.s_me[0] == 50.0  # both sides all on the bar
    assert edges.features[5, F["prime"]] == 1.0  # a 7-point prime counts as 6
    assert edges.features[6, F["blot"]] == pytest.approx(-(6 * 1.5 + 9 * 1.0) / 22.5)


def _moved(batch, side, source, target):
    """Copies of ``batch`` with one checker of ``side`` moved from slot ``source`` to ``target``."""
    moved = batch.copy()
    moved[:, side, source] -= 1
    moved[:, side, target] += 1
    return moved


def test_monotone_in_pips():
    # Each of my checkers one pip forward where nothing but the pip count changes: S rises.
    batch = random_positions(3000, seed=4)
    checked = 0
    for p in range(2, 25):
        ok = (batch[:, 0, p] > 0) & (batch[:, 1, 25 - (p - 1)] == 0)
        before = batch[ok]
        after = _moved(before, 0, p, p - 1)
        fb, fa = bras_features(before), bras_features(after)
        same = (np.delete(fb, F["pip"], axis=1) == np.delete(fa, F["pip"], axis=1)).all(axis=1)
        assert (fa[same, F["pip"]] > fb[same, F["pip"]]).all()
        assert (BRAS.evaluate(after[same]) > BRAS.evaluate(before[same])).all()
        checked += same.sum()
    assert checked > 1000


def test_monotone_in_my_bar():
    for k in range(3):
        worse = [make_side({6: 5, 8: 3, 24: 2, 13: 5 - j}, bar=j) for j in (k, k + 1)]
        s = BRAS.evaluate(boards_to_array([(side, START_SIDE) for side in worse]))
        assert s[1] < s[0]
    # Random positions: one more of my checkers to the bar from a point of 3..5 checkers.
    batch = random_positions(3000, seed=6)
    for p in range(1, 25):
        rows = batch[(batch[:, 0, p] >= 3) & (batch[:, 0, p] <= 5)]
        assert (BRAS.evaluate(_moved(rows, 0, p, 25)) < BRAS.evaluate(rows)).all()


def test_cube_policy():
    policy = CubePolicy()
    assert (policy.double_at, policy.pass_at) == (62.0, 80.0)
    assert policy.decide(50.0) == "no double"
    assert policy.decide(61.99) == "no double"
    assert policy.decide(62.0) == "double, take"
    assert policy.decide(79.99) == "double, take" and policy.take(79.99)
    assert policy.decide(80.0) == "double, pass" and not policy.take(80.0)
    assert list(policy.decide_many([10, 65, 90])) == ["no double", "double, take", "double, pass"]
    assert CubePolicy(double_at=65).decide(63) == "no double"
    with pytest.raises(ValueError):
        CubePolicy(double_at=85, pass_at=80)


def test_explain_shares_the_score():
    parts = BRAS.explain(*SAMPLE_2)
    assert list(parts) == list(BRAS_FEATURES) + ["even", "total"]
    assert parts["even"] == 50.0
    assert parts["total"] == pytest.approx(47.8935, abs=5e-5)
    assert parts["bar"] < 0 < parts["pip"] and parts["hb"] == 0
