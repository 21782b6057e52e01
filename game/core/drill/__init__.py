"""Drills: cards made of a player's own mistakes, scheduled by FSRS, asked in sittings, by theme,
with statistics; stored in the library's file.  Game-agnostic: a game takes part through its
:class:`~game.core.capabilities.drill.Drill` ability (questions, grading, tags, variations).

The parts:

- :mod:`.settings`: :class:`DrillOptions` (threshold, retention, rating thresholds, variations)
  and :func:`rating_of`, the rating a loss earns;
- :mod:`.schedule`: the FSRS side (the ``fsrs`` package): a new card, an answer reviewed, the
  stored time stamps;
- :mod:`.cards`: :class:`Card` and :class:`Deck`, one game's cards in an open library: made
  from the library's decisions or from facts, read by player and theme, answered in one
  transaction;
- :mod:`.session`: :class:`DrillSession`, a sitting capped by cards or minutes, interleaving
  kinds, and :class:`Answered`;
- :mod:`.themes`: :data:`THEMES` and :func:`theme_tag`, themes by name;
- :mod:`.words`: the ratings and due dates in words (the window and the terminal);
- :mod:`.stats`: :class:`Stats`, retention, losses, streaks and each theme's weekly loss.
"""

from .cards import Card, Deck
from .session import Answered, DrillSession
from .settings import RATINGS, DrillOptions, rating_of
from .stats import Stats
from .themes import THEMES, theme_tag

__all__ = ["RATINGS", "THEMES", "Answered", "Card", "Deck", "DrillOptions", "DrillSession", "Stats", "rating_of",
           "theme_tag"]
