"""GNU Backgammon position/match IDs and XGIDs: spec vectors, round trips, errors, gnubg."""

from __future__ import annotations

import base64
import re

import gnubg_nn
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.backgammon.board import START_SIDE, check_board, make_side
from game.backgammon.formats import (
    CENTRED,
    MatchInfo,
    ParsedPosition,
    XgidPosition,
    format_xgid,
    match_id,
    parse_match_id,
    parse_position,
    parse_position_id,
    parse_xgid,
    position_id,
)

START_ID = "4HPwATDgc/ABMA"
AFTER_31_ID = "sGfwATDgc/ABMA"
AFTER_31 = make_side({5: 2, 6: 4, 8: 2, 13: 5, 24: 2})  # 31: 8/5 6/5
MATCH_VECTOR = "QYkqASAAIAAA"
XGID_START = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"
XGID_AFTER_31 = "XGID=-b---BD-B---eE---c-e----B-:0:0:-1:00:0:0:0:0:10"


# --------------------------------------------------------------------------- strategies


@st.composite
def sides_strategy(draw, owners: list[int | None], who: int) -> tuple[int, ...]:
    """A side of 15 checkers spread over its off tray, bar and the points ``who`` owns.

    ``owners[p - 1]`` owns point ``p`` in the numbering of player 0 (the side on roll).
    """
    own = [p if who == 0 else 25 - p for p in range(1, 25) if owners[p - 1] == who]
    slots = draw(st.lists(st.sampled_from([0, 25] + own), min_size=15, max_size=15))
    return tuple(slots.count(slot) for slot in range(26))


@st.composite
def boards(draw) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A legal ``(side_on_roll, opponent)``: 15 checkers each, no shared point."""
    owners = draw(st.lists(st.sampled_from([0, 1, None]), min_size=24, max_size=24))
    board = draw(sides_strategy(owners, 0)), draw(sides_strategy(owners, 1))
    both = [board[0][slot] == board[1][slot] == 15 for slot in (0, 25)]
    assume(not any(both))  # both sides all off or all on the bar: no game reaches it
    check_board(*board)
    return board


@st.composite
def match_infos(draw) -> MatchInfo:
    length = draw(st.sampled_from([0, 1, 3, 5, 7, 9, 11, 25, 32767]))
    state = draw(st.integers(0, 4))
    top = max(length - (state == 1), 0) if length else 32767
    rolled = draw(st.booleans())
    return MatchInfo(
        cube_log2=draw(st.integers(0, 15)), cube_owner=draw(st.sampled_from([0, 1, CENTRED])),
        on_roll=draw(st.integers(0, 1)), crawford=bool(length) and draw(st.booleans()),
        game_state=state, turn=draw(st.integers(0, 1)), double_offered=draw(st.booleans()),
        resignation=draw(st.integers(0, 3)),
        dice=(draw(st.integers(1, 6)), draw(st.integers(1, 6))) if rolled else (0, 0),
        match_length=length, score=(draw(st.integers(0, top)), draw(st.integers(0, top))),
        jacoby=draw(st.booleans()))


@st.composite
def xgid_positions(draw) -> XgidPosition:
    bottom, top = draw(boards())
    action = draw(st.sampled_from(["", "", "D", "B", "R"]))
    rolled = not action and draw(st.booleans())
    return XgidPosition(
        bottom=bottom, top=top, turn=draw(st.integers(0, 1)),
        dice=(draw(st.integers(1, 6)), draw(st.integers(1, 6))) if rolled else None,
        cube_action=action, cube_log2=draw(st.integers(0, 10)),
        cube_owner=draw(st.sampled_from([0, 1, CENTRED])),
        score_bottom=draw(st.integers(0, 20)), score_top=draw(st.integers(0, 20)),
        match_length=draw(st.integers(0, 25)), crawford_or_rules=draw(st.integers(0, 3)),
        max_cube_log2=draw(st.integers(0, 12)))


def raw_position_id(first: list[int], second: list[int], extra_bits: str = "") -> str:
    """An unchecked position ID from two 25-slot lists (points 1..24, bar), for bad inputs."""
    bits = "".join("1" * n + "0" for n in first + second) + extra_bits
    value = int(bits[::-1], 2) if bits else 0
    return base64.b64encode(value.to_bytes(10, "little")).decode()[:14]


def with_match_bits(text: str, first: int, count: int, value: int) -> str:
    """``text`` (a match ID) with ``count`` bits from bit ``first`` replaced by ``value``."""
    key = int.from_bytes(base64.b64decode(text), "little")
    key = key & ~(((1 << count) - 1) << first) | value << first
    return base64.b64encode(key.to_bytes(9, "little")).decode()


# --------------------------------------------------------------------------- position ID


def test_position_id_spec_vectors():
    assert position_id(START_SIDE, START_SIDE) == START_ID
    assert position_id(START_SIDE, AFTER_31) == AFTER_31_ID
    assert parse_position_id(START_ID) == (START_SIDE, START_SIDE)
    assert parse_position_id(AFTER_31_ID) == (START_SIDE, AFTER_31)


def test_position_id_missing_checkers_are_borne_off():
    me, opp = parse_position_id(raw_position_id([0] * 24 + [1], [2] + [0] * 24))
    assert me == make_side({1: 2}) and me[0] == 13
    assert opp == make_side(bar=1)


@given(boards())
def test_position_id_round_trip(board):
    text = position_id(*board)
    assert re.fullmatch(r"[A-Za-z0-9+/]{14}", text)
    assert parse_position_id(text) == board


@pytest.mark.parametrize("text, problem", [
    ("xyz", "expected 14 characters, got 3"),
    (START_ID + "A", "expected 14 characters, got 15"),
    ("4HPwATDgc/AB=A", "'=' are not base64"),
    ("4HPw ATDgc/ABM", "' ' are not base64"),
    ("//////////////", "opponent has 80 checkers; at most 15"),
    (raw_position_id([0] * 25, [16] + [0] * 24), "player on roll has 16 checkers"),
    (raw_position_id([0] * 25, [0] * 25, "0001"), "bits set after the last slot"),
    (raw_position_id([1] + [0] * 24, [0] * 23 + [1, 0]), "point 24 holds checkers of both sides"),
])
def test_position_id_errors(text, problem):
    with pytest.raises(ValueError, match=re.escape(f"invalid position ID {text!r}: ") + ".*"
                       + re.escape(problem)):
        parse_position_id(text)


def test_position_id_rejects_illegal_board():
    fourteen = (0,) * 6 + (14,) + (0,) * 19
    with pytest.raises(ValueError, match="14 checkers"):
        position_id(fourteen, START_SIDE)


@pytest.mark.slow
@settings(max_examples=300)
@given(boards())
def test_position_id_matches_gnubg(board):
    me, opp = board
    gnubg_board = [list(opp[1:26]), list(me[1:26])]
    text = position_id(me, opp)
    assert text == gnubg_nn.position_id(gnubg_board)
    assert gnubg_nn.board_from_position_id(text) == gnubg_board


# --------------------------------------------------------------------------- match ID


def test_match_id_spec_vector():
    info = parse_match_id(MATCH_VECTOR)
    assert info == MatchInfo(
        cube_log2=1, cube_owner=0, on_roll=1, crawford=False, game_state=1, turn=1,
        double_offered=False, resignation=0, dice=(5, 2), match_length=9, score=(2, 4),
        jacoby=True)
    assert match_id(info) == MATCH_VECTOR


def test_match_id_writes_the_higher_die_first():
    info = MatchInfo(dice=(2, 5), match_length=9, score=(2, 4), cube_log2=1, cube_owner=0,
                     on_roll=1, turn=1)
    assert info.dice == (5, 2)
    assert match_id(info) == MATCH_VECTOR


@given(match_infos())
def test_match_id_round_trip(info):
    text = match_id(info)
    assert re.fullmatch(r"[A-Za-z0-9+/]{12}", text)
    assert parse_match_id(text) == info


@pytest.mark.parametrize("text, problem", [
    ("QYkqASAAIAA", "expected 12 characters, got 11"),
    ("QYkqASAAIA-A", "'-' are not base64"),
    (with_match_bits(MATCH_VECTOR, 15, 3, 7), "dice (7, 2)"),
    (with_match_bits(MATCH_VECTOR, 18, 3, 0), "both dice must be rolled or both 0"),
    (with_match_bits(MATCH_VECTOR, 4, 2, 2), "cube owner 2 is not 0, 1 or 3"),
    (with_match_bits(MATCH_VECTOR, 8, 3, 5), "game_state 5 is not in 0..4"),
    (with_match_bits(MATCH_VECTOR, 36, 15, 9), "score 9-4 is impossible"),
    (with_match_bits(with_match_bits(MATCH_VECTOR, 21, 15, 0), 7, 1, 1), "Crawford game in money"),
])
def test_match_id_errors(text, problem):
    with pytest.raises(ValueError, match=re.escape(f"invalid match ID {text!r}: ") + ".*"
                       + re.escape(problem)):
        parse_match_id(text)


def test_match_score_may_reach_the_length_once_the_game_is_over():
    info = parse_match_id(with_match_bits(with_match_bits(MATCH_VECTOR, 36, 15, 9), 8, 3, 2))
    assert info.score == (9, 4) and info.game_state == 2


# --------------------------------------------------------------------------- XGID


def test_xgid_spec_vector():
    xgid = parse_xgid(XGID_START)
    assert xgid == XgidPosition(bottom=START_SIDE, top=START_SIDE, turn=0, dice=(3, 1),
                                cube_log2=0, cube_owner=CENTRED, max_cube_log2=10)
    assert position_id(*xgid.board_on_roll()) == START_ID
    assert format_xgid(xgid) == XGID_START
    assert parse_xgid(XGID_START.removeprefix("XGID=")) == xgid


def test_xgid_top_to_roll_after_31():
    xgid = parse_xgid(XGID_AFTER_31)
    assert (xgid.bottom, xgid.top, xgid.turn, xgid.dice) == (AFTER_31, START_SIDE, 1, None)
    assert xgid.board_on_roll() == (START_SIDE, AFTER_31)
    assert position_id(*xgid.board_on_roll()) == AFTER_31_ID
    assert format_xgid(xgid) == XGID_AFTER_31


def test_xgid_cube_fields():
    xgid = parse_xgid("XGID=-b----E-C---eE---c-e----B-:2:-1:-1:D:3:5:1:7:8")
    assert (xgid.cube_log2, xgid.cube_owner, xgid.turn, xgid.dice, xgid.cube_action) == (
        2, 1, 1, None, "D")
    assert (xgid.score_bottom, xgid.score_top, xgid.crawford_or_rules, xgid.match_length,
            xgid.max_cube_log2) == (3, 5, 1, 7, 8)
    info = xgid.match_info()
    assert (info.on_roll, info.turn, info.double_offered, info.crawford, info.score) == (
        1, 0, True, True, (3, 5))


@given(xgid_positions())
def test_xgid_round_trip(xgid):
    assert parse_xgid(format_xgid(xgid)) == xgid


BAD_XGID_PREFIX = "XGID=-b----E-C---eE---c-e----B-"


@pytest.mark.parametrize("text, problem", [
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0", "expected 10 fields separated by ':', got 9"),
    ("XGID=-b----E-C---eE---c-e----B:0:0:1:31:0:0:0:0:10", "field 1 (position) has 25 characters"),
    ("XGID=-b----E-C---eE---c-e#---B-:0:0:1:31:0:0:0:0:10", "position index 20: '#' is not"),
    ("XGID=-b----P-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10", "'P' means 16 checkers; at most 15"),
    ("XGID=-b----O-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10", "bottom player has 25 checkers"),
    ("XGID=Ab----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10", "index 0 is the top player's bar"),
    ("XGID=-b----E-C---eE---c-e----Ba:0:0:1:31:0:0:0:0:10", "index 25 is the bottom player's bar"),
    (BAD_XGID_PREFIX + ":x:0:1:31:0:0:0:0:10", "field 2 (cube) 'x' is not a number"),
    (BAD_XGID_PREFIX + ":0:2:1:31:0:0:0:0:10", "field 3 (cube owner) is 2; expected one of 1, 0, -1"),
    (BAD_XGID_PREFIX + ":0:0:0:31:0:0:0:0:10", "field 4 (turn) is 0; expected one of 1, -1"),
    (BAD_XGID_PREFIX + ":0:0:1:71:0:0:0:0:10", "field 5 (dice) '71' is not"),
    (BAD_XGID_PREFIX + ":0:0:1:3:0:0:0:0:10", "field 5 (dice) '3' is not"),
    (BAD_XGID_PREFIX + ":0:0:1:31:two:0:0:0:10", "field 6 (bottom score) 'two' is not a number"),
    (BAD_XGID_PREFIX + ":0:0:1:31:0:0:0:-7:10", "field 9 (match length) -7 is negative"),
])
def test_xgid_errors(text, problem):
    with pytest.raises(ValueError, match=re.escape(f"invalid XGID {text!r}: ") + ".*"
                       + re.escape(problem)):
        parse_xgid(text)


# --------------------------------------------------------------------------- parse_position


def test_parse_position_bare_id():
    assert parse_position(f"  {AFTER_31_ID} ") == ParsedPosition(START_SIDE, AFTER_31, 0, None, None)


def test_parse_position_gnubg_id():
    parsed = parse_position(f"{START_ID}:{MATCH_VECTOR}")
    assert (parsed.me, parsed.opp, parsed.player_on_roll, parsed.dice) == (
        START_SIDE, START_SIDE, 1, (5, 2))
    assert parsed.match == parse_match_id(MATCH_VECTOR)
    unrolled = match_id(MatchInfo(on_roll=1, turn=1))
    assert parse_position(f"{AFTER_31_ID}:{unrolled}").dice is None


@pytest.mark.parametrize("text", [XGID_AFTER_31, XGID_AFTER_31.removeprefix("XGID=")])
def test_parse_position_xgid(text):
    parsed = parse_position(text)
    assert (parsed.me, parsed.opp, parsed.player_on_roll, parsed.dice) == (
        START_SIDE, AFTER_31, 1, None)
    assert parsed.match == MatchInfo(on_roll=1, turn=1, jacoby=False)


@pytest.mark.parametrize("text, message", [
    ("xyz", "invalid position ID 'xyz': expected 14 characters, got 3"),
    (f"{START_ID}:{MATCH_VECTOR}:x", "invalid GNU ID"),
    (f"{START_ID}:QYkq", "invalid match ID 'QYkq': expected 12 characters, got 4"),
    (f"4HPw:{MATCH_VECTOR}", "invalid position ID '4HPw': expected 14 characters"),
    ("XGID=nonsense", "invalid XGID 'XGID=nonsense': expected 10 fields"),
    (BAD_XGID_PREFIX + ":0:0:1:31:9:0:0:9:10", "invalid XGID"),  # score 9 in a 9-point match
])
def test_parse_position_errors(text, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_position(text)
