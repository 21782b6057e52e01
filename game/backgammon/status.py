"""Backgammon in words: the status line of a position and how a game ended (no pygame).

The window's status line, ``tabula replay`` and the result box all read these, through the
game's declaration (``GameInfo.describe`` and ``GameInfo.outcome``).
"""

from __future__ import annotations

from functools import lru_cache

from ..core.outcome import Outcome
from .rules import BackgammonRules, BackgammonState, Play

TITLES = ("White", "Black")
WIN_KINDS = {1: "a single game", 2: "a gammon", 3: "a backgammon"}
"""A win in words, by the points it scores."""

_RULES = BackgammonRules()


def outcome(state: BackgammonState) -> Outcome:
    """The finished game's winner, points and kind of win ("a gammon")."""
    points = _RULES.win_kind(state)
    return Outcome(state.winner, float(points), WIN_KINDS[points])


@lru_cache(maxsize=256)
def is_no_play(state: BackgammonState) -> bool:
    """True when the dice are rolled and the only legal play is none (the turn passes)."""
    return state.dice is not None and not _RULES.is_over(state) and _RULES.legal_moves(state) == [Play()]


def describe(state: BackgammonState) -> str:
    """``White to play 3-1.``, ``Black rolled 6-6: no play.``, ``White to roll.``, or the result."""
    if _RULES.is_over(state):
        return outcome(state).words(TITLES)
    if state.turn is None:
        return "Opening roll: the higher die starts."
    if state.dice is None:
        return f"{TITLES[state.turn]} to roll."
    dice = f"{state.dice[0]}-{state.dice[1]}"
    if is_no_play(state):
        return f"{TITLES[state.turn]} rolled {dice}: no play."
    return f"{TITLES[state.turn]} to play {dice}."
