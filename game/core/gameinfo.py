"""What a game tells the rest of Tabula about itself: one declaration per game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .players import Player
from .protocol import Rules


@dataclass(frozen=True)
class GameInfo:
    """A registered game.

    ``make_player(name, seed)`` builds a computer player from its command-line name
    (``player_names`` lists them); ``parse_position(text)`` reads a position in the game's
    own text form into a state, raising ``ValueError`` with a clear message.
    ``analyze(state, **options)`` returns the analysis record of every legal move, best
    first (:class:`~game.core.analysis.MoveAnalysis`); its options are game-specific
    (backgammon: ``level``, ``evaluator``).
    ``win_kinds`` names wins by the points they score, for games where that means something
    (backgammon: 2 a gammon, 3 a backgammon); summaries count those kinds.
    """

    name: str
    title: str
    rules: Callable[[], Rules]
    player_names: tuple[str, ...]
    make_player: Callable[[str, int | None], Player]
    parse_position: Callable[[str], Any]
    format_position: Callable[[Any], str]
    player_titles: tuple[str, ...] = ("Player 1", "Player 2")
    win_kinds: dict[int, str] = field(default_factory=dict)
    analyze: Callable[..., list] | None = None
    split_moves: Callable[[str], list[str]] = str.split
    """A move list as typed (``"P3 P1 O7"``) into actions in notation, chance included."""
    tournament_options: dict[str, Any] = field(default_factory=dict)
    """Options of every tournament game (Mandragora: a random pattern and first mover, drawn
    with the deal's chance seed, so both seatings of a deal get the same setup)."""
    max_plies: int | None = None
    """Plies after which a tournament game stops unfinished (a draw) when the tournament sets
    no limit: a guard for games that can loop forever (Mandragora)."""
