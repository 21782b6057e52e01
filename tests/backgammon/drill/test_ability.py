"""Backgammon's drill ability as the registry gives it: the protocol, the tags, the picture."""

from __future__ import annotations

from xml.etree import ElementTree

from game.backgammon.drill import DRILL
from game.core.capabilities import Drill
from game.games import get_game

from .cards import first, recorded_cards


def test_backgammon_registers_its_drill_under_the_protocol():
    assert get_game("backgammon").ability(Drill) is DRILL
    assert isinstance(DRILL, Drill)


def test_tags_are_the_question_the_phase_and_the_best_answers_idea():
    assert DRILL.tags(first("chequer", played="13/4", best="24/21 13/7")) == ("chequer", "contact", "no-hit")
    assert DRILL.tags(first("chequer", best="6/5*/2")) == ("chequer", "contact", "hit", "makes-2", "makes-point")
    take = first("take", played="Drops", best="Takes")
    assert DRILL.tags(take) == ("take", take.phase)  # the idea "take" is its question already
    passing = next(c for c in recorded_cards() if c.question == "take" and c.best == "Drops")
    assert DRILL.tags(passing) == ("take", passing.phase, "pass")
    double = first("double", played="Roll", best="Doubles => 2")
    assert DRILL.tags(double)[0] == "double" and DRILL.tags(double)[-1] in ("double-take", "double-pass")
    every = {tag for card in recorded_cards() for tag in DRILL.tags(card)}
    assert {"hit", "no-hit", "makes-point", "run", "split", "crashed", "too-good", "no-double"} <= every


def test_the_picture_is_the_reviews_board_with_the_answers_arrows():
    card = first("chequer", played="13/4", best="24/21 13/7")
    plain = DRILL.picture(card)
    drawn = DRILL.picture(card, (("24/21 13/7", "rgb(1,200,2)"), ("13/4", "rgb(200,1,2)")))
    ElementTree.fromstring(drawn)  # one well-formed element
    assert "rgb(200,1,2)" not in plain and drawn.count('stroke="rgb(200,1,2)"') == 2  # 13/7/4: an arrow a step
    assert drawn.count('stroke="rgb(1,200,2)"') == 2
    assert "rgb(200,1,2)" not in DRILL.picture(first("take"), (("take", "rgb(200,1,2)"),))
