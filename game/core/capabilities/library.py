"""What the study library (:mod:`game.core.library`) asks of a game: :class:`Library`, which
summarises a match file for the library's tables (:class:`MatchSummary`) and gives the facts
of a reviewed decision that a player searches by (:class:`DecisionFacts`).

The library itself knows no game: it stores a match's text, the summary and each reviewed
decision with these facts, so "every race position where I lost 0.08" is one indexed query.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True)
class GameSummary:
    """One game of a match: its number, the score before it (first player's, second's), who
    won it (0, 1; ``None`` unfinished) and the points it earned."""

    number: int
    score: tuple[int, int]
    winner: int | None
    points: int


@dataclass(frozen=True)
class MatchSummary:
    """What the library's list of matches shows: the players as the file names them, the
    match length (0 for money), the date (``YYYY-MM-DD``) and event when the file says,
    the final points of each player and the match's winner (``None`` unfinished or money),
    and its games."""

    players: tuple[str, str]
    length: int
    date: str | None
    event: str | None
    points: tuple[int, int]
    winner: int | None
    games: tuple[GameSummary, ...]


@dataclass(frozen=True)
class DecisionFacts:
    """A reviewed decision's position as a player searches it (every field ``None`` where the
    game has no such thing):

    - ``xgid``: the position as eXtreme Gammon writes it;
    - ``phase``: ``contact``, ``crashed``, ``race`` or ``bearoff`` (backgammon, as GNU
      Backgammon classifies positions: :mod:`game.backgammon.phase`);
    - ``pips``: the pip counts of the player deciding and of the opponent;
    - ``away``: how many points each (the decider first) still needs in a match, ``None``
      in money play; ``crawford`` whether this is the Crawford game;
    - ``cube_value`` and ``cube_owner`` (``centre``, ``decider``, ``opponent``);
    - ``mwc_lost``: the decision's equity lost as match winning chance (0..1), ``None`` in
      money play."""

    xgid: str | None = None
    phase: str | None = None
    pips: tuple[int, int] | None = None
    away: tuple[int, int] | None = None
    crawford: bool = False
    cube_value: int | None = None
    cube_owner: str | None = None
    mwc_lost: float | None = None


@runtime_checkable
class Library(Protocol):
    """A game's part in the study library (backgammon's: :mod:`game.backgammon.library`)."""

    def summary(self, match: Any) -> MatchSummary:
        """The summary of ``match``, a match as the game's :class:`~.files.MatchFiles` reads it."""

    def facts(self, decision: Any) -> DecisionFacts:
        """The facts of ``decision``, a :class:`game.core.review.report.Decision` of this game's
        review; ``ValueError`` for a decision whose position IDs do not read back."""

    def opens(self, xgid_or_id: str) -> tuple[str, str | None]:
        """A position a player typed (XGID, or GNU position ID with its match ID after a
        colon) as the ``(position_id, match_id)`` the library stores, to search by;
        ``ValueError`` with a clear message for a bad one."""
