"""The statistics on a hand-made history of answers, every figure worked out by hand."""

from __future__ import annotations

from datetime import timedelta

import pytest

from game.core.drill.stats import iso_week, stats_of

from .stand_in import T0, facts, graded

DAY = timedelta(days=1)

# (card, days after T0, loss, rating): T0 is Monday of ISO week 2026-W48; day 7 is in W49
HISTORY = [("one", 0, 0.10, "again"), ("two", 0.1, 0.02, "good"), ("one", 0.2, 0.05, "hard"),
           ("one", 7, 0.00, "easy"), ("var", 7.1, 0.09, "again"), ("two", 7.2, 0.09, "again"),
           ("one", 7.3, 0.01, "good")]


@pytest.fixture
def history(deck):
    one, two, _ = deck.add_facts([facts(1, best="13/7*"), facts(2, question="take", phase="race"),
                                  facts(3, phase="race")], now=T0 - DAY)
    [var] = deck.add_facts([facts(4, best="8/4*")], parent=one, now=T0 - DAY)
    ids = {"one": one, "two": two, "var": var}
    for card, days, loss, rating in HISTORY:
        deck.answer(ids[card], "x", graded(loss), rating, T0 + days * DAY)
    return ids


def test_the_figures_of_a_hand_made_history(deck, history):
    now = T0 + 8 * DAY
    stats = deck.stats(now)
    due = [card.id for card in deck.cards() if card.due <= now]
    assert (stats.cards, stats.new, stats.variations, stats.due) == (4, 1, 1, len(due))
    # first answers: one 0.10, two 0.02, var 0.09; later: one 0.05, 0.00, 0.01 and two 0.09
    assert stats.first_loss == pytest.approx((0.10 + 0.02 + 0.09) / 3)
    assert stats.later_loss == pytest.approx((0.05 + 0.00 + 0.09 + 0.01) / 4)
    assert stats.retention == pytest.approx(3 / 4)  # later answers: hard, easy, again, good
    # in time order: again, good, hard, easy, again, again, good
    assert (stats.streak, stats.best_streak) == (1, 3)
    by = stats.by_theme
    assert sorted(by) == ["chequer", "contact", "hit", "no-hit", "race", "take"]
    assert by["chequer"] == [("2026-W48", pytest.approx(0.075), 2), ("2026-W49", pytest.approx(0.1 / 3), 3)]
    assert by["take"] == by["race"] == by["no-hit"] == [("2026-W48", 0.02, 1), ("2026-W49", 0.09, 1)]
    assert stats.as_json()["by_theme"]["take"] == [{"week": "2026-W48", "loss": 0.02, "answers": 1},
                                                   {"week": "2026-W49", "loss": 0.09, "answers": 1}]


def test_the_figures_of_a_player_or_a_theme_and_of_no_answers(deck, history):
    race = deck.stats(T0 + 8 * DAY, theme="race")
    assert (race.cards, race.new, race.first_loss, race.later_loss, race.retention) == (2, 1, 0.02, 0.09, 0.0)
    assert (race.streak, race.best_streak) == (0, 1)
    nobody = deck.stats(T0, player="nobody")
    assert (nobody.cards, nobody.retention, nobody.first_loss, nobody.streak, nobody.by_theme) == (0, None, None, 0, {})
    assert nobody.as_json()["retention"] is None


def test_iso_weeks_turn_at_monday_and_at_the_year():
    assert iso_week(T0) == "2026-W48" and iso_week(T0 - timedelta(hours=9, seconds=1)) == "2026-W47"
    assert stats_of([], [], T0).cards == 0
    from datetime import datetime, timezone

    assert iso_week(datetime(2027, 1, 1, tzinfo=timezone.utc)) == "2026-W53"
