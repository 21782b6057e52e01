"""What every search shares: the evaluator contract, results, limits, noise and greedy 1-ply.

**Values.**  An evaluator is ``evaluate(states, player) -> np.ndarray``: one float per state,
the state's worth *for* ``player``, higher is better, on an interval scale (differences
and averages mean something) in the units of the game's results: expected points or
equity; a win probability ``p`` enters as ``2p - 1``.  It is called on batches (every
child of a node at once) and only on unfinished states, chance nodes included; the search
values a finished state itself as ``rules.result(state)[player] * result_scale``, so
``result_scale`` converts result points into the evaluator's units (1 for equity,
e.g. 10000 for a centipawn evaluator).  For two-player games the expectiminimax search
calls ``evaluate(states, 0)`` and takes player 1's value as its negation, as the protocol's
results are zero-sum; games with more players are asked about each player.

**Plies** count the decisions looked at *after* the move being scored (GNU Backgammon's
numbering): 0 evaluates the position each move leads to (greedy), 1 also tries every reply
(after every roll), and so on.  Chance outcomes are not plies; an extra turn is one.

**Details.**  A two-player search may take a ``valuer`` instead: ``valuer(states)`` gives
``(values, details)`` for *any* states, finished ones included — ``values`` ``(N,)`` for
player 0 and ``details`` ``(N, k)``, more numbers about each state from player 0's view
(backgammon: win and gammon chances).  The search then carries the details beside the
values, averaged at chance nodes and taken from the chosen child at decisions, so each
root move reports them at the depth of its value (:attr:`ScoredMove.details`).

**Limits.**  A node or time limit stops iterative deepening: the search returns its deepest
*complete* iteration (``stopped`` is then true).  The 0-ply ranking of the root moves is
always completed, whatever the limits.  Cancellation (``Limits.cancel`` set from any
thread) raises :class:`SearchCancelled` at the next node instead: the caller asked for no
answer.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from ..protocol import Rules

Evaluate = Callable[[Sequence[Any], int], np.ndarray]
"""``evaluate(states, player)``: each unfinished state's value for ``player`` (see module doc)."""
Valuer = Callable[[Sequence[Any]], tuple[np.ndarray, np.ndarray]]
"""``valuer(states) -> (values, details)`` for player 0, finished states included (see module doc)."""


class SearchCancelled(Exception):
    """The search was cancelled through :attr:`Limits.cancel`; it has no result."""


class LimitReached(Exception):
    """Internal: a node or time limit stopped the current iteration."""


class NothingToDeepen(Exception):
    """Internal: an iteration would search only a move already known best; deepening ends
    there, complete (not a limit)."""


@dataclass(frozen=True)
class Limits:
    """Bounds on one search call.

    ``max_nodes`` bounds the states generated (successors and chance outcomes) and
    ``max_seconds`` the wall time, counted from the start of the call; either stops
    iterative deepening at its deepest complete iteration.  Setting ``cancel`` (from any
    thread) makes the search raise :class:`SearchCancelled` promptly.
    """

    max_nodes: int | None = None
    max_seconds: float | None = None
    cancel: threading.Event = field(default_factory=threading.Event)



@dataclass(frozen=True, slots=True)
class ScoredMove:
    """A root move: ``value`` for the player who makes it, searched ``plies`` deep.

    ``after`` is the state the move leads to.  ``exact`` is false when ``value`` is only an
    upper bound (alpha-beta proved the move no better than the best without valuing it).
    ``details`` are the valuer's details at the same depth, from player 0's view (empty
    without a valuer).  ``shallower`` holds the move's values at depths ``0..plies-1``
    where iterative deepening searched it there too (expectiminimax does), so moves
    searched to different depths can be compared at the deepest depth both reached.
    """

    move: Any
    after: Any
    value: float
    plies: int = 0
    exact: bool = True
    details: tuple[float, ...] = ()
    shallower: tuple[float, ...] = ()

    def value_at(self, plies: int) -> float:
        """The value searched ``plies`` deep (the deepest one known when not recorded)."""
        return self.shallower[plies] if plies < min(self.plies, len(self.shallower)) else self.value


def trails(move: ScoredMove, best: ScoredMove) -> float:
    """How far ``move`` is behind ``best``, compared at the deepest depth both were searched to."""
    depth = min(move.plies, best.plies)
    return best.value_at(depth) - move.value_at(depth)


def rank(moves: Sequence[ScoredMove]) -> list[ScoredMove]:
    """Best first: deeper-searched moves before shallower ones, then by value, exact before bounds.

    Mixed depths arise when a filter searches only the best few moves deeper (as GNU
    Backgammon's hint does): the deep candidates come first, the rest keep their 0-ply
    order after them, as values from different depths are not comparable.  The sort is
    stable, so ties keep the move generator's order.
    """
    return sorted(moves, key=lambda m: (-m.plies, -m.value, not m.exact))


@dataclass(frozen=True)
class SearchResult(Sequence[ScoredMove]):
    """Every legal root move, best first (see :func:`rank`), and how the search went.

    ``plies`` is the depth of the deepest complete iteration, ``nodes`` the states
    generated, ``stopped`` true when a node or time limit cut the search short.  ``solved``
    (alpha-beta only) is true when every line searched reached the end of the game: the values
    are real results of best play, the same at any depth, so deeper iterations were skipped
    (and ``plies`` is the depth asked for).
    """

    moves: tuple[ScoredMove, ...]
    plies: int
    nodes: int
    stopped: bool = False
    solved: bool = False

    @property
    def best(self) -> ScoredMove:
        return self.moves[0]

    def __getitem__(self, index):
        return self.moves[index]

    def __len__(self) -> int:
        return len(self.moves)

    def __iter__(self) -> Iterator[ScoredMove]:
        return iter(self.moves)


def add_noise(moves: Sequence[ScoredMove], sigma: float, rng: random.Random) -> list[ScoredMove]:
    """The moves with Gaussian noise (standard deviation ``sigma``) added to each value, re-ranked.

    Weaker levels pick the top of this list; a seeded ``rng`` replays their choices.  With
    ``sigma <= 0`` the ranking is returned unchanged and ``rng`` is not used.
    """
    if sigma <= 0:
        return list(moves)
    return rank([replace(m, value=m.value + rng.gauss(0.0, sigma)) for m in moves])


class Search:
    """One search call: successors, batched values, node counting, limits, iterative deepening.

    A subclass implements one algorithm in :meth:`iteration` for ``plies >= 1``; the root's
    children and their 0-ply values (the whole of iteration 0) are computed here, once.
    """

    def __init__(self, rules: Rules, state: Any, evaluate: Evaluate | None, limits: Limits | None = None,
                 result_scale: float = 1.0, valuer: Valuer | None = None):
        if valuer is not None and rules.num_players != 2:
            raise ValueError("a valuer works for two-player games only")
        if (evaluate is None) == (valuer is None):
            raise ValueError("give a search either an evaluate function or a valuer")
        self.rules = rules
        self.state = state
        self.evaluate = evaluate
        self.valuer = valuer
        self.limits = limits or Limits()
        self.result_scale = result_scale
        self.players = rules.num_players
        self.nodes = 0
        self.enforce = False
        """Whether node and time limits apply (not during the first, always-complete iteration)."""
        self._deadline = None if self.limits.max_seconds is None else time.monotonic() + self.limits.max_seconds
        self._successors = getattr(rules, "successors", None)
        self.solved = False
        """Set by an :meth:`iteration` that reached only finished games: deepening stops."""

    def check(self, more: int = 0) -> None:
        """Raise if cancelled, or (when enforced) if ``more`` nodes or the clock break a limit."""
        if self.limits.cancel.is_set():
            raise SearchCancelled("search cancelled")
        if not self.enforce:
            return
        if self.limits.max_nodes is not None and self.nodes + more > self.limits.max_nodes:
            raise LimitReached
        if self._deadline is not None and time.monotonic() > self._deadline:
            raise LimitReached

    def count(self, states: int) -> None:
        """Account for ``states`` newly generated states (after checking the limits)."""
        self.check(states)
        self.nodes += states

    def expand(self, state: Any) -> list[tuple[Any, Any]]:
        """``(move, next_state)`` for every legal move, through ``rules.successors`` when offered."""
        if self._successors is not None:
            children = list(self._successors(state))
        else:
            children = [(move, self.rules.apply(state, move)) for move in self.rules.legal_moves(state)]
        self.count(len(children))
        return children

    def values(self, states: Sequence[Any], player: int) -> np.ndarray:
        """``(N,)`` values for ``player``: results of finished states, the evaluator's otherwise."""
        out = np.empty(len(states))
        live = []
        for i, state in enumerate(states):
            if self.rules.is_over(state):
                out[i] = self.rules.result(state)[player] * self.result_scale
            else:
                live.append(i)
        if live:
            assert self.evaluate is not None  # a search without a valuer has one
            out[live] = self.evaluate([states[i] for i in live], player)
        return out

    def matrix(self, states: Sequence[Any]) -> np.ndarray:
        """``(N, players)`` values of each state for every player (two players: zero-sum),
        followed by the valuer's details when there is one."""
        if self.valuer is not None:
            values, details = self.valuer(states)
            return np.column_stack([values, -values, np.reshape(details, (len(states), -1))])
        if self.players == 2:
            first = self.values(states, 0)
            return np.stack([first, -first], axis=1)
        return np.stack([self.values(states, p) for p in range(self.players)], axis=1)

    def shallow(self) -> list[ScoredMove]:
        """Every root move at 0 ply, in :attr:`children` order."""
        return [ScoredMove(m, a, float(v), details=d)
                for (m, a), v, d in zip(self.children, self.static, self.static_details)]

    def iteration(self, plies: int) -> list[ScoredMove]:  # pragma: no cover - interface
        """Every root move scored ``plies`` (>= 1) deep, in :attr:`children` order, unranked."""
        raise NotImplementedError

    def run(self, plies: int) -> SearchResult:
        """Iterative deepening from 0 to ``plies``; keep the deepest complete iteration."""
        if self.rules.is_over(self.state):
            raise ValueError("the game is over: there is no move to search")
        self.mover = self.rules.to_move(self.state)
        if self.mover < 0:
            raise ValueError("the root is a chance node: apply the chance outcome (roll) first")
        self.check()
        self.children = self.expand(self.state)
        afters = [after for _, after in self.children]
        if self.valuer is None:
            self.static, self.static_details = self.values(afters, self.mover), [()] * len(afters)
        else:
            root = self.matrix(afters)
            self.static, self.static_details = root[:, self.mover], [tuple(row) for row in root[:, 2:]]
        best = rank(self.shallow())
        done, stopped = 0, False
        self.enforce = True
        for depth in range(1, plies + 1):
            try:
                moves = self.iteration(depth)
            except LimitReached:
                stopped = True
                break
            except NothingToDeepen:
                break
            best, done = rank(moves), depth
            if self.solved:  # deeper iterations give the same values: report them as such
                best, done = [replace(m, plies=plies) for m in best], plies
                break
        return SearchResult(tuple(best), done, self.nodes, stopped, self.solved)


def greedy(rules: Rules, state: Any, evaluate: Evaluate | None = None, *, limits: Limits | None = None,
           result_scale: float = 1.0, valuer: Valuer | None = None) -> SearchResult:
    """Every legal move ranked by the value of the position it leads to, for the mover (0-ply)."""
    return Search(rules, state, evaluate, limits, result_scale, valuer).run(0)
