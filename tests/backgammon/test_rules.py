"""Backgammon rules: the must-play rules, entering, bearing off, passes and results."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.backgammon.board import CHECKERS, START_SIDE, check_board, make_side
from game.backgammon.rules import BackgammonRules, Play
from game.backgammon.state import BackgammonState, Roll
from game.core.protocol import CHANCE, AmbiguousMoveError, IllegalMoveError, InvalidMoveError, MoveError

from game.backgammon.evaluators.sampling import selfplay_samples

RULES = BackgammonRules()


def state(me: dict, opp: dict, dice, me_bar=0, opp_bar=0) -> BackgammonState:
    return BackgammonState.from_board(make_side(me, me_bar), make_side(opp, opp_bar), 0, dice)


def plays(s: BackgammonState) -> set[str]:
    return {RULES.notation(s, m) for m in RULES.legal_moves(s)}


def test_opening_31_has_sixteen_plays_including_the_point():
    s = state({6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2}, (3, 1))
    assert len(RULES.legal_moves(s)) == 16
    assert "8/5 6/5" in plays(s)


def test_both_dice_must_be_played_when_possible():
    # 6-1, lone checker on 13, our 7 blocked: 13/7/6 is impossible, 13/12/6 uses both dice.
    s = state({13: 1, 6: 14}, {18: 2, 20: 2, 1: 11}, (6, 1))
    assert plays(s) == {"13/6"}


def test_larger_die_when_only_one_can_be_played():
    # 4-2: after 13/9 the 2 is blocked and after 13/11 the 4 is; the 4 must be played.
    s = state({13: 1, 6: 14}, {18: 2, 21: 2, 23: 2, 1: 9}, (4, 2))
    assert plays(s) == {"13/9"}


def test_doubles_play_as_many_as_possible():
    # Double 5s: 13/8 twice, then 8/3 and 6/1 are blocked.
    s = state({13: 2, 6: 13}, {22: 2, 24: 2, 1: 11}, (5, 5))
    assert plays(s) == {"13/8(2)"}


def test_bar_checker_enters_before_anything_else():
    s = state({6: 5, 8: 3, 13: 5, 24: 1}, {6: 5, 8: 3, 13: 5, 24: 2}, (6, 5), me_bar=1)
    assert all(m.steps[0][0] == 25 for m in RULES.legal_moves(s))
    assert "bar/20 13/7" in plays(s)
    assert not any(p.startswith("bar/19") for p in plays(s))  # their 6-point is made


def test_closed_board_means_no_play_and_the_turn_passes():
    s = state({13: 14}, {p: 2 for p in range(1, 7)} | {13: 3}, (6, 6), me_bar=1)
    moves = RULES.legal_moves(s)
    assert moves == [Play(())]
    assert RULES.notation(s, moves[0]) == "(no play)"
    after = RULES.apply(s, moves[0])
    assert after.turn == 1 and RULES.to_move(after) == CHANCE and after.sides == s.sides


def test_bear_off_from_a_lower_point_only_when_no_checker_is_higher():
    assert plays(state({5: 1, 2: 1}, {1: 15}, (6, 1))) == {"5/off 2/1", "5/off"}
    # The 6 must bear off the 6-point checker; the 5 goes off only after 6/4 clears the 6.
    assert plays(state({6: 1, 5: 1}, {1: 15}, (6, 2))) == {"6/off 5/3", "6/4 5/off"}


def test_no_bear_off_while_a_checker_is_outside_home():
    assert plays(state({7: 1, 3: 14}, {1: 15}, (6, 3))) == {"7/1 3/off", "7/off"}


@pytest.mark.parametrize(
    "loser,bar,expected",
    [({3: 14}, 0, 1), ({13: 15}, 0, 2), ({20: 1, 13: 14}, 0, 3), ({13: 14}, 1, 3)],
)
def test_result_single_gammon_backgammon(loser, bar, expected):
    s = BackgammonState((make_side({1: 1}), make_side(loser, bar)), 0, (2, 1))
    [(_, end)] = RULES.successors(s)
    assert RULES.is_over(end)
    assert RULES.result(end) == (expected, -expected)
    assert RULES.legal_moves(end) == []


def test_opening_roll_decides_who_starts_and_is_never_a_double():
    s = RULES.initial_state()
    outcomes = RULES.chance_outcomes(s)
    assert len(outcomes) == 30 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    assert not any(r.is_double for r, _ in outcomes)
    after = RULES.apply(s, RULES.parse(s, "black 42"))
    assert after.turn == 1 and after.dice == (4, 2)
    with pytest.raises(IllegalMoveError):
        RULES.parse(s, "42")


def test_later_rolls_have_the_36_way_probabilities():
    s = BackgammonState((START_SIDE, START_SIDE), 0)
    outcomes = dict(RULES.chance_outcomes(s))
    assert len(outcomes) == 21
    assert outcomes[Roll(6, 6)] == pytest.approx(1 / 36) and outcomes[Roll(3, 1)] == pytest.approx(2 / 36)


def test_illegal_play_is_refused_with_a_clear_message():
    s = state({6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2}, (3, 1))
    with pytest.raises(IllegalMoveError, match="illegal move '8/4 6/5'"):
        RULES.parse(s, "8/4 6/5")
    with pytest.raises(InvalidMoveError, match="not a point"):
        RULES.parse(s, "8/x")
    with pytest.raises(IllegalMoveError, match="roll 42"):
        RULES.parse(s, "42: 8/4 6/4")
    with pytest.raises(IllegalMoveError, match="blocked"):
        RULES.apply(s, Play(((6, 1),)))


SAMPLES = selfplay_samples(games=40, seed=7)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SAMPLES))
def test_every_play_keeps_fifteen_checkers_and_a_legal_board(sample):
    me, opp, d1, d2 = sample
    s = BackgammonState.from_board(me, opp, 0, (d1, d2))
    for play, after in RULES.successors(s):
        mover, other = after.sides
        assert sum(mover) == sum(other) == CHECKERS
        check_board(mover, other)
        assert RULES.apply(s, play) == after


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SAMPLES))
def test_notation_round_trips(sample):
    me, opp, d1, d2 = sample
    s = BackgammonState.from_board(me, opp, 1, (d1, d2))
    for play in RULES.legal_moves(s):
        text = RULES.notation(s, play)
        assert RULES.parse(s, text) == play
        assert RULES.parse(s, f"{d1}{d2}: {text}") == play


def test_actions_show_as_their_notation():
    """In test failures and the debugger an action reads as a player writes it."""
    from game.backgammon.cube.state import DOUBLE, PASS
    from game.backgammon.rules import Play
    from game.backgammon.state import Roll

    assert repr(Play(((8, 5), (6, 5)))) == "Play(8/5 6/5)" and repr(Play(((24, 18), (18, 13)))) == "Play(24/13)"
    assert repr(Play()) == "Play((no play))"
    assert repr(Roll(3, 1)) == "Roll(31)" and repr(Roll(3, 1, 0)) == "Roll(white 31)"
    assert repr(DOUBLE) == "CubeAction(double)" and repr([PASS]) == "[CubeAction(pass)]"


def test_move_errors_name_their_cause():
    """Text that reads as no action is invalid, a play written right but not legal here is
    illegal, a play the text leaves open (which checker hits on the way) is ambiguous; any
    of them is caught as a ``MoveError`` and as a ``ValueError``, and keeps its message."""
    opening = state({6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2}, (3, 1))
    # 6-2 from 13 with opponent blots on our 7 and 11: 13/7*/5 and 13/11*/5 end alike.
    both_hit = BackgammonState.from_board(make_side({13: 1, 6: 14}), make_side({18: 1, 14: 1, 1: 13}), 0, (6, 2))
    cube = RULES.apply(RULES.apply(RULES.initial_state({"cube": True}), Roll(3, 1, 0)), Play(((8, 5), (6, 5))))
    cases = [
        (opening, "8/x", InvalidMoveError, "not a point"),
        (opening, "hello", InvalidMoveError, "not of the form"),
        (opening, "8/4 6/5", IllegalMoveError, "illegal move"),
        (opening, "42: 8/4 6/4", IllegalMoveError, "roll 42"),
        (opening, "double", IllegalMoveError, "not of the form"),  # a cube word, not due now
        (both_hit, "13/5", AmbiguousMoveError, r"ambiguous move '13/5': 13/7\*/5 or 13/11\*/5\?"),
        (cube, "hello", InvalidMoveError, "no cube decision"),
        (cube, "8/5 6/5", IllegalMoveError, "no cube decision"),  # a play where a cube decision is due
        (cube, "Takes", IllegalMoveError, "not possible here"),
        (RULES.initial_state(), "31", IllegalMoveError, "must name who starts"),
        (RULES.initial_state(), "white 71", InvalidMoveError, "bad dice"),
    ]
    for position, text, cause, words in cases:
        with pytest.raises(cause, match=words):
            RULES.parse(position, text)
        for base in (MoveError, ValueError):
            with pytest.raises(base) as error:
                RULES.parse(position, text)
            assert type(error.value) is cause
    with pytest.raises(IllegalMoveError, match="blocked"):
        RULES.apply(opening, Play(((6, 1),)))
    with pytest.raises(IllegalMoveError, match="roll the dice"):
        RULES.apply(RULES.initial_state(), Play(((8, 5), (6, 5))))
