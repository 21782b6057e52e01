"""Expectiminimax for dice games, with GNU Backgammon's move filtering.

An n-ply value of a move is the value of the position it leads to searched n plies deep:
at a chance node, the probability-weighted average over every outcome; at a decision node,
the mover's best child *by the mover's own value*, each child searched one ply less.  At
every decision node with plies left (the root included) all moves are first scored at 0 ply
in one batch and only the best ``keep`` within ``margin`` of the best are searched deeper,
as GNU Backgammon's ``MoveFilter`` does; the others are dropped (inside the tree) or ranked
after the deep candidates by their 0-ply value (at the root, see :func:`.base.rank`).
A sequence of filters gives one per decision depth (the root first, the last repeating),
as GNU Backgammon narrows its filters deeper in the tree.

**Root narrowing** (``root_filters``), GNU Backgammon's scheme for deep analyses: iterative
deepening picks each iteration's root candidates from the previous iteration's values
instead of the 0-ply ones — iteration 1 from the 0-ply values of every move, iteration
``k`` from the moves iteration ``k - 1`` searched, by their ``(k-1)``-ply values.  A move
dropped on the way keeps the value of the deepest iteration that searched it (and is
ranked after the deeper ones, see :func:`.base.rank`).  The expensive last ply is then
spent only on the moves that stay close at the ply before.

**A lone candidate** (``deepen_alone=False``): when the root filters leave one move (and no
``include``), the deeper iteration could change only that move's value, never the choice;
deepening then ends at the ply before, which spares a player the most expensive ply.

**A move searched regardless** (``include``): one root move joins the candidates of every
iteration whatever the filters say, so it is valued as deep as the best; the filters choose
the other candidates as if it were not there.  A review needs that: GNU Backgammon's
analysis searches the move made to the full depth, and a played move the filter drops
could otherwise be compared with the best only at 0 ply.

Speed comes from batching: a chance node expands every outcome's moves and evaluates all
of them in one call.  A game can batch further (``deep``): where every decision below the
root keeps only its best move at 0 ply (the filters' ``keep`` is 1, or one ply is searched),
the tree below each root candidate is fixed by the 0-ply values alone, and the game may
value all the candidates' trees at once, a ply at a time, in arrays (backgammon's
:mod:`game.backgammon.analysis.lookahead`).  ``deep(states, plies, count)`` gives
``(values, details)`` for player 0, as a valuer does, the states searched ``plies`` deep,
calling ``count(n)`` for the states it generates (so limits and cancellation hold).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from ..protocol import CHANCE, Rules
from .base import Evaluate, Limits, NothingToDeepen, ScoredMove, Search, SearchResult, Valuer

Deep = Callable[[Sequence[Any], int, Callable[[int], None]], tuple[np.ndarray, np.ndarray]]
"""``deep(states, plies, count) -> (values, details)``: the states searched ``plies`` deep with
each decision below them its best move at 0 ply, for player 0 (see the module doc)."""


@dataclass(frozen=True)
class MoveFilter:
    """Search deeper only the best ``keep`` moves whose 0-ply value is within ``margin`` of the best.

    ``keep=None`` keeps any number.  ``margin`` is in the evaluator's units; GNU Backgammon's
    usual filter for equity is ``MoveFilter(8, 0.16)``.  The best move is always kept.
    """

    keep: int | None = None
    margin: float = float("inf")

    def select(self, values: np.ndarray) -> np.ndarray:
        """Indices of the kept moves, best first (ties in the given order)."""
        order = np.argsort(-values, kind="stable")
        if self.keep is not None:
            order = order[: max(self.keep, 1)]
        return order[values[order] >= values[order[0]] - self.margin]


NO_FILTER = MoveFilter()
"""Search every move: exact expectiminimax."""


class Expectiminimax(Search):
    """Values are ``(players,)`` vectors, so each decision is the mover's own best."""

    def __init__(self, rules: Rules, state: Any, evaluate: Evaluate | None,
                 move_filter: MoveFilter | Sequence[MoveFilter], limits: Limits | None, result_scale: float,
                 root_filters: Sequence[MoveFilter] | None = None, valuer: Valuer | None = None,
                 include: Any = None, deep: Deep | None = None, deepen_alone: bool = True):
        super().__init__(rules, state, evaluate, limits, result_scale, valuer)
        self.include = include
        self.deep = deep
        self.deepen_alone = deepen_alone
        self.filters = (move_filter,) if isinstance(move_filter, MoveFilter) else tuple(move_filter)
        self.root_filters = None if root_filters is None else tuple(root_filters)
        self.total = 0
        self.previous: list[ScoredMove] | None = None
        self.chosen: np.ndarray | None = None
        """The root filters' last choice (without the ``include`` move)."""

    def filter_at(self, depth: int) -> MoveFilter:
        """The filter for decisions ``depth`` decisions below the root (the root is 0)."""
        return self.filters[min(depth, len(self.filters) - 1)]

    def candidates(self, plies: int) -> np.ndarray:
        """Indices (into :attr:`children`) of the root moves to search ``plies`` deep: the
        filters' choice, then the ``include`` move (which never takes another's place)."""
        if self.root_filters is None:
            chosen = self.filter_at(0).select(self.static)
        else:
            root_filter = self.root_filters[min(plies - 1, len(self.root_filters) - 1)]
            if self.chosen is None:
                chosen = root_filter.select(self.static)
            else:
                assert self.previous is not None  # the iteration that chose kept its scores
                values = np.array([self.previous[i].value for i in self.chosen])
                chosen = self.chosen[root_filter.select(values)]
            self.chosen = chosen
        index = self.include_index
        return chosen if index is None or index in chosen else np.append(chosen, index)

    @cached_property
    def include_index(self) -> int | None:
        """The ``include`` move's index in :attr:`children` (None without one); a
        ``ValueError`` when it is not a legal root move."""
        if self.include is None:
            return None
        index = next((i for i, (move, _) in enumerate(self.children) if move == self.include), None)
        if index is None:
            raise ValueError(f"the move to include, {self.include!r}, is not legal here")
        return index

    def iteration(self, plies: int) -> list[ScoredMove]:
        self.total = plies
        before = self.previous or self.shallow()  # children order
        scored = list(before) if self.root_filters is not None else self.shallow()
        candidates = self.candidates(plies)
        if len(candidates) == 1 and plies > 1 and not self.deepen_alone:
            raise NothingToDeepen
        rows = self.deep_rows(candidates, plies)
        for k, i in enumerate(candidates):
            move, after = self.children[i]
            row = self.value(after, plies) if rows is None else rows[k]
            shallower = before[i].shallower + (before[i].value,) if before[i].plies == plies - 1 else ()
            scored[i] = ScoredMove(move, after, float(row[self.mover]), plies,
                                   details=tuple(row[self.players:]), shallower=shallower)
        self.previous = scored
        return scored

    def deep_rows(self, candidates: np.ndarray, plies: int) -> np.ndarray | None:
        """The candidates' rows (as :meth:`value` gives them) from the game's ``deep``, or
        ``None`` where it does not apply (no ``deep``, or a filter below the root keeps more
        than one move)."""
        if self.deep is None or any(self.filter_at(d).keep != 1 for d in range(1, plies)):
            return None
        values, details = self.deep([self.children[i][1] for i in candidates], plies, self.count)
        columns = [values, -values] + ([np.reshape(details, (len(values), -1))] if self.valuer is not None else [])
        return np.column_stack(columns)

    def value(self, state: Any, plies: int) -> np.ndarray:
        """``state`` searched ``plies`` deep, for every player."""
        if plies == 0 or self.rules.is_over(state):
            return self.matrix([state])[0]
        mover = self.rules.to_move(state)
        if mover == CHANCE:
            return self.chance(state, plies)
        children = self.expand(state)
        return self.decide(mover, children, self.matrix([a for _, a in children]), plies)

    def chance(self, state: Any, plies: int) -> np.ndarray:
        """Average over the outcomes; every outcome's moves are valued in one batch."""
        outcomes = self.rules.chance_outcomes(state)
        self.count(len(outcomes))
        nodes = [self.rules.apply(state, outcome) for outcome, _ in outcomes]
        groups = [
            None if self.rules.is_over(node) or self.rules.to_move(node) == CHANCE else self.expand(node)
            for node in nodes
        ]
        static = self.matrix([after for group in groups if group for _, after in group])
        total: np.ndarray | float = 0.0
        start = 0
        for (_, probability), node, group in zip(outcomes, nodes, groups):
            if group is None:
                total += probability * self.value(node, plies)
            else:
                end = start + len(group)
                total += probability * self.decide(self.rules.to_move(node), group, static[start:end], plies)
                start = end
        assert isinstance(total, np.ndarray)  # a chance node has outcomes
        return total

    def decide(self, mover: int, children: list[tuple[Any, Any]], static: np.ndarray, plies: int) -> np.ndarray:
        """The mover's best child searched ``plies - 1`` deep, among the filter's candidates."""
        if plies == 1:
            return static[int(np.argmax(static[:, mover]))]
        best = None
        # Generator order, so ties between equally good replies break the same way everywhere.
        for i in sorted(self.filter_at(self.total - plies + 1).select(static[:, mover])):
            value = self.value(children[i][1], plies - 1)
            if best is None or value[mover] > best[mover]:
                best = value
        assert best is not None  # the filter keeps the best move at least
        return best


def expectiminimax(rules: Rules, state: Any, evaluate: Evaluate | None = None, plies: int = 1, *,
                   move_filter: MoveFilter | Sequence[MoveFilter] = NO_FILTER, limits: Limits | None = None,
                   result_scale: float = 1.0, root_filters: Sequence[MoveFilter] | None = None,
                   valuer: Valuer | None = None, include: Any = None, deep: Deep | None = None,
                   deepen_alone: bool = True) -> SearchResult:
    """Every legal move at ``state`` (a decision node: roll first), ranked for the mover.

    Candidates the filter keeps carry their ``plies``-ply value (``plies`` set on them), the
    others their 0-ply value (``plies == 0``).  With :data:`NO_FILTER` this is exact
    depth-limited expectiminimax.  Works for deterministic games too (no chance nodes).
    ``root_filters`` (one per iteration, the last repeating) narrows the root candidates
    from one iteration to the next (see the module doc); the root entry of ``move_filter``
    is then unused.  A ``valuer`` replaces ``evaluate`` to carry details (see :mod:`.base`).
    ``include``, a legal root move, is searched ``plies`` deep whatever the filters say.
    ``deep`` values the candidates' trees in one batch where it applies; without
    ``deepen_alone`` a lone root candidate ends the deepening (see the module doc).
    """
    return Expectiminimax(rules, state, evaluate, move_filter, limits, result_scale, root_filters, valuer,
                          include, deep, deepen_alone).run(plies)
