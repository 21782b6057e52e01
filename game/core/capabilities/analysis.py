"""A game's move analysis, levels and evaluators: :class:`Analysis`, each :class:`Level`, the
tutor's :class:`TutorMargin`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..evaluation import Evaluation


@dataclass(frozen=True)
class Level:
    """A computer level, in one record: a player of the game (``name`` is one of its
    ``player_names``) whose search the window's analysis (hints, tutor, graph) can also run
    at.  A game's search may subclass it with its own settings (backgammon's move filters
    and noise), keyword-only, so that one table declares each level once."""

    name: str
    title: str
    depth: str
    """Depth in words, for the settings ("1 ply", "2 ply, slower")."""
    description: str = ""
    analysis: bool = True
    """Offered as an analysis strength (a level that only adds noise is not)."""
    plies: int = 0
    """How deep its move (chequer play) search looks."""
    cube_plies: int | None = None
    """How deep it looks before a cube decision (backgammon); ``None`` for games without one."""
    nodes: int | None = None
    """The most positions one search may visit (``None``: no limit)."""
    seconds: float | None = None
    """The longest one search may take (``None``: no limit)."""

    @property
    def label(self) -> str:
        return f"{self.title} ({self.depth})"


def three_decimals(value: float) -> str:
    """A value or a difference as the analysis' tables print it by default: ``+0.123``."""
    return f"{value:+.3f}"


class TutorMargin(NamedTuple):
    """How far behind the best a move must be for the tutor to question it, in the game's
    own units: ``measure`` "value" compares the record's ``diff`` (native value, e.g.
    equity), "score" its ``score_diff`` (the display score, or a game's own score)."""

    amount: float
    measure: str
    unit: str
    """The units in words, for the tutor's dialog ("points of equity")."""
    decimals: int | None = None
    """Decimals of the gap in the dialog; by default 1 for a score, 3 for a value."""
    score_note: bool = True
    """With ``measure`` "value": whether the dialog adds the display score's gap in brackets
    (not where the display score does not rank the moves: Mandragora's seed score)."""

    def behind(self, record) -> float:
        """How far ``record`` trails the best, in these units (0 or more)."""
        return -(record.diff if self.measure == "value" else record.score_diff)


@dataclass(frozen=True)
class Analysis:
    """A game's move analysis, levels and evaluators: what hints, the tutor, reviews and
    ``tabula analyze``/``eval`` run.

    ``analyze(state, **options)`` returns the analysis record of every legal move, best
    first (:class:`game.core.analysis.MoveAnalysis`); :attr:`options` names the keyword options it
    takes with their defaults."""

    analyze: Callable[..., list] | None
    """``None`` only in :data:`NO_ANALYSIS`."""
    levels: tuple[Level, ...] = ()
    """Its computer levels, weakest first, each declared once."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """Option → default of what ``analyze`` takes: ``level`` (one of the analysis levels),
    ``evaluator`` (one of ``evaluators``)."""
    cancellable: bool = False
    """``analyze`` takes ``limits`` (:class:`~game.core.search.Limits`) and stops when cancelled."""
    includes: bool = False
    """``analyze`` takes ``include``, a move it then searches as deep as the best (a review
    compares the move played at one depth); games whose analysis searches every move fully
    need not."""
    brief: bool = False
    """``analyze`` takes ``brief=True``: then its records leave out the factors and warnings
    (a review reads only the values, details and ranks, and explaining every play of every
    decision was a large share of a backgammon match's review: ``python -m bench.speed.review``,
    ``bench/RESULTS.md``)."""
    columns: tuple[tuple[str, str], ...] = ()
    """``(details key, heading)`` of the analysis' extra columns (win and gammon chances)."""
    tutor_margin: TutorMargin = TutorMargin(10.0, "score", "display points")
    value_heading: str = "Value"
    """The native value's column heading in the hint table ("Equity", "cp")."""
    score_heading: str = "Score"
    """The display score's column heading in the hint table and ``tabula analyze``'s table
    (Mandragora's "Seed": its score is the seed's, which does not rank the moves)."""
    legend: str = "[Score]: the move's value scaled to ±100"
    """A line under the hint table and ``tabula analyze``'s table saying what the numbers
    are, where the headings cannot (the bracketed display score; backgammon's chances;
    Mandragora: which column ranks, what the seed's score is)."""
    format_value: Callable[[float], str] = three_decimals
    """A native value or difference as the analysis' tables print it (backgammon's equity
    ``+0.123``; Chesstack's whole centipawns, a won game ``+win``)."""
    evaluators: tuple[str, ...] = ()
    """Position evaluators ``tabula eval`` runs (:attr:`evaluate`)."""
    default_evaluator: str | None = None
    evaluate: Callable[[Any, str], Evaluation] | None = None
    """``evaluate(state, name)``: one evaluator's value of a position, with its factors."""

    def __post_init__(self) -> None:
        level = self.options.get("level")
        if level is not None and level not in self.level_names:
            raise ValueError(f"default analysis level {level!r} is not an analysis level")

    @property
    def level_names(self) -> tuple[str, ...]:
        """The levels the analysis can run at, weakest first."""
        return tuple(level.name for level in self.levels if level.analysis)

    def level(self, name: str) -> Level:
        """The level called ``name``; ``ValueError`` naming the levels otherwise."""
        for level in self.levels:
            if level.name == name:
                return level
        raise ValueError(f"unknown level {name!r}; known levels: {', '.join(lv.name for lv in self.levels)}")


NO_ANALYSIS = Analysis(analyze=None)
"""What a game without analysis has: no analyze, no levels, no evaluators."""
