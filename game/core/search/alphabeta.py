"""Alpha-beta for deterministic games: iterative deepening, a transposition table, move ordering.

Values are the root mover's throughout: a node maximises when the root mover is to move
and minimises otherwise, whoever that is, so extra turns (the same player moving again)
need no special case; with more than two players the others are assumed to play against
the root mover (the "paranoid" reduction).  The result is exactly the depth-limited minimax
value: a table entry answers only a query of the *same* depth, so neither the table nor
the order of the search changes any value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..protocol import CHANCE, Rules
from .base import Evaluate, Limits, ScoredMove, Search, SearchResult

INF = float("inf")
EXACT, LOWER, UPPER = 0, 1, 2


@dataclass(slots=True)
class Entry:
    """A searched node: its value ``plies`` deep, what kind of bound that is, its best move."""

    plies: int
    value: float
    bound: int
    move: Any


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
                 tt: TranspositionTable | None, all_exact: bool, result_scale: float):
        super().__init__(rules, state, evaluate, limits, result_scale)
        self.tt = TranspositionTable() if tt is None else tt
        self.all_exact = all_exact
        self.previous: list[int] = []

    def iteration(self, plies: int) -> list[ScoredMove]:
        order = self.previous or sorted(range(len(self.children)), key=lambda i: -self.static[i])
        scored: dict[int, ScoredMove] = {}
        best = -INF
        for i in order:
            move, after = self.children[i]
            alpha = -INF if self.all_exact else best
            value = self.search(after, plies, alpha, INF)
            scored[i] = ScoredMove(move, after, value, plies, exact=value > alpha or alpha == -INF)
            best = max(best, value)
        self.previous = sorted(order, key=lambda i: -scored[i].value)
        return [scored[i] for i in range(len(self.children))]

    def search(self, state: Any, plies: int, alpha: float, beta: float) -> float:
        """``state``'s value for the root mover, ``plies`` deep; a bound outside ``(alpha, beta)``."""
        if plies == 0 or self.rules.is_over(state):
            return float(self.values([state], self.mover)[0])
        mover = self.rules.to_move(state)
        if mover == CHANCE:
            raise ValueError("alpha-beta needs a deterministic game: use expectiminimax for chance")
        key = (self.mover, state)
        entry = self.tt.get(key)
        if entry is not None and entry.plies == plies:
            if entry.bound == EXACT:
                return entry.value
            if entry.bound == LOWER:
                alpha = max(alpha, entry.value)
            else:
                beta = min(beta, entry.value)
            if alpha >= beta:
                return entry.value
        children = self.expand(state)
        values = self.values([after for _, after in children], self.mover)
        maximise = mover == self.mover
        if plies == 1:
            pick = max if maximise else min
            best_i = pick(range(len(children)), key=lambda i: values[i])
            self.tt.put(key, Entry(plies, float(values[best_i]), EXACT, children[best_i][0]))
            return float(values[best_i])
        order = sorted(range(len(children)), key=lambda i: -values[i] if maximise else values[i])
        if entry is not None:
            first = next((i for i in order if children[i][0] == entry.move), None)
            if first is not None:
                order.remove(first)
                order.insert(0, first)
        low, high = alpha, beta
        best, best_i = (-INF if maximise else INF), order[0]
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
        bound = LOWER if best >= beta else UPPER if best <= alpha else EXACT
        self.tt.put(key, Entry(plies, best, bound, children[best_i][0]))
        return best


def alphabeta(rules: Rules, state: Any, evaluate: Evaluate, plies: int = 3, *,
              limits: Limits | None = None, tt: TranspositionTable | None = None,
              all_exact: bool = True, result_scale: float = 1.0) -> SearchResult:
    """Every legal move at ``state`` ranked for the mover, each searched ``plies`` deep.

    With ``all_exact`` every root move gets its exact depth-limited minimax value (what an
    analysis wants); without it, moves proved no better than the best so far keep an upper
    bound (``exact=False``), which is faster when only the best move matters.  Pass a
    :class:`TranspositionTable` to share it between searches; by default each call has its own.
    """
    return AlphaBeta(rules, state, evaluate, limits, tt, all_exact, result_scale).run(plies)
