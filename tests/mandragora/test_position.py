"""Position text: parse and print round trips, defaults, and clear errors."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.mandragora.info import GAME
from game.mandragora.position import EXAMPLE, format_position, parse_position
from game.mandragora.rules import MandragoraRules
from game.mandragora.state import OPPONENT, PATTERNS, PLAYER, MandragoraState

RULES = MandragoraRules()


def test_the_issue_example_is_pattern_a_with_the_player_first():
    state = parse_position(EXAMPLE)
    assert state == MandragoraState.start("A", PLAYER)
    assert format_position(state) == EXAMPLE
    assert GAME.notation.parse_position(EXAMPLE) == state and GAME.notation.format_position(state) == EXAMPLE


def test_empty_areas_are_omitted_and_fields_default():
    state = parse_position("5:M, 7: ,2:kmk;score=3-4")
    assert state.board == ("", "KMK", "", "", "M", "", "", "")
    assert state.turn == state.first == PLAYER and state.scores == (3, 4)
    assert format_position(state) == "2:KMK,5:M;turn=player;first=player;score=3-4"
    assert parse_position("1:M;first=Opponent").turn == OPPONENT  # turn defaults to the first mover
    empty = parse_position("turn=opponent;score=21-8")
    assert empty.board == ("",) * 8 and RULES.is_over(empty)
    assert format_position(empty) == "turn=opponent;first=player;score=21-8"


def random_position(seed: int) -> MandragoraState:
    rng = random.Random(seed)
    state = MandragoraState.start(rng.choice(sorted(PATTERNS)), rng.choice([PLAYER, OPPONENT]))
    for _ in range(rng.randrange(60)):
        if RULES.is_over(state):
            break
        state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
    return state


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_round_trip_over_positions_reached_by_random_play(seed):
    state = random_position(seed)
    text = format_position(state)
    assert parse_position(text) == state
    assert format_position(parse_position(text)) == text


@pytest.mark.parametrize(
    "text,message",
    [
        ("", "empty position"),
        ("1:MXM", "unknown piece letter 'X'"),
        ("9:M", "area 9 is a base"),
        ("0:M", "area 0 is a base"),
        ("10:M", "area 10 is out of range"),
        ("a:M", "bad area 'a'"),
        ("1:M,1:K", "area 1 is given twice"),
        ("1M", "bad area entry '1M'"),
        ("1:M,,2:M", "bad area entry"),
        ("1:M;turn=me", "bad turn='me'"),
        ("1:M;first=2", "bad first='2'"),
        ("1:M;score=3", "bad score='3'"),
        ("1:M;score=-1-2", "bad score"),
        ("1:M;score=a-b", "bad score"),
        ("1:M;colour=red", "bad field 'colour=red'"),
        ("1:M;turn", "bad field 'turn'"),
        ("1:M;turn=player;turn=opponent", "field 'turn' is given twice"),
        ("1:" + "M" * 20 + ",2:MMMMM", "25 pieces on the board"),
    ],
)
def test_malformed_text_gives_a_clear_error(text, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        parse_position(text)


def test_no_position_text_before_the_setup_is_drawn():
    with pytest.raises(ValueError, match="still to be drawn"):
        format_position(RULES.initial_state({"pattern": "random"}))
