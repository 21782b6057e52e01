"""Cards in the library: the schedule round trip (answer, close, reopen: the due date FSRS
gives), the rating at each threshold, duplicates, variations, player and theme filters, and an
answer that fails leaving nothing written."""

from __future__ import annotations

import json
from datetime import timedelta

import fsrs
import pytest

from game.core.drill import THEMES, Deck, DrillOptions, rating_of, theme_tag
from game.core.library import open_library

from .stand_in import T0, facts, graded


def _fsrs_after(answers, retention=0.9):
    """The FSRS card after ``answers`` ((rating, time)) given to a new card, by fsrs alone."""
    scheduler = fsrs.Scheduler(desired_retention=retention, enable_fuzzing=False)
    card = fsrs.Card(card_id=1, due=T0)
    for rating, moment in answers:
        card, _ = scheduler.review_card(card, rating, moment)
    return card


def test_an_answer_survives_closing_and_its_due_date_is_fsrs(tmp_path, info):
    path = tmp_path / "library.sqlite3"
    with open_library(path) as library:
        deck = Deck(library, info)
        [card_id] = deck.add_facts([facts(1)], now=T0)
        card = deck.get(card_id)
        assert (card.state, card.reviews, card.due, card.parent) == ("new", 0, T0, None)
        after = deck.answer(card_id, "8/5 6/5", graded(0.02), "good", T0 + timedelta(minutes=1), duration_ms=4200)
    first = _fsrs_after([(fsrs.Rating.Good, T0 + timedelta(minutes=1))])
    assert after.due == first.due == T0 + timedelta(minutes=11)  # the second learning step: 10 minutes
    with open_library(path) as library:
        deck = Deck(library, info)
        card = deck.get(card_id)
        assert (card.state, card.reviews, card.due) == ("learning", 1, first.due)
        later = first.due + timedelta(hours=2)
        card = deck.answer(card_id, "13/10 6/5", graded(0.0), "easy", later)
        log = library.connection.execute(
            "SELECT answer, best, equity_lost, rating, first, duration_ms, log FROM card_reviews WHERE card = ?"
            " ORDER BY id", (card_id,)).fetchall()
    second = _fsrs_after([(fsrs.Rating.Good, T0 + timedelta(minutes=1)), (fsrs.Rating.Easy, later)])
    assert second.state == fsrs.State.Review and second.due - later >= timedelta(days=1)
    assert (card.state, card.reviews, card.due) == ("review", 2, second.due)
    assert [row[:6] for row in log] == [("8/5 6/5", "13/10 6/5", 0.02, "good", 1, 4200),
                                        ("13/10 6/5", "13/10 6/5", 0.0, "easy", 0, None)]
    logs = [fsrs.ReviewLog.from_json(row[6]) for row in log]
    assert [(entry.card_id, entry.rating, entry.review_datetime) for entry in logs] == [
        (card_id, fsrs.Rating.Good, T0 + timedelta(minutes=1)), (card_id, fsrs.Rating.Easy, later)]


def test_the_retention_knob_moves_the_due_date(deck):
    ids = deck.add_facts([facts(1), facts(2)], now=T0)
    day = timedelta(days=1)
    low = deck.answer(ids[0], "x", graded(0.0), "easy", T0 + day, options=DrillOptions(retention=0.8))
    high = deck.answer(ids[1], "x", graded(0.0), "easy", T0 + day, options=DrillOptions(retention=0.95))
    assert low.due == _fsrs_after([(fsrs.Rating.Easy, T0 + day)], 0.8).due
    assert high.due == _fsrs_after([(fsrs.Rating.Easy, T0 + day)], 0.95).due
    assert low.due > high.due


@pytest.mark.parametrize(("loss", "rating"), [
    (0.08, "again"), (0.0799999, "hard"), (0.5, "again"),
    (0.04, "hard"), (0.0399999, "good"),
    (0.01, "good"), (0.0099999, "easy"), (0.0, "easy")])
def test_the_rating_at_each_threshold(loss, rating):
    assert rating_of(loss, DrillOptions()) == rating


def test_a_loss_made_by_subtraction_is_at_the_threshold_and_settings_move_them():
    assert 0.58 - 0.5 < 0.08 and rating_of(0.58 - 0.5, DrillOptions()) == "again"
    strict = DrillOptions(again=0.04, hard=0.02, good=0.005)
    assert [rating_of(loss, strict) for loss in (0.04, 0.039, 0.02, 0.019, 0.005, 0.004)] == [
        "again", "hard", "hard", "good", "good", "easy"]


@pytest.mark.parametrize("knobs", [dict(again=0.02, hard=0.04), dict(good=0.05), dict(retention=1.0),
                                   dict(retention=0), dict(threshold=-0.1), dict(variations=-1),
                                   dict(hard=float("nan"))])
def test_options_out_of_order_or_range_are_refused(knobs):
    with pytest.raises(ValueError, match="drill's"):
        DrillOptions(**knobs)


def test_the_same_facts_make_one_card_and_variations_hang_from_their_card(deck):
    first = deck.add_facts([facts(1), facts(2, question="take")], now=T0)
    again = deck.add_facts([facts(2, question="take"), facts(1), facts(1, question="double")], now=T0)
    assert again[:2] == first[::-1] and again[2] not in first
    kids = deck.add_facts([facts(10), facts(11)], parent=first[0], now=T0)
    grandchild = deck.add_facts([facts(20)], parent=kids[0], now=T0)
    assert [card.id for card in deck.variations(first[0])] == kids
    assert deck.family([first[0]]) == sorted([first[0], *kids, *grandchild])
    assert deck.get(kids[0]).variation and not deck.get(first[0]).variation
    assert len(deck.cards()) == 6
    with pytest.raises(ValueError, match="a card of 'chess'"):
        from dataclasses import replace

        deck.add_facts([replace(facts(3), game="chess")])
    deck.library.connection.execute("DELETE FROM cards WHERE id = ?", (first[0],))
    assert [card.id for card in deck.cards()] == [first[1], again[2]]  # its variations went with it


def test_a_card_keeps_its_facts_whole(deck):
    made = facts(7, question="double", phase="race", best="Double, take")
    card = deck.get(deck.add_facts([made], now=T0)[0])
    assert card.facts == made and card.tags == ("double", "race", "no-hit")


def test_cards_are_picked_by_player_with_joined_names_and_by_theme(deck):
    deck.add_facts([facts(1, player="lasse", best="13/7*"), facts(2, player="Lasse", phase="race"),
                    facts(3, player="other", best="8/2*"), facts(4, player="lasse", question="take", phase="race")],
                   now=T0)
    mine = lambda **kw: [card.facts.position_id[-1] for card in deck.cards(**kw)]  # noqa: E731
    assert mine(player="lasse") == ["1", "4"]
    deck.library.alias("lasse", "Lasse")
    assert mine(player="lasse") == mine(player="Lasse") == ["1", "2", "4"]
    assert mine(theme="should-hit") == ["1", "3"] and mine(theme="hit") == ["1", "3"]
    assert mine(player="lasse", theme="race") == ["2", "4"]
    assert mine(player="lasse", theme="my-takes") == ["4"]
    assert mine(theme="makes-point") == []  # a known tag no card has yet
    with pytest.raises(ValueError, match="my-takes, my-doubles") as error:
        deck.cards(theme="hits")
    assert all(name in str(error.value) for name in THEMES)


def test_theme_names_map_to_the_games_tags():
    assert theme_tag("my-takes") == "take" and theme_tag("crashed") == "crashed"
    assert theme_tag("should-hit") == "hit" and theme_tag("should-not-hit") == "no-hit"
    assert theme_tag("double-pass") == "double-pass" and theme_tag("makes-5", ["makes-5", "race"]) == "makes-5"
    with pytest.raises(ValueError, match="unknown theme 'makes-5'"):
        theme_tag("makes-5")


def test_due_cards_come_most_overdue_first(deck):
    ids = [deck.add_facts([facts(n)], now=T0 + timedelta(minutes=10 - n))[0] for n in range(3)]
    assert [card.id for card in deck.due(T0 + timedelta(minutes=9))] == ids[::-1][:2]
    assert [card.id for card in deck.due(T0 + timedelta(minutes=10))] == ids[::-1]


def test_a_failed_answer_writes_nothing(deck):
    [card_id] = deck.add_facts([facts(1)], now=T0)
    before = deck.library.connection.execute("SELECT fsrs, state, due FROM cards").fetchall()
    with pytest.raises(ValueError, match="unknown rating"):
        deck.answer(card_id, "x", graded(0.1), "terrible", T0)
    with pytest.raises(KeyError):
        deck.answer(card_id + 1, "x", graded(0.1), "again", T0)
    assert deck.library.connection.execute("SELECT fsrs, state, due FROM cards").fetchall() == before
    assert deck.library.connection.execute("SELECT COUNT(*) FROM card_reviews").fetchone()[0] == 0
    assert json.loads(before[0][0])["card_id"] == card_id


def test_a_rebuild_keeps_the_cards_and_their_answers(tmp_path, info):
    from pathlib import Path

    from game.core.library.maintenance import rebuild
    from game.core.library.sources import read_file
    from game.games import all_games

    path = tmp_path / "library.sqlite3"
    match = Path(__file__).resolve().parents[2] / "data" / "matches" / "3pt-a.mat"
    with open_library(path) as library:
        library.add(read_file(match, all_games()))
        deck = Deck(library, info)
        ids = deck.add_facts([facts(1), facts(2)], now=T0)
        deck.add_facts([facts(3)], parent=ids[0], now=T0)
        deck.answer(ids[0], "x", graded(0.1), "again", T0)
        deck.answer(ids[0], "y", graded(0.0), "good", T0 + timedelta(minutes=2))
        cards = deck.cards()
        answers = library.connection.execute("SELECT * FROM card_reviews ORDER BY id").fetchall()
    done = rebuild(path, all_games())
    assert (done.matches, done.cards, done.lost) == (1, 3, [])
    with open_library(path) as library:
        assert Deck(library, info).cards() == cards and library.check() == []
        assert library.connection.execute("SELECT * FROM card_reviews ORDER BY id").fetchall() == answers
