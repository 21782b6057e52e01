"""Resigning in the backgammon rules: who may offer what and when, accepting and declining,
scoring with the cube and in a match (Crawford, a score past the length), the words, saves
and replays, and what offers are not (legal moves)."""

from __future__ import annotations

import pickle
from dataclasses import replace

import pytest

from game.backgammon.info import GAME
from game.backgammon import formats
from game.backgammon.position import format_position, parse_position
from game.backgammon.cube.state import DECIDE, OFFERED, OVER, CubeState
from game.backgammon.resignation.state import ACCEPT, DECLINE, OFFERS, Resignation
from game.backgammon.rules import BackgammonRules
from game.backgammon.state import Roll
from game.backgammon.status import describe, outcome
from game.core.match import replay
from game.core.protocol import CHANCE, IllegalMoveError, InvalidMoveError
from game.core.saves import load_game, save_game
from game.core.session import GameSession
from game.games import rules_for

RULES = BackgammonRules()


def played(options: dict, *actions: str):
    """The state after ``actions`` (in notation) from a new game with ``options``."""
    return replay(RULES, options, list(actions))[-1]


def test_the_player_on_turn_offers_at_a_play_and_the_opponent_answers():
    state = played({}, "white 31")
    assert RULES.offers(state) == OFFERS and RULES.to_move(state) == 0
    assert not any(o in RULES.legal_moves(state) for o in OFFERS)  # no search sees them
    assert RULES.is_legal(state, OFFERS[1])
    offered = RULES.apply(state, OFFERS[1])
    assert RULES.to_move(offered) == 1 and RULES.legal_moves(offered) == [ACCEPT, DECLINE]
    assert RULES.offers(offered) == ()
    with pytest.raises(IllegalMoveError, match="accept or decline"):
        RULES.apply(offered, RULES.legal_moves(state)[0])
    assert describe(offered) == "White resigns a gammon (2 points): Black to accept or decline."


def test_no_offer_at_a_chance_node_nor_on_the_opponents_decision():
    cubeless = played({}, "white 31", "8/5 6/5")
    assert RULES.to_move(cubeless) == CHANCE and RULES.offers(cubeless) == ()
    doubled = played({"cube": True}, "white 31", "8/5 6/5", "Doubles => 2")
    assert doubled.cube.phase == OFFERED and RULES.offers(doubled) == ()
    with pytest.raises(IllegalMoveError, match="take or pass"):
        RULES.parse(doubled, "Resigns a gammon")


def test_before_the_roll_a_cube_decision_may_be_a_resignation():
    state = played({"cube": True}, "white 31", "8/5 6/5")
    assert state.cube.phase == DECIDE and RULES.offers(state) == OFFERS
    declined = played({"cube": True}, "white 31", "8/5 6/5", "Resigns a single game", "Declines")
    assert declined.cube.phase == DECIDE and RULES.to_move(declined) == 1  # Black decides again
    rolled = RULES.apply(RULES.apply(declined, RULES.parse(declined, "Roll")), Roll(4, 2))
    assert [o.level for o in RULES.offers(rolled)] == [2, 3]  # the refusal stands for the turn
    after = RULES.apply(rolled, RULES.legal_moves(rolled)[0])
    assert after.resign is None


def test_a_declined_offer_allows_only_more_this_turn():
    state = played({}, "white 31", "Resigns a gammon", "Declines")
    assert state.resign == Resignation(2, "declined") and RULES.to_move(state) == 0
    assert RULES.offers(state) == (OFFERS[2],)
    with pytest.raises(IllegalMoveError, match="a gammon was declined"):
        RULES.parse(state, "resign single")
    assert describe(state) == "White to play 3-1. Black declined a gammon."
    last = played({}, "white 31", "Resigns a backgammon", "Declines")
    assert RULES.offers(last) == ()
    assert "8/5 6/5" in [RULES.notation(last, m) for m in RULES.legal_moves(last)]  # play goes on


def test_accepting_a_cubeless_resignation_ends_the_game():
    state = played({}, "white 31", "Resigns a gammon", "Accepts")
    assert RULES.is_over(state) and RULES.result(state) == (-2.0, 2.0)
    assert state.winner is None  # nobody bore off
    assert describe(state) == "White resigns a gammon; Black accepts (2 points)."
    assert outcome(state).words(("White", "Black")) == "Black wins 2 points: White resigns a gammon."


def test_with_the_cube_a_resignation_scores_the_level_times_the_cube():
    state = played({"cube": True, "jacoby": True}, "white 31", "8/5 6/5", "Doubles => 2", "Takes", "42",
                   "Resigns a gammon", "Accepts")
    assert state.cube.phase == OVER and state.cube.result == (0, 4)  # Black resigned: 2 × 2, Jacoby aside
    assert RULES.result(state) == (4.0, -4.0)
    assert describe(state) == "Black resigns a gammon; White accepts (4 points, cube 2)."


def test_in_a_match_a_resignation_counts_like_any_game_end():
    # 3-point match: White resigns a single game at 0-1, so Black reaches 2 = length - 1:
    # the next game is the Crawford game.
    state = played({"match_length": 3, "score": [0, 1]}, "white 31", "Resigns a single game", "Accepts")
    assert state.cube.score == (0, 2) and not RULES.is_over(state) and RULES.to_move(state) == CHANCE
    assert describe(state) == ("White resigns a single game; Black accepts (1 point). Game 2: opening roll. "
                               "Score 0–2, match to 3.")
    nxt = RULES.apply(state, Roll(5, 2, 1))
    assert nxt.cube.crawford and nxt.resign is None and nxt.cube.game == 2


def test_a_match_decided_by_a_resignation_keeps_the_points_past_its_length():
    state = played({"match_length": 5, "score": [3, 3]}, "white 31", "8/5 6/5", "Doubles => 2", "Takes", "42",
                   "Resigns a backgammon", "Accepts")
    assert state.cube.score == (9, 3) and RULES.is_over(state)  # 3 + 3 × 2, as any game end
    assert RULES.result(state) == (1.0, -1.0)
    assert describe(state).startswith("Black resigns a backgammon; White accepts (6 points, cube 2). White wins")


def test_notation_round_trips_and_reads_gnu_words():
    state = played({}, "white 31")
    for offer in RULES.offers(state):
        assert RULES.parse(state, RULES.notation(state, offer)) == offer
    assert [RULES.notation(state, o) for o in OFFERS] == ["Resigns a single game", "Resigns a gammon",
                                                          "Resigns a backgammon"]
    assert RULES.parse(state, "resign normal") == OFFERS[0] and RULES.parse(state, "RESIGN b") == OFFERS[2]
    offered = RULES.apply(state, OFFERS[0])
    assert [RULES.notation(offered, a) for a in RULES.legal_moves(offered)] == ["Accepts", "Declines"]
    assert RULES.parse(offered, "agree") == ACCEPT and RULES.parse(offered, "reject") == DECLINE
    with pytest.raises(InvalidMoveError, match="Accepts or Declines"):
        RULES.parse(offered, "8/5 6/5")
    doubled = played({"cube": True}, "white 31", "8/5 6/5", "Doubles => 2")
    assert RULES.parse(doubled, "Accepts").kind == "take"  # "accepts" still takes a double


def test_a_saved_resigned_game_replays_and_states_pickle(tmp_path):
    session = GameSession(GAME, ["human", "human"], seed=3, options={"match_length": 3},
                          actions=["white 31", "Resigns a gammon", "Declines", "8/5 6/5"])
    path = tmp_path / "resigned.json"
    save_game(path, session.record())
    loaded = load_game(path, rules_for)
    assert loaded.actions[1:3] == ["Resigns a gammon", "Declines"]
    states = replay(RULES, loaded.options, loaded.actions)
    assert states[2].resign == Resignation(2) and states[3].resign == Resignation(2, "declined")
    assert pickle.loads(pickle.dumps(states[2])) == states[2]
    assert states[2] != states[1] and hash(states[2]) == hash(states[1])  # same board, the offer apart


def test_a_resignation_may_not_be_answered_by_the_resigner_nor_offered_twice():
    offered = played({}, "white 31", "Resigns a single game")
    with pytest.raises(IllegalMoveError, match="accept or decline"):
        RULES.apply(offered, OFFERS[1])
    with pytest.raises(IllegalMoveError, match="already over"):
        replay(RULES, {}, ["white 31", "Resigns a single game", "Accepts", "Accepts"])
    with pytest.raises(IllegalMoveError):
        replay(RULES, {}, ["white 31", "Accepts"])
    with pytest.raises(IllegalMoveError, match="over"):
        RULES.apply(played({"cube": True}, "white 31", "Resigns a single game", "Accepts"), OFFERS[0])


def test_cube_state_is_untouched_by_a_declined_offer():
    before = played({"match_length": 5}, "white 31", "8/5 6/5")
    after = played({"match_length": 5}, "white 31", "8/5 6/5", "Resigns a gammon", "Declines")
    assert after.cube == before.cube == CubeState(match_length=5, phase=DECIDE)


def test_gnu_ids_carry_an_offer_waiting_and_a_resigned_game():
    waiting = played({"match_length": 5}, "white 31", "8/5 6/5", "Resigns a backgammon")
    back = parse_position(format_position(waiting))
    assert back.resign == Resignation(3) and RULES.to_move(back) == 0 and back.cube == waiting.cube
    over = played({"cube": True}, "white 31", "8/5 6/5", "Doubles => 2", "Takes", "42", "Resigns a gammon",
                  "Accepts")
    back = parse_position(format_position(over))
    assert back.resign.accepted and back.cube.result == (0, 4) and RULES.is_over(back)
    rolling = played({"match_length": 5}, "white 31", "8/5 6/5", "Doubles => 2", "Takes")  # Black may not double
    position, match = format_position(rolling).split(":")
    info = formats.parse_match_id(match)
    offer = formats.match_id(replace(info, resignation=1, turn=1 - info.on_roll))
    with pytest.raises(ValueError, match="cannot be offered here"):
        parse_position(f"{position}:{offer}")
