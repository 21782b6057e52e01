"""One reviewed game's errors as drill cards: the Review screen's "Drill this game's errors".

The review's decisions become rows as the library stores them
(:func:`~game.core.library.rows.review_rows`, the players named as the library names them);
those of the user's side that lost at least the drill threshold become
:class:`~game.core.capabilities.drill.CardFacts`, asking what the game's
:meth:`~game.core.capabilities.drill.Drill.question_of` says (none for a resignation).  The
user's side: the players among "My names", else the human's seats, else both.  No pygame here.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ...core.capabilities.drill import CardFacts, Drill
from ...core.library.rows import review_rows, unpacked
from ...core.match import GameRecord
from ...core.review.report import Report
from ...core.session import HUMAN
from ..library.intake import named_record

PRECISION = 9
"""Decimals a loss is compared with the threshold at (a loss exactly at it counts)."""


def user_sides(record: GameRecord, names: Sequence[str], my_names: Sequence[str]) -> tuple[int, ...]:
    """The seats that are the user's: named in ``my_names`` (any case), else the humans', else all."""
    mine = {name.casefold() for name in my_names}
    named = tuple(side for side, name in enumerate(names) if name.casefold() in mine)
    if named:
        return named
    humans = tuple(side for side, player in enumerate(record.players) if player == HUMAN)
    return humans or tuple(range(len(names)))


def card_facts(info, row: dict[str, Any], question: str, level: str) -> CardFacts:
    """A library row (its alternatives unpacked) as a card's facts."""
    return CardFacts(game=info.name, player=row["player"], question=question, position_id=row["position_id"],
                     match_id=row["match_id"], xgid=row["xgid"], dice=row["dice"], played=row["played"],
                     best=row["best"] or "", alternatives=tuple(row["alternatives"]),
                     cube=json.loads(row["cube"]) if row["cube"] else None,
                     equity_lost=float(row["equity_lost"]), level=level, phase=row["phase"])


def game_errors(info, record: GameRecord, report: Report, options: dict[str, Any], my_names: Sequence[str],
                threshold: float, game: int | None = None) -> list[CardFacts]:
    """The errors of ``report`` (a review of ``record`` with ``options``) worth a card: the
    user's decisions losing ``threshold`` or more, of game number ``game`` (``None``: all)."""
    drill = info.ability(Drill)
    if drill is None:
        return []
    names = tuple((record if record.names else named_record(info, record, list(my_names))).names)
    level = str(options.get("level") or info.move_analysis().options.get("level", "default"))
    rows, _ = review_rows(info, report, names)
    sides = user_sides(record, names, my_names)
    found = []
    for row in rows:  # as the library's own cards are made: rated decisions only
        if row["side"] not in sides or not row["rated"] or (game is not None and row["game"] != game):
            continue
        if round(row["equity_lost"], PRECISION) < threshold:
            continue
        row = {**row, "alternatives": unpacked(row["alternatives"])}  # as the library's decisions read
        question = drill.question_of(row)
        if question is not None:
            found.append(card_facts(info, row, question, level))
    return found


def drill_errors(app, info, record: GameRecord, report: Report, options: dict[str, Any], game: int | None) -> bool:
    """The Review screen's "Drill this game's errors": the Drill screen opened over the screen
    on show on those cards (made there, in the library), or the banner saying there are none.
    Whether it opened."""
    settings = app.settings
    threshold = settings.drill_options().threshold
    facts = game_errors(info, record, report, options, settings.my_names, threshold, game)
    if not facts:
        app.banner.show(f"No error of yours in this game lost {threshold:g} or more", seconds=3)
        return False
    app.push("drill", facts=facts)
    return True
