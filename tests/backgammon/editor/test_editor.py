"""Backgammon's edit mode without a window: the draft's checker moves and buttons, every
impossible position refused with its sentence, and the text a game starts from."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.backgammon.board import BAR, OFF, START_SIDE
from game.backgammon.cube.state import DECIDE, OFFERED, OVER
from game.backgammon.editor import EDITOR, EditedPosition
from game.backgammon.position import format_xgid, parse_position
from game.core.capabilities import PositionDraft, PositionEditor
from game.core.match import play_game
from game.core.players import RandomPlayer
from game.games import get_game

INFO = get_game("backgammon")
RULES = INFO.rules()


def draft(**fields) -> EditedPosition:
    found = EditedPosition.of(None)
    for name, value in fields.items():
        setattr(found, name, value)
    return found


def test_backgammon_declares_its_editor_and_the_other_games_none():
    assert INFO.ability(PositionEditor) is EDITOR and isinstance(EDITOR, PositionEditor)
    assert isinstance(EDITOR.draft(None), PositionDraft)
    assert not get_game("mandragora").has(PositionEditor) and not get_game("chesstack").has(PositionEditor)


def test_the_starting_position_is_ready():
    start = EditedPosition.of(None)
    assert start.problems() == []
    assert start.state() == replace(RULES.initial_state({"first": 0}), opening=False)
    assert start.describe() == "White to roll · cubeless"


# -- the checkers ---------------------------------------------------------------------------------

def test_a_checker_added_comes_from_the_tray_and_one_taken_away_goes_back():
    edited = draft()
    edited.clear()
    assert edited.sides[0][OFF] == edited.sides[1][OFF] == 15 and edited.total(0) == 15
    edited.add(0, 6)
    edited.add(0, BAR)
    assert (edited.sides[0][6], edited.sides[0][BAR], edited.sides[0][OFF], edited.total(0)) == (1, 1, 13, 15)
    assert edited.remove(0, 6) and edited.sides[0][6] == 0 and edited.sides[0][OFF] == 14
    assert not edited.remove(0, 6)  # nothing left there
    edited.add(0, OFF)  # into the tray itself: one more checker
    assert edited.total(0) == 16
    assert edited.remove(0, OFF) and edited.total(0) == 15


def test_a_click_and_a_right_click_on_the_same_point_undo_each_other():
    edited = draft()  # the starting position: the trays are empty
    edited.add(0, 6)
    assert edited.total(0) == 16 and edited.sides[0][6] == 6  # a 16th checker
    edited.remove(0, 6)
    assert edited.sides == [list(START_SIDE)] * 2  # it leaves the game again, not into the tray
    edited.remove(0, 6)
    edited.add(0, 6)
    assert edited.sides == [list(START_SIDE)] * 2  # to the tray and back


def test_a_drag_moves_one_checker_anywhere():
    edited = draft()
    assert edited.move(0, 24, BAR) and edited.move(0, 13, OFF) and edited.move(1, 6, 5)
    assert (edited.sides[0][24], edited.sides[0][BAR], edited.sides[0][13], edited.sides[0][OFF]) == (1, 1, 4, 1)
    assert (edited.sides[1][6], edited.sides[1][5]) == (4, 1)
    assert not edited.move(0, 1, 2)  # no checker there
    assert edited.problems() == []


def test_buttons_clear_start_and_swap():
    edited = draft(kind="match", length=7, score=[3, 5], cube=2, owner=1, turn=0)
    edited.set("clear")
    assert all(side == [15] + [0] * 25 for side in edited.sides)
    edited.set("start")
    assert edited.sides == [list(START_SIDE)] * 2
    edited.move(0, 24, 20)
    before = [list(side) for side in edited.sides]
    edited.set("swap")
    assert edited.sides == before[::-1] and (edited.turn, edited.owner, edited.score) == (1, 0, [5, 3])
    edited.set("turn", "White")
    assert edited.turn == 0


def test_dice_typed_or_picked():
    edited = draft()
    assert edited.typed("3") and edited.dice_text == "3"
    assert edited.problems() and "not a roll" in edited.problems()[0]  # one die is not a roll
    assert edited.typed("1") and edited.dice == (3, 1)
    assert edited.typed("5") and edited.dice_text == "5"  # a new roll
    assert edited.typed("5") and edited.dice == (5, 5)
    assert edited.typed("0") and edited.dice is None
    assert not edited.typed("7") and not edited.typed("x")
    edited.set("dice", "6-4")
    assert edited.dice == (6, 4) and edited.state().dice == (6, 4)
    edited.set("no_dice")
    assert edited.dice is None


# -- what is wrong --------------------------------------------------------------------------------

IMPOSSIBLE = [
    ("16 checkers", lambda d: d.add(0, 1), "White has 16 checkers"),
    ("14 checkers", lambda d: (d.remove(1, 6), d.remove(1, OFF)), "Black has only 14 checkers"),
    ("a shared point", lambda d: d.move(0, 13, 19), "White's 19-point (Black's 6-point) holds checkers of both"),
    ("16 on the bar", lambda d: [d.add(0, BAR) for _ in range(16)], "16 on the bar"),
    ("16 borne off", lambda d: (d.clear(), d.add(0, OFF)), "White has 16 checkers (16 borne off)"),
    ("all on the bar", lambda d: (d.clear(), [d.add(c, BAR) for c in (0, 1) for _ in range(15)]),
     "Both sides have all 15 checkers on the bar"),
    ("all borne off", lambda d: (d.clear(), d.add(1, 6)), "White has borne off all 15 checkers"),
    ("half a roll", lambda d: d.set("dice", "3"), "The dice '3' are not a roll"),
    ("a 7", lambda d: d.set("dice", "71"), "The dice '71' are not a roll"),
    ("cube owned in cubeless", lambda d: d.set("owner", "Black's"), "Cubeless play has no cube"),
    ("cube turned in cubeless", lambda d: d.set("cube", "2"), "Cubeless play has no cube"),
    ("a turned cube in the middle", lambda d: (d.set("kind", "Money game"), d.set("cube", "4")),
     "The cube is at 4 but in the middle"),
    ("an owned cube at 1", lambda d: (d.set("kind", "Money game"), d.set("owner", "White's")),
     "White owns a cube at 1"),
    ("a score at the length", lambda d: (d.set("kind", "Match"), d.set("length", "5 points"), d.set("score1", "Black: 5")),
     "Black's score of 5 is not below the match length, 5"),
    ("a shorter match", lambda d: (d.set("kind", "Match"), d.set("score0", "White: 6"), d.set("length", "3 points")),
     "White's score of 6 is not below the match length, 3"),
    ("Crawford away from match point", lambda d: (d.set("kind", "Match"), d.set("score0", "White: 5"),
                                                  d.set("crawford", "on")), "neither score is 6"),
    ("Crawford at double match point", lambda d: (d.set("kind", "Match"), d.set("score0", "White: 6"),
                                                  d.set("score1", "Black: 6"), d.set("crawford", "on")),
     "Both sides are at match point (6–6)"),
    ("a cube in the Crawford game", lambda d: (d.set("kind", "Match"), d.set("score0", "White: 6"),
                                               d.set("crawford", "on"), d.set("cube", "2"), d.set("owner", "Black's")),
     "Nobody may double in the Crawford game"),
]


@pytest.mark.parametrize("name, edit, words", IMPOSSIBLE, ids=[case[0] for case in IMPOSSIBLE])
def test_an_impossible_position_is_refused_with_its_sentence(name, edit, words):
    edited = draft()
    edit(edited)
    found = edited.problems()
    assert any(words in problem for problem in found), found
    with pytest.raises(ValueError, match="."):
        edited.state()
    with pytest.raises(ValueError):
        edited.text()


def test_fixing_the_problem_makes_it_ready_again():
    edited = draft()
    edited.add(0, 1)
    assert edited.problems()
    edited.remove(0, 1)
    edited.add(0, OFF)  # the checker taken off went to the tray: that one is one too many
    edited.remove(0, OFF)
    edited.remove(0, OFF)
    assert edited.problems() == []
    edited.set("kind", "Match")
    edited.set("score0", "White: 6")
    edited.set("crawford", "on")
    assert edited.problems() == [] and edited.state().cube.crawford


def test_crawford_and_the_money_rules_count_only_in_their_kind_of_game():
    edited = draft(kind="money", jacoby=True, beavers=True, crawford=True)
    cube = edited.state().cube
    assert (cube.jacoby, cube.beavers, cube.crawford, cube.match_length) == (True, True, False, 0)
    edited.set("kind", "Match")
    assert "neither score is 6" in edited.problems()[0]  # kept while hidden, said once shown
    edited.set("crawford", "off")
    cube = edited.state().cube
    assert (cube.jacoby, cube.beavers, cube.match_length) == (False, False, 7)


# -- the position a game starts from ----------------------------------------------------------------

SET_UP = [
    dict(turn=1, dice_text="31"),  # cubeless, Black to play: a bare position ID could not say it
    dict(kind="money", cube=4, owner=1, jacoby=True, beavers=True),
    dict(kind="money", turn=1, cube=2, owner=0, dice_text="65"),
    dict(kind="match", length=7, score=[3, 2], cube=2, owner=0),
    dict(kind="match", length=5, score=[4, 1], crawford=True, turn=1),
    dict(kind="match", length=5, score=[4, 2], cube=2, owner=1),  # post-Crawford
]


@pytest.mark.parametrize("fields", SET_UP)
def test_a_set_up_position_starts_a_game_in_exactly_that_state(fields):
    edited = draft(**fields)
    edited.move(0, 13, 4)
    edited.move(1, 24, BAR)
    text = edited.text()
    state = RULES.initial_state(INFO.position_options(text))
    assert state == edited.state() and format_xgid(state) == text
    assert EditedPosition.of(state).state() == state  # and back to a draft


def test_an_unrolled_turn_is_the_cube_decision_where_the_player_may_double():
    money = draft(kind="money").state()
    assert money.cube.phase == DECIDE and RULES.to_move(money) == 0
    crawford = draft(kind="match", score=[6, 0], crawford=True).state()
    assert crawford.cube.phase != DECIDE and RULES.to_move(crawford) < 0  # the dice: nobody may double


def test_every_state_of_random_games_makes_a_draft_that_gives_it_back():
    """A draft of a state on show (Ctrl+E) gives the same state, but for what a set-up
    position cannot hold: a double offered (the doubler decides again) and a finished game."""
    for options in ({}, {"cube": True, "beavers": True}, {"match_length": 5}):
        states = []
        for seed in range(3):
            play_game(RULES, [RandomPlayer(seed), RandomPlayer(seed + 5)], options, seed=seed,
                      on_action=lambda state, action, text: states.append(state))
        tried = 0
        for state in states:
            if state.turn is None or state.opening or RULES.is_over(state) or state.resign is not None:
                continue
            if state.cube is not None and state.cube.phase in (OFFERED, OVER):
                continue
            expected = state if state.cube is None else replace(state, cube=replace(state.cube, game=1))
            if state.cube is not None and state.dice is None and state.cube.may_double(state.turn):
                expected = replace(expected, cube=replace(expected.cube, phase=DECIDE))  # "roll" chosen: asked again
            assert EditedPosition.of(state).state() == expected
            assert parse_position(EditedPosition.of(state).text()) == expected
            tried += 1
        assert tried > 20


def test_the_panel_rows_follow_the_kind_of_game():
    edited = draft()
    keys = lambda: [c.key for row in edited.rows() for c in row.controls]  # noqa: E731
    assert "length" not in keys() and "jacoby" not in keys()
    edited.set("kind", "Match")
    assert {"length", "crawford", "score0", "score1"} <= set(keys()) and "jacoby" not in keys()
    edited.set("kind", "Money game")
    assert {"jacoby", "beavers"} <= set(keys()) and "length" not in keys()
    with pytest.raises(ValueError):
        edited.set("nothing", "")
