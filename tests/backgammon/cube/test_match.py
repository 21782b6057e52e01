"""Match cube equities: MET outcomes, take points worked out by hand from the table, Crawford rules."""

from __future__ import annotations

import numpy as np
import pytest

from game.backgammon.cube.context import CubeContext
from game.backgammon.cube.decision import decide
from game.backgammon.cube.met import kazaross
from game.backgammon.cube import match


def race(p):
    return (p, 0.0, 0.0, 0.0, 0.0)


def test_outcomes_from_the_table():
    met = kazaross()
    # Roller 4 away, opponent 2 away, cube 1.
    context = CubeContext(away=(4, 2))
    assert match.outcome_mwcs(context) == (
        met.pre(3, 2), met.pre(2, 2), met.pre(1, 2),  # 0.40053, 0.5, 0.67736
        met.pre(4, 1), 0.0, 0.0,  # 0.18564; any gammon loses the match
    )
    # At the doubled cube: a single win makes it 2-away/2-away, a gammon wins the match.
    assert match.outcome_mwcs(context, cube=2) == (0.5, 1.0, 1.0, 0.0, 0.0, 0.0)


def test_crawford_and_later_games_use_the_post_crawford_row():
    # Winning a single in the Crawford game at 3-away/1-away leaves 2-away post-Crawford.
    assert match.outcome_mwcs(CubeContext(away=(3, 1), crawford=True))[0] == 0.48803
    # Before the Crawford game, 3-away/2-away: a single leaves 2-away/2-away.
    assert match.outcome_mwcs(CubeContext(away=(3, 2)))[0] == 0.5


def test_dead_cube_take_point_by_hand():
    # Doubler 4 away, taker 2 away, cube 1 -> 2, no gammons, dead cube (x = 0).
    # The taker passes: doubler 3 away, taker 2 away -> taker has pre(2, 3) = 0.59947.
    # Takes and wins at 2: the match (1.0); loses at 2: 2-away/2-away (0.5).
    # TP = (0.59947 - 0.5) / (1.0 - 0.5) = 0.19894.
    context = CubeContext(away=(4, 2))
    assert match.take_point(race(0.8), context, cube_life=0.0) == pytest.approx(0.19894)
    # The taker, 2 away with a 2-cube, never needs to redouble: a live cube changes nothing.
    assert match.take_point(race(0.8), context, cube_life=0.68) == pytest.approx(0.19894)
    # p = 0.80: ND = 0.8 pre(3,2) + 0.2 pre(4,1) = 0.357552; DT = 0.8 x 0.5 = 0.4 < DP = 0.40053.
    take = decide(race(0.80), context, cube_life=0.0)
    assert take.mwc == pytest.approx((0.357552, 0.4, 0.40053))
    assert take.action == "Double, take"
    # p = 0.81: DT = 0.405 > DP = 0.40053, so the taker (19% < 19.894%) passes.
    assert decide(race(0.81), context, cube_life=0.0).action == "Double, pass"


def test_take_point_of_a_two_cube_by_hand():
    # Doubler 5 away, taker 3 away. Pass: taker 3 away against 4: pre(3, 4) = 0.57150.
    # Take and win at 2: taker 1 away against 5: pre(1, 5) = 0.84179; lose at 2: 3-away/3-away 0.5.
    # TP = (0.57150 - 0.5) / (0.84179 - 0.5) = 0.0715 / 0.34179 = 0.20919.
    context = CubeContext(away=(5, 3))
    assert match.take_point(race(0.7), context, cube_life=0.0) == pytest.approx(0.0715 / 0.34179)
    # A live cube lets the taker redouble later, so they can take with less.
    assert match.take_point(race(0.7), context, cube_life=0.68) < 0.0715 / 0.34179 - 0.01


def test_emg_normalisation():
    context = CubeContext(away=(4, 2))
    decision = decide(race(0.8), context, cube_life=0.0)
    assert decision.dp == pytest.approx(1.0)
    # EMG = 2 (MWC - lose) / (win - lose) - 1 with win = pre(3,2), lose = pre(4,1).
    assert decision.nd == pytest.approx(2 * (0.357552 - 0.18564) / (0.40053 - 0.18564) - 1)
    assert match.emg(0.18564, context) == pytest.approx(-1.0)


def test_dmp_cube_is_dead():
    # 1-away/1-away: the next game decides the match whatever the cube, so GNU Backgammon
    # says "Never double, take (dead cube)"; gammons do not matter and the MWC is p.
    decision = decide((0.6, 0.3, 0.0, 0.1, 0.0), CubeContext(away=(1, 1)))
    assert decision.action == "Never double, take (dead cube)"
    assert decision.best_double_action() == "no double" and decision.best_take_action() == "take"
    assert decision.mwc[0] == pytest.approx(0.6)


def test_cube_dead_for_a_player_who_needs_no_more():
    # 2 away owning a 2-cube: a single win already wins the match.
    decision = decide(race(0.7), CubeContext(away=(2, 5), value=2, owner="me"))
    assert decision.action == "Never redouble, take (dead cube)"
    # The post-Crawford leader never needs the cube either.
    assert decide(race(0.7), CubeContext(away=(1, 4), post_crawford=True)).action.startswith("Never double")


def test_post_crawford_trailer_and_free_drop():
    # Trailer 2 away, leader 1 away, post-Crawford. A drop gives 1-away/1-away (0.5); a take
    # makes this game decide the match, so the leader takes only with 50% or more.
    context = CubeContext(away=(2, 1), post_crawford=True)
    assert decide(race(0.55), context).action == "Double, pass"
    assert decide(race(0.45), context).action == "Double, take"
    assert decide(race(0.45), context).take_point == pytest.approx(0.5)
    # The leader's gammons do not matter once the trailer doubles: every loss loses the match.
    plain = decide((0.45, 0.1, 0.0, 0.0, 0.0), context)
    gammons = decide((0.45, 0.1, 0.0, 0.3, 0.1), context)
    assert gammons.mwc[1:] == pytest.approx(plain.mwc[1:])
    assert gammons.mwc[1] == pytest.approx(0.45)
    # Without a double too: the 1-away leader wins the match with any win.
    assert gammons.nd == pytest.approx(plain.nd)


def test_crawford_game_cube_is_dead():
    context = CubeContext(away=(3, 1), crawford=True)
    chances = (0.6, 0.2, 0.0, 0.1, 0.0)
    assert match.cubeful_mwc(chances, context) == pytest.approx(match.dead_mwc(chances, context))


def flipped(chances):
    win, wg, wbg, lg, lbg = chances
    return (1 - win, lg, lbg, wg, wbg)


@pytest.mark.parametrize("away", [(7, 7), (5, 3), (4, 2), (2, 5)])
@pytest.mark.parametrize("owner", ["centre", "me", "opponent"])
def test_both_sides_add_up_to_one(away, owner):
    # The model is the same seen from either player: my MWC + theirs = 1.
    chances = (0.55, 0.12, 0.01, 0.08, 0.005)
    other = {"centre": "centre", "me": "opponent", "opponent": "me"}[owner]
    mine = match.cubeful_mwc(chances, CubeContext(away=away, value=2, owner=owner))
    theirs = match.cubeful_mwc(flipped(chances), CubeContext(away=away[::-1], value=2, owner=other))
    assert mine + theirs == pytest.approx(1.0)


def test_owning_the_cube_is_worth_something():
    chances = (0.55, 0.12, 0.01, 0.08, 0.005)
    dead = match.dead_mwc(chances, CubeContext(away=(7, 7), value=2))
    owned = match.cubeful_mwc(chances, CubeContext(away=(7, 7), value=2, owner="me"))
    theirs = match.cubeful_mwc(chances, CubeContext(away=(7, 7), value=2, owner="opponent"))
    assert theirs < dead - 0.005 and owned > dead + 0.005
    assert match.cubeful_mwc(chances, CubeContext(away=(7, 7)), cube_life=0.0) == pytest.approx(
        match.dead_mwc(chances, CubeContext(away=(7, 7))))


def test_long_matches_approach_money():
    # Far from the end, with no gammons, the take point nears Janowski's money one
    # (25% dead, 21.4% at x = 0.68) within the table's extrapolation.
    context = CubeContext(away=(15, 15))
    assert match.take_point(race(0.7), context, cube_life=0.0) == pytest.approx(0.25, abs=0.005)
    assert match.take_point(race(0.7), context, cube_life=0.68) == pytest.approx(0.5 / 2.34, abs=0.005)


def test_money_context_refused():
    with pytest.raises(ValueError, match="match context"):
        match.cube_equities(race(0.6), CubeContext())


def _rows(n: int, seed: int):
    """``n`` cumulative chance rows (win ≥ wg ≥ wbg, 1 − win ≥ lg ≥ lbg), certain wins and
    losses and a gammonless row among them."""
    rng = np.random.default_rng(seed)
    win = rng.uniform(0.01, 0.99, n)
    wg = win * rng.uniform(0, 0.5, n)
    lg = (1 - win) * rng.uniform(0, 0.5, n)
    rows = np.stack([win, wg, wg * rng.uniform(0, 0.3, n), lg, lg * rng.uniform(0, 0.3, n)], 1)
    rows[:3] = [[1, 0.3, 0.01, 0, 0], [0, 0, 0, 0.4, 0.02], [0.5, 0, 0, 0, 0]]
    return rows, rng.uniform(0.5, 0.8, n)


@pytest.mark.parametrize("away,value,owner,crawford", [
    ((7, 5), 1, "centre", False), ((3, 4), 2, "me", False), ((4, 3), 2, "opponent", False),
    ((1, 5), 1, "centre", True), ((1, 5), 1, "centre", False), ((5, 1), 2, "me", False),
    ((2, 2), 1, "centre", False), ((9, 13), 4, "centre", False),
])
def test_many_positions_at_once_equal_one_at_a_time(away, value, owner, crawford):
    """cube_mwcs and cubeful_mwcs (the cube look-ahead's leaves, in numpy) give exactly what
    cube_equities and cubeful_mwc give row by row, whatever the score, cube and gammons."""
    length = max(away) + 4
    post = 1 in away and not crawford
    context = CubeContext.from_score((length - away[0], length - away[1]), length, value=value, owner=owner,
                                     crawford=crawford, post_crawford=post)
    rows, lives = _rows(40, seed=sum(away) * value)
    met = kazaross()
    nd, dt, dp = match.cube_mwcs(rows, context, lives, met)
    cubeful = match.cubeful_mwcs(rows, context, lives, met)
    for row, life, nd_row, dt_row, no_double in zip(rows, lives, nd, dt, cubeful):
        one = match.cube_equities(row, context, float(life), met)
        assert (nd_row, dt_row, dp) == (one.nd_mwc, one.dt_mwc, one.dp_mwc)
        assert no_double == match.cubeful_mwc(row, context, float(life), met)
