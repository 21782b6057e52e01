"""Janowski's money model: take and cash points, dead and live cube equities, Jacoby, batches."""

from __future__ import annotations

import numpy as np
import pytest

from game.backgammon.cube import money

RACE = (0.6, 0.0, 0.0, 0.0, 0.0)  # no gammons either way


def flipped(chances):
    win, wg, wbg, lg, lbg = chances
    return (1 - win, lg, lbg, wg, wbg)


def test_take_and_cash_points_by_hand():
    # No gammons (W = L = 1): TP = (1 - 0.5) / (2 + 0.5x).
    assert money.take_point(1, 1, 0.0) == pytest.approx(0.25)  # 0.5 / 2
    assert money.take_point(1, 1, 1.0) == pytest.approx(0.20)  # 0.5 / 2.5
    assert money.take_point(1, 1, 0.68) == pytest.approx(0.5 / 2.34)  # 0.21368, "about 21.4%"
    assert money.cash_point(1, 1, 1.0) == pytest.approx(0.8)  # 2 / 2.5
    # Gammonish taker: loses 1.5 on average, wins 1: TP = 1.0 / (2.5 + 0.34) = 0.35211.
    assert money.take_point(1, 1.5, 0.68) == pytest.approx(1.0 / 2.84)


def test_average_values_count_backgammons_three_times():
    # 50% wins of which 20% gammons (10% of them backgammons): W = 1 + (0.2 + 0.1) / 0.5 = 1.6.
    w, l = money.average_values((0.5, 0.2, 0.1, 0.25, 0.0))
    assert w == pytest.approx(1.6) and l == pytest.approx(1.5)
    # Certain results: no division by zero, the missing side counts 1.
    assert money.average_values((1.0, 0.3, 0.0, 0.0, 0.0)) == pytest.approx((1.3, 1.0))
    assert money.average_values((0.0, 0.0, 0.0, 0.4, 0.0)) == pytest.approx((1.0, 1.4))


@pytest.mark.parametrize("owner", ["centre", "me", "opponent"])
def test_dead_cube_is_cubeless(owner):
    chances = (0.55, 0.15, 0.01, 0.1, 0.005)
    assert money.cubeful_equity(chances, owner, cube_life=0.0) == pytest.approx(0.1 + 0.16 - 0.105)


def test_fully_live_cube_by_hand():
    # p = 0.5, no gammons, x = 1: TP = 0.2 and CP = 0.8.
    even = (0.5, 0, 0, 0, 0)
    assert money.cubeful_equity(even, "centre", cube_life=1.0) == pytest.approx(0.0)
    # Owned: the line from (0, -1) to (0.8, +1) at 0.5: -1 + 2 * 0.5 / 0.8 = 0.25.
    assert money.cubeful_equity(even, "me", cube_life=1.0) == pytest.approx(0.25)
    assert money.cubeful_equity(even, "opponent", cube_life=1.0) == pytest.approx(-0.25)
    # Half live: halfway between the dead 0.0 and the live 0.25.
    assert money.cubeful_equity(even, "me", cube_life=0.5) == pytest.approx(0.125)


@pytest.mark.parametrize("chances", [(0.3, 0.1, 0.0, 0.2, 0.02), (0.7, 0.25, 0.05, 0.05, 0.0), RACE])
def test_antisymmetric(chances):
    for x in (0.0, 0.68, 1.0):
        mine = money.cubeful_equity(chances, "centre", cube_life=x)
        assert mine == pytest.approx(-money.cubeful_equity(flipped(chances), "centre", cube_life=x))
        owned = money.cubeful_equity(chances, "me", cube_life=x)
        assert owned == pytest.approx(-money.cubeful_equity(flipped(chances), "opponent", cube_life=x))
        assert owned >= mine >= money.cubeful_equity(chances, "opponent", cube_life=x)


def test_jacoby_counts_centred_gammons_single():
    gammonish = (0.6, 0.2, 0.0, 0.0, 0.0)
    # Dead cube: 2p - 1 = 0.2 with Jacoby; 0.2 + 0.2 of gammons without.
    assert money.cubeful_equity(gammonish, "centre", jacoby=True, cube_life=0.0) == pytest.approx(0.2)
    assert money.cubeful_equity(gammonish, "centre", jacoby=False, cube_life=0.0) == pytest.approx(0.4)
    # Once the cube is turned gammons count again.
    assert money.cubeful_equity(gammonish, "me", jacoby=True, cube_life=0.0) == pytest.approx(0.4)
    # Live, Jacoby caps the centred cube at +1 past the cash point.
    huge = (0.95, 0.6, 0.0, 0.0, 0.0)
    assert money.cubeful_equity(huge, "centre", jacoby=True, cube_life=1.0) == pytest.approx(1.0)
    assert money.cubeful_equity(huge, "centre", cube_life=1.0) > 1.0


def test_janowski_take_boundary_in_dt():
    # x = 0.68, no gammons: the doubler's DT crosses DP = 1 at p = 1 - 0.21368 = 0.78632.
    # p = 0.78: dead 0.56, live -1 + 2 (0.78 - 0.2) / 0.8 = 0.45, blend 0.4852, DT = 0.9704.
    nd, dt, dp = money.cube_equities((0.78, 0, 0, 0, 0), "centre", cube_life=0.68)
    assert dt == pytest.approx(0.9704) and dp == 1.0
    # p = 0.79: dead 0.58, live 0.475, blend 0.5086, DT = 1.0172: a pass.
    assert money.cube_equities((0.79, 0, 0, 0, 0), cube_life=0.68)[1] == pytest.approx(1.0172)


def test_batches_match_single_vectors():
    rng = np.random.default_rng(7)
    win = rng.uniform(0, 1, 50)
    wg = win * rng.uniform(0, 0.4, 50)
    lg = (1 - win) * rng.uniform(0, 0.4, 50)
    batch = np.stack([win, wg, wg * 0.1, lg, lg * 0.1], axis=1)
    nd, dt, dp = money.cube_equities(batch, "centre", cube_life=0.68)
    best = money.optimal_equity(batch, "centre", cube_life=0.68)
    assert nd.shape == dt.shape == dp.shape == best.shape == (50,)
    for i, row in enumerate(batch):
        one = money.cube_equities(row, "centre", cube_life=0.68)
        assert isinstance(one[0], float)
        assert (nd[i], dt[i], dp[i]) == pytest.approx(one)
        assert best[i] == pytest.approx(min(one[1], one[2]) if min(one[1], one[2]) >= one[0] else one[0])


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="5 numbers"):
        money.cube_equities((0.5, 0.1, 0.0, 0.1))
    with pytest.raises(ValueError, match="cube owner"):
        money.cubeful_equity(RACE, "nobody")
    with pytest.raises(ValueError, match="opponent owns"):
        money.optimal_equity(RACE, "opponent")
