"""The match equity tables a game's match analysis reads (:class:`MatchEquity`)."""

from __future__ import annotations

from typing import Protocol, runtime_checkable


@runtime_checkable
class MatchEquity(Protocol):
    """A game whose match analysis values scores by a match equity table (backgammon): the
    tables it knows by name, and the choice of one, by name or from a file, for this process
    and the worker processes it starts from then on (``--met`` on the command line, a setting
    in the window)."""

    @property
    def names(self) -> tuple[str, ...]:
        """The tables known by name, the default first."""

    @property
    def choices(self) -> dict[str, str]:
        """Each table known by name with the words the window's setting shows for it."""

    @property
    def default(self) -> str:
        """The name of the table used unless another is chosen."""

    def use(self, table: str | None) -> str:
        """Choose ``table`` (a name or a file; ``None``: the default); the chosen table's name.
        ``ValueError`` of one line for an unknown name or a file that cannot be used."""

    def current(self) -> str:
        """The chosen table's name."""
