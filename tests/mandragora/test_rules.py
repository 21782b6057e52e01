"""Mandragora rules: sowing paths, LIFO, shared areas, extra turns, setup, end and results."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.match import play_game, replay
from game.core.players import RandomPlayer
from game.core.protocol import CHANCE, AmbiguousMoveError, IllegalMoveError, InvalidMoveError, MoveError
from game.mandragora.info import GAME
from game.mandragora.notation import split_moves
from game.mandragora.position import parse_position
from game.mandragora.rules import MandragoraRules, sow, step
from game.mandragora.state import DISTANCE, OPPONENT, PATTERNS, PLAYER, MandragoraState, Setup

RULES = MandragoraRules()
GOLDEN = json.loads((Path(__file__).parent / "data" / "golden.json").read_text())
LOG = GOLDEN["games"][0]


def pos(text: str) -> MandragoraState:
    return parse_position(text)


def landings(board_text: str, side: int, area: int) -> dict[int, int]:
    """How many pieces each area gains when ``side`` sows ``area`` (plus 0/9 for scored)."""
    state = pos(board_text)
    after, scored, _ = sow(state.board, side, area)
    gains = {a: len(after[a - 1]) - len(state.board[a - 1]) for a in range(1, 9) if a != area}
    gains = {a: n for a, n in gains.items() if n}
    gains[area] = len(after[area - 1])
    if scored:
        gains[(0, 9)[side]] = len(scored)
    return {a: n for a, n in gains.items() if n}


def test_paths_of_both_sides():
    # Player path 1 2 3 4 5 [0] 6 4 7 2 8; ten pieces from 1 visit every stop but 1 once.
    assert landings("1:MMMMMMMMMM", PLAYER, 1) == {2: 2, 3: 1, 4: 2, 5: 1, 0: 1, 6: 1, 7: 1, 8: 1}
    # Opponent path 6 4 7 2 8 [9] 1 2 3 4 5.
    assert landings("6:MMMMMMMMMM", OPPONENT, 6) == {4: 2, 7: 1, 2: 2, 8: 1, 9: 1, 1: 1, 3: 1, 5: 1}


@pytest.mark.parametrize(
    "side,area,stops",
    [(PLAYER, 2, [3, 4, 5, 0]), (PLAYER, 4, [5, 0, 6]), (OPPONENT, 4, [7, 2, 8, 9]), (OPPONENT, 2, [8, 9, 1])],
)
def test_shared_areas_start_after_their_first_occurrence_on_the_path(side, area, stops):
    pile = "MMMMMMMMMMMMCKPA"[-len(stops):]  # distinct top pieces show where each one went
    state = MandragoraState(tuple(pile if a == area else "" for a in range(1, 9)), side)
    after, scored, extra = sow(state.board, side, area)
    base = (0, 9)[side]
    for stop, piece in zip(stops, reversed(pile)):
        assert (scored[-1] == piece) if stop == base else after[stop - 1].endswith(piece)
    assert extra == (stops[-1] == base)


def test_distances_to_base():
    assert DISTANCE[PLAYER] == {1: 5, 2: 4, 3: 3, 4: 2, 5: 1}
    assert DISTANCE[OPPONENT] == {6: 5, 4: 4, 7: 3, 2: 2, 8: 1}


def test_sowing_is_last_in_first_out_and_puts_each_piece_on_top():
    # Area 1 holds P (bottom) M C (top): C goes to 2, M to 3, P to 4.
    after, scored, extra = sow(pos("1:PMC,2:MK,3:A").board, PLAYER, 1)
    assert after[:4] == ("", "MKC", "AM", "P") and scored == "" and not extra


def test_a_long_pile_scores_on_every_pass_and_wraps_onto_its_source():
    state = pos("5:" + "M" * 12)
    done = step(state, 5)
    # 12 pieces from 5 (one stop from base): base, 6 4 7 2 8 1 2 3 4 5, base again.
    assert done.scored == "MM" and done.extra and done.points == 2
    assert done.state.board == ("M", "MM", "M", "MM", "M", "M", "M", "M")
    assert done.state.turn == PLAYER


def test_both_sides_may_sow_the_shared_areas_whoever_filled_them():
    state = pos("2:MM,4:K,6:M;turn=opponent")
    assert RULES.legal_moves(state) == [2, 4, 6]
    assert RULES.legal_moves(dataclasses.replace(state, turn=PLAYER)) == [2, 4]
    assert RULES.legal_moves(pos("1:M,3:M,5:M,7:M;turn=opponent")) == [7]


def test_extra_turns_keep_the_same_side_and_can_chain():
    state = pos("5:M,4:MM,6:M")
    after = RULES.apply(state, 5)  # 1 piece, 1 stop: extra turn
    assert after.turn == PLAYER and after.scores == (1, 0)
    again = RULES.apply(after, 4)  # 2 pieces, 2 stops: another
    assert again.turn == PLAYER and again.scores == (2, 0)
    assert RULES.apply(pos("1:M,6:M"), 1).turn == OPPONENT


def test_the_game_ends_when_the_side_to_move_has_no_area_and_leftovers_do_not_score():
    # Extra turn, Player has nothing left: over, though the Opponent still has pieces.
    state = RULES.apply(pos("5:M,7:KK"), 5)
    assert RULES.is_over(state) and state.turn == PLAYER
    assert state.scores == (1, 0) and RULES.result(state) == (1.0, -1.0)
    # No extra turn, the Opponent has nothing: over with the Player's piece left on 3.
    state = RULES.apply(pos("2:M"), 2)
    assert RULES.is_over(state) and state.turn == OPPONENT and state.board[2] == "M"
    assert RULES.legal_moves(state) == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        RULES.parse(state, "O6")


def test_values_follow_the_real_first_mover():
    # Player first: the Player scores a K for 2, the Opponent for 3.
    assert RULES.apply(pos("5:K,8:K"), 5).scores == (2, 0)
    assert RULES.apply(pos("5:K,8:K;turn=opponent"), 8).scores == (0, 3)
    # Opponent first: the other way round.
    assert RULES.apply(pos("5:C,8:C;first=opponent;turn=player"), 5).scores == (4, 0)
    assert RULES.apply(pos("5:A,8:A;first=opponent"), 8).scores == (0, 3)


def test_results_are_the_score_difference():
    assert RULES.result(pos("score=21-8")) == (13.0, -13.0)
    assert RULES.result(pos("score=5-5")) == (0.0, 0.0)
    assert RULES.winner(pos("score=3-9")) == OPPONENT and RULES.winner(pos("score=4-4")) is None


def test_fixed_setups_and_patterns():
    for name, piles in PATTERNS.items():
        state = RULES.initial_state({"pattern": name.lower(), "first": "opponent"})
        assert state.board == piles and state.turn == state.first == OPPONENT
        assert sum(map(len, piles)) == 24 and RULES.to_move(state) == OPPONENT
    default = RULES.initial_state()
    assert default == MandragoraState.start("A", PLAYER)
    assert RULES.legal_moves(default) == [1, 2, 3, 4, 5]
    assert RULES.initial_state({"first": 1}).turn == OPPONENT


@pytest.mark.parametrize(
    "options,count",
    [({"pattern": "random"}, 5), ({"first": "random"}, 2), ({"pattern": "random", "first": "random"}, 10)],
)
def test_random_setups_are_a_chance_node(options, count):
    state = RULES.initial_state(options)
    assert RULES.to_move(state) == CHANCE and not RULES.is_over(state) and RULES.legal_moves(state) == []
    outcomes = RULES.chance_outcomes(state)
    assert len(outcomes) == count and sum(p for _, p in outcomes) == pytest.approx(1)
    for setup, _ in outcomes:
        text = RULES.notation(state, setup)
        assert RULES.parse(state, text) == setup
        start = RULES.apply(state, setup)
        assert start == MandragoraState.start(setup.pattern, setup.first)


def test_setup_text_errors():
    state = RULES.initial_state({"pattern": "random", "first": "player"})
    assert RULES.notation(state, Setup("C", PLAYER)) == "C/player"  # one word: typeable in a move list
    for text in ("C/player", "c Player", "C,player"):
        assert RULES.parse(state, text) == Setup("C", PLAYER)
    for bad, cause, message in [("A opponent", IllegalMoveError, "cannot be drawn"),
                                ("F player", InvalidMoveError, "bad setup"),
                                ("P3", IllegalMoveError, "bad setup")]:  # a move, where a setup is due
        with pytest.raises(cause, match=message):
            RULES.parse(state, bad)
    # The message shows the form to type, and every setup that can be drawn.
    with pytest.raises(IllegalMoveError, match=r"written like A/player \(possible: A/player, B/player, .*E/player\)"):
        RULES.parse(state, "P3")
    with pytest.raises(IllegalMoveError):
        RULES.apply(state, 3)


def test_split_moves_keeps_a_setup_typed_as_two_words_together():
    assert split_moves("A/player P3 P1") == ["A/player", "P3", "P1"]
    assert split_moves("c Opponent O7  P3") == ["c/Opponent", "O7", "P3"]  # as older saves wrote it
    assert split_moves("P3 player") == ["P3", "player"]
    state = RULES.initial_state({"pattern": "random", "first": "random"})
    assert RULES.parse(state, split_moves("B opponent O7")[0]) == Setup("B", OPPONENT)


@pytest.mark.parametrize("options", [{"pattern": "F"}, {"first": "both"}, {"first": True}])
def test_bad_options(options):
    with pytest.raises(ValueError, match="option"):
        RULES.initial_state(options)


def test_notation_and_parse_are_symmetric():
    state = RULES.initial_state({"first": "opponent"})
    assert [RULES.notation(state, m) for m in RULES.legal_moves(state)] == ["O2", "O4", "O6", "O7", "O8"]
    for move in RULES.legal_moves(state):
        assert RULES.parse(state, RULES.notation(state, move)) == move
    assert RULES.successors(state) == [(m, RULES.apply(state, m)) for m in RULES.legal_moves(state)]
    assert RULES.parse(state, " o7 ") == 7 and RULES.parse(state, "7") == 7


@pytest.mark.parametrize(
    "text,cause,message",
    [
        ("P3", IllegalMoveError, "Opponent's turn, not the Player's"),
        ("O1", IllegalMoveError, "area 1 belongs to the Player"),
        ("O9", InvalidMoveError, "areas are 1 to 8"),
        ("O0", InvalidMoveError, "areas are 1 to 8"),
        ("X7", InvalidMoveError, "bad move"),
        ("", InvalidMoveError, "bad move"),
        ("O77", InvalidMoveError, "bad move"),
        ("O4", IllegalMoveError, "area 4 is empty"),
        ("A/opponent", IllegalMoveError, "bad move"),  # a setup, where a move is due
    ],
)
def test_illegal_and_malformed_moves_name_the_problem(text, cause, message):
    state = pos("2:M,6:M,1:M;turn=opponent")
    with pytest.raises(cause, match=message):
        RULES.parse(state, text)


def test_apply_refuses_illegal_moves():
    state = RULES.initial_state()
    for bad in (6, 0, 9, "3", None):
        with pytest.raises(IllegalMoveError):
            RULES.apply(state, bad)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.turn = 1  # type: ignore[misc]


def test_logged_game_replays_to_its_final_score_with_the_same_extra_turns():
    moves = LOG["moves"].split()
    states = replay(RULES, {"pattern": LOG["pattern"], "first": LOG["first"]}, moves)
    extra = [m for m, before, after in zip(moves, states, states[1:]) if after.turn == before.turn]
    assert extra == LOG["extraTurns"].split()
    end = states[-1]
    assert RULES.is_over(end) and end.turn == PLAYER  # the Player, on an extra turn, has no move
    assert end.scores == (LOG["final"]["player"], LOG["final"]["opponent"]) == (21, 8)
    assert {str(a): p for a, p in enumerate(end.board, 1) if p} == LOG["final"]["board"]
    assert RULES.result(end) == (13.0, -13.0)


def test_golden_positions_are_reached_by_their_move_lists():
    after_four = replay(RULES, {"pattern": "A"}, "P3 P1 O7 O8".split())[-1]
    golden = {p["name"]: p for p in GOLDEN["positions"]}
    assert after_four.board == tuple(golden["A:P3,P1,O7,O8"]["board"][str(a)] for a in range(1, 9))
    d_game = replay(RULES, {"pattern": "D", "first": "opponent"}, "O8 P1 O6".split())[-1]
    assert d_game.board == tuple(golden["D:O8,P1,O6"]["board"][str(a)] for a in range(1, 9))


def test_a_seeded_random_game_replays_exactly():
    options = {"pattern": "random", "first": "random"}
    record, end = play_game(RULES, [RandomPlayer(4), RandomPlayer(5)], options, seed=6)
    again, _ = play_game(RULES, [RandomPlayer(4), RandomPlayer(5)], options, seed=6)
    assert record.actions == again.actions and record.result == again.result
    assert RULES.parse(RULES.initial_state(options), record.actions[0]) in RULES.initial_state(options).setups
    states = replay(RULES, record.options, record.actions)
    assert states[-1] == end and RULES.is_over(end)
    assert record.result == RULES.result(end) and record.result[0] == end.scores[0] - end.scores[1]
    assert GAME.rules().name == "mandragora"


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(sorted(PATTERNS)), st.sampled_from([PLAYER, OPPONENT]))
def test_random_play_conserves_pieces_and_scores_what_it_sows(seed, pattern, first):
    import random

    rng = random.Random(seed)
    state = MandragoraState.start(pattern, first)
    scored_pieces = 0
    while not RULES.is_over(state):
        move = rng.choice(RULES.legal_moves(state))
        done = RULES.step(state, move)
        scored_pieces += len(done.scored)
        assert sum(map(len, done.state.board)) + scored_pieces == 24
        gained = [b - a for a, b in zip(state.scores, done.state.scores)]
        assert gained[state.turn] == done.points and gained[1 - state.turn] == 0
        assert (done.state.turn == state.turn) == done.extra
        state = done.state


def test_move_errors_name_their_cause():
    """Text naming no area or setup is invalid, an area or setup written right but not legal
    here is illegal; both are caught as a ``MoveError`` and as a ``ValueError``.  Mandragora
    text is never ambiguous (an area is one number, a setup one pattern and one side), so
    ``parse`` only asks whether the one action it reads is legal."""
    drawn = RULES.initial_state({"pattern": "random", "first": "player"})
    turn = pos("2:M,6:M,1:M;turn=opponent")
    cases = [(drawn, "Q/player", InvalidMoveError), (drawn, "O6", IllegalMoveError),
             (drawn, "A/opponent", IllegalMoveError), (turn, "O9", InvalidMoveError),
             (turn, "seven", InvalidMoveError), (turn, "O4", IllegalMoveError), (turn, "P1", IllegalMoveError)]
    for state, text, cause in cases:
        for catch in (cause, MoveError, ValueError):
            with pytest.raises(catch) as error:
                RULES.parse(state, text)
            assert type(error.value) is cause
    with pytest.raises(IllegalMoveError, match="area 4 is empty"):
        RULES.apply(turn, 4)
    assert issubclass(AmbiguousMoveError, MoveError) and issubclass(AmbiguousMoveError, ValueError)
