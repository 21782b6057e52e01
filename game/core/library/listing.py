"""The library's matches as a list: who played, the length, date and result, the level each
was analysed at and each side's PR (by the match's latest review, or the level asked for)."""

from __future__ import annotations

from typing import Any

from .cells import Cell
from .player import chosen_reviews
from .rating import PR_SCALE
from .store import Library

SORTS = ("date", "added", "length", "players")


def match_list(library: Library, player: str | None = None, level: str | None = None,
               sort: str = "date") -> list[dict[str, Any]]:
    """Each match ``{"id", "players", "length", "date", "event", "result", "level", "pr"}``:
    ``result`` ``{"points": [first's, second's], "winner": name or null}``, ``level`` the
    review counted (``null``: not analysed), ``pr`` each player's PR in it (``{}`` unanalysed).
    ``player`` keeps the matches of that player (any of their joined names)."""
    if sort not in SORTS:
        raise ValueError(f"unknown sort {sort!r}: {', '.join(SORTS)}")
    db = library.connection
    where, values = "", []
    if player is not None:
        names = library.names_of(player)
        marks = ", ".join("?" * len(names))
        where, values = f"WHERE player0 IN ({marks}) OR player1 IN ({marks})", [*names, *names]
    order = {"date": "date IS NULL, date DESC, id DESC", "added": "id DESC", "length": "length DESC, id DESC",
             "players": "player0, player1, id"}[sort]
    matches = db.execute(f"SELECT id, player0, player1, length, date, event, points0, points1, winner FROM matches"
                         f" {where} ORDER BY {order}", values).fetchall()
    chosen, params = chosen_reviews(level)
    reviews = {match: (review, found) for review, match, found in db.execute(
        f"SELECT id, match, level FROM reviews WHERE id IN ({chosen})", params)}
    prs: dict[int, dict[str, float | None]] = {}
    for review, player_name, counted, lost, squares in db.execute(
            f"SELECT review, player, counted, pr_lost, pr_squares FROM cells WHERE split = 'all' AND review IN ({chosen})",
            params):
        cell = Cell()
        cell.add_sums(0, counted, 0.0, 0.0, lost, squares)
        prs.setdefault(review, {})[player_name] = cell.pr.rate(PR_SCALE).value
    out = []
    for match, player0, player1, length, date, event, points0, points1, winner in matches:
        review, found = reviews.get(match, (None, None))
        out.append({"id": match, "players": [player0, player1], "length": length, "date": date, "event": event,
                    "result": {"points": [points0, points1], "winner": None if winner is None else
                               (player0, player1)[winner]},
                    "level": found, "pr": prs.get(review, {}) if review is not None else {}})
    return out
