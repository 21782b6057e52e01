"""What a game tells the rest of Tabula about itself: one declaration per game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .players import Player
from .protocol import Rules


class SetupOption(NamedTuple):
    """A choice a new game of this kind offers (Mandragora: the pattern, who moves first).

    The menu shows one drop-down per option and ``tabula play`` one ``--NAME`` flag; the
    chosen value goes into the game's options unchanged.  A ``"random"`` choice is drawn
    by the rules as a chance outcome, so the game's seed decides it and saves replay it.
    """

    label: str
    choices: tuple[str, ...]
    default: str

    def check(self, value: str) -> str:
        """The declared choice ``value`` names (any case); ``ValueError`` listing them otherwise."""
        for choice in self.choices:
            if str(value).strip().lower() == choice.lower():
                return choice
        raise ValueError(f"expected one of {', '.join(self.choices)}, got {value!r}")


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
    setup_options: dict[str, SetupOption] = field(default_factory=dict)
    """Option name → the choice a new game offers (menu drop-downs, ``tabula play`` flags)."""
    describe: Callable[[Any], str] | None = None
    """A state in words: whose turn it is, or the result once over ("Player wins 21–8.")."""

    def new_game_options(self, chosen: dict[str, str] | None = None) -> dict[str, str]:
        """Every declared setup option, ``chosen`` values checked (``ValueError`` naming a bad
        one or one this game does not have), the others at their defaults."""
        chosen = dict(chosen or {})
        unknown = sorted(set(chosen) - set(self.setup_options))
        if unknown:
            offered = ", ".join(self.setup_options) or "none"
            raise ValueError(f"{self.title} has no option {unknown[0]!r} (its options: {offered})")
        options = {}
        for name, option in self.setup_options.items():
            try:
                options[name] = option.check(chosen.get(name, option.default))
            except ValueError as error:
                raise ValueError(f"bad {name} for {self.title}: {error}") from None
        return options
