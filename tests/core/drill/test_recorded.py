"""Cards from a library of the six real matches reviewed at Intermediate (the library built as
``tabula library add`` and ``analyze`` build it): every rated decision of lasse losing 0.04 or
more is a card, at least 30, graded by backgammon's drill ability as the review graded the
play made, asked in a sitting and counted in the statistics."""

from __future__ import annotations

from datetime import timedelta

import pytest

from game.core.capabilities.drill import Drill
from game.core.drill import Deck, DrillOptions, DrillSession
from game.core.library import open_library
from game.games import get_game

from .stand_in import T0

pytestmark = pytest.mark.slow  # the library made from the recorded reviews: about 15 s


def test_lasses_errors_become_cards_asked_and_counted(reviewed_library, tmp_path):
    info = get_game("backgammon")
    path = tmp_path / "library.sqlite3"
    path.write_bytes(reviewed_library.read_bytes())
    with open_library(path) as library:
        decisions = library.connection.execute(
            "SELECT kind, COUNT(*) FROM decisions WHERE player = 'lasse' AND rated = 1 AND equity_lost >= 0.04"
            " GROUP BY kind").fetchall()
        deck = Deck(library, info)
        added = deck.sync(["lasse"], DrillOptions(), now=T0)
        cards = deck.cards(player="lasse")
        assert added == len(cards) == sum(n for kind, n in decisions if kind != "resign") >= 30
        assert {card.facts.question for card in cards} == {"chequer", "double", "take"}
        assert all(card.facts.player == "lasse" and card.facts.equity_lost >= 0.04 and card.facts.level ==
                   "intermediate" and card.facts.question in card.tags for card in cards)
        assert deck.sync(["lasse"], DrillOptions(), now=T0) == 0
        assert deck.sync(["lasse"], DrillOptions(threshold=0.02), now=T0) > 0
        session = DrillSession(deck, DrillOptions(), "lasse", theme="chequer", cards=12,
                               clock=lambda: T0 + timedelta(days=1))
        drill = info.ability(Drill)
        while (card := session.next()) is not None:
            graded = drill.grade(card.facts, drill.read_answer(card.facts, card.facts.played))
            assert graded is not None and graded.equity_lost == pytest.approx(card.facts.equity_lost, abs=1e-6)
            session.answered(card, graded.answer, graded)
        assert len(session.answers) == 12 and all(a.rating in ("again", "hard") for a in session.answers)
        stats = deck.stats(T0 + timedelta(days=1), player="lasse")
        assert stats.cards == len(deck.cards(player="lasse")) and stats.first_loss >= 0.04
        assert stats.by_theme["chequer"][0][2] == 12
