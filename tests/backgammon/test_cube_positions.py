"""Positions with the cube: ``POSID:MATCHID`` and XGID to states and back, every cube state."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from game.backgammon.board import START_SIDE, make_side
from game.backgammon.cube.state import DECIDE, DOUBLE, OFFERED, OVER, PASS, ROLLING, CubeState
from game.backgammon.formats import parse_match_id
from game.backgammon.info import GAME
from game.backgammon.position import format_position, format_xgid, parse_position
from game.backgammon.rules import BackgammonRules, with_dice
from game.backgammon.state import BackgammonState
from game.core.protocol import CHANCE

RULES = BackgammonRules()
MIDGAME = (make_side({6: 4, 8: 2, 13: 4, 24: 2, 20: 1, 3: 2}), make_side({6: 5, 8: 3, 13: 3, 21: 2, 2: 2}))
BOARDS = [(START_SIDE, START_SIDE), MIDGAME, (MIDGAME[1], MIDGAME[0])]


def canonical(state: BackgammonState) -> BackgammonState:
    """``state`` with the phase an unrolled turn reads back as (a decision when allowed)."""
    cube = state.cube
    if state.dice is None and cube.phase in (DECIDE, ROLLING):
        cube = replace(cube, phase=DECIDE if cube.may_double(state.turn) else ROLLING)
    return replace(state, cube=cube)


def cube_states():
    """Every kind of cube state on a few boards: values 1..64, centred or owned by either,
    unrolled or rolled or a double offered, money with and without Jacoby and beavers,
    matches at various scores with Crawford and post-Crawford."""
    money = [CubeState(jacoby=j, beavers=b) for j in (False, True) for b in (False, True)]
    matches = [CubeState(match_length=7, score=(2, 3)), CubeState(match_length=7, score=(6, 3), crawford=True),
               CubeState(match_length=7, score=(6, 3)), CubeState(match_length=5, score=(4, 4)),
               CubeState(match_length=1), CubeState(match_length=25, score=(24, 0), crawford=True)]
    for base, board, turn in itertools.product(money + matches, BOARDS, (0, 1)):
        for log2, owner in itertools.product(range(7), (None, 0, 1)):
            if (log2 == 0) != (owner is None) or (base.crawford and log2):
                continue
            cube = replace(base, value=1 << log2, owner=owner)
            state = BackgammonState.from_board(*board, turn, None, cube)
            yield canonical(state)
            yield replace(state, dice=(5, 2))
            yield replace(state, dice=(3, 3))
            if cube.may_double(turn):
                yield replace(state, cube=replace(cube, phase=OFFERED))


STATES = list(cube_states())


def test_the_grid_covers_every_phase_value_and_owner():
    assert {s.cube.phase for s in STATES} == {DECIDE, OFFERED, ROLLING}
    assert {s.cube.value for s in STATES} == {1, 2, 4, 8, 16, 32, 64}
    assert {s.cube.owner for s in STATES} == {None, 0, 1}
    assert any(s.cube.post_crawford for s in STATES) and any(s.cube.crawford for s in STATES)


def test_gnu_ids_round_trip_every_cube_state():
    for state in STATES:
        text = format_position(state)
        assert len(text) == 27 and text[14] == ":"
        assert parse_position(text) == replace(state, cube=replace(state.cube, beavers=False)), text


def test_xgids_round_trip_every_cube_state():
    for state in STATES:
        text = format_xgid(state)
        assert text.startswith("XGID=")
        assert parse_position(text) == state, text


def test_decisions_read_from_a_position():
    offered = next(s for s in STATES if s.cube.phase == OFFERED and s.turn == 0)
    for text in (format_position(offered), format_xgid(offered)):
        state = parse_position(text)
        assert RULES.to_move(state) == 1 and RULES.legal_moves(state)[:2] == [RULES.parse(state, "take"),
                                                                             RULES.parse(state, "pass")]
    owned = BackgammonState.from_board(*MIDGAME, 0, None, CubeState(value=2, owner=1))
    assert RULES.to_move(parse_position(format_position(owned))) == CHANCE
    mine = BackgammonState.from_board(*MIDGAME, 0, None, CubeState(value=2, owner=0))
    assert RULES.to_move(parse_position(format_position(mine))) == 0


def test_a_known_gnu_id():
    state = parse_position("4HPwATDgc/ABMA:QYkqASAAIAAA")
    info = parse_match_id("QYkqASAAIAAA")
    assert (info.match_length, info.score, info.cube_log2, info.cube_owner) == (9, (2, 4), 1, 0)
    assert state.cube == CubeState(value=2, owner=0, match_length=9, score=(2, 4))
    assert (state.turn, state.dice, state.sides[1]) == (1, (5, 2), START_SIDE)
    assert format_position(state) == "4HPwATDgc/ABMA:QYkqASAAIAAA"


def test_bare_position_ids_stay_cubeless():
    state = parse_position("4HPwATDgc/ABMA")
    assert state.cube is None and format_position(state) == "4HPwATDgc/ABMA"
    assert format_position(RULES.initial_state()) == "4HPwATDgc/ABMA"


def test_xgid_rules_field_carries_jacoby_and_beavers_in_money_and_crawford_in_matches():
    money = parse_position("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:10")
    assert (money.cube.jacoby, money.cube.beavers, money.cube.match_length) == (True, True, 0)
    match = parse_position("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:6:2:1:7:10")
    assert match.cube.crawford and RULES.to_move(match) == CHANCE
    assert format_xgid(match) == "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:6:2:1:7:10"


def test_xgid_beaver_reads_as_the_position_after_the_beaver():
    state = parse_position("XGID=-b----E-C---eE---c-e----B-:1:0:1:B:0:0:2:0:10")
    assert (state.cube.value, state.cube.owner, state.turn, RULES.to_move(state)) == (8, 1, 0, CHANCE)
    highest = parse_position("XGID=-b----E-C---eE---c-e----B-:4:0:1:B:0:0:2:0:10")  # 16, doubled, beavered
    assert (highest.cube.value, highest.cube.owner) == (64, 1)


@pytest.mark.parametrize("text, words", [
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:R:0:0:2:0:10", "raccoons are not played"),
    ("XGID=-b----E-C---eE---c-e----B-:7:0:1:00:0:0:0:0:10", "cube 128 is above the highest, 64"),
    ("XGID=-b----E-C---eE---c-e----B-:1:-1:1:D:0:0:0:0:10", "cannot be offered here"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:B:0:0:0:5:10", "a beaver is money play"),
    ("XGID=-b----E-C---eE---c-e----B-:5:0:1:B:0:0:2:0:10", "makes the cube 128, above the highest, 64"),
    ("XGID=-b----E-C---eE---c-e----B-:6:1:1:B:0:0:2:0:10", "cannot be offered here, so it cannot be beavered"),
    ("XGID=-b----E-C---eE---c-e----B-:1:-1:1:B:0:0:2:0:10", "cannot be offered here, so it cannot be beavered"),
    ("XGID=-b----E-C---eE---c-e----B-:1:0:1:B:0:0:1:0:10", "a beaver needs the beaver rule"),
    ("4HPwATDgc/ABMA:cAkAAAAAAAAA"[:15] + "cAgAAAAAAAAA", "no game in progress"),
])
def test_impossible_cube_positions_are_refused(text, words):
    with pytest.raises(ValueError, match=words):
        parse_position(text)


def test_finished_games_round_trip():
    won = RULES.apply(*_bear_off(CubeState(match_length=5, score=(1, 1))))
    assert won.cube.phase == OVER and not RULES.is_over(won)
    assert parse_position(format_position(won)) == replace(won, cube=replace(won.cube, game=1))
    dropped = BackgammonState.from_board(*MIDGAME, 1, None, CubeState(value=2, owner=1, phase=DECIDE))
    dropped = RULES.apply(RULES.apply(dropped, DOUBLE), PASS)
    assert RULES.is_over(dropped) and parse_position(format_position(dropped)) == dropped


def _bear_off(cube):
    state = BackgammonState.from_board(make_side({1: 1}), make_side({12: 14}), 0, (6, 5), cube)
    return state, RULES.legal_moves(state)[0]


def test_dice_given_to_a_cube_position():
    state = parse_position(format_position(BackgammonState.from_board(*MIDGAME, 0, None, CubeState())))
    assert RULES.to_move(state) == 0
    rolled = with_dice(state, "31")
    assert RULES.to_move(rolled) == 0 and rolled.dice == (3, 1) and rolled.cube.phase == ROLLING
    with pytest.raises(ValueError, match="a double is offered"):
        with_dice(RULES.apply(state, DOUBLE), "31")
    assert GAME.notation.parse_position(GAME.notation.format_position(rolled)) == rolled


@pytest.mark.parametrize("options", [{"match_length": 5}, {"cube": True, "jacoby": True}])
def test_every_state_of_random_cube_games_round_trips(options):
    """All states of seeded random games (finished games between match games included), as
    both formats store them: the game number reads as 1, an unrolled turn as its decision."""
    from game.core.match import play_game
    from game.core.players import RandomPlayer

    seen = set()
    for seed in range(3):
        states = []
        play_game(RULES, [RandomPlayer(seed), RandomPlayer(seed + 9)], options, seed=seed,
                  on_action=lambda state, action, text: states.append(state))
        for state in states:
            if state.turn is None or state.opening:
                continue  # the opening roll: neither format has it
            expected = canonical(replace(state, cube=replace(state.cube, game=1)))
            assert parse_position(format_position(expected)) == expected
            if state.cube.phase != OVER:  # XGIDs have no game state
                assert parse_position(format_xgid(expected)) == expected
            seen.add(state.cube.phase)
    assert seen == {DECIDE, OFFERED, ROLLING, OVER} if options.get("match_length") else seen >= {DECIDE, OFFERED}


def test_cubeless_play_is_an_xgid_with_a_cube_limit_of_one():
    """A bare position ID cannot say Black is on roll, nor the dice: the XGID with its last
    field 0 (the cube can never be turned) keeps both, and reads back as cubeless play."""
    cubeless = BackgammonState.from_board(*MIDGAME, 1, (6, 4))
    text = format_xgid(cubeless)
    assert text.endswith(":0:0:-1:64:0:0:0:0:0") and parse_position(text) == cubeless
    money = parse_position(text[:-1] + "10")  # any other limit: a money game, as before
    assert money.cube is not None and money.cube.match_length == 0
    owned = parse_position(text.replace(":0:0:-1:64:", ":1:1:-1:64:"))  # a cube turned is no cubeless play
    assert owned.cube is not None and (owned.cube.value, owned.cube.owner) == (2, 0)


def _resignations():
    """A resignation offered, accepted and declined, before the roll and after it, in cubeless
    play, a money game and a match."""
    from game.backgammon.resignation.state import ACCEPT, DECLINE, OFFERS

    for cube in (None, CubeState(value=2, owner=0, jacoby=True), CubeState(match_length=7, score=(2, 5))):
        for dice in ((None,) if cube is None else (None, (6, 4))):  # a cubeless turn before the roll is chance's
            state = BackgammonState.from_board(*MIDGAME, 0, dice or (5, 2) if cube is None else dice, cube)
            if cube is not None and dice is None:
                state = replace(state, cube=replace(cube, phase=DECIDE))
            offered = RULES.apply(state, OFFERS[1])
            yield offered, RULES.apply(offered, ACCEPT), RULES.apply(offered, DECLINE)


@pytest.mark.parametrize("offered, accepted, declined", list(_resignations()))
def test_a_resignation_reads_back_from_every_form_that_writes_it(offered, accepted, declined):
    """The GNU ID holds a resignation offered or accepted; an XGID has no field for either and
    refuses them (the window and the command line then write the GNU ID); a declined offer is
    held by neither (nor by GNU's match ID): it reads back as the resigner's turn without it."""
    cubeless = offered.cube is None
    for state in (offered, accepted):
        if not cubeless:  # a cubeless state's GNU form is the bare position ID: the board only
            assert parse_position(format_position(state)) == state
        with pytest.raises(ValueError, match="an XGID cannot hold a (resignation offered|game ended by a resignation)"):
            format_xgid(state)
        assert GAME.position_text(state, "xgid")[0] == "GNU ID"
    without = replace(declined, resign=None)
    assert parse_position(format_xgid(declined)) == without
    if not cubeless:
        assert parse_position(format_position(declined)) == without


def test_a_dropped_double_is_no_xgid():
    dropped = BackgammonState.from_board(*MIDGAME, 1, None, CubeState(value=2, owner=1, match_length=7, phase=DECIDE))
    dropped = RULES.apply(RULES.apply(dropped, DOUBLE), PASS)
    with pytest.raises(ValueError, match="an XGID cannot hold a game ended by a dropped double; its GNU ID can"):
        format_xgid(dropped)
    assert parse_position(GAME.position_text(dropped, "xgid")[1]) == dropped
