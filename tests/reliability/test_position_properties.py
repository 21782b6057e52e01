"""Properties of backgammon position strings, over seeded random draws.

1. Any position string, in any of the three forms (a bare GNU position ID, ``posid:matchid``,
   an XGID), is either refused by every command that takes ``--position`` with one short
   line and exit 2, or read alike by all of them: a command may then refuse it for what it
   does (no dice to analyse, no cube decision), never for the text, and never crashes.  What
   is read keeps the rules' bounds: a cube of at most 64, a Crawford game only where one can
   be (exactly one side 1-away in a match longer than 1 point, the cube centred at 1).
2. Every state random play reaches (cube actions, beavers and resignations included), written
   in each form, reads back as the same state, but for what the forms are documented not to
   hold (:mod:`game.backgammon.position`); what an XGID cannot hold it refuses, and the
   window's text is then the GNU ID.
"""

from __future__ import annotations

import functools
import random
from dataclasses import fields, replace

import pytest

from game import cli
from game.backgammon import formats
from game.backgammon.board import BAR, CHECKERS, OFF, SLOTS
from game.backgammon.cube.state import BEAVER, DECIDE, DOUBLE, MAX_CUBE, OFFERED, OVER, ROLLING, TAKE
from game.backgammon.position import format_position, format_xgid, parse_position
from game.backgammon.resignation.state import ACCEPT, DECLINE
from game.core.protocol import CHANCE
from game.games import get_game

from ..cli.util import run

BG = get_game("backgammon")
RULES = BG.rules()
CHEAP = ["--evaluator", "phase-heuristic"]
COMMANDS = [  # every command with --position, at its cheapest
    ["analyze", "backgammon", "--level", "beginner", *CHEAP],
    ["analyze", "backgammon", "--all-rolls", "--level", "beginner", *CHEAP],
    ["rollout", "backgammon", "--trials", "1", "--truncate", "1", "--workers", "1", "--no-prune", "--level",
     "beginner", "--select-level", "beginner", *CHEAP],
    ["moves", "backgammon"],
    ["moves", "backgammon", "--xgid", "--json"],
    ["perft", "backgammon", "--depth", "1"],
    ["eval", "backgammon", *CHEAP],
    ["cube", "backgammon", "--level", "beginner", *CHEAP],
    ["play", "backgammon"],  # the window's setup, checked before any window opens
]
_BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
UNREADABLE = ("invalid position ID", "invalid match ID", "invalid GNU ID", "invalid XGID")


# --------------------------------------------------------------------------- drawing position strings


def _unchecked(cls, **values):
    """A ``cls`` (a frozen dataclass of :mod:`~game.backgammon.formats`) with ``values`` as
    given, its checks skipped: the strings drawn must include what the writers never write."""
    made = object.__new__(cls)
    for field in fields(cls):
        object.__setattr__(made, field.name, values.get(field.name, field.default))
    return made


def _board(rng: random.Random):
    """Two sides in their own numbering, each with 0 to 15 checkers on the board or the bar
    (the rest borne off) stacked on a few points as in play (fewer plays to analyse), never
    both on one point."""
    sides = [[0] * SLOTS, [0] * SLOTS]
    for player in rng.sample((0, 1), 2):
        other = sides[1 - player]
        left = rng.choice((CHECKERS, CHECKERS, CHECKERS, rng.randint(0, CHECKERS)))
        free = [slot for slot in range(1, BAR + 1) if slot == BAR or not other[25 - slot]]
        points = rng.sample(free, rng.randint(1, 5))
        for _ in range(left):
            sides[player][rng.choice(points)] += 1
        sides[player][OFF] = CHECKERS - left
    return tuple(tuple(side) for side in sides)


def _match(rng: random.Random) -> dict:
    """The match and cube fields, mostly sensible and sometimes not."""
    length = rng.choice((0, 0, 0, 1, 3, 7, 7, 25, 26))
    near = [length - 1, length - 1, rng.randint(0, max(length - 1, 0)), length, 0]
    score = (rng.choice(near), rng.choice(near)) if length else (0, 0)
    score = tuple(max(points, 0) for points in score)
    log2 = rng.choice((0, 0, 0, 1, 2, 5, 6, 7))
    owner = formats.CENTRED if not log2 and rng.random() < 0.8 else rng.choice((0, 1, formats.CENTRED))
    return dict(length=length, score=score, log2=log2, owner=owner, crawford=rng.random() < 0.25,
                turn=rng.randint(0, 1), dice=rng.choice((None, (rng.randint(1, 6), rng.randint(1, 6)))),
                offer=rng.choice(("", "", "", "double", "resign", "beaver")), level=rng.randint(1, 3),
                rules=rng.randint(0, 3), game_state=rng.choice((1, 1, 1, 1, 2, 3, 4, 0)))


def _gnu_id(sides, match) -> str:
    turn = match["turn"]
    offer = match["offer"]
    info = _unchecked(
        formats.MatchInfo, cube_log2=match["log2"], cube_owner=match["owner"], on_roll=turn,
        crawford=match["crawford"], game_state=match["game_state"],
        turn=1 - turn if offer in ("double", "resign") else turn, double_offered=offer == "double",
        resignation=match["level"] if offer == "resign" or match["game_state"] == 3 else 0,
        dice=tuple(sorted(match["dice"] or (0, 0), reverse=True)), match_length=match["length"],
        score=match["score"], jacoby=bool(match["rules"] & 1))
    return f"{formats.position_id(sides[turn], sides[1 - turn])}:{formats.match_id(info)}"


def _xgid(sides, match) -> str:
    offer = {"double": "D", "beaver": "B"}.get(match["offer"], "")
    rules = int(match["crawford"]) if match["length"] else match["rules"]
    return formats.format_xgid(_unchecked(
        formats.XgidPosition, bottom=sides[0], top=sides[1], turn=match["turn"],
        dice=None if offer else match["dice"], cube_log2=match["log2"], cube_owner=match["owner"],
        score_bottom=match["score"][0], score_top=match["score"][1], match_length=match["length"],
        crawford_or_rules=rules, max_cube_log2=10, cube_action=offer))


def drawn_positions(count: int, seed: int) -> list[str]:
    """``count`` random positions, each in all three forms."""
    rng = random.Random(seed)
    texts = []
    for _ in range(count):
        sides, match = _board(rng), _match(rng)
        bare = formats.position_id(*sides)
        if rng.random() < 0.3:  # any 14 characters: mostly too many checkers, or overlapping ones
            bare = "".join(rng.choice(_BASE64) for _ in bare)
        texts += [bare, _gnu_id(sides, match), _xgid(sides, match)]
    return texts


POSITIONS = drawn_positions(20, seed=46)


def test_the_draw_covers_every_form_and_what_the_readers_take_and_refuse():
    """The draw is worth running: both outcomes in each form, and the cases the property is about."""
    read = {}
    for text in POSITIONS:
        try:
            read[text] = parse_position(text)
        except ValueError:
            read[text] = None
    for form in (lambda t: ":" not in t, lambda t: t.count(":") == 1, lambda t: t.startswith("XGID=")):
        assert {read[t] is None for t in POSITIONS if form(t)} == {True, False}
    states = [state for state in read.values() if state is not None and state.cube is not None]
    assert any(s.dice is None for s in states) and any(s.dice is not None for s in states)
    assert any(s.cube.crawford for s in states) and any(s.cube.phase == OFFERED for s in states)
    assert any(s.resign is not None for s in states) and any(s.cube.value > 1 for s in states)


_PARSER = functools.cache(cli.build_parser)


@pytest.fixture
def no_window(monkeypatch):
    """``play`` checks its setup, then stops where the window would open; the command line's
    parser is built once (building it is most of a refused command's time)."""
    monkeypatch.setattr("game.ui.app.run_app", lambda setup: 0)
    monkeypatch.setattr(cli, "build_parser", _PARSER)


@pytest.mark.parametrize("text", POSITIONS)
def test_every_command_reads_a_position_alike_or_refuses_it_in_one_line(capsys, no_window, text):
    try:
        state, problem = parse_position(text), None
    except ValueError as error:
        state, problem = None, str(error)
    for command in COMMANDS:
        code, out, err = run(capsys, *command, "--position", text)
        assert code in (0, 2), (command, err)
        if code == 2:
            assert out == "" and err.startswith("tabula: error: ") and err.count("\n") == 1, (command, err)
            assert len(err) < 300, (command, err)
        if problem is not None:  # the text itself: every command refuses it, for that
            assert code == 2 and problem[:60] in err, (command, err)
        else:
            assert not any(words in err for words in UNREADABLE), (command, err)
    if state is not None and state.cube is not None:
        cube = state.cube
        assert cube.value <= MAX_CUBE
        if cube.crawford and cube.phase != OVER:
            one_away = [points == cube.match_length - 1 for points in cube.score]
            assert one_away.count(True) == 1 and cube.match_length > 1
            assert cube.value == 1 and cube.owner is None and cube.phase != OFFERED


# --------------------------------------------------------------------------- round trips


def _choose(rng: random.Random, state):
    """A random next step, leaning to the rare ones: doubles, beavers, resignations."""
    if RULES.to_move(state) == CHANCE:
        outcomes, weights = zip(*RULES.chance_outcomes(state), strict=True)
        return rng.choices(outcomes, weights)[0]
    moves = RULES.legal_moves(state)
    offers = RULES.offers(state)
    if offers and rng.random() < 0.08:
        return rng.choice(offers)
    for action, odds in ((BEAVER, 0.6), (DOUBLE, 0.5), (TAKE, 0.85), (ACCEPT, 0.3), (DECLINE, 1.0)):
        if action in moves and rng.random() < odds:
            return action
    return rng.choice(moves)


def played_states(options: dict, games: int, seed: int) -> list:
    """Every state of ``games`` seeded random games with ``options``, but the opening roll's
    (before it no form has a side on roll)."""
    rng, states = random.Random(seed), []
    for _ in range(games):
        state = RULES.initial_state(options)
        while not RULES.is_over(state):
            state = RULES.apply(state, _choose(rng, state))
            if state.turn is not None and not state.opening:
                states.append(state)
    return states


def expected(state):
    """``state`` as the forms are documented to hold it: the game number reads as 1, an
    unrolled turn as its decision when the player may double, a declined resignation not at all."""
    if state.resign is not None and state.resign.declined:
        state = replace(state, resign=None)
    cube = state.cube
    if cube is None:
        return state
    if state.dice is None and cube.phase in (DECIDE, ROLLING):
        cube = replace(cube, phase=DECIDE if cube.may_double(state.turn) else ROLLING)
    return replace(state, cube=replace(cube, game=1))


_ALWAYS = {"resignation offered", "no XGID"}
GAMES = [  # (options, games, what the states must include)
    ({"match_length": 5}, 4, _ALWAYS | {DECIDE, OFFERED, ROLLING, OVER, "declined"}),
    ({"match_length": 1}, 2, _ALWAYS | {OVER}),
    ({"cube": True, "beavers": True}, 4, _ALWAYS | {OVER, "highest cube"}),
    ({"cube": True, "jacoby": True, "beavers": True}, 3, _ALWAYS | {OVER}),
    ({}, 3, _ALWAYS | {"cubeless"}),
]


@pytest.mark.parametrize("options, games, covered", GAMES)
def test_every_state_written_in_every_form_reads_back_the_same(options, games, covered):
    states = played_states(options, games, seed=46)
    seen = set()
    for state in states:
        want = expected(state)
        gnu = format_position(state)
        if state.cube is None:  # the bare position ID: the board, seen from the side on roll
            back = parse_position(gnu)
            assert (back.on_roll, back.opponent) == (state.on_roll, state.opponent), gnu
        else:  # GNU's match ID has no beaver rule
            assert parse_position(gnu) == replace(want, cube=replace(want.cube, beavers=False)), gnu
            assert state.cube.value <= MAX_CUBE
        try:
            xgid = format_xgid(state)
        except ValueError as error:
            assert "an XGID cannot hold" in str(error)
            assert BG.position_text(state, "xgid") == ("GNU ID", gnu)
            seen.add("no XGID")
        else:
            assert parse_position(xgid) == want, xgid
        seen.add(state.cube.phase if state.cube is not None else "cubeless")
        if state.resign is not None:
            seen.add(state.resign.answer or "resignation offered")
        if state.cube is not None and state.cube.value == MAX_CUBE:
            seen.add("highest cube")
    assert len(states) > 50 and seen >= covered, seen


def test_random_money_play_reaches_the_highest_cube_by_beavers_and_goes_no_higher():
    states = [s for options, games, _ in GAMES[2:4] for s in played_states(options, games, seed=46)]
    assert max(s.cube.value for s in states) == MAX_CUBE
    for state in states:
        moves = RULES.legal_moves(state) if not RULES.is_over(state) and RULES.to_move(state) != CHANCE else []
        assert DOUBLE not in moves or state.cube.value < MAX_CUBE
        assert BEAVER not in moves or 4 * state.cube.value <= MAX_CUBE
