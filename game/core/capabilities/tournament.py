"""How a game's tournaments may be played: :class:`TournamentPlay` and its flags (:class:`TournamentOption`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple


class TournamentOption(NamedTuple):
    """A way a tournament of this game may be played: the ``tabula tournament`` flag ``--NAME``
    (backgammon: ``--match N``, ``--cube``), stored in the tournament's settings.

    The flag sets the game option ``option`` of every game of the schedule.  With ``low`` and
    ``high`` it takes a whole number in that range (``--match 5`` sets ``match_length`` to 5);
    without, it is an on/off flag that sets ``True`` (``--cube`` sets ``cube``).  Flags that
    share a non-empty ``group`` are alternatives: a tournament takes at most one of them."""

    option: str
    help: str
    low: int | None = None
    high: int | None = None
    group: str = ""

    def check(self, value: Any) -> Any:
        """``value`` if this flag can set it (a whole number in range, or ``True``); ``ValueError`` otherwise."""
        if self.low is None:
            if value is not True:
                raise ValueError(f"{self.option} must be true, got {value!r}")
            return value
        assert self.high is not None, "a flag with a low bound has a high one"
        if type(value) is not int or not self.low <= value <= self.high:
            raise ValueError(f"{self.option} must be a whole number from {self.low} to {self.high}, got {value!r}")
        return value


@dataclass(frozen=True)
class TournamentPlay:
    """How a game's tournaments may be played, beyond the plain way (every game from the
    game's default options, scored by its result): one value, declared by the game."""

    options: Mapping[str, Any] = field(default_factory=dict)
    """Options of every tournament game (Mandragora: a random pattern and first mover, drawn
    with the deal's chance seed, so both seatings of a deal get the same setup)."""
    flags: Mapping[str, TournamentOption] = field(default_factory=dict)
    """Flag name → a way tournaments of this game may be played (``--match N``), see
    :class:`TournamentOption`; the options it sets go on top of :attr:`options`."""
    choices: tuple[tuple[str, dict[str, Any]], ...] = ()
    """``(label, options)`` the window's tournament screen offers in a drop-down, the first the
    default (backgammon: ``("Cubeless", {})``, ``("Money with cube", {"cube": True})``,
    ``("Match to 5", {"match_length": 5})`` …); each sets what :attr:`flags` can."""
    tally: Callable[[Any], tuple[int, tuple[int, int]] | None] | None = None
    """``tally(final_state)``: ``(games, (points of seat 0, points of seat 1))``, whole numbers,
    when one protocol game is a match of several games (backgammon's ``--match``), else
    ``None``; tournaments then also report points per game of the matches."""
