"""Backgammon's computer levels, each declared once: what the menus and settings say of it,
how deep its chequer search and its cube decisions look, its move filters and its noise.

The search (:mod:`.ai`) reads the plies, filters and noise; the cube (:mod:`..cube.play`)
the cube plies; the window and ``tabula`` the title, depth words and description (through
the game's :class:`~game.core.capabilities.Analysis`).  See :mod:`.ai` for what each
level's filters do and why.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.capabilities import Level as CoreLevel
from ...core.search import MoveFilter


@dataclass(frozen=True, kw_only=True)
class Level(CoreLevel):
    """A level with its search settings.

    ``move_filter`` applies per decision depth (see :func:`~game.core.search.expectiminimax`);
    ``root_filters``, when set, narrows the root's candidates from one iteration to the next
    (the root entry of ``move_filter`` is then unused); ``noise`` is the standard deviation
    added to each play's equity, in points; ``reply_shortlist``, when set, lets the pruning
    network choose that many replies of each roll inside the tree for the full network to
    decide between (:mod:`.lookahead`); without ``deepen_alone`` a play the root filters
    leave alone is not searched a ply deeper (:func:`~game.core.search.expectiminimax`).
    """

    move_filter: MoveFilter | tuple[MoveFilter, ...] = MoveFilter()
    noise: float = 0.0
    root_filters: tuple[MoveFilter, ...] | None = None
    reply_shortlist: int | None = None
    deepen_alone: bool = True


LEVELS = {level.name: level for level in (
    Level("beginner", "Beginner", "0 ply, noisy",
          "Looks one play ahead and often errs (noise of 0.12 points): for learning the moves.",
          analysis=False, plies=0, cube_plies=0, noise=0.12),
    Level("intermediate", "Intermediate", "0 ply",
          "Looks one play ahead with small errors (noise of 0.04 points): a club player.",
          plies=0, cube_plies=0, noise=0.04),
    Level("advanced", "Advanced", "1 ply",
          "Weighs the best 8 plays against every roll of the reply (1 ply): a strong player.",
          plies=1, cube_plies=1, move_filter=MoveFilter(8, 0.16), reply_shortlist=4),
    Level("expert", "Expert", "2 ply",
          "Two rolls deep, narrowing to the best 2 plays (2 ply): strong and quick.",
          plies=2, cube_plies=2, move_filter=MoveFilter(1, 0.0),
          root_filters=(MoveFilter(5, 0.16), MoveFilter(2, 0.08)), reply_shortlist=4),
    Level("worldclass", "World class", "2 ply, thorough",
          "Two rolls deep on GNU Backgammon's 8 best plays (its 2-ply analysis): thorough.",
          plies=2, cube_plies=2, move_filter=MoveFilter(1, 0.0),
          root_filters=(MoveFilter(8, 0.16), MoveFilter(8, 1.0)), reply_shortlist=4),
    Level("grandmaster", "Grandmaster", "3 ply, slowest",
          "World class, then three rolls deep on the closest two plays (3 ply): the strongest.",
          plies=3, cube_plies=2, move_filter=MoveFilter(1, 0.0),
          root_filters=(MoveFilter(8, 0.16), MoveFilter(8, 1.0), MoveFilter(2, 0.04)), reply_shortlist=3,
          deepen_alone=False),
)}
"""The levels by name, weakest first.  Cube plies: Beginner and Intermediate 0, Advanced 1,
Expert, World class and Grandmaster 2 (their time a cube decision: ``python -m bench.speed.cube``,
``bench/RESULTS.md``)."""


def get_level(name: str) -> Level:
    """The level called ``name``; ``ValueError`` naming the levels otherwise."""
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown level {name!r}; known levels: {', '.join(LEVELS)}") from None
