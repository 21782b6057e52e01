"""Searching one's own positions: every reviewed decision that matches the filters, worst (or
newest) first.

Each match counts by one review, as on the player's page (the level asked for, else its
latest).  A player filter takes the player's every joined name.  Filters left out match
everything; all given must hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .player import chosen_reviews
from .rows import unpacked
from .store import Library

SORTS = ("loss", "date")
DEFAULT_LIMIT = 50


@dataclass(frozen=True)
class Filters:
    """What to search for (``None``: anything).  ``score`` is ``(decider's away, opponent's
    away)``, 0 meaning money; pip ranges are inclusive ``(low, high)``; dates ``YYYY-MM-DD``."""

    player: str | None = None
    opponent: str | None = None
    date_from: str | None = None
    date_to: str | None = None
    phase: str | None = None
    kind: str | None = None
    mark: str | None = None
    min_loss: float | None = None
    dice: str | None = None
    score: tuple[int, int] | None = None
    pips_mine: tuple[int, int] | None = None
    pips_theirs: tuple[int, int] | None = None
    cube_value: int | None = None
    position: tuple[str, str | None] | None = None
    level: str | None = None
    sort: str = "loss"
    limit: int = DEFAULT_LIMIT


def search(library: Library, filters: Filters) -> list[dict[str, Any]]:
    """The decisions matching ``filters``, each ``{"position_id", "match_id", "xgid", "dice",
    "kind", "phase", "played", "best", "equity_lost", "mark", "match", ...}`` where
    ``"match"`` is ``{"id", "players", "length", "date", "game", "ply"}`` (the Review screen
    opens the decision by its game and ply)."""
    if filters.sort not in SORTS:
        raise ValueError(f"unknown sort {filters.sort!r}: {' or '.join(SORTS)}")
    chosen, params = chosen_reviews(filters.level)
    # "+d.review": never search by the review's index (every decision of the library), so the
    # planner takes the player's, the loss's or the position's and stops at the limit
    where, values = [f"+d.review IN ({chosen})"], list(params)

    def names(name: str) -> str:
        found = library.names_of(name)
        values.extend(found)
        return ", ".join("?" * len(found))

    if filters.player is not None:
        where.append(f"d.player IN ({names(filters.player)})")
    if filters.opponent is not None:
        where.append(f"(CASE d.side WHEN 0 THEN m.player1 ELSE m.player0 END) IN ({names(filters.opponent)})")
    for column, value, op in (("m.date", filters.date_from, ">="), ("m.date", filters.date_to, "<="),
                              ("d.phase", filters.phase, "="), ("d.kind", filters.kind, "="),
                              ("d.mark", filters.mark, "="), ("d.equity_lost", filters.min_loss, ">="),
                              ("d.dice", filters.dice, "="), ("d.cube_value", filters.cube_value, "=")):
        if value is not None:
            where.append(f"{column} {op} ?")
            values.append(value)
    if filters.score is not None:
        if filters.score == (0, 0):
            where.append("d.away_mine IS NULL")
        else:
            where.append("d.away_mine = ? AND d.away_theirs = ?")
            values.extend(filters.score)
    for column, bounds in (("d.pips_mine", filters.pips_mine), ("d.pips_theirs", filters.pips_theirs)):
        if bounds is not None:
            where.append(f"{column} BETWEEN ? AND ?")
            values.extend(bounds)
    if filters.position is not None:
        position_id, match_id = filters.position
        where.append("d.position_id = ?")
        values.append(position_id)
        if match_id is not None:
            where.append("d.match_id = ?")
            values.append(match_id)
    order = "d.equity_lost DESC, d.id DESC" if filters.sort == "loss" else "m.date IS NULL, m.date DESC, d.match DESC, d.ply"
    rows = library.connection.execute(
        "SELECT d.position_id, d.match_id, d.xgid, d.dice, d.kind, d.phase, d.played, d.best, d.equity_lost, d.mark,"
        " d.match, m.player0, m.player1, m.length, m.date, d.game, d.ply, d.player, d.side, d.pips_mine,"
        " d.pips_theirs, d.away_mine, d.away_theirs, d.cube_value, d.mwc_lost, d.alternatives"
        f" FROM decisions d JOIN matches m ON m.id = d.match WHERE {' AND '.join(where)} ORDER BY {order} LIMIT ?",
        (*values, max(0, filters.limit)))
    return [_found(row) for row in rows]


def _found(row: tuple) -> dict[str, Any]:
    (position_id, match_id, xgid, dice, kind, phase, played, best, lost, mark, match, player0, player1, length, date,
     game, ply, player, side, pips_mine, pips_theirs, away_mine, away_theirs, cube_value, mwc_lost, alternatives) = row
    return {"position_id": position_id, "match_id": match_id, "xgid": xgid, "dice": dice, "kind": kind,
            "phase": phase, "played": played, "best": best, "equity_lost": lost, "mark": mark,
            "match": {"id": match, "players": [player0, player1], "length": length, "date": date, "game": game,
                      "ply": ply},
            "player": player, "opponent": player1 if side == 0 else player0,
            "pips": None if pips_mine is None else [pips_mine, pips_theirs],
            "score": None if away_mine is None else [away_mine, away_theirs], "cube_value": cube_value,
            "mwc_lost": mwc_lost, "alternatives": unpacked(alternatives)}
