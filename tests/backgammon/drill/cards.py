"""Cards for the drill tests: the card-worthy decisions (a loss of 0.04 or more) of a library of
the six real matches reviewed at Intermediate (``tests/data/drill/cards.json``: every such
decision of the player "lasse", and every cube decision of any player), as the core's deck
copies a library decision into a card."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from game.backgammon.drill import DRILL
from game.core.capabilities.drill import CardFacts

CARDS_FILE = Path(__file__).resolve().parents[2] / "data" / "drill" / "cards.json"


def card_of(row: dict, level: str = "intermediate") -> CardFacts:
    """The card a library decision ``row`` makes (its question from the game's drill)."""
    return CardFacts(game="backgammon", player=row["player"], question=DRILL.question_of(row),
                     position_id=row["position_id"], match_id=row["match_id"], xgid=row["xgid"], dice=row["dice"],
                     played=row["played"], best=row["best"], alternatives=tuple(row["alternatives"]), cube=row["cube"],
                     equity_lost=row["equity_lost"], level=level, phase=row["phase"])


@cache
def recorded_cards() -> tuple[CardFacts, ...]:
    return tuple(card_of(row) for row in json.loads(CARDS_FILE.read_text()))


def first(question: str, **wanted) -> CardFacts:
    """The first recorded card asking ``question`` whose fields equal ``wanted``."""
    return next(c for c in recorded_cards()
                if c.question == question and all(getattr(c, k) == v for k, v in wanted.items()))
