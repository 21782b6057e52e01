"""A drill's figures in words, for the window and the terminal alike: the ratings' names and
when a card comes due again."""

from __future__ import annotations

from datetime import datetime

RATING_WORDS = {"again": "Again", "hard": "Hard", "good": "Good", "easy": "Easy"}
"""Each rating (:data:`~.settings.RATINGS`) as a player reads it."""


def due_words(due: datetime, now: datetime) -> str:
    """When a card is due again, as a player says it: "now", "in a minute", "in 10 minutes",
    "in 5 hours", "tomorrow", "in 12 days", "in 3 months"."""
    seconds = max(0.0, (due - now).total_seconds())
    if seconds < 30:
        return "now"
    if seconds < 90:
        return "in a minute"
    if seconds < 3600:
        return f"in {round(seconds / 60)} minutes"
    if seconds < 86400 * 0.75:
        hours = round(seconds / 3600)
        return f"in {hours} hour{'s' * (hours != 1)}"
    days = round(seconds / 86400)
    if days <= 1:
        return "tomorrow"
    if days < 60:
        return f"in {days} days"
    return f"in {round(days / 30)} months"
