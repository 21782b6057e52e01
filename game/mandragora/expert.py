"""The Mandragora Expert: alpha-beta on the real final score difference (the core search).

Values are points of score difference for the side asked about: a finished game is worth
its real margin (:meth:`MandragoraRules.result`); an unfinished leaf is worth the current
margin plus a share of the pieces each side alone may sow (:func:`evaluate`).  The search is
:func:`game.core.search.alphabeta`: iterative deepening under a node limit (reproducible,
unlike a clock), a transposition table kept across the player's moves, and extra turns exact
(a node maximises whenever the root's side moves, so a chain of extra turns is just more of
the same side's plies).  When few pieces remain the whole game tree often fits in the
budget: the search then sees only finished games, stops deepening and reports ``solved``,
and the move is the best one for the real final score.

No rule ends a game that goes round in circles (two sides shuffling single pieces while
neither will sow its big pile), and many endgames allow such loops.  A position repeating
one earlier on the line or in the game so far is worth :data:`REPETITION` (an endless game
has no winner, and tournaments count it a draw): ahead, the Expert breaks a loop when it
still wins by doing so; behind, it keeps one going.  Lines ending in a repetition never
count as solved.

The leaf weight is a plain estimate, not tuned: the search does most of the work
(``python -m bench.strength.mandragora`` measures the result against the Analyzer).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from ..core.search import Limits, SearchPlayer, SearchResult, TranspositionTable, alphabeta
from .rules import MandragoraRules
from .state import OWN_AREAS, MandragoraState, values_for

NODES = 30_000
"""States generated per move: well under a second on a slow machine."""
ENDGAME_PIECES = 10
"""At most this many pieces on the board: the budget grows to try to solve the game."""
ENDGAME_NODES = 2 * NODES
MAX_PLIES = 64
"""Iterative deepening stops here (or earlier: the node limit, or a solved position)."""
TABLE_ENTRIES = 400_000
REPETITION = 0.0
"""Value of a repeated position: a draw."""
OWN_WEIGHT = 0.5
"""Worth of a piece in a side's own areas, as a share of its value to that side."""

_RULES = MandragoraRules()


def leaf_value(state: MandragoraState, side: int) -> float:
    """``state``'s worth to ``side`` in points: margin plus a share of the pieces on the board.

    Pieces in a side's own areas can only be sown by that side, towards its base, so they
    count for it at :data:`OWN_WEIGHT` of their value (less than 1: the game may end with
    them on the board, where they score nothing).  Shared pieces, which either side may
    sow, count for neither.
    """
    scores, first, board = state.scores, state.first, state.board
    total = float(scores[side] - scores[1 - side])
    for owner in (0, 1):
        values = values_for(owner, first)
        pieces = sum(values[piece] for area in OWN_AREAS[owner] for piece in board[area - 1])
        total += OWN_WEIGHT * pieces * (1 if owner == side else -1)
    return total


def evaluate(states: Sequence[MandragoraState], player: int) -> np.ndarray:
    """The search's evaluator: :func:`leaf_value` of each (unfinished) state for ``player``."""
    return np.fromiter((leaf_value(state, player) for state in states), float, len(states))


def pieces_on_board(state: MandragoraState) -> int:
    return sum(len(pile) for pile in state.board)


def budget(state: MandragoraState, nodes: int = NODES) -> int:
    """The node limit for a move at ``state``: larger in the endgame, where solving pays."""
    return nodes * ENDGAME_NODES // NODES if pieces_on_board(state) <= ENDGAME_PIECES else nodes


def expert_search(state: MandragoraState, nodes: int = NODES, tt: TranspositionTable | None = None,
                  limits: Limits | None = None, all_exact: bool = False,
                  history: Iterable[MandragoraState] = ()) -> SearchResult:
    """Every legal move at ``state`` ranked by the Expert's search (best first).

    ``limits`` may add a time limit or a cancel event; its node limit, if any, replaces
    :func:`budget`'s.  ``history`` holds earlier positions of the game (for repetitions).
    """
    limits = limits or Limits()
    if limits.max_nodes is None:
        limits = Limits(budget(state, nodes), limits.max_seconds, limits.cancel)
    return alphabeta(_RULES, state, evaluate, MAX_PLIES, limits=limits, tt=tt, all_exact=all_exact,
                     repetition=REPETITION, history=history)


def continues(earlier: MandragoraState, state: MandragoraState) -> bool:
    """Whether ``state`` may come later in the same game as ``earlier``: pieces only leave
    the board and scores only grow (a new game or an undo breaks this)."""
    return (state.first == earlier.first and pieces_on_board(state) <= pieces_on_board(earlier)
            and all(now >= then for now, then in zip(state.scores, earlier.scores)))


class ExpertPlayer(SearchPlayer):
    """Plays the top move of :func:`expert_search`; deterministic (``seed`` is accepted for
    the common player interface; there is no noise to seed).

    It remembers the positions it moved in during the current game (for repetitions) and
    forgets them when a position cannot follow the last one (a new game, an undo).
    """

    def __init__(self, nodes: int = NODES, seed: int | None = None, limits: Limits | None = None) -> None:
        super().__init__(self._search, evaluate, name="expert", limits=limits, seed=seed)
        self.nodes = nodes
        self.table = TranspositionTable(TABLE_ENTRIES)
        self.history: list[MandragoraState] = []

    def _search(self, rules, state, evaluate, *, limits=None) -> SearchResult:
        if self.history and not continues(self.history[-1], state):
            self.history.clear()
        result = expert_search(state, self.nodes, self.table, limits, history=self.history)
        self.history.append(state)
        return result
