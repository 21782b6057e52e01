"""A deck's statistics (:class:`Stats`): cards due, retention, the loss on first answers against
later ones, the streak, the variations, and each theme's loss week by week (for a chart).

Computed from the cards and their logged answers (:func:`stats_of`), so they hold for any
history, hand-made ones included.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .schedule import NEW, utc

CardRow = tuple[int, datetime, str, "int | None", tuple[str, ...]]
"""A card as the statistics need it: ``(id, due, state, parent, tags)``."""

AnswerRow = tuple[int, datetime, float, str, bool]
"""An answer as the statistics need it: ``(card, answered, equity lost, rating, first)``."""


@dataclass(frozen=True)
class Stats:
    """What a player's drilling shows:

    - ``cards``, ``due`` (at the time asked), ``new`` (never answered);
    - ``retention``: the share of answers not rated Again among the answers to cards seen before;
    - ``first_loss``, ``later_loss``: the mean equity lost on first answers and on later ones;
    - ``streak``, ``best_streak``: answers in a row not rated Again (the current run, the longest);
    - ``variations``: cards that are variations of another;
    - ``by_theme``: tag -> ``[(ISO week such as "2026-W48", mean loss, answers)]``, weeks in order.

    A figure of no answers is ``None``."""

    cards: int
    due: int
    new: int
    retention: float | None
    first_loss: float | None
    later_loss: float | None
    streak: int
    best_streak: int
    variations: int
    by_theme: dict[str, list[tuple[str, float, int]]]

    def as_json(self) -> dict[str, Any]:
        return {"cards": self.cards, "due": self.due, "new": self.new, "retention": self.retention,
                "first_loss": self.first_loss, "later_loss": self.later_loss, "streak": self.streak,
                "best_streak": self.best_streak, "variations": self.variations,
                "by_theme": {tag: [{"week": week, "loss": loss, "answers": count} for week, loss, count in weeks]
                             for tag, weeks in self.by_theme.items()}}


def iso_week(moment: datetime) -> str:
    """The ISO week of ``moment`` (UTC) as ``2026-W48``."""
    year, week, _ = utc(moment).isocalendar()
    return f"{year}-W{week:02d}"


def stats_of(cards: Sequence[CardRow], answers: Sequence[AnswerRow], now: datetime) -> Stats:
    """The statistics of ``cards`` and their ``answers`` (oldest first) at ``now``."""
    now = utc(now)
    tags = {card_id: card_tags for card_id, _, _, _, card_tags in cards}
    first = [lost for _, _, lost, _, is_first in answers if is_first]
    later = [(lost, rating) for _, _, lost, rating, is_first in answers if not is_first]
    streak = best = 0
    for *_, rating, _ in answers:
        streak = 0 if rating == "again" else streak + 1
        best = max(best, streak)
    weeks: dict[str, dict[str, list[float]]] = {}
    for card, answered, lost, _, _ in answers:
        week = iso_week(answered)
        for tag in tags.get(card, ()):
            weeks.setdefault(tag, {}).setdefault(week, []).append(lost)
    return Stats(
        cards=len(cards), due=sum(due <= now for _, due, _, _, _ in cards),
        new=sum(state == NEW for _, _, state, _, _ in cards),
        retention=_mean([rating != "again" for _, rating in later]), first_loss=_mean(first),
        later_loss=_mean([lost for lost, _ in later]), streak=streak, best_streak=best,
        variations=sum(parent is not None for _, _, _, parent, _ in cards),
        by_theme={tag: [(week, sum(losses) / len(losses), len(losses)) for week, losses in sorted(found.items())]
                  for tag, found in sorted(weeks.items())})


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None
