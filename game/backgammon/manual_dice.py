"""Backgammon's dice entered by hand (:class:`~game.core.dice_entry.DiceEntry`, in the
game's :class:`~game.core.gameinfo.Chance`): the player on roll enters their two dice.

The opening roll of a game (the first game's, and each later game's in a match) is one die
each: White's die, then Black's; the higher die starts and plays both numbers, and equal
dice are thrown again, so they are refused.  A game started with a fixed first player
(``first``) has no such roll: its first roll is that player's, still no double.
"""

from __future__ import annotations

from ..core.dice_entry import DiceEntry
from .cube.state import OVER
from .state import BackgammonState, Roll
from .status import TITLES


def _starting(state: BackgammonState) -> bool:
    """The chance node is an opening roll of one die each, which decides who starts."""
    return state.turn is None or (state.cube is not None and state.cube.phase == OVER)


def roller(state: BackgammonState) -> int | None:
    return None if _starting(state) else state.turn


def dice_names(state: BackgammonState) -> tuple[str, ...]:
    return TITLES if _starting(state) else ("", "")


def question(state: BackgammonState) -> str:
    if _starting(state):
        return "One die each; equal dice are thrown again."
    first = " (the game's first roll: no double)" if state.opening else ""
    return f"{TITLES[state.turn]} to roll{first}."


def roll_of(state: BackgammonState, dice: tuple[int, ...]) -> Roll:
    """The roll ``dice`` make: at the opening roll White's die and Black's, the higher
    starting; ``ValueError`` for equal dice where the rules throw them again."""
    first, second = dice
    if _starting(state):
        if first == second:
            raise ValueError(f"Both dice show {first}: equal opening dice are thrown again. "
                             "Enter both dice again.")
        return Roll.of(first, second, 0 if first > second else 1)
    if state.opening and first == second:
        raise ValueError(f"{first}-{second}: the game's first roll is never a double (it is thrown again). "
                         "Enter both dice again.")
    return Roll.of(first, second)


ENTRY = DiceEntry(outcome=roll_of, roller=roller, dice=dice_names, question=question)
