"""A whole game reviewed: every decision analysed, marked and totalled, kept and reported.

- :mod:`.run`: :func:`~.run.review` and :class:`~.run.ReviewPlan` (the record walked once,
  the decisions to review), the cached review of a file;
- :mod:`.plain`: how a game without a review of its own is reviewed, and the marks;
- :mod:`.report`: the frozen records a review produces (``Decision``, ``Report``);
- :mod:`.totals`: each player's totals, of a game or a match;
- :mod:`.cache`: the ``<file>.review`` cache, keyed and checked;
- :mod:`.html` and :mod:`.html_graph`: the review as one HTML page.

A game's own part of a review is its :class:`~game.core.capabilities.Review`.
"""
