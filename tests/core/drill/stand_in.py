"""A stand-in for a game's Drill ability (questions and tags only, which is all the core asks
of a game), backgammon's facts with it, and cards' facts made to order: for the drill's tests."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timezone

from game.core.capabilities.drill import CardFacts, Drill, Graded
from game.games import get_game

T0 = datetime(2026, 11, 23, 9, 0, tzinfo=timezone.utc)
"""A Monday morning: the tests' clocks start here."""


class StandInDrill:
    """A game's drill ability reduced to what the core asks of it: the question a library
    decision asks (backgammon's decision kinds and cube words) and a card's tags (its question,
    its phase, ``hit`` or ``no-hit`` by a ``*`` in the best answer).  ``rows`` keeps every
    decision asked about."""

    def __init__(self) -> None:
        self.rows: list[dict] = []

    def question_of(self, row):
        self.rows.append(row)
        if row["kind"] == "chequer":
            return "chequer"
        if row["kind"] == "cube":
            return "take" if row["played"] in ("Takes", "Drops") else "double"
        return None

    def tags(self, facts):
        return (facts.question, facts.phase or "none", "hit" if "*" in facts.best else "no-hit")

    def position(self, facts):
        raise NotImplementedError

    read_answer = answer_of = grade = analyse = variations = text_board = picture = position


def stand_in_info(drill) -> object:
    """Backgammon's facts with ``drill`` as its drill ability."""
    real = get_game("backgammon")
    return dataclasses.replace(real, abilities={**real.abilities, Drill: lambda: drill})


def facts(n: int, question: str = "chequer", phase: str | None = "contact", player: str = "me",
          best: str = "13/10 6/5", lost: float = 0.1) -> CardFacts:
    """Facts of a card asking about position ``n``."""
    return CardFacts("backgammon", player, question, f"position{n:04d}", "cAkgAAAAAAAA", None,
                     "31" if question == "chequer" else None, "24/21 6/5", best,
                     ({"move": best, "equity": 0.2}, {"move": "24/21 6/5", "equity": 0.2 - lost}),
                     None if question == "chequer" else {"nd": 0.5, "dt": 0.6, "dp": 1.0, "proper": "Double, take"},
                     lost, "intermediate", phase)


def graded(loss: float, answer: str = "8/5 6/5") -> Graded:
    return Graded(answer, "13/10 6/5", loss)
