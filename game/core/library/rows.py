"""A reviewed decision as the library's row: the review's figures beside the facts a player
searches by (:class:`~game.core.capabilities.library.DecisionFacts`, from the game)."""

from __future__ import annotations

import json
import zlib
from typing import Any

from ..capabilities.library import Library as LibraryAbility
from ..review.report import Decision, Report
from .store import dumps


def packed(value: Any) -> bytes:
    """JSON compressed (a decision's alternatives: a third of the size as text)."""
    return zlib.compress(dumps(value).encode(), 6)


def unpacked(blob: bytes) -> Any:
    return json.loads(zlib.decompress(blob))


def decision_rows(report: Report, facts: LibraryAbility, error_kind, names: tuple[str, str]) -> list[dict[str, Any]]:
    """Every decision of ``report`` as a row of the ``decisions`` table (without its review and
    match): ``facts`` the game's library ability, ``error_kind(decision)`` the game's review's
    kind of cube error (``None`` for none), ``names`` the match's players as the library
    stores them (the report's labels may differ: two players of one name get their colour)."""
    sides = {label: side for side, label in enumerate(report.players)}
    return [row(game, d, facts, error_kind, sides[d.player], names[sides[d.player]])
            for game, decisions in report.games for d in decisions]


def review_rows(info, report: Report, names: tuple[str, str]) -> tuple[list[dict[str, Any]], dict[str, dict]]:
    """What the library stores of ``report``, a review of a match of ``info``'s game whose
    players the library calls ``names``: its decisions' rows (:func:`decision_rows`) and its
    totals per player, keyed by those names."""
    from ..review.plain import review_of

    facts = info.ability(LibraryAbility)
    assert facts is not None
    totals = {names[side]: report.totals[label] for side, label in enumerate(report.players)}
    return decision_rows(report, facts, review_of(info).error_kind, names), totals


def row(game: int, d: Decision, facts: LibraryAbility, error_kind, side: int, name: str) -> dict[str, Any]:
    found = facts.facts(d)
    pips = found.pips or (None, None)
    away = found.away or (None, None)
    return {
        "game": game, "ply": d.ply, "side": side, "player": name, "kind": d.kind,
        "position_id": d.position_id, "match_id": d.match_id, "xgid": found.xgid, "dice": d.dice,
        "phase": found.phase, "pips_mine": pips[0], "pips_theirs": pips[1],
        "away_mine": away[0], "away_theirs": away[1], "crawford": int(found.crawford),
        "cube_value": found.cube_value, "cube_owner": found.cube_owner,
        "played": d.played, "best": d.best, "alternatives": packed([a.as_json() for a in d.alternatives]),
        "cube": None if d.cube is None else dumps(d.cube.as_json()),
        "equity_lost": d.equity_lost, "mwc_lost": found.mwc_lost, "mark": d.mark, "luck": d.luck,
        "rated": int(d.rated), "error_kind": error_kind(d),
    }
