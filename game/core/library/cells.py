"""The splits of a player's page (the *fingerprint*) and each review's sums per cell.

When a review is stored, its decisions are summed per player into cells, one per split and
value: all decisions; by kind (chequer, cube); by cube error kind; by phase; by the decider's
pip-count band; by match score.  The player's page adds up a player's cells over the matches
instead of reading every decision, so it answers at once in a large library.  Each cell keeps
what a rate and its interval need (:class:`~.rating.Sums`): the decisions, the counted ones,
and the loss's sum and sum of squares, plain (error rate) and weighed for the PR.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .rating import Rate, Sums, pr_factor

SPLITS = ("all", "kind", "cube_error", "phase", "pips", "score")
"""The splits, in the order the player's page shows them."""

PIP_BANDS = ((1, 50), (51, 100), (101, 150), (151, 999))
"""The decider's pip-count bands (a race's end, a race, the middle game, the opening)."""


def pip_band(pips: int | None) -> str | None:
    if pips is None:
        return None
    for low, high in PIP_BANDS:
        if low <= pips <= high:
            return f"{low}-{high}" if high < 999 else f"{low}+"
    return None


def score_cell(away_mine: int | None, away_theirs: int | None, crawford: bool) -> str:
    """``"3-away 2-away"`` (the decider's first; ``", Crawford"`` in the Crawford game), or
    ``"money"``."""
    if away_mine is None or away_theirs is None:
        return "money"
    return f"{away_mine}-away {away_theirs}-away" + (", Crawford" if crawford else "")


def cells_of(row: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The ``(split, cell)`` pairs one decision row counts in."""
    found = [("all", "all"), ("kind", row["kind"]),
             ("score", score_cell(row["away_mine"], row["away_theirs"], bool(row["crawford"])))]
    if row["error_kind"]:
        found.append(("cube_error", row["error_kind"]))
    if row["phase"]:
        found.append(("phase", row["phase"]))
    band = pip_band(row["pips_mine"])
    if band:
        found.append(("pips", band))
    return found


class Cell:
    """The sums of one cell."""

    def __init__(self) -> None:
        self.decisions = 0
        self.plain, self.pr = Sums(), Sums()

    def add(self, loss: float, counted: bool, length: int) -> None:
        self.decisions += 1
        self.plain.add(loss, counted)
        self.pr.add(loss * pr_factor(length), counted)

    def add_sums(self, decisions: int, counted: int, lost: float, squares: float, pr_lost: float,
                 pr_squares: float) -> None:
        self.decisions += decisions
        for sums, total, sq in ((self.plain, lost, squares), (self.pr, pr_lost, pr_squares)):
            sums.total += total
            sums.squares += sq
            sums.n += counted
            sums.weights_squared += counted

    def as_row(self) -> tuple[int, int, float, float, float, float]:
        return (self.decisions, int(self.plain.n), self.plain.total, self.plain.squares, self.pr.total,
                self.pr.squares)


def review_cells(rows: Iterable[Mapping[str, Any]], length: int, totals: Mapping[str, Mapping[str, Any]]) -> list[tuple]:
    """The cells of one review's decision rows (a match of ``length``): ``(player, split,
    cell, decisions, counted, lost, lost_squares, pr_lost, pr_squares, luck,
    luck_adjusted)``, the last two from the review's ``totals`` per player on the ``all``
    cell only (``None`` elsewhere, or where the review did not measure them)."""
    cells: dict[tuple[str, str, str], Cell] = {}
    for row in rows:
        for split, cell in cells_of(row):
            cells.setdefault((row["player"], split, cell), Cell()).add(row["equity_lost"], bool(row["rated"]), length)

    def number(player: str, key: str) -> float | None:
        value = (totals.get(player) or {}).get(key)
        return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None

    return [(*key, *cell.as_row(),
             *((number(key[0], "luck"), number(key[0], "result_luck_adjusted")) if key[1] == "all" else (None, None)))
            for key, cell in sorted(cells.items())]


def rates_of(cell: Cell) -> tuple[Rate, Rate]:
    """``(PR, error rate)`` of a cell."""
    from .rating import ERROR_RATE_SCALE, PR_SCALE

    return cell.pr.rate(PR_SCALE), cell.plain.rate(ERROR_RATE_SCALE)
