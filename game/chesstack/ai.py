"""Chesstack's computer levels over the core alpha-beta search, with the real rules: every
action kind (placements, moves, stuns, successions, disguises), stack decay, stack transfer
on capture and the royal-capture stun are all simulated in the look-ahead.

Values are the weighted evaluator's centipawns for the side to move; a won game is worth
:data:`~.search.WIN`.  Below the root the search looks at a narrowed list of actions
(:mod:`.search`); at the root every legal action is valued at 0 ply and the best few
(``keep``) are searched deeper with iterative deepening, a transposition table kept across
the player's moves, and move ordering by the evaluator:

============ ===== ====== ========================================== =====
level        plies keep   limits                                     noise
============ ===== ====== ========================================== =====
beginner     0     --     --                                         250
intermediate 1     10     --                                         40
advanced     2     12     --                                         0
expert       6     16     8,000 states or 2 s, deepest complete ply  0
============ ===== ====== ========================================== =====

Noise is the standard deviation (centipawns) added to each root action's value before the
weaker levels choose.  The expert's node budget makes its games reproducible on any machine
(a clock would not); the 2-second cap only binds on a machine slower than the ones it was
measured on (``bench/chesstack_strength.py`` prints the time per move).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.search import Limits, SearchPlayer, SearchResult, TranspositionTable, alphabeta, greedy
from .search import RULES, WIN, evaluate, narrowed, root_select
from .state import ChesstackState


@dataclass(frozen=True)
class Level:
    """A playing level: depth, root actions searched deeper, limits and noise (centipawns)."""

    name: str
    plies: int
    keep: int | None = None
    nodes: int | None = None
    seconds: float | None = None
    noise: float = 0.0

    @property
    def limits(self) -> Limits:
        return Limits(self.nodes, self.seconds)


LEVELS = {level.name: level for level in (
    Level("beginner", 0, noise=250.0),
    Level("intermediate", 1, keep=8, noise=40.0),
    Level("advanced", 2, keep=10),
    Level("expert", 6, keep=12, nodes=25_000, seconds=2.0),
)}
TABLE_ENTRIES = 200_000


def get_level(name: str) -> Level:
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown level {name!r}; known levels: {', '.join(LEVELS)}") from None


def search(state: ChesstackState, level: Level, limits: Limits | None = None, tt: TranspositionTable | None = None,
           all_exact: bool = False) -> SearchResult:
    """Every legal action of ``state`` ranked at ``level`` (best first, for the side to move).

    ``limits`` (a cancel event, say) replaces the level's own where it sets them."""
    own = level.limits
    if limits is not None:
        own = Limits(limits.max_nodes or own.max_nodes, limits.max_seconds or own.max_seconds, limits.cancel)
    if level.plies == 0:
        return greedy(RULES, state, evaluate, limits=own, result_scale=WIN)
    return alphabeta(RULES, state, evaluate, level.plies, limits=own, tt=tt, all_exact=all_exact, result_scale=WIN,
                     successors=narrowed, root_filter=root_select(level.keep))


class LevelPlayer(SearchPlayer):
    """Plays the top action of :func:`search` at a level (its noise seeded, so games replay);
    the transposition table is kept from one move to the next."""

    def __init__(self, level: Level, seed: int | None = None) -> None:
        super().__init__(self._search, evaluate, name=level.name, noise=level.noise, seed=seed)
        self.level = level
        self.table = TranspositionTable(TABLE_ENTRIES)

    def _search(self, rules, state, evaluate, *, limits=None) -> SearchResult:
        return search(state, self.level, limits, self.table)


def level_player(name: str, seed: int | None = None) -> LevelPlayer:
    return LevelPlayer(get_level(name), seed)
