"""A player's page: PR and error rate with their intervals, the fingerprint (the rates split by
kind, cube error, phase, pip count and score), the trend match by match, luck, and the worst
decisions.

A player is a name and every name joined to it (:meth:`~.store.Library.alias`).  Each match
counts once, by its review at the level asked for, else by its latest review; matches not yet
reviewed are left out (``matches`` counts those reviewed).  The rates and their intervals are
:mod:`.rating`'s; the sums come from each review's cells (:mod:`.cells`), so the page costs one
grouped query, not a read of every decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..review.totals import rating as rating_word
from .cells import SPLITS, Cell, rates_of
from .rating import HALF_LIFE, PR_SCALE, Rate, Sums
from .store import Library

WORST = 10
"""How many of the worst decisions the page lists."""


@dataclass(frozen=True)
class CellRates:
    """One cell of the fingerprint: its decisions, the counted ones, the equity lost, the PR
    and error rate with intervals."""

    decisions: int
    counted: int
    lost: float
    pr: Rate
    error_rate: Rate

    @property
    def enough(self) -> bool:
        return self.pr.enough

    def as_json(self) -> dict[str, Any]:
        return {"decisions": self.decisions, "counted": self.counted, "lost": self.lost,
                "pr": self.pr.as_json(), "error_rate": self.error_rate.as_json(), "enough": self.enough}


@dataclass(frozen=True)
class TrendPoint:
    """A match on the trend: its id, date, opponent, its own PR, and the PR weighted by the
    decision half-life of every match up to it."""

    match: int
    date: str | None
    opponent: str
    pr: Rate
    moving: Rate

    def as_json(self) -> dict[str, Any]:
        return {"match": self.match, "date": self.date, "opponent": self.opponent, "pr": self.pr.as_json(),
                "moving": self.moving.as_json()}


@dataclass(frozen=True)
class PlayerPage:
    player: str
    names: tuple[str, ...]
    matches: int
    decisions: int
    pr: Rate
    error_rate: Rate
    rating: str | None
    by: dict[str, dict[str, CellRates]]
    trend: tuple[TrendPoint, ...]
    luck: float | None
    luck_adjusted: float | None
    worst: tuple[dict[str, Any], ...] = field(default=())

    def as_json(self) -> dict[str, Any]:
        """The stable JSON of ``tabula library player --json``."""
        return {"player": self.player, "names": list(self.names), "matches": self.matches,
                "decisions": self.decisions, "error_rate": self.error_rate.as_json(), "rating": self.rating,
                "pr": self.pr.as_json(),
                "by": {split: {cell: rates.as_json() for cell, rates in cells.items()} for split, cells in self.by.items()},
                "trend": [point.as_json() for point in self.trend], "luck": self.luck,
                "luck_adjusted": self.luck_adjusted, "worst": list(self.worst)}


def chosen_reviews(level: str | None, match: int | None = None) -> tuple[str, tuple]:
    """SQL for the review each match counts by (only match ``match``'s when given), and its
    parameters."""
    where, params = ("WHERE match = ?", (match,)) if match is not None else ("", ())
    if level is None:
        return f"SELECT MAX(id) FROM reviews {where} GROUP BY match", params
    return f"SELECT id FROM reviews WHERE level = ? {where.replace('WHERE', 'AND')}", (level, *params)


def player_page(library: Library, name: str, level: str | None = None, half_life: float = HALF_LIFE,
                ratings: Sequence[tuple[float, str]] | None = None, match: int | None = None) -> PlayerPage:
    """The page of ``name`` (and the names joined to it), over every match or over match
    ``match`` alone; ``LookupError`` for a name that plays in no match of the library (or
    not in that match).  ``ratings``: the game's rating scale for the word."""
    db = library.connection
    names = library.names_of(name)
    marks = ", ".join("?" * len(names))
    only = "" if match is None else f" AND id = {int(match)}"
    if db.execute(f"SELECT 1 FROM matches WHERE (player0 IN ({marks}) OR player1 IN ({marks})){only} LIMIT 1",
                  (*names, *names)).fetchone() is None:
        where = "" if match is None else f" {match}"
        raise LookupError(f"no match{where} of the library has a player called {name!r}")
    chosen, params = chosen_reviews(level, match)
    cells: dict[str, dict[str, Cell]] = {split: {} for split in SPLITS}
    for split, cell, *sums in db.execute(
            f"SELECT split, cell, SUM(decisions), SUM(counted), SUM(lost), SUM(lost_squares), SUM(pr_lost),"
            f" SUM(pr_squares) FROM cells WHERE player IN ({marks}) AND review IN ({chosen}) GROUP BY split, cell",
            (*names, *params)):
        cells[split].setdefault(cell, Cell()).add_sums(*sums)
    by = {split: {cell: _rates(found) for cell, found in sorted(cells[split].items())} for split in SPLITS}
    whole = by["all"].get("all") or _rates(Cell())
    trend = _trend(db, names, marks, chosen, params, half_life)
    luck, adjusted = _luck(db, names, marks, chosen, params)
    return PlayerPage(library.person(name), tuple(names), len(trend), whole.decisions, whole.pr, whole.error_rate,
                      rating_word(whole.error_rate.value / 1000, ratings) if ratings and whole.error_rate.value
                      is not None else None,
                      {split: cells for split, cells in by.items() if split != "all"}, tuple(trend), luck, adjusted,
                      tuple(_worst(db, names, marks, chosen, params)))


def _rates(cell: Cell) -> CellRates:
    pr, error = rates_of(cell)
    return CellRates(cell.decisions, int(cell.plain.n), cell.plain.total, pr, error)


def _trend(db, names, marks, chosen, params, half_life: float) -> list[TrendPoint]:
    rows = db.execute(
        f"SELECT m.id, m.date, m.player0, m.player1, c.player, c.counted, c.pr_lost, c.pr_squares"
        f" FROM cells c JOIN reviews r ON r.id = c.review JOIN matches m ON m.id = r.match"
        f" WHERE c.split = 'all' AND c.cell = 'all' AND c.player IN ({marks}) AND c.review IN ({chosen})"
        f" ORDER BY m.date IS NULL, m.date, m.id", (*names, *params)).fetchall()
    points, moving = [], Sums()
    for match, date, player0, player1, player, counted, lost, squares in rows:
        own = Sums(lost, squares, counted, counted)
        decay = 2.0 ** (-counted / half_life)
        moving = Sums(moving.total * decay + lost, moving.squares * decay + squares, moving.n * decay + counted,
                      moving.weights_squared * decay * decay + counted)
        opponent = player1 if player == player0 else player0
        points.append(TrendPoint(match, date, opponent, own.rate(PR_SCALE), moving.rate(PR_SCALE)))
    return points


def _luck(db, names, marks, chosen, params) -> tuple[float | None, float | None]:
    """The player's luck and luck-adjusted result summed over the matches (``None`` where no
    review measured them)."""
    return db.execute(f"SELECT SUM(luck), SUM(luck_adjusted) FROM cells WHERE split = 'all' AND cell = 'all' AND player IN ({marks})"
                      f" AND review IN ({chosen})", (*names, *params)).fetchone()


def _worst(db, names, marks, chosen, params) -> list[dict[str, Any]]:
    rows = db.execute(
        f"SELECT d.match, d.game, d.ply, d.player, d.kind, d.position_id, d.match_id, d.xgid, d.dice, d.played, d.best,"
        f" d.equity_lost, d.mark FROM decisions d WHERE d.player IN ({marks}) AND +d.review IN ({chosen})"
        f" ORDER BY d.equity_lost DESC, d.id DESC LIMIT {WORST}", (*names, *params))
    keys = ("match", "game", "ply", "player", "kind", "position_id", "match_id", "xgid", "dice", "played", "best",
            "equity_lost", "mark")
    return [dict(zip(keys, row)) for row in rows]
