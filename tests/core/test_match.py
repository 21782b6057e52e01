"""The headless match runner records whole games that replay exactly."""

from __future__ import annotations

import pytest

from game.core.match import play_game, replay
from game.core.players import RandomPlayer
from game.core.protocol import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, MoveError
from game.games import game_names, get_game


def test_backgammon_is_registered():
    assert "backgammon" in game_names()
    with pytest.raises(ValueError, match="known games: backgammon, mandragora"):
        get_game("checkers")


def test_seeded_games_repeat_and_replay_to_the_same_end():
    rules = get_game("backgammon").rules()
    first, end = play_game(rules, [RandomPlayer(1), RandomPlayer(2)], seed=3)
    again, _ = play_game(rules, [RandomPlayer(1), RandomPlayer(2)], seed=3)
    assert first.actions == again.actions and first.result == again.result
    assert rules.is_over(end) and abs(first.result[0]) in (1, 2, 3)
    states = replay(rules, first.options, first.actions)
    assert states[-1] == end
    # The record holds the dice: the first action is the opening roll naming who starts.
    assert first.actions[0].split()[0] in ("white", "black")


def test_replay_names_the_bad_action():
    rules = get_game("backgammon").rules()
    with pytest.raises(IllegalMoveError, match=r"action 2 \('8/4 6/5'\)"):
        replay(rules, {}, ["white 31", "8/4 6/5"])
    with pytest.raises(IllegalMoveError, match="action 1"):
        replay(rules, {}, ["33"])


def test_replay_keeps_the_cause_of_a_bad_action():
    """A malformed action stays an InvalidMoveError, an ambiguous one an AmbiguousMoveError,
    each with the action's number; all are MoveErrors."""
    rules = get_game("backgammon").rules()
    with pytest.raises(InvalidMoveError, match=r"action 2 \('8/x'\): bad move notation"):
        replay(rules, {}, ["white 31", "8/x"])
    # White leaves blots on Black's 5 and 1; Black's 43 from 8 to 1 hits once or twice.
    with pytest.raises(AmbiguousMoveError, match=r"action 4 \('8/1'\): ambiguous move '8/1': 8/1\* or 8/5\*/1\*"):
        replay(rules, {}, ["white 42", "24/20 6/4", "43", "8/1"])
    with pytest.raises(MoveError, match="action 2"):
        replay(rules, {}, ["white 31", "8/4 6/5"])


def test_max_plies_stops_a_game_unfinished():
    rules = get_game("backgammon").rules()
    record, state = play_game(rules, [RandomPlayer(1), RandomPlayer(2)], seed=3, max_plies=10)
    assert record.plies == 10 and record.result is None and not rules.is_over(state)


def test_perft_counts_every_roll_of_a_dice_game():
    """Chance outcomes are actions: a backgammon position before its roll has 21 first steps
    (every distinct roll), then every play of each."""
    from game.backgammon.info import GAME as BACKGAMMON
    from game.core.perft import perft

    rules = BACKGAMMON.rules()
    state = BACKGAMMON.notation.parse_position("4HPwATDgc/ABMA")
    assert rules.to_move(state) == -1
    rolls = rules.actions(state)
    assert len(rolls) == 21
    assert perft(rules, state, 2) == [21, sum(len(rules.legal_moves(rules.apply(state, r))) for r in rolls)]
    assert perft(rules, state, 0) == []
