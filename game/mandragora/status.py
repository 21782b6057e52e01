"""Mandragora Mania in words: the status line of a position and how a game ended (no pygame)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.outcome import Outcome
from .rules import legal_areas
from .state import SIDE_TITLES, MandragoraState

TITLES = SIDE_TITLES
"""The seats' titles, "Player" and "Opponent", as the rules name the sides."""


def outcome(state: MandragoraState) -> Outcome:
    """The finished game: the higher score wins the difference; the final score."""
    a, b = state.scores
    return Outcome(None if a == b else 0 if a > b else 1, float(abs(a - b)), score=(a, b))


def describe(state: MandragoraState, titles: Sequence[str]) -> str:
    """The status line: whose turn and the scores, or the final result."""
    if state.setups:
        return "Drawing the pattern and who moves first."
    a, b = state.scores
    if not legal_areas(state.board, state.turn):
        return outcome(state).words(titles)
    return f"{titles[state.turn]} to move · {titles[0]} {a}, {titles[1]} {b}."
