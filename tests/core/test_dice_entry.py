"""Dice entered by hand (manual dice) without a window: backgammon's declaration, the
refusals, the session's seeded dice stream around entered rolls, saves, undo and the setting."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.backgammon.cube.state import OVER
from game.backgammon.state import Roll
from game.core.dice_entry import DiceTyping, read_dice
from game.core.gameinfo import MANUAL_DICE
from game.core.match import sample_chance
from game.core.protocol import CHANCE
from game.core.saves import load_game, save_game
from game.core.session import GameSession
from game.games import all_games, get_game, rules_for

BACKGAMMON = get_game("backgammon")
ENTRY = BACKGAMMON.chance.entry
RULES = BACKGAMMON.rules()


def after_opening(players=("human", "hard"), seed=4) -> GameSession:
    """A session whose opening roll was entered (White 3-1) and White's first legal play made:
    Black's roll is due."""
    session = GameSession(BACKGAMMON, list(players), seed=seed)
    session.roll(Roll(3, 1, 0))
    session.apply(RULES.legal_moves(session.state)[0])
    return session


def test_only_games_whose_chance_is_dice_declare_dice_entry():
    declared = {info.name for info in all_games() if info.chance is not None and info.chance.entry is not None}
    assert declared == {"backgammon"}
    assert MANUAL_DICE in BACKGAMMON.all_settings()
    assert all(MANUAL_DICE not in info.all_settings() for info in all_games() if info.name != "backgammon")
    assert BACKGAMMON.all_settings()[MANUAL_DICE].default == "program"


def test_the_opening_roll_is_one_die_each_and_the_higher_starts():
    start = RULES.initial_state({})
    assert ENTRY.roller(start) is None and ENTRY.dice(start) == ("White", "Black")
    assert read_dice(ENTRY, RULES, start, "31") == Roll(3, 1, 0)
    assert read_dice(ENTRY, RULES, start, "13") == Roll(3, 1, 1)
    assert RULES.notation(start, read_dice(ENTRY, RULES, start, "26")) == "black 62"


def test_a_players_roll_is_their_two_dice_doubles_included():
    state = after_opening().state
    assert ENTRY.roller(state) == 1 and ENTRY.dice(state) == ("", "")
    assert read_dice(ENTRY, RULES, state, "31") == read_dice(ENTRY, RULES, state, "13") == Roll(3, 1)
    assert read_dice(ENTRY, RULES, state, "66") == Roll(6, 6)


@pytest.mark.parametrize("text, words", [("0", "0 is no die"), ("7", "7 is no die"), ("39", "9 is no die"),
                                         ("a", "'a' is not a die"), ("3x", "'x' is not a die"),
                                         ("3", "Enter 2 dice"), ("311", "Enter 2 dice")])
def test_what_is_not_a_die_is_refused_with_a_message(text, words):
    with pytest.raises(ValueError, match=words):
        read_dice(ENTRY, RULES, after_opening().state, text)


def test_equal_dice_are_refused_at_the_opening_roll_and_at_a_fixed_first_roll():
    with pytest.raises(ValueError, match="equal opening dice are thrown again"):
        read_dice(ENTRY, RULES, RULES.initial_state({}), "44")
    fixed = RULES.initial_state({"first": "black"})
    assert ENTRY.roller(fixed) == 1 and ENTRY.dice(fixed) == ("", "")
    with pytest.raises(ValueError, match="never a double"):
        read_dice(ENTRY, RULES, fixed, "44")
    assert read_dice(ENTRY, RULES, fixed, "42") == Roll(4, 2)


def test_a_match_games_next_opening_roll_is_entered_as_the_first_one():
    state = RULES.initial_state({"match_length": "5"})
    between = replace(state, turn=0, cube=replace(state.cube, phase=OVER))  # a game over, the match not
    assert ENTRY.roller(between) is None and ENTRY.dice(between) == ("White", "Black")
    assert read_dice(ENTRY, RULES, between, "25") == Roll(5, 2, 1)
    with pytest.raises(ValueError, match="equal opening dice"):
        read_dice(ENTRY, RULES, between, "55")


def test_typing_keeps_the_dice_across_a_refusal_and_takes_them_back():
    typing = DiceTyping(ENTRY, RULES, RULES.initial_state({}))
    assert typing.type("5") is None and typing.dice == [5]
    assert typing.type("8") is None and typing.message.startswith("8 is no die") and typing.dice == [5]
    assert typing.type("5") is None and "thrown again" in typing.message and typing.dice == []
    assert typing.face(2) is None and typing.message == "" and typing.back() and typing.dice == []
    assert typing.face(6) is None and typing.face(2) == Roll(6, 2, 0)


def test_an_entered_roll_is_played_and_uses_up_the_draw_a_drawn_one_would_have():
    """The k-th chance node takes the seed's k-th draw, entered or not."""
    session = after_opening(seed=11)
    assert session.actions[0] == "white 31" and session.history()[0] == (-1, "white 31")
    drawn = session.roll()  # Black's roll: the program's, the seed's second draw
    rng = random.Random(11)
    rng.random()  # the opening's draw, used up by the entered roll
    assert session.actions[-1] == drawn == RULES.notation(session.states[-2], sample_chance(RULES, session.states[-2], rng))


def test_a_refused_outcome_uses_up_no_draw():
    session = GameSession(BACKGAMMON, ["human", "hard"], seed=5)
    drawn = GameSession(BACKGAMMON, ["human", "hard"], seed=5).roll()
    with pytest.raises(ValueError):
        session.roll(Roll(4, 4, 0))  # no opening roll is a double
    assert session.actions == [] and session.roll() == drawn
    with pytest.raises(ValueError, match="no chance outcome"):
        session.roll(Roll(3, 1))  # a player is to move, not the dice


def test_entered_dice_reach_the_save_and_the_reloaded_game_goes_on_exactly(tmp_path):
    session = after_opening(seed=8)
    session.roll(Roll(6, 6))  # Black's roll entered too (two humans at one board)
    session.apply(RULES.legal_moves(session.state)[0])
    path = tmp_path / "manual.json"
    save_game(path, session.record())
    loaded = load_game(path, rules_for)
    assert loaded.actions == session.actions and loaded.actions[2] == "66"
    again = GameSession.from_record(BACKGAMMON, loaded)
    assert again.state == session.state
    assert again.roll() == session.roll()  # the next drawn roll is the same: the stream is in step


def test_undo_and_redo_work_over_an_entered_roll():
    session = after_opening(seed=9)
    session.roll()  # the computer's roll and play
    session.apply(RULES.legal_moves(session.state)[0])
    assert session.to_move == CHANCE and session.can_undo()
    session.undo()  # back to White's first play: the entered roll stays
    assert session.actions == ["white 31"] and session.state.dice == (3, 1) and session.to_move == 0
    assert session.redo() and len(session.actions) == 4
    later = session.roll()
    fresh = GameSession.from_record(BACKGAMMON, session.record())
    fresh.undo()
    fresh.redo()
    assert fresh.actions == session.actions and fresh.state == session.state
    assert later == session.actions[-1]


def test_take_back_last_returns_to_the_choice_to_roll():
    session = GameSession(BACKGAMMON, ["human", "human"], seed=2, options={"cube": "on", "first": 0})
    session.roll(Roll(4, 2))
    session.apply(RULES.legal_moves(session.state)[0])
    choices = [RULES.notation(session.state, action) for action in RULES.legal_moves(session.state)]
    assert session.to_move == 1 and len(choices) == 2  # Black: roll or double
    session.apply(next(a for a in RULES.legal_moves(session.state) if "oubl" not in RULES.notation(session.state, a)))
    chance, actions = session.state, list(session.actions)
    assert session.to_move == CHANCE and session.take_back_last()
    assert session.actions == actions[:-1] and session.to_move == 1
    assert session.redo() and session.state == chance
