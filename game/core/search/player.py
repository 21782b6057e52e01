"""A computer player made of a search, an evaluator, limits and (for weaker levels) noise."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..players import Player
from ..protocol import Rules
from .base import Evaluate, Limits, SearchResult, add_noise

SearchFunction = Callable[..., SearchResult]
"""``search(rules, state, evaluate, *, limits, **options)``: :func:`greedy`, :func:`expectiminimax`..."""


class _EitherEvent(threading.Event):
    """Set while any of ``events`` is (the search only asks :meth:`is_set`)."""

    def __init__(self, *events: threading.Event) -> None:
        super().__init__()
        self.events = events

    def is_set(self) -> bool:
        return any(event.is_set() for event in self.events)


class SearchPlayer(Player):
    """Plays the top move of ``search(rules, state, evaluate, limits=limits, **options)``.

    ``noise`` (standard deviation, in the evaluator's units) is added to every move's value
    before choosing, from a generator seeded with ``seed``, so a weaker level's games replay
    exactly.  A forced move is played without searching.  :attr:`last` keeps the last
    search's result (for a "why" display); cancellation (the event given to
    :meth:`choose_until`, or ``limits.cancel``) raises :class:`~.base.SearchCancelled`.
    """

    def __init__(self, search: SearchFunction, evaluate: Evaluate, *, name: str = "search",
                 limits: Limits | None = None, noise: float = 0.0, seed: int | None = None,
                 **options: Any) -> None:
        self.search = search
        self.evaluate = evaluate
        self.name = name
        self.limits = limits
        self.noise = noise
        self.options = options
        self.rng = random.Random(seed)
        self.last: SearchResult | None = None

    def choose(self, rules: Rules, state: Any) -> Any:
        return self.choose_until(rules, state, threading.Event())

    def choose_until(self, rules: Rules, state: Any, cancel: threading.Event) -> Any:
        moves = rules.legal_moves(state)
        if len(moves) == 1:
            self.last = None
            return moves[0]
        own = self.limits or Limits()
        limits = replace(own, cancel=_EitherEvent(cancel, own.cancel))
        self.last = self.search(rules, state, self.evaluate, limits=limits, **self.options)
        return add_noise(self.last.moves, self.noise, self.rng)[0].move
