"""A sitting: most overdue first but interleaved by question and phase, capped by cards or by
minutes, a failed card asked again when FSRS makes it due, one game's cards asked on demand,
a theme."""

from __future__ import annotations

from datetime import timedelta

import pytest

from game.core.drill import DrillOptions, DrillSession

from .stand_in import T0, facts, graded


class Clock:
    """A clock the test moves."""

    def __init__(self, now=T0) -> None:
        self.now = now

    def __call__(self):
        return self.now

    def wait(self, **delta) -> None:
        self.now += timedelta(**delta)


def _kinds(deck, spec):
    """Cards of ``spec`` ((name, question, phase)), each a minute more overdue than the next."""
    made = {}
    for n, (name, question, phase) in enumerate(spec):
        made[name] = deck.add_facts([facts(n, question=question, phase=phase)], now=T0 + timedelta(minutes=n))[0]
    return made


def _sit(session, loss=0.0, limit=50):
    """The cards a session asks, each answered losing ``loss``, by id."""
    asked = []
    while (card := session.next()) is not None and len(asked) < limit:
        session.answered(card, "x", graded(loss))
        asked.append(card.id)
    return asked


SPEC = [("A", "chequer", "contact"), ("B", "chequer", "contact"), ("C", "chequer", "contact"),
        ("D", "take", "race"), ("E", "take", "race"), ("F", "double", "contact")]


def test_cards_come_most_overdue_first_but_interleaved(deck):
    ids = _kinds(deck, SPEC)
    name = {card_id: key for key, card_id in ids.items()}
    session = DrillSession(deck, DrillOptions(), None, clock=Clock(T0 + timedelta(days=1)))
    assert [name[card_id] for card_id in _sit(session)] == list("ADBECF")
    assert [answer.rating for answer in session.answers] == ["easy"] * 6


def test_one_kind_alone_comes_in_due_order(deck):
    ids = _kinds(deck, SPEC[:3])
    session = DrillSession(deck, DrillOptions(), None, clock=Clock(T0 + timedelta(days=1)))
    assert _sit(session) == [ids["A"], ids["B"], ids["C"]]


def test_a_session_capped_by_cards_stops_with_cards_still_due(deck):
    _kinds(deck, SPEC)
    clock = Clock(T0 + timedelta(days=1))
    session = DrillSession(deck, DrillOptions(), None, cards=4, clock=clock)
    assert len(_sit(session)) == 4 and session.over
    assert len(deck.due(clock())) == 2


def test_a_session_capped_by_minutes_stops_when_they_are_spent(deck):
    _kinds(deck, SPEC)
    clock = Clock(T0 + timedelta(days=1))
    session = DrillSession(deck, DrillOptions(), None, minutes=10, clock=clock)
    asked = []
    while (card := session.next()) is not None:
        clock.wait(minutes=4)  # each answer takes four minutes
        session.answered(card, "x", graded(0.0))
        asked.append(card.id)
    assert len(asked) == 3  # answered at 4, 8 and 12 minutes: the third began inside the ten
    assert len(deck.due(clock())) == 3


def test_a_failed_card_comes_back_when_fsrs_makes_it_due(deck):
    ids = _kinds(deck, [("X", "chequer", "contact"), ("Y", "take", "race")])
    clock = Clock(T0 + timedelta(days=1))
    session = DrillSession(deck, DrillOptions(), "me", clock=clock)
    card = session.next()
    assert card.id == ids["X"]
    failed = session.answered(card, "x", graded(0.12))
    assert failed.failed and failed.rating == "again" and failed.due == clock() + timedelta(minutes=1)
    assert failed.card.state == "learning" and failed.card.reviews == 1
    clock.wait(seconds=20)
    card = session.next()
    assert card.id == ids["Y"]  # X is not due yet; Y is
    session.answered(card, "x", graded(0.0))
    clock.wait(seconds=20)
    # nothing due: X, in its learning steps and due within minutes, is asked early
    assert session.next().id == ids["X"]
    good = session.answered(deck.get(ids["X"]), "x", graded(0.02))
    assert good.rating == "good" and good.due == clock() + timedelta(minutes=10)
    clock.wait(minutes=11)
    assert session.next().id == ids["X"]  # due again
    done = session.answered(deck.get(ids["X"]), "x", graded(0.02))
    assert done.card.state == "review" and done.due - clock() >= timedelta(days=1)
    assert session.next() is None
    assert [answer.card.id for answer in session.answers] == [ids["X"], ids["Y"], ids["X"], ids["X"]]


def test_the_cards_asked_for_are_asked_even_before_they_are_due_with_their_variations(deck):
    ids = _kinds(deck, SPEC)
    clock = Clock(T0 + timedelta(days=1))
    DrillSession(deck, DrillOptions(), None, clock=clock).answered(deck.get(ids["A"]), "x", graded(0.0))
    assert deck.get(ids["A"]).due > clock() + timedelta(hours=12)
    session = DrillSession(deck, DrillOptions(), None, clock=clock, card_ids=[ids["A"], ids["D"]])
    first = session.next()
    assert first.id == ids["D"]  # due, and the more overdue
    answered = session.answered(first, "x", graded(0.2))
    assert answered.failed
    [variation] = deck.add_facts([facts(99, question="take", phase="bearoff")], parent=ids["D"], now=clock())
    assert _sit(session, loss=0.0) == [ids["A"], variation, ids["D"]]  # D again once it is due (early)
    assert session.next() is None


def test_a_theme_asks_only_its_cards(deck):
    deck.add_facts([facts(1, best="13/7*"), facts(2), facts(3, best="8/2*", phase="race")], now=T0)
    session = DrillSession(deck, DrillOptions(), None, theme="should-hit", clock=Clock(T0 + timedelta(hours=1)))
    assert [deck.get(card_id).facts.best for card_id in _sit(session)] == ["13/7*", "8/2*"]
    with pytest.raises(ValueError, match="unknown theme"):
        DrillSession(deck, DrillOptions(), None, theme="nonsense")


def test_the_options_rate_the_answers(deck):
    _kinds(deck, SPEC[:2])
    session = DrillSession(deck, DrillOptions(again=0.03, hard=0.02, good=0.01), None,
                           clock=Clock(T0 + timedelta(days=1)))
    first = session.answered(session.next(), "x", graded(0.035))
    assert (first.rating, first.failed) == ("again", True)
    second = session.answered(session.next(), "x", graded(0.025))
    assert (second.rating, second.failed) == ("hard", False)


def test_a_session_of_nothing_is_refused(deck):
    with pytest.raises(ValueError):
        DrillSession(deck, DrillOptions(), None, cards=0)
    with pytest.raises(ValueError):
        DrillSession(deck, DrillOptions(), None, minutes=0)
