"""Cube decisions worded as GNU Backgammon words them; the rule (may_double) apart from the judgement."""

from __future__ import annotations

import pytest

from game.backgammon.cube.context import CubeContext, may_double
from game.backgammon.cube.decision import classify, decide


def race(p):
    """A last-roll-like position: the roller wins with chance p, no gammons."""
    return (p, 0.0, 0.0, 0.0, 0.0)


MONEY = CubeContext()
OWNED = CubeContext(value=2, owner="me")


@pytest.mark.parametrize(
    ("p", "action"),
    [
        # Dead cube (x = 0), no gammons: ND = 2p - 1, DT = 2 (2p - 1), DP = 1.
        (0.40, "No double, take"),  # ND -0.2 > DT -0.4
        (0.60, "Double, take"),  # DT 0.4 > ND 0.2, DT < DP
        (0.74, "Double, take"),  # DT 0.96 < 1
        (0.76, "Double, pass"),  # DT 1.04 > 1: the taker's 24% is below the 25% take point
        (0.80, "Double, pass"),
    ],
)
def test_last_roll_textbook(p, action):
    decision = decide(race(p), MONEY, cube_life=0.0)
    assert decision.action == action
    assert decision.nd == pytest.approx(2 * p - 1) and decision.dt == pytest.approx(4 * p - 2) and decision.dp == 1.0
    assert decision.take_point == pytest.approx(0.25)


def test_owned_cube_says_redouble():
    assert decide(race(0.6), OWNED, cube_life=0.0).action == "Redouble, take"
    assert decide(race(0.8), OWNED, cube_life=0.0).action == "Redouble, pass"
    assert decide(race(0.4), OWNED, cube_life=0.0).action == "No redouble, take"
    assert decide(race(0.4), OWNED, cube_life=0.0).redouble


def test_too_good_when_gammons_beat_the_cash():
    # 85% wins, 60% gammons: dead ND = 0.85 + 0.6 - 0.15 = 1.3 > DP = 1, DT = 2.6.
    gammonish = (0.85, 0.6, 0.0, 0.0, 0.0)
    decision = decide(gammonish, MONEY, cube_life=0.0)
    assert decision.action == "Too good to double, pass"
    assert decision.nd == pytest.approx(1.3) and decision.best_double_action() == "no double"
    assert decision.best_take_action() == "pass"
    assert decide(gammonish, OWNED, cube_life=0.0).action == "Too good to redouble, pass"
    # Under Jacoby the centred cube's gammons count single: ND = 0.7 < DP, so cash.
    assert decide(gammonish, CubeContext(jacoby=True), cube_life=0.0).action == "Double, pass"


def test_live_cube_take_boundary():
    # x = 0.68, no gammons: the take point is 0.5 / 2.34 = 21.37%, so the doubler's 78% is a
    # take and 79% a pass (DT 0.9704 and 1.0172, worked out in test_money).
    assert decide(race(0.78), MONEY).action == "Double, take"
    assert decide(race(0.79), MONEY).action == "Double, pass"
    assert decide(race(0.78), MONEY).take_point == pytest.approx(0.5 / 2.34)


def test_beavers():
    beavers = CubeContext(beavers=True)
    decision = decide(race(0.3), beavers, cube_life=0.0)  # DT = -0.8, between -2 and 0
    assert decision.action == "No double, beaver"
    assert decision.best_take_action() == "beaver"
    assert decide(race(0.3), MONEY, cube_life=0.0).action == "No double, take"
    assert decide(race(0.6), beavers, cube_life=0.0).action == "Double, take"  # DT > 0: no beaver
    # The beaver doubles the loss again: taking loses 0.8 - (-1.6) against beavering.
    assert decision.error("take") == pytest.approx(0.8)
    assert decision.error("beaver") == pytest.approx(0.0)


@pytest.mark.parametrize(
    ("equities", "flags", "action"),
    [
        ((1.1, 0.9, 1.0), {}, "Too good to double, take"),  # ND > DP > DT
        ((1.1, 0.9, 1.0), {"redouble": True}, "Too good to redouble, take"),
        ((1.1, 0.9, 1.0), {"can_gammon": False}, "No double, take"),
        ((1.2, 1.5, 1.0), {}, "Too good to double, pass"),  # DT >= ND > DP
        ((1.2, 1.5, 1.0), {"can_gammon": False}, "Double, pass"),
        ((1.2, 1.1, 1.0), {"redouble": True}, "Too good to redouble, pass"),  # ND > DT > DP
        ((-0.5, -0.2, 1.0), {"beavers": True}, "Double, beaver"),  # DT >= ND, 2 DT >= ND
        ((-0.5, -0.2, 1.0), {"beavers": True, "redouble": True}, "Redouble, beaver"),
        ((-0.3, -0.2, 1.0), {"beavers": True}, "No double, beaver"),  # 2 DT = -0.4 < ND
        ((-0.3, -0.4, 1.0), {"beavers": True, "redouble": True}, "No redouble, beaver"),
        ((0.1, -0.1, 1.0), {"beavers": True}, "No double, beaver"),  # beaver whenever -2 <= DT <= 0
        ((-1.5, -2.5, 1.0), {"beavers": True}, "No double, take"),  # DT below -2: no beaver
        ((0.5, 1.0, 1.0), {}, "Double, pass"),  # DT = DP: GNU passes
        ((0.3, 0.5, 1.0), {"dead": True}, "Never double, take (dead cube)"),
        ((0.3, 0.5, 1.0), {"dead": True, "redouble": True}, "Never redouble, take (dead cube)"),
    ],
)
def test_classify_follows_gnu(equities, flags, action):
    redouble = flags.pop("redouble", False)
    verdict = classify(*equities, **flags)
    assert verdict.words(redouble) == action
    assert verdict.doubles == action.startswith(("Double", "Redouble"))
    assert verdict.answer == action.split(", ")[1].split(" ")[0]
    assert verdict.too_good == action.startswith("Too good") and verdict.dead == action.endswith("(dead cube)")


def test_errors_and_warnings():
    decision = decide(race(0.6), MONEY, cube_life=0.0)  # ND 0.2, DT 0.4, DP 1
    assert decision.equity == pytest.approx(0.4)
    assert decision.error("double") == pytest.approx(0.0)
    assert decision.error("no double") == pytest.approx(0.2)
    assert decision.error("take") == pytest.approx(0.0)
    assert decision.error("pass") == pytest.approx(0.6)  # -1 instead of -0.4
    assert decision.warning("pass") == "A pass would lose 0.600"
    assert decision.warning("take") is None
    with pytest.raises(ValueError, match="unknown cube action"):
        decision.error("beaver")  # beavers are off


def test_may_double_is_the_rule():
    assert may_double(MONEY) and may_double(OWNED)
    assert not may_double(CubeContext(value=2, owner="opponent"))
    assert not may_double(CubeContext(value=64, owner="me"))
    assert may_double(CubeContext(value=32, owner="me"))
    assert not may_double(CubeContext(away=(3, 1), crawford=True))
    assert may_double(CubeContext(away=(3, 1), post_crawford=True))
    # The post-Crawford leader may double by the rules; it is only pointless (a dead cube).
    assert may_double(CubeContext(away=(1, 3), post_crawford=True))
    with pytest.raises(ValueError, match="may not double"):
        decide(race(0.7), CubeContext(away=(3, 1), crawford=True))


def test_context_checks_its_fields():
    assert CubeContext(owner=None).owner == "centre"
    assert CubeContext.from_score((3, 1), 5).away == (2, 4)
    for bad in ({"value": 3}, {"owner": "white"}, {"value": 128}, {"crawford": True},
                {"away": (0, 2)}, {"away": (3, 2), "crawford": True}, {"away": (1, 1), "crawford": True},
                {"away": (1, 2), "crawford": True, "post_crawford": True}):
        with pytest.raises(ValueError):
            CubeContext(**bad)


def test_chances_must_be_consistent():
    with pytest.raises(ValueError, match="cumulative"):
        decide((0.5, 0.6, 0.0, 0.0, 0.0))
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        decide((1.5, 0.0, 0.0, 0.0, 0.0))
    with pytest.raises(ValueError, match="5 numbers"):
        decide((0.5, 0.1))
