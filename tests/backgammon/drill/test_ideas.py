"""The idea of a play (hits, points made, slot, split, run, anchor broken) on hand-set
positions, each feature seen present and absent, and a cube card's idea from its proper action."""

from __future__ import annotations

import pytest

from game.backgammon.drill.ideas import Idea, cube_idea, paths, play_idea
from game.backgammon.position import parse_position
from game.backgammon.rules import BackgammonRules

RULES = BackgammonRules()
OPENING_31 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"
OPENING_41 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:41:0:0:0:0:10"
OPENING_64 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:64:0:0:0:0:10"
BLOT_ON_MY_4_POINT_31 = "XGID=-a--a-E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"
"""The opening position but one of the opponent's back checkers on the mover's 4-point."""
RACE_21 = "XGID=--BCC-E-B----------eee----:0:0:1:21:0:0:0:0:10"
"""No contact: the opponent is home, the mover bears in."""
ANCHOR_20_44 = "XGID=-b----E-C---eE---c-eB-----:0:0:1:44:0:0:0:0:10"
"""The mover's back checkers hold the opponent's 5-point (the mover's 20) as an anchor."""


def idea(xgid: str, play: str) -> Idea:
    state = parse_position(xgid)
    return play_idea(state.on_roll, state.opponent, RULES.parse_play(state, play).steps)


@pytest.mark.parametrize("xgid, play, expected", [
    (BLOT_ON_MY_4_POINT_31, "8/4*", True),
    (BLOT_ON_MY_4_POINT_31, "8/5 6/5", False),
    (OPENING_31, "8/5 6/5", False),
])
def test_hits_is_an_opposing_checker_sent_to_the_bar(xgid, play, expected):
    assert idea(xgid, play).hits is expected


@pytest.mark.parametrize("xgid, play, expected", [
    (OPENING_31, "8/5 6/5", (5,)),
    (OPENING_64, "8/2 6/2", (2,)),
    (BLOT_ON_MY_4_POINT_31, "8/4*", ()),  # a blot on the 4
    (OPENING_31, "13/10 6/5", ()),
    (OPENING_31, "13/9", ()),  # one checker, both dice: a blot on the 9
    (ANCHOR_20_44, "20/16(2) 13/9(2)", (16, 9)),  # two points made, highest first
    (ANCHOR_20_44, "13/5(2)", (5,)),
])
def test_makes_names_each_point_newly_held_with_two(xgid, play, expected):
    assert idea(xgid, play).makes == expected


@pytest.mark.parametrize("xgid, play, expected", [
    (OPENING_41, "13/9 6/5", (5,)),
    (OPENING_64, "24/18 13/9", ()),
    (OPENING_31, "8/5 6/5", ()),  # made, not slotted
    (OPENING_64, "13/7 13/9", (7,)),  # the bar point
    (RACE_21, "8/5", ()),  # bearing in without contact: nobody can hit it
    (BLOT_ON_MY_4_POINT_31, "8/4*", ()),  # the 4-point held the opponent's blot: a hit, not a slot
])
def test_slot_is_one_checker_on_an_empty_4_to_7_point_the_opponent_can_still_hit(xgid, play, expected):
    assert idea(xgid, play).slot == expected


@pytest.mark.parametrize("xgid, play, expected", [
    (OPENING_31, "24/23 13/10", True),
    (OPENING_31, "24/21 24/23", True),  # both back checkers, on different points
    (OPENING_31, "24/20", True),  # one checker, 24/21/20
    (OPENING_64, "24/18 24/20", True),  # one ends on 20, the other escapes
    (ANCHOR_20_44, "20/16(2) 13/9(2)", False),  # the pair moves together
    (OPENING_64, "24/14", False),  # leaves 19..24
    (OPENING_31, "8/5 6/5", False),
])
def test_split_is_a_checker_leaving_a_held_back_point_for_another_in_their_home(xgid, play, expected):
    assert idea(xgid, play).split is expected


@pytest.mark.parametrize("xgid, play, expected", [
    (OPENING_64, "24/14", True),
    (OPENING_64, "24/18 13/9", True),
    (OPENING_31, "24/20", False),  # stays in the opponent's home board
    (OPENING_31, "8/5 6/5", False),
])
def test_run_is_a_back_checker_leaving_for_18_or_lower(xgid, play, expected):
    assert idea(xgid, play).run is expected


@pytest.mark.parametrize("xgid, play, expected", [
    (ANCHOR_20_44, "20/16 13/9(3)", True),
    (OPENING_31, "24/23 13/10", True),  # the 24-point held with two keeps one
    (ANCHOR_20_44, "13/5(2)", False),
    (OPENING_31, "8/5 6/5", False),
])
def test_break_anchor_is_a_back_point_left_with_fewer_than_two(xgid, play, expected):
    assert idea(xgid, play).break_anchor is expected


def test_the_same_idea_compares_every_feature_at_once():
    assert idea(OPENING_31, "8/5 6/5") == Idea(makes=(5,))
    assert idea(OPENING_31, "8/5 6/5") != idea(OPENING_64, "8/2 6/2")  # another point made
    assert idea(OPENING_31, "24/23 13/10") == Idea(split=True, break_anchor=True)
    assert Idea(hits=True) != Idea()


def test_paths_follow_a_checker_through_its_steps():
    assert paths([(24, 21), (21, 20)]) == [[24, 21, 20]]
    assert paths([(13, 9), (13, 9)]) == [[13, 9], [13, 9]]


def test_tags_name_the_idea():
    assert Idea(makes=(5, 3)).tags() == ("no-hit", "makes-5", "makes-3", "makes-point")
    assert Idea(hits=True, slot=(5,), split=True, run=True, break_anchor=True).tags() == (
        "hit", "slot", "split", "run", "break-anchor")


@pytest.mark.parametrize("question, proper, expected", [
    ("double", "No double, take", "no-double"),
    ("double", "Never redouble, take (dead cube)", "no-double"),
    ("double", "No double, beaver", "no-double"),
    ("double", "Double, take", "double-take"),
    ("double", "Redouble, beaver", "double-take"),
    ("double", "Redouble, pass", "double-pass"),
    ("double", "Too good to double, pass", "too-good"),
    ("double", "Too good to redouble, take", "too-good"),
    ("take", "Double, take", "take"),
    ("take", "No redouble, beaver", "take"),
    ("take", "Too good to double, pass", "pass"),
    ("take", "Double, pass", "pass"),
])
def test_a_cube_cards_idea_is_its_proper_action(question, proper, expected):
    assert cube_idea(question, proper) == expected
