"""A sitting (:class:`DrillSession`): the due cards asked one by one, most overdue first but
interleaved, capped by a number of answers or by minutes (never by a daily count).

Interleaving: the next card is the most overdue one that differs from the card just asked in
both its question and its phase, else in one of them, else the most overdue.  A card failed
comes back when FSRS makes it due again (its learning steps: minutes); when nothing else is due,
a card in its learning steps due within :data:`LEARN_AHEAD` is asked early rather than ending
the sitting, as Anki does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from ..capabilities.drill import Graded
from .cards import Card, Deck
from .schedule import utc
from .settings import DrillOptions, rating_of

LEARN_AHEAD = timedelta(minutes=20)
"""How early a card in its learning steps is asked when no other card is due."""

LEARNING = ("learning", "relearning")


@dataclass(frozen=True)
class Answered:
    """An answer given in a session: the card after it, the answer, its grading, its rating,
    the card's next due date, and whether it ``failed`` (rated Again)."""

    card: Card
    answer: str
    graded: Graded
    rating: str
    due: datetime
    failed: bool


class DrillSession:
    """A sitting over ``deck``: ``player``'s cards (``None``: everyone's) on ``theme``, or only
    ``card_ids`` and the variations made of them (asked even before they are due, once each,
    as a player asked for them).  It ends after ``cards`` answers or ``minutes`` (whichever
    comes first; neither: when nothing is due).  ``clock`` gives the time (aware UTC; default
    the system's), for tests."""

    def __init__(self, deck: Deck, options: DrillOptions, player: str | None, theme: str | None = None,
                 cards: int | None = None, minutes: float | None = None, clock: Callable[[], datetime] | None = None,
                 card_ids: Sequence[int] | None = None) -> None:
        if cards is not None and cards < 1:
            raise ValueError(f"a session of {cards} cards asks nothing")
        if minutes is not None and not minutes > 0:
            raise ValueError(f"a session of {minutes} minutes asks nothing")
        self.deck, self.options, self.player = deck, options, player
        self.theme = None if theme is None else deck.theme(theme)
        self.cap_cards, self.cap_minutes = cards, minutes
        self.clock = clock or (lambda: datetime.now(timezone.utc))
        self.card_ids = None if card_ids is None else tuple(card_ids)
        self.started = utc(self.clock())
        self.answers: list[Answered] = []
        self._asked: set[int] = set()
        self._last: Card | None = None

    @property
    def over(self) -> bool:
        """The cap is reached (answers or minutes)."""
        if self.cap_cards is not None and len(self.answers) >= self.cap_cards:
            return True
        return self.cap_minutes is not None and utc(self.clock()) - self.started >= timedelta(minutes=self.cap_minutes)

    def next(self) -> Card | None:
        """The card to ask now; ``None`` when the cap is reached or nothing is due."""
        if self.over:
            return None
        now = utc(self.clock())
        waiting = self._candidates(now)
        if not waiting:
            waiting = [card for card in self._candidates(now + LEARN_AHEAD) if card.state in LEARNING]
        if not waiting:
            return None
        card = _interleaved(waiting, self._last)
        self._last = card
        return card

    def _candidates(self, when: datetime) -> list[Card]:
        """The session's cards due at ``when``, most overdue first; with ``card_ids``, those not
        yet asked in this session too."""
        due = self.deck.due(when, self.player, self.theme)
        if self.card_ids is None:
            return due
        family = set(self.deck.family(self.card_ids))
        due = [card for card in due if card.id in family]
        waiting = {card.id for card in due}
        unasked = [self.deck.get(card_id) for card_id in sorted(family - waiting - self._asked)]
        return sorted(due + unasked, key=lambda card: (card.due, card.id))

    def answered(self, card: Card, answer: str, graded: Graded, duration_ms: int | None = None) -> Answered:
        """``card`` answered ``answer`` (graded ``graded``): rated by the options, scheduled
        and logged (:meth:`Deck.answer`); it counts toward the cap."""
        rating = rating_of(graded.equity_lost, self.options)
        after = self.deck.answer(card.id, answer, graded, rating, utc(self.clock()), duration_ms, self.options)
        self._asked.add(card.id)
        done = Answered(after, answer, graded, rating, after.due, rating == "again")
        self.answers.append(done)
        return done


def _interleaved(waiting: list[Card], last: Card | None) -> Card:
    """The most overdue of ``waiting`` that differs from ``last`` in question and phase, else in
    either, else the most overdue (never ``last`` itself while another waits)."""
    if last is None:
        return waiting[0]
    others = [card for card in waiting if card.id != last.id] or waiting
    for differs in (lambda c: c.facts.question != last.facts.question and c.facts.phase != last.facts.phase,
                    lambda c: c.facts.question != last.facts.question or c.facts.phase != last.facts.phase):
        for card in others:
            if differs(card):
                return card
    return others[0]
