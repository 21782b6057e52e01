"""Game-agnostic search: greedy 1-ply, expectiminimax with move filtering, alpha-beta.

Every search returns a :class:`SearchResult`: every legal root move, best first, each a
:class:`ScoredMove` whose ``value`` is for the player making it.  See :mod:`.base` for the
evaluator contract, the ply numbering and the limits.
"""

from .alphabeta import TranspositionTable, alphabeta
from .base import (
    Evaluate,
    Limits,
    ScoredMove,
    SearchCancelled,
    SearchResult,
    Valuer,
    add_noise,
    greedy,
    rank,
    trails,
)
from .expectiminimax import NO_FILTER, MoveFilter, expectiminimax
from .player import SearchPlayer

__all__ = [
    "Evaluate", "Valuer", "Limits", "ScoredMove", "SearchResult", "SearchCancelled",
    "greedy", "expectiminimax", "MoveFilter", "NO_FILTER", "alphabeta", "TranspositionTable",
    "add_noise", "rank", "trails", "SearchPlayer",
]
