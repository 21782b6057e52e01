"""Chesstack in words: the status line of a position and how a game ended (no pygame)."""

from __future__ import annotations

from ..core.outcome import Outcome
from .rules import ChesstackRules
from .state import ChesstackState

TITLES = ("White", "Black")
_RULES = ChesstackRules()


def outcome(state: ChesstackState) -> Outcome:
    """The side left without a royal loses (1 point); both without: a draw."""
    winner = _RULES.winner(state)
    if winner is None:
        return Outcome(None, reason="neither side has a royal left")
    return Outcome(winner, 1.0, reason=f"{TITLES[1 - winner]} has no royal left")


def describe(state: ChesstackState) -> str:
    """``White to move (ply 5).``, ``Black to place its King.``, or the result."""
    if _RULES.is_over(state):
        return outcome(state).words(TITLES)
    side = TITLES[state.turn]
    if state.log_length < 2:
        return f"{side} to place its King."
    return f"{side} to move (ply {state.log_length + 1})."
