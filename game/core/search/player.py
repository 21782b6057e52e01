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


class _CallCancel(threading.Event):
    """One :meth:`SearchPlayer.choose` call's cancel event; also set while the player's own
    ``limits.cancel`` is (the search only asks :meth:`is_set`)."""

    def __init__(self, outer: threading.Event | None) -> None:
        super().__init__()
        self.outer = outer

    def is_set(self) -> bool:
        return super().is_set() or (self.outer is not None and self.outer.is_set())


class SearchPlayer(Player):
    """Plays the top move of ``search(rules, state, evaluate, limits=limits, **options)``.

    ``noise`` (standard deviation, in the evaluator's units) is added to every move's value
    before choosing, from a generator seeded with ``seed``, so a weaker level's games replay
    exactly.  A forced move is played without searching.  :attr:`last` keeps the last
    search's result (for a "why" display); cancellation (:meth:`cancel`, or ``limits.cancel``)
    raises :class:`~.base.SearchCancelled` out of :meth:`choose`.
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
        self._cancel = threading.Event()

    def choose(self, rules: Rules, state: Any) -> Any:
        moves = rules.legal_moves(state)
        if len(moves) == 1:
            self.last = None
            return moves[0]
        # Each call gets its own cancel event, so cancelling it never touches a later call.
        self._cancel = cancel = _CallCancel(self.limits.cancel if self.limits else None)
        limits = replace(self.limits or Limits(), cancel=cancel)
        self.last = self.search(rules, state, self.evaluate, limits=limits, **self.options)
        return add_noise(self.last.moves, self.noise, self.rng)[0].move

    def cancel(self) -> None:
        self._cancel.set()
