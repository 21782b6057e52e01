"""Alpha-beta for deterministic games: iterative deepening, a transposition table, move ordering.

Values are the root mover's throughout: a node maximises when the root mover is to move
and minimises otherwise, whoever that is, so extra turns (the same player moving again)
need no special case; with more than two players the others are assumed to play against
the root mover (the "paranoid" reduction).  The result is exactly the depth-limited minimax
value: a table entry answers only a query of the *same* depth, so neither the table nor
the order of the search changes any value.

**Solved positions.**  A subtree whose every leaf is a finished game (no evaluator call at
the horizon) has the same value at any greater depth: its table entry is marked ``solved``
and also answers deeper queries, and an iteration that solves the root ends iterative
deepening early with :attr:`SearchResult.solved` set (the values are then the real results
of best play).  Endgames with few pieces are solved this way without a separate solver.

**Repetitions.**  In a game that can loop forever (Mandragora), ``repetition`` gives the value
of a position that repeats one on the current line or in ``history`` (the game so far): it
is not searched again, as if the game ended there (0 = a draw, as an endless game is).
Such values depend on the line, so with this option the table may mix lines (the usual
compromise of chess programs); without it nothing changes.

**Wide games.**  Where a node has hundreds of moves (Chesstack's placements), two options
narrow the tree, as chess programs' forward pruning does: ``successors(state)`` gives the
moves searched below the root (a game's own ordered, cut-down list; the values are then the
minimax values of that smaller tree, and nothing counts as solved), and ``root_filter`` (a
:class:`~.expectiminimax.MoveFilter` by 0-ply value, or a game's own :data:`RootSelect`)
picks the root moves searched deeper than 0 ply: the others keep those values and rank after the deep ones
(:func:`.base.rank`), as a backgammon hint list does.  Every root move records its value at
each depth it was searched (:attr:`ScoredMove.shallower`), so moves of different depths are
compared where both were searched (:func:`.base.trails`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..protocol import CHANCE, Rules
from .base import Evaluate, Limits, ScoredMove, Search, SearchResult
from .expectiminimax import MoveFilter

Successors = Callable[[Any], Sequence[tuple[Any, Any]]]
"""``successors(state) -> [(move, next_state), ...]``: the moves searched at a node below the root."""
RootSelect = Callable[[Any, Sequence[tuple[Any, Any]], Any], Sequence[int]]
"""``select(state, children, values) -> indices``: the root moves to search deeper, from the
root ``state``, every ``(move, next_state)`` and their 0-ply values (a game's own choice, where a
:class:`~.expectiminimax.MoveFilter` by value alone would drop moves that matter)."""

INF = float("inf")
EXACT, LOWER, UPPER = 0, 1, 2


@dataclass(slots=True)
class Entry:
    """A searched node: its value ``plies`` deep, what kind of bound that is, its best move.

    ``solved``: every leaf behind the value was a finished game, so it holds at any depth
    ``>= plies`` too.
    """

    plies: int
    value: float
    bound: int
    move: Any
    solved: bool = False


class TranspositionTable:
    """Searched positions by ``(root player, state)``; keep one across moves to reuse it.

    When full (``max_entries``) it is cleared and starts again; ``max_entries=0`` turns it off.
    """

    def __init__(self, max_entries: int = 1_000_000) -> None:
        self.max_entries = max_entries
        self.entries: dict[tuple[int, Any], Entry] = {}

    def get(self, key: tuple[int, Any]) -> Entry | None:
        return self.entries.get(key)

    def put(self, key: tuple[int, Any], entry: Entry) -> None:
        if len(self.entries) >= self.max_entries:
            self.entries.clear()
            if not self.max_entries:
                return
        self.entries[key] = entry

    def __len__(self) -> int:
        return len(self.entries)


class AlphaBeta(Search):
    """Fail-soft alpha-beta; the root's moves each get a full window when ``all_exact``."""

    def __init__(self, rules: Rules, state: Any, evaluate: Evaluate, limits: Limits | None,
                 tt: TranspositionTable | None, all_exact: bool, result_scale: float,
                 repetition: float | None = None, history: Iterable[Any] = (),
                 successors: Successors | None = None, root_filter: MoveFilter | RootSelect | None = None):
        super().__init__(rules, state, evaluate, limits, result_scale)
        self.successors = successors
        self.root_filter = root_filter
        self.depth_values: dict[int, list[float]] = {}
        """Root move index → its values at depths 0, 1, ... as far as it was searched."""
        self.repetition = repetition
        self.path: set[Any] = set(history) | {state} if repetition is not None else set()
        self.tt = TranspositionTable() if tt is None else tt
        self.all_exact = all_exact
        self.previous: list[int] = []
        self.horizon = 0
        """Unfinished leaves valued by the evaluator (or unsolved table answers) so far."""

    def candidates(self) -> list[int]:
        """The root moves searched deeper, best first: the previous iteration's order, or the
        0-ply one, narrowed by ``root_filter``."""
        if not self.previous:
            kept: Iterable[int]
            if self.root_filter is None:
                kept = range(len(self.children))
            elif isinstance(self.root_filter, MoveFilter):
                kept = self.root_filter.select(self.static)
            else:
                kept = self.root_filter(self.state, self.children, self.static)
            self.previous = sorted(kept, key=lambda i: -self.static[i])
        return self.previous

    def iteration(self, plies: int) -> list[ScoredMove]:
        start = self.horizon
        order = self.candidates()
        scored: dict[int, ScoredMove] = {}
        best = -INF
        for i in order:
            move, after = self.children[i]
            alpha = -INF if self.all_exact else best
            value = self.search(after, plies, alpha, INF)
            depths = self.depth_values.setdefault(i, [float(self.static[i])])
            scored[i] = ScoredMove(move, after, value, plies, exact=value > alpha or alpha == -INF,
                                   shallower=tuple(depths[:plies]))
            depths[plies:] = [value]
            best = max(best, value)
        self.previous = sorted(order, key=lambda i: -scored[i].value)
        self.solved = self.horizon == start and len(order) == len(self.children)
        shallow = self.shallow()
        return [scored.get(i, shallow[i]) for i in range(len(self.children))]

    def expand_inner(self, state: Any) -> list[tuple[Any, Any]]:
        """The moves searched at a node below the root: the game's ``successors`` if given
        (a cut-down tree: never solved), else every legal move."""
        if self.successors is None:
            return self.expand(state)
        children = list(self.successors(state))
        self.count(len(children))
        self.horizon += 1
        return children

    def search(self, state: Any, plies: int, alpha: float, beta: float) -> float:
        """``state``'s value for the root mover, ``plies`` deep; a bound outside ``(alpha, beta)``."""
        if self.rules.is_over(state):
            return float(self.values([state], self.mover)[0])
        if state in self.path:
            assert self.repetition is not None  # the path is kept only with a repetition value
            self.horizon += 1
            return self.repetition
        if plies == 0:
            self.horizon += 1
            return float(self.values([state], self.mover)[0])
        mover = self.rules.to_move(state)
        if mover == CHANCE:
            raise ValueError("alpha-beta needs a deterministic game: use expectiminimax for chance")
        key = (self.mover, state)
        entry = self.tt.get(key)
        if entry is not None and (entry.plies == plies or entry.solved and entry.plies < plies):
            if entry.bound == EXACT:
                self.horizon += not entry.solved
                return entry.value
            if entry.bound == LOWER:
                alpha = max(alpha, entry.value)
            else:
                beta = min(beta, entry.value)
            if alpha >= beta:
                self.horizon += not entry.solved
                return entry.value
        start = self.horizon
        children = self.expand_inner(state)
        values = self.values([after for _, after in children], self.mover)
        if self.path:
            for i, (_, after) in enumerate(children):
                if after in self.path:
                    values[i] = self.repetition
        maximise = mover == self.mover
        if plies == 1:
            pick = max if maximise else min
            best_i = pick(range(len(children)), key=lambda i: values[i])
            self.horizon += not all(self.rules.is_over(after) and after not in self.path for _, after in children)
            self.tt.put(key, Entry(plies, float(values[best_i]), EXACT, children[best_i][0], self.horizon == start))
            return float(values[best_i])
        order = sorted(range(len(children)), key=lambda i: -values[i] if maximise else values[i])
        if entry is not None:
            first = next((i for i in order if children[i][0] == entry.move), None)
            if first is not None:
                order.remove(first)
                order.insert(0, first)
        low, high = alpha, beta
        best, best_i = (-INF if maximise else INF), order[0]
        if self.repetition is not None:
            self.path.add(state)  # (a limit or cancel ends the whole search: no cleanup needed)
        for i in order:
            value = self.search(children[i][1], plies - 1, low, high)
            if (value > best) if maximise else (value < best):
                best, best_i = value, i
            if maximise:
                low = max(low, value)
            else:
                high = min(high, value)
            if low >= high:
                break
        self.path.discard(state)
        bound = LOWER if best >= beta else UPPER if best <= alpha else EXACT
        self.tt.put(key, Entry(plies, best, bound, children[best_i][0], self.horizon == start))
        return best


def alphabeta(rules: Rules, state: Any, evaluate: Evaluate, plies: int = 3, *,
              limits: Limits | None = None, tt: TranspositionTable | None = None,
              all_exact: bool = True, result_scale: float = 1.0,
              repetition: float | None = None, history: Iterable[Any] = (),
              successors: Successors | None = None,
              root_filter: MoveFilter | RootSelect | None = None) -> SearchResult:
    """Every legal move at ``state`` ranked for the mover, each searched ``plies`` deep.

    With ``all_exact`` every root move gets its exact depth-limited minimax value (what an
    analysis wants); without it, moves proved no better than the best so far keep an upper
    bound (``exact=False``), which is faster when only the best move matters.  Pass a
    :class:`TranspositionTable` to share it between searches; by default each call has its own.
    ``repetition`` and ``history`` value repeated positions; ``successors`` and ``root_filter``
    narrow a wide game's tree (see the module docstring).
    """
    return AlphaBeta(rules, state, evaluate, limits, tt, all_exact, result_scale, repetition, history,
                     successors, root_filter).run(plies)
