"""``tabula analyze GAME --position P --all-rolls``: the best play of every chance outcome of a
position before the roll (backgammon's 21 rolls), as XG's "every roll" table has it.

The table is :func:`game.core.all_rolls.all_rolls`'s, which the window's grid (W) shares.
Each roll's ``best`` and ``equity`` are the first row of ``tabula analyze --dice ROLL`` at the
same level (the same analysis of the same position with those dice), so the two agree row by
row; ``average`` is the mean over the rolls weighted by their chances (1/36 a double, 2/36
any other roll): the position's value before the roll for the player about to roll, in the
analysis' units.  A position whose player decides first whether to double (a cube in play)
is taken as not doubled: its one action that leads straight to the roll ("no double") is
played first.  ``--json`` prints ``{"rolls": [{"dice", "best", "equity"}, ...], "average"}``,
the rolls in the game's order of its chance outcomes (backgammon: 66, 65, … 11).
"""

from __future__ import annotations

from typing import Any

from ..core import all_rolls as core
from .common import UsageError


def before_the_roll(info, state) -> Any:
    """``state`` at its chance node, or a position with its outcome just drawn at its roll's
    start (:func:`game.core.all_rolls.roll_start`); a :class:`UsageError` saying why for any
    other position."""
    try:
        return core.roll_start(info, state)
    except core.NotBeforeTheRoll:
        why = "the game is over" if info.rules().is_over(state) else (
            f"a decision comes first (a double to answer), or the {info.chance.name} are the opening roll's")
        raise UsageError(f"--all-rolls needs a position before the roll or just after it: {why}") from None


def all_rolls(info, state, options: dict) -> dict[str, Any]:
    """``{"rolls": [{"dice", "best", "equity"}, ...], "average"}`` of ``state`` (before the roll)."""
    return core.all_rolls(info, before_the_roll(info, state), options)


def print_rolls(info, table: dict[str, Any], options: dict) -> None:
    """The rolls as a table in the game's order, each with its best play and value, then the average."""
    analysis = info.move_analysis()
    settings = "".join(f", {key} {value}" for key, value in options.items())
    print(f"{info.title}: the best play of each of the {len(table['rolls'])} rolls{settings}")
    heading = analysis.value_heading.lower()[:8]
    print(f"{'roll':>4} {heading:>8}  best play")
    for row in table["rolls"]:
        print(f"{row['dice']:>4} {analysis.format_value(row['equity']):>8}  {row['best']}")
    print(f"\naverage over the rolls (their chances): {analysis.format_value(table['average'])}")
