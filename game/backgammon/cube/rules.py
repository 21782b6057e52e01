"""The cube and match steps of :class:`~.rules.BackgammonRules` (only for states with a cube).

:mod:`.rules` calls these only when ``state.cube is not None``, so cubeless play never runs
any of it.  States change through :func:`dataclasses.replace`; nothing here builds a board.

Options (``initial_state``), each checked strictly (``ValueError`` naming the option):

- ``cube``: ``True``/``False`` (or ``"on"``/``"off"``): a money game with the doubling cube.
- ``match_length``: 1..25 (or its digits as text): a match to that many points, always with
  the cube (``cube`` is then irrelevant); 0, ``"money"`` or absent: no match.
- ``jacoby``, ``beavers``: ``True``/``False`` (``"on"``/``"off"``); money play only.
- ``score``: ``[a, b]`` (or ``"a-b"``), the match score to start from, each below the length.
- ``crawford_done``: with a side at ``length - 1``, start after the Crawford game (by default
  a match started at such a score starts with the Crawford game).

Notation (the words of ``.mat`` match files, read in any case): :data:`ROLL` is ``Roll``
(no double; ``.mat`` files write nothing there, and the word is no roll of dice nor a play),
:data:`DOUBLE` ``Doubles => 4`` (the new value), :data:`TAKE` ``Takes``, :data:`PASS`
``Drops``, :data:`BEAVER` ``Beavers => 8``.  Parsing also takes ``double``, ``redouble``, ``take``,
``accept``, ``pass``, ``drop``, ``beaver``, ``no double``, ``no redouble`` (the analysis' words) and a
missing or matching ``=> N``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Any

from ...core.protocol import CHANCE, IllegalMoveError, InvalidMoveError
from ...core.untrusted import shown
from ..board import OFF, START_SIDE
from .state import (
    BEAVER,
    DECIDE,
    DOUBLE,
    MAX_CUBE,
    MAX_MATCH_LENGTH,
    OFFERED,
    OVER,
    PASS,
    ROLL,
    ROLLING,
    TAKE,
    CubeAction,
    CubeState,
)

CUBE_OPTIONS = ("cube", "match_length", "jacoby", "beavers", "score", "crawford_done")


# --------------------------------------------------------------------------- options


def _flag(options: dict[str, Any], name: str) -> bool:
    value = options.get(name, False)
    if isinstance(value, str) and value.strip().lower() in ("on", "off"):
        return value.strip().lower() == "on"
    if type(value) is not bool:
        raise ValueError(f"{name} must be True or False ('on' or 'off'), got {value!r}")
    return value


def _match_length(value: Any) -> int:
    if value is None or (isinstance(value, str) and value.strip().lower() == "money"):
        return 0
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if type(value) is not int or not 0 <= value <= MAX_MATCH_LENGTH:
        raise ValueError(f"match_length must be a whole number of points, 1 to {MAX_MATCH_LENGTH} "
                         f"(0 or 'money' for no match), got {value!r}")
    return value


def _score(value: Any, length: int) -> tuple[int, int]:
    if isinstance(value, str) and re.fullmatch(r"\s*\d+\s*-\s*\d+\s*", value):
        value = [int(part) for part in value.split("-")]
    if not (isinstance(value, (list, tuple)) and len(value) == 2 and all(type(v) is int for v in value)):
        raise ValueError(f"score must be two whole numbers [a, b] (or 'a-b'), got {value!r}")
    if not all(0 <= v < length for v in value):
        raise ValueError(f"score {value[0]}-{value[1]} is impossible at the start of a game "
                         f"of a {length}-point match (each must be 0 to {length - 1})")
    return (value[0], value[1])


def cube_from_options(options: dict[str, Any]) -> CubeState | None:
    """The cube state a new game starts with, ``None`` for cubeless play (see the module doc)."""
    length = _match_length(options.get("match_length"))
    cube, jacoby, beavers, done = (_flag(options, name) for name in ("cube", "jacoby", "beavers", "crawford_done"))
    if length:
        if jacoby or beavers:
            raise ValueError("jacoby and beavers are money-play rules; a match has neither")
        score = _score(options["score"], length) if options.get("score") is not None else (0, 0)
        at_the_edge = max(score) == length - 1
        done = done or min(score) == length - 1  # both one away: the Crawford game was played
        if done and not at_the_edge:
            raise ValueError(f"crawford_done needs a side at {length - 1} points (the score is "
                             f"{score[0]}-{score[1]})")
        return CubeState(match_length=length, score=score, crawford=at_the_edge and not done)
    for name in ("score", "crawford_done"):
        if options.get(name) not in (None, False, "off"):
            raise ValueError(f"{name} needs a match (give match_length)")
    if not cube:
        if jacoby or beavers:
            raise ValueError("jacoby and beavers need the cube (cube=True)")
        return None
    return CubeState(jacoby=jacoby, beavers=beavers)


# --------------------------------------------------------------------------- the steps


def to_move(state) -> int:
    """Whose decision an unrolled turn is: the player on turn (roll or double), the
    opponent (a double offered), or :data:`CHANCE`."""
    phase = state.cube.phase
    if phase == DECIDE:
        return state.turn
    if phase == OFFERED:
        return 1 - state.turn
    return CHANCE


def legal_actions(state) -> list[CubeAction]:
    """The cube decisions open at ``state`` (none at a chance node)."""
    phase = state.cube.phase
    if state.dice is not None or phase in (ROLLING, OVER):
        return []
    if phase == DECIDE:
        return [ROLL, DOUBLE]
    return [TAKE, PASS, BEAVER] if state.cube.may_beaver() else [TAKE, PASS]


@lru_cache(maxsize=4096)
def after_play(cube: CubeState, player: int) -> CubeState:
    """The cube for ``player``'s next turn: a decision if they may double, else the dice
    (cached: a search asks it for every play it generates, always of the same few cubes)."""
    phase = DECIDE if cube.may_double(player) else ROLLING
    return cube if cube.phase == phase else replace(cube, phase=phase)


def apply_action(state, action: CubeAction):
    """The state after the cube decision ``action``; :class:`IllegalMoveError` if not open."""
    if action not in legal_actions(state):
        raise IllegalMoveError(f"{action} is not possible here ({_why_not(state)})")
    cube = state.cube
    if action == ROLL:
        return replace(state, cube=replace(cube, phase=ROLLING))
    if action == DOUBLE:
        return replace(state, cube=replace(cube, phase=OFFERED))
    if action == TAKE:
        return replace(state, cube=replace(cube, value=cube.value * 2, owner=1 - state.turn, phase=ROLLING))
    if action == BEAVER:
        return replace(state, cube=replace(cube, value=cube.value * 4, owner=1 - state.turn, phase=ROLLING))
    return end_game(state, state.turn, cube.value)  # PASS: the doubler wins the cube before doubling


def _why_not(state) -> str:
    cube = state.cube
    if state.dice is not None:
        return "the dice are rolled: play them"
    if cube.phase == OVER:
        return "the game is over"
    if cube.phase == OFFERED:
        return "a double is offered: take, pass" + (" or beaver" if cube.may_beaver() else "")
    if cube.phase == ROLLING:
        if cube.crawford:
            return "no doubling in the Crawford game"
        if cube.value >= MAX_CUBE:
            return f"the cube is at its highest, {MAX_CUBE}"
        if cube.owner not in (None, state.turn):
            return "the opponent owns the cube"
        return "the dice are to be rolled"
    return "roll or double"


def end_game(state, winner: int, points: int):
    """``state`` with its game over: ``winner`` scores ``points``."""
    cube = state.cube
    score = list(cube.score)
    if cube.is_match:
        score[winner] += points
    return replace(state, dice=None, cube=replace(cube, score=tuple(score), phase=OVER, result=(winner, points)))


def next_game(state, roll):
    """The next game of a match, opened by the opening roll ``roll`` (it names the starter)."""
    cube = state.cube
    length = cube.match_length
    winner, points = cube.result
    before = list(cube.score)
    before[winner] -= points
    crawford = max(before) < length - 1 and max(cube.score) == length - 1
    fresh = CubeState(match_length=length, score=cube.score, crawford=crawford, game=cube.game + 1)
    return replace(state, sides=(START_SIDE, START_SIDE), turn=roll.first, dice=(roll.high, roll.low),
                   opening=True, cube=fresh, resign=None)


# --------------------------------------------------------------------------- notation

_WORDS = {
    "roll": ROLL, "rolls": ROLL, "no double": ROLL, "no redouble": ROLL,
    "double": DOUBLE, "doubles": DOUBLE, "redouble": DOUBLE, "redoubles": DOUBLE,
    "take": TAKE, "takes": TAKE, "accept": TAKE, "accepts": TAKE,
    "pass": PASS, "passes": PASS, "drop": PASS, "drops": PASS,
    "beaver": BEAVER, "beavers": BEAVER,
}
_CUBE_TEXT = re.compile(r"\s*([a-z]+(?: (?:re)?double)?)\s*(?:=>\s*(\d+))?\s*")


def notation(state, action: CubeAction) -> str:
    """``Roll``, ``Doubles => 4``, ``Takes``, ``Drops`` or ``Beavers => 8``."""
    value = state.cube.value
    return {"roll": "Roll", "double": f"Doubles => {2 * value}", "take": "Takes", "pass": "Drops",
            "beaver": f"Beavers => {4 * value}"}[action.kind]


def is_cube_word(text: str) -> bool:
    """Whether ``text`` is written as a cube decision, in any state."""
    found = _CUBE_TEXT.fullmatch(text.lower())
    return found is not None and found.group(1) in _WORDS


def cube_word(text: str) -> CubeAction | None:
    """The cube action ``text`` names ("Doubles => 4": :data:`DOUBLE`), in any state; ``None``
    for a text that is no cube decision (a play)."""
    found = _CUBE_TEXT.fullmatch(text.lower())
    return _WORDS.get(found.group(1)) if found else None


def parse(state, text: str) -> CubeAction:
    """The cube decision ``text`` names at ``state`` (any case); :class:`InvalidMoveError` for
    a word that is no cube decision, :class:`IllegalMoveError` for a wrong ``=> N`` or a
    decision not open here."""
    found = _CUBE_TEXT.fullmatch(text.lower())
    action = _WORDS.get(found.group(1)) if found else None
    if action is None:
        choices = " or ".join(notation(state, a) for a in legal_actions(state))
        raise InvalidMoveError(f"{shown(text)} is no cube decision; expected {choices}")
    if found.group(2) is not None:
        wanted = {DOUBLE: 2, BEAVER: 4}.get(action)
        if wanted is None or int(found.group(2)) != wanted * state.cube.value:
            raise IllegalMoveError(f"{shown(text)}: the cube is at {state.cube.value}, so expected "
                                   f"{notation(state, action)}")
    if action not in legal_actions(state):
        raise IllegalMoveError(f"{shown(text)} is not possible here ({_why_not(state)})")
    return action


# --------------------------------------------------------------------------- questions


def may_double(state) -> bool:
    """True when the player on turn is deciding whether to double (``Roll`` or ``Doubles``)."""
    return state.cube is not None and state.dice is None and state.cube.phase == DECIDE


def double_offered(state) -> bool:
    """True while a double waits for the opponent's take, pass or beaver."""
    return state.cube is not None and state.dice is None and state.cube.phase == OFFERED


def decision(state) -> str | None:
    """``"cube"`` (roll or double), ``"take"`` (take, pass or beaver), ``"play"`` (dice rolled)
    or ``None`` (a chance node, or over): which kind of decision ``state`` asks for."""
    if state.dice is not None:
        return "play"
    if state.cube is None:
        return None
    return {DECIDE: "cube", OFFERED: "take"}.get(state.cube.phase)


def cube_value(state) -> int:
    """The cube's value (1 without a cube); while a double is offered, the value before it."""
    return 1 if state.cube is None else state.cube.value


def cube_owner(state) -> int | None:
    """The player who owns the cube, ``None`` when it is centred (or there is no cube)."""
    return None if state.cube is None else state.cube.owner


def is_crawford(state) -> bool:
    return state.cube is not None and state.cube.crawford


def is_post_crawford(state) -> bool:
    return state.cube is not None and state.cube.post_crawford


def match_score(state) -> tuple[int, int] | None:
    """``(points of White, points of Black)`` in a match, ``None`` otherwise."""
    return state.cube.score if state.cube is not None and state.cube.is_match else None


def match_length(state) -> int:
    """The match length, 0 for a money game or cubeless play."""
    return 0 if state.cube is None else state.cube.match_length


def game_number(state) -> int:
    """The number of the game within its match, from 1 (always 1 outside matches).  A change
    between two successive states is a game boundary."""
    return 1 if state.cube is None else state.cube.game


def game_over_points(state) -> tuple[int, int] | None:
    """``(winner, points)`` of the game that has just ended at ``state`` (cube and Jacoby
    counted, the pre-double value for a pass), ``None`` while it goes on.  Cubeless games
    count the win's kind."""
    if state.cube is not None:
        return state.cube.result if state.cube.phase == OVER else None
    winner = state.winner
    if winner is None:
        return None
    loser = state.sides[1 - winner]
    kind = 1 if loser[OFF] else 3 if any(loser[p] for p in range(19, 26)) else 2
    return winner, kind
