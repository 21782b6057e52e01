"""Backgammon in words: the status line of a position and how a game ended (no pygame).

The window's status line, ``tabula replay`` and the result box all read these, through the
game's declaration (``GameInfo.ending.describe`` and ``GameInfo.ending.outcome``).  With the cube the words
add the cube ("White wins a gammon with the cube at 2 (4 points)."), a dropped double
("White wins 2 points: Black passes the double to 4."), the match score and Crawford; a
resignation is said as "White resigns a gammon; Black accepts (2 points)."
"""

from __future__ import annotations

from functools import lru_cache

from ..core.outcome import Outcome
from .cube.state import DECIDE, OFFERED, OVER, CubeState
from .resignation.display import resign_status, resigned_words
from .resignation.rules import accepted
from .resignation.state import LEVEL_WORDS
from .rules import BackgammonRules, Play
from .state import TITLES, BackgammonState  # noqa: F401  (TITLES: imported from here too)

WIN_KINDS = {1: "a single game", 2: "a gammon", 3: "a backgammon"}
"""A win in words, by the points it scores."""

_RULES = BackgammonRules()


def outcome(state: BackgammonState) -> Outcome:
    """The finished game's winner, points and kind of win ("a gammon"); for a match, its
    winner and final score."""
    cube = state.cube
    resigned = accepted(state)
    if cube is None:
        winner, points = _RULES.game_result(state)
        if resigned is not None:
            return Outcome(winner, float(points), reason=_resigned_reason(state))
        return Outcome(winner, float(points), WIN_KINDS[points])
    if cube.is_match:
        winner = cube.match_winner
        return Outcome(winner, 1.0, f"the {cube.match_length}-point match", tuple(map(float, cube.score)))
    winner, points = cube.result
    return Outcome(winner, float(points), **_how(state, cube))


def _how(state: BackgammonState, cube: CubeState) -> dict[str, str]:
    """The ``kind`` of a game won on the board, or the ``reason`` of a pass or a resignation."""
    if accepted(state) is not None:
        return {"reason": _resigned_reason(state)}
    if state.winner is None:
        return {"reason": f"{TITLES[1 - cube.result[0]]} passes the double to {2 * cube.value}"}
    kind = _RULES.win_kind(state)
    words = WIN_KINDS[kind]
    if cube.points(kind) != kind * cube.value:
        words += " counted single (Jacoby)"
    return {"kind": f"{words} with the cube at {cube.value}" if cube.value > 1 else words}


def _resigned_reason(state: BackgammonState) -> str:
    """"White resigns a gammon" (the reason of a resigned game's outcome)."""
    return f"{TITLES[state.turn]} resigns {LEVEL_WORDS[state.resign.level]}"


@lru_cache(maxsize=256)
def is_no_play(state: BackgammonState) -> bool:
    """True when the dice are rolled and the only legal play is none (the turn passes)."""
    return state.dice is not None and not _RULES.is_over(state) and _RULES.legal_moves(state) == [Play()]


def describe(state: BackgammonState) -> str:
    """``White to play 3-1.``, ``Black rolled 6-6: no play.``, ``White to roll.``, a cube
    decision, or the result; then an owned cube (``Cube 2, Black's.``) and in a match the
    score (and Crawford)."""
    if _RULES.is_over(state):
        said = outcome(state).words(TITLES)
        resigned = resigned_words(state)
        if resigned is None:
            return said
        return resigned if state.cube is None or not state.cube.is_match else f"{resigned} {said}"
    text = _turn(state)
    waiting = resign_status(state)
    if waiting:
        text = waiting if state.resign.pending else f"{text} {waiting}"
    cube = state.cube
    if cube is not None and cube.owner is not None and cube.phase != OVER:
        text += f" Cube {cube.value}, {TITLES[cube.owner]}'s."
    if cube is not None and cube.is_match:
        text += f" Score {cube.score[0]}–{cube.score[1]}, match to {cube.match_length}"
        text += ", Crawford game." if cube.crawford and cube.phase != OVER else "."
    return text


def _turn(state: BackgammonState) -> str:
    cube = state.cube
    if cube is not None and state.dice is None:
        if cube.phase == OVER:
            winner, points = cube.result
            ended = resigned_words(state) or f"{TITLES[winner]} wins game {cube.game} ({points} point{'' if points == 1 else 's'})."
            return f"{ended} Game {cube.game + 1}: opening roll."
        if cube.phase == DECIDE:  # an owned cube is said after the turn ("Cube 2, Black's."), once
            centred = f" (cube {cube.value})" if cube.owner is None else ""
            return f"{TITLES[state.turn]} to roll or double{centred}."
        if cube.phase == OFFERED:
            beaver = ", pass or beaver" if cube.may_beaver() else " or pass"
            return f"{TITLES[state.turn]} doubles to {2 * cube.value}: {TITLES[1 - state.turn]} to take{beaver}."
    if state.turn is None:
        return "Opening roll: the higher die starts."
    if state.dice is None:
        return f"{TITLES[state.turn]} to roll."
    dice = f"{state.dice[0]}-{state.dice[1]}"
    if is_no_play(state):
        return f"{TITLES[state.turn]} rolled {dice}: no play."
    return f"{TITLES[state.turn]} to play {dice}."
