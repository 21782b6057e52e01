"""The rules side of a human's turn: partial plays always lead to a legal play."""

from __future__ import annotations

import random

from game.backgammon.board import BAR, OFF, make_side
from game.backgammon.rules import BackgammonRules, Play
from game.backgammon.state import BackgammonState
from game.backgammon.view.turn import TurnBuilder
from game.core.match import play_game
from game.core.players import RandomPlayer

RULES = BackgammonRules()


def start(dice, first=0):
    state = RULES.initial_state({"first": first})
    from game.backgammon.state import Roll

    return RULES.apply(state, Roll.of(*dice))


def test_opening_31_steps_and_done():
    turn = TurnBuilder(RULES, start((3, 1)))
    assert turn.complete() is None
    assert (8, 5, 3) in turn.options() and (6, 5, 1) in turn.options()
    assert turn.click_move(8, high=True) == (8, 5, 3)
    assert turn.click_move(6, high=False) == (6, 5, 1)
    turn.play((8, 5, 3))
    assert turn.complete() is None and turn.remaining == [1]
    turn.play((6, 5, 1))
    play = turn.complete()
    assert play in RULES.legal_moves(turn.state)
    assert RULES.notation(turn.state, play) == "8/5 6/5"
    assert turn.undo() and turn.undo() and not turn.undo()
    assert turn.me == turn.state.on_roll


def test_path_through_an_intermediate_point():
    turn = TurnBuilder(RULES, start((6, 2)))
    path = turn.path(13, 5)
    assert [m[:2] for m in path] in ([(13, 7), (7, 5)], [(13, 11), (11, 5)])
    assert turn.path(13, 1) is None and turn.moves == []


def test_larger_die_must_be_played():
    # Only the checker on 13 can move, and after either die point 2 is blocked: one die only,
    # so the larger one (6) must be played, and 13/8 is never offered.
    state = BackgammonState.from_board(make_side({13: 1, 1: 3}), make_side({23: 2}), 0, (6, 5))
    turn = TurnBuilder(RULES, state)
    assert turn.options() == [(13, 7, 6)]
    assert turn.click_move(13, high=False) == (13, 7, 6)
    turn.play((13, 7, 6))
    assert RULES.notation(state, turn.complete()) == "13/7"


def test_no_play_is_complete_at_once_and_forced():
    me = make_side({1: 2}, bar=1)
    opp = make_side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2})
    state = BackgammonState.from_board(me, opp, 0, (6, 5))
    turn = TurnBuilder(RULES, state)
    assert turn.options() == [] and turn.complete() == Play()
    assert turn.automatic(forced=True, bearoff=False) == Play()
    assert turn.automatic(forced=False, bearoff=False) is None


def test_bar_first():
    me = make_side({6: 5, 8: 3, 13: 4}, bar=1)
    state = BackgammonState.from_board(me, make_side({6: 5, 8: 3, 13: 5, 24: 2}), 0, (4, 3))
    turn = TurnBuilder(RULES, state)
    assert {m[0] for m in turn.options()} == {BAR}


def test_automatic_bearoff_only_in_a_race():
    me = make_side({1: 2, 2: 2, 6: 1})
    state = BackgammonState.from_board(me, make_side({1: 5, 2: 5}), 0, (6, 2))
    turn = TurnBuilder(RULES, state)
    play = turn.automatic(forced=False, bearoff=True)
    assert play is not None and RULES.notation(state, play) == "6/off 2/off"
    assert turn.automatic(forced=False, bearoff=False) is None
    contact = BackgammonState.from_board(me, make_side({1: 5, 2: 4, 22: 1}), 0, (6, 2))
    assert TurnBuilder(RULES, contact).automatic(forced=False, bearoff=True) is None


def test_random_partial_plays_always_complete_to_legal_plays():
    rng = random.Random(1)
    record, _ = play_game(RULES, [RandomPlayer(1), RandomPlayer(2)], seed=4)
    from game.core.match import replay

    states = [s for s in replay(RULES, {}, record.actions) if s.dice is not None and not RULES.is_over(s)]
    for state in states:
        turn = TurnBuilder(RULES, state)
        legal = RULES.legal_moves(state)
        for _ in range(5):  # several random walks per position
            while turn.complete() is None:
                options = turn.options()
                assert options, f"dead end at {state} after {turn.moves}"
                turn.play(rng.choice(options))
            assert turn.complete() in legal
            while turn.undo():
                pass
        # Every legal play's position is reachable (Done can always be reached).
        assert {RULES.apply(state, p) for p in legal} == {RULES.apply(state, p) for p in turn.targets.values()}


def test_bearing_off_with_a_larger_die_uses_the_highest_checker():
    me = make_side({2: 1, 1: 1})
    state = BackgammonState.from_board(me, make_side({1: 2}), 0, (6, 5))
    turn = TurnBuilder(RULES, state)
    assert turn.click_move(2) == (2, OFF, 6)
    assert turn.click_move(1) is None  # 1 is not the highest point while 2 is occupied
