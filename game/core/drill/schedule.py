"""The FSRS side of a card, through the ``fsrs`` package's documented API: a new card, one
answer reviewed, the states' names, and the time stamps the library stores.

The scheduler has no fuzz, so a card's answers replayed give the same schedule; a card's FSRS
state is :meth:`fsrs.Card.to_json`, each answer's log :meth:`fsrs.ReviewLog.to_json`.
"""

from __future__ import annotations

from datetime import datetime, timezone

import fsrs

RATING = {"again": fsrs.Rating.Again, "hard": fsrs.Rating.Hard, "good": fsrs.Rating.Good, "easy": fsrs.Rating.Easy}
"""A rating's name -> FSRS's rating."""

STATES = {fsrs.State.Learning: "learning", fsrs.State.Review: "review", fsrs.State.Relearning: "relearning"}
"""FSRS's state -> the name a card's ``state`` holds (``"new"`` before its first answer)."""

NEW = "new"


def scheduler(retention: float) -> fsrs.Scheduler:
    """The scheduler for ``retention`` (FSRS's default parameters and learning steps, no fuzz)."""
    return fsrs.Scheduler(desired_retention=retention, enable_fuzzing=False)


def new_card(card_id: int, now: datetime) -> fsrs.Card:
    """A card never answered, due at ``now``."""
    return fsrs.Card(card_id=card_id, due=utc(now))


def review(card_json: str, rating: str, now: datetime, retention: float,
           duration_ms: int | None = None) -> tuple[fsrs.Card, fsrs.ReviewLog]:
    """The FSRS card stored as ``card_json`` answered with ``rating`` at ``now``: the card after,
    and the answer's log."""
    if rating not in RATING:
        raise ValueError(f"unknown rating {rating!r}: one of {', '.join(RATING)}")
    return scheduler(retention).review_card(fsrs.Card.from_json(card_json), RATING[rating], utc(now), duration_ms)


def utc(moment: datetime) -> datetime:
    """``moment`` in UTC (FSRS asks for UTC); ``ValueError`` for a naive time."""
    if moment.tzinfo is None:
        raise ValueError("a drill's times must be aware (UTC), not naive")
    return moment.astimezone(timezone.utc)


def stamp(moment: datetime) -> str:
    """``moment`` as the library stores it: UTC to the microsecond, one width (sorts as text)."""
    return utc(moment).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse(text: str) -> datetime:
    """A stored stamp back as an aware UTC time."""
    return datetime.fromisoformat(text).astimezone(timezone.utc)
