"""Grading: the play made in the match grades to the decision's stored loss and the best to 0,
from the stored figures; an answer the review did not keep is analysed at the card's level as
the review analyses a decision; the "why" names what separates the answer from the best."""

from __future__ import annotations

import pytest

from game.backgammon.drill import DRILL
from game.backgammon.library import facts as decision_facts
from game.backgammon.rules import BackgammonRules

from .cards import card_of, first, recorded_cards


def _check_grades(card) -> None:
    played = DRILL.grade(card, card.played)
    assert played is not None and not played.analysed, card
    assert played.equity_lost == pytest.approx(card.equity_lost, abs=1e-6), card
    assert played.best == card.best and played.answer == DRILL.read_answer(card, card.played)
    assert [row["move"] for row in played.alternatives if row["answer"]] == [played.answer]
    assert [row["move"] for row in played.alternatives if row["played"]] == [played.answer]
    best = DRILL.grade(card, card.best)
    assert best is not None and best.equity_lost == 0.0 and best.answer == card.best


def test_the_played_answer_grades_to_the_stored_loss_and_the_best_to_nothing():
    """Every cube card and a spread of the chequer cards (all of them: the slow test below)."""
    cards = recorded_cards()
    chequer = [c for c in cards if c.question == "chequer"]
    for card in [c for c in cards if c.question != "chequer"] + chequer[::5]:
        _check_grades(card)


@pytest.mark.slow
def test_every_recorded_card_grades_to_its_stored_loss():
    for card in recorded_cards():
        _check_grades(card)


@pytest.mark.long
def test_every_card_worthy_decision_of_the_real_matches_grades_to_its_stored_loss(reviewed_matches):
    """The six matches reviewed at Intermediate (the library's decisions): every decision a card
    is made of (a loss of 0.04 or more, no resignation)."""
    _, reports = reviewed_matches
    graded = 0
    for report in reports.values():
        for d in report.decisions:
            if d.equity_lost < 0.04 or d.kind == "resign":
                continue
            known = decision_facts(d)
            row = {**d.as_json(), "xgid": known.xgid, "phase": known.phase}
            _check_grades(card_of(row))
            graded += 1
    assert graded >= 150


def test_a_play_the_review_did_not_keep_is_not_graded_from_the_figures_but_analysed():
    card = first("chequer", played="13/4", best="24/21 13/7")
    state = DRILL.position(card)
    rules = BackgammonRules()
    stored = {row["move"] for row in card.alternatives}
    other = next(t for t in (rules.notation(state, p) for p in rules.legal_moves(state)) if t not in stored)
    assert DRILL.grade(card, other) is None
    graded = DRILL.analyse(card, other)
    assert graded.analysed and graded.answer == other and graded.best == card.best
    rows = {row["move"]: row for row in graded.alternatives}
    assert rows[other]["answer"] and not rows[card.best]["answer"]
    assert rows["13/4"]["played"] and graded.equity_lost == -rows[other]["diff"] > 0
    # The same analysis as the review's (to the last rounded digit, which another numpy's BLAS
    # than the one the review was recorded with may round the other way).
    assert rows[card.best]["equity"] == pytest.approx(card.alternatives[0]["equity"], abs=2e-6, rel=0)
    assert graded.equity_lost >= -card.alternatives[4]["diff"]  # it ranks below the review's five best
    stored_again = DRILL.analyse(card, card.played)
    assert stored_again.equity_lost == pytest.approx(card.equity_lost, abs=1e-6)


def test_why_names_the_warnings_and_factors_that_separate_the_answer_from_the_best():
    card = first("chequer", played="13/4", best="24/21 13/7")
    graded = DRILL.grade(card, card.played)
    assert "leaves 1 blot: 24 of 36 rolls hit" in graded.why
    factors = [line for line in graded.why if line.endswith("against 24/21 13/7")]
    assert 1 <= len(factors) <= 5 and all(":" in line for line in factors)
    assert DRILL.grade(card, card.best).why == ()


def test_a_cube_answers_why_gives_the_proper_action_and_the_figures():
    card = first("take", played="Drops", best="Takes")
    graded = DRILL.grade(card, "pass")
    assert graded.why[0] == f"Proper cube action: {card.cube['proper']}"
    assert "the taker's view" in graded.why[1] and graded.why[-1].startswith("Drops loses")
    assert graded.equity_lost == card.equity_lost


def test_a_cube_answer_missing_from_the_alternatives_loses_what_the_figures_say():
    card = first("double", played="Roll", best="Doubles => 2")
    figures = card.cube
    without = type(card)(**{**card.__dict__, "alternatives": ()})
    lost = DRILL.grade(without, "no double").equity_lost
    assert lost == pytest.approx(min(figures["dt"], figures["dp"]) - figures["nd"], abs=1e-9)
    assert lost == pytest.approx(card.equity_lost, abs=1.5e-6)  # the figures are rounded; the loss was not
    assert DRILL.grade(without, "double").equity_lost == 0.0
