"""Reference figures a game shows beside the board (:class:`Theory`): backgammon's cube at this
score, race counts and score map, as typed records the window draws without knowing the game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True)
class TheorySection:
    """One block of figures: a heading, ``(label, value)`` rows and a closing note."""

    heading: str
    rows: tuple[tuple[str, str], ...]
    note: str = ""


@dataclass(frozen=True)
class TheoryFigures:
    """What the theory panel shows of a position: its sections, and why a part is missing
    (``missing``: e.g. "the other side owns the cube")."""

    sections: tuple[TheorySection, ...]
    missing: str = ""
    map_offered: bool = False
    """Whether the position has a score map (:meth:`Theory.score_map`)."""


@dataclass(frozen=True)
class MapCell:
    away: tuple[int, int]
    """(the side on roll's, the other side's) away counts."""
    kind: str
    """``pre``, ``crawford`` or ``post_crawford``."""
    action: str
    """One of :attr:`Theory.actions`' keys."""


@dataclass(frozen=True)
class ScoreMap:
    length: int
    cells: tuple[MapCell, ...]
    money: str


@runtime_checkable
class Theory(Protocol):
    """The reference figures of a game's positions: computed off the drawing thread (the
    window runs :meth:`figures` and :meth:`score_map` in a worker process; both are
    module-level functions' work, so their arguments and results pickle)."""

    @property
    def actions(self) -> tuple[tuple[str, str, str], ...]:
        """The score map's actions, ``(key, label, abbreviation)``, in the legend's order (the
        abbreviation is written in a map's cell where it fits)."""

    def figures(self, state: Any, level: str) -> TheoryFigures:
        """The position's figures at the analysis ``level``."""

    def map_length(self, state: Any) -> int:
        """The score map's default match length for ``state`` (its own match, else a usual one)."""

    def score_map(self, state: Any, length: int, level: str, progress: Callable[[int, int], None],
                  cancel: Callable[[], bool]) -> ScoreMap | None:
        """The proper action at every score of a match to ``length`` and for money;
        ``progress(done, total)`` as it goes, ``None`` once ``cancel()`` is true."""
