"""Every chance outcome's best move of a position before the roll (backgammon's 21 rolls), as
eXtreme Gammon's "every roll" table has it: what ``tabula analyze --all-rolls`` prints and
the window's grid (W) shows.

Game-agnostic: a position's outcomes are its rules' ``chance_outcomes`` (each with its
chance), named by the rules' notation; each outcome's best move is the first record of the
game's ``Analysis.analyze`` of the position with that outcome drawn, so a row agrees with
``tabula analyze --dice ROLL`` at the same level.  A position whose player decides first
whether to double (a cube in play) is taken as not doubled: its one action that leads
straight to the roll ("no double") is played first.

The window analyses the rolls one by one in its worker process (:func:`rolls_of` gives the
positions, :func:`summary` the table once their analyses are in); the command line calls
:func:`all_rolls`, which does both at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from .protocol import CHANCE


class NotBeforeTheRoll(ValueError):
    """The position is not one before a roll (a move to make, a double to answer, a game over)."""


class Roll(NamedTuple):
    """One chance outcome of a position before the roll."""

    outcome: Any
    dice: str
    """Its notation (backgammon ``"31"``)."""
    chance: float
    state: Any
    """The position with it drawn: the one whose best move is this roll's."""


def before_the_roll(info, state) -> Any:
    """``state`` at its chance node: as it is, or after its one action that leads straight to
    a roll of the same player (no double); :class:`NotBeforeTheRoll` for any other position
    (a forced move, whose roll would be the other player's; a double to answer, whose pass
    ends the game, and the match, or leads to the next game's opening roll)."""
    rules = info.rules()
    if rules.is_over(state):
        raise NotBeforeTheRoll("the game is over")
    if rules.to_move(state) == CHANCE:
        return state
    player = rules.to_move(state)

    def own_roll(after) -> bool:  # every outcome the same player's move: no game's end (a drop) before it
        if rules.is_over(after) or rules.to_move(after) != CHANCE:
            return False
        outcomes = rules.chance_outcomes(after)
        return bool(outcomes) and all(rules.to_move(rules.apply(after, outcome)) == player for outcome, _ in outcomes)

    to_roll = [after for after in (rules.apply(state, move) for move in rules.legal_moves(state)) if own_roll(after)]
    if len(to_roll) != 1:
        raise NotBeforeTheRoll("not a position before the roll")
    return to_roll[0]


def has_drawn(info, state) -> bool:
    """Whether ``state`` shows a chance outcome drawn (backgammon: dice on the board)."""
    chance = info.chance
    return chance is not None and chance.shown is not None and chance.shown(state) is not None


def roll_start(info, state) -> Any:
    """:func:`before_the_roll`, or for a position with its outcome drawn but without its past
    (pasted, set up, loaded) its roll's start, the game's ``Chance.undrawn``;
    :class:`NotBeforeTheRoll` when neither is one."""
    try:
        return before_the_roll(info, state)
    except NotBeforeTheRoll:
        undrawn = info.chance.undrawn if has_drawn(info, state) else None
        before = undrawn(state) if undrawn is not None else None
        if before is None:
            raise
        return before_the_roll(info, before)


def rolls_of(info, state) -> list[Roll]:
    """The outcomes of ``state`` (before the roll, see :func:`before_the_roll`) in the rules'
    order (backgammon: 66, 65, … 11), each with its chance and the position it leads to."""
    rules = info.rules()
    state = before_the_roll(info, state)
    return [Roll(outcome, rules.notation(state, outcome), chance, rules.apply(state, outcome))
            for outcome, chance in rules.chance_outcomes(state)]


def summary(rolls: Sequence[Roll], bests: Sequence[Any]) -> dict[str, Any]:
    """``{"rolls": [{"dice", "best", "equity"}, ...], "average"}``: each roll's best record
    (``bests``, in the order of ``rolls``) and the mean of their values weighted by the rolls'
    chances (the position's value before the roll for the player about to roll)."""
    rows, average = [], 0.0
    for roll, best in zip(rolls, bests, strict=True):
        rows.append({"dice": roll.dice, "best": best.notation, "equity": best.value})
        average += roll.chance * best.value
    return {"rolls": rows, "average": average}


def all_rolls(info, state, options: dict) -> dict[str, Any]:
    """:func:`summary` of ``state`` (before the roll), each roll analysed here with ``options``."""
    analyze = info.move_analysis().analyze
    rolls = rolls_of(info, state)
    return summary(rolls, [analyze(roll.state, **options)[0] for roll in rolls])
