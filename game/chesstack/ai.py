"""Chesstack's computer levels over the core alpha-beta search, with the real rules: every
action kind (placements, moves, stuns, successions, disguises), stack decay, stack transfer
on capture and the royal-capture stun are all simulated in the look-ahead.

Values are the ``stacks`` evaluator's centipawns for the side to move
(:mod:`.evaluators.stacks`: it reads the stacks, which the design note's two evaluators do
not); a won game is worth :data:`~.search.WIN`.  At the root every legal action is valued at
0 ply, and the best ``keep`` plus a few urgent ones are searched deeper; below the root the
search looks at a narrowed list of actions (:mod:`.search`, whose docstring gives the
measurements behind it).  Iterative deepening orders each iteration by the last, the
transposition table is kept across the player's moves, and children are ordered by value:

============ ===== ==== =============================================== =====
level        plies keep limits                                          noise
============ ===== ==== =============================================== =====
beginner     0     --   --                                              150
intermediate 1     8    --                                              40
advanced     2     10   8,000 states (else the deepest complete ply)     0
expert       6     12   9,000 states or 1.5 s, deepest complete ply      0
============ ===== ==== =============================================== =====

Noise is the standard deviation (centipawns) added to each root action's value before the
weaker levels choose (seeded: their games replay).  The node budgets make games reproducible
on any machine (a clock would not): the Expert's 9,000 positions take about a second on one
free core here, and its 1.5-second cap binds on a slower or busy machine (its games then depend
on the clock), keeping a move under 2 s.  ``python -m bench.strength.chesstack`` measures the
Expert against ``upstream`` and ``greedy:weighted``, and its time a move (``bench/RESULTS.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from ..core.capabilities import Level as CoreLevel
from ..core.search import Limits, SearchPlayer, SearchResult, TranspositionTable, alphabeta, greedy
from .search import BREADTH, EVALUATOR, RULES, URGENT, WIN, evaluator, narrowed, root_select
from .state import ChesstackState


@dataclass(frozen=True, kw_only=True)
class Level(CoreLevel):
    """A playing level with its search settings: root actions searched deeper (``keep``, plus
    ``pressing`` urgent ones), noise (centipawns), the evaluator and the narrowing below the
    root; depth and limits are the shared record's (``plies``, ``nodes``, ``seconds``)."""

    keep: int | None = None
    noise: float = 0.0
    evaluator: str = EVALUATOR
    breadth: int = BREADTH
    pressing: int | None = URGENT

    @property
    def limits(self) -> Limits:
        return Limits(self.nodes, self.seconds)


LEVELS = {level.name: level for level in (
    Level("beginner", "Beginner", "0 ply, noisy",
          "Takes the action that looks best now, with big errors (noise of 150 centipawns).",
          analysis=False, plies=0, noise=150.0),
    Level("intermediate", "Intermediate", "1 ply",
          "Looks at your reply to each action, with small errors (noise of 40 centipawns).",
          plies=1, keep=8, noise=40.0),
    Level("advanced", "Advanced", "2 ply", "Searches two moves deep over the promising actions.",
          plies=2, keep=10, nodes=8_000),
    Level("expert", "Expert", "deeper, slower",
          "Searches as deep as 9,000 positions or 1.5 s allow: the strongest, slower.",
          plies=6, keep=12, nodes=9_000, seconds=1.5),
)}
"""The levels by name, weakest first, each declared once (menus, settings and search)."""
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
    evaluate = evaluator(level.evaluator)
    if level.plies == 0:
        return greedy(RULES, state, evaluate, limits=own, result_scale=WIN)
    return alphabeta(RULES, state, evaluate, level.plies, limits=own, tt=tt, all_exact=all_exact, result_scale=WIN,
                     successors=partial(narrowed, breadth=level.breadth, evaluate=evaluate, pressing=level.pressing),
                     root_filter=root_select(level.keep, level.pressing))


class LevelPlayer(SearchPlayer):
    """Plays the top action of :func:`search` at a level (its noise seeded, so games replay);
    the transposition table is kept from one move to the next."""

    def __init__(self, level: Level, seed: int | None = None) -> None:
        super().__init__(self._search, evaluator(level.evaluator), name=level.name, noise=level.noise, seed=seed)
        self.level = level
        self.table = TranspositionTable(TABLE_ENTRIES)

    def _search(self, rules, state, evaluate, *, limits=None) -> SearchResult:
        return search(state, self.level, limits, self.table)


def level_player(name: str, seed: int | None = None) -> LevelPlayer:
    return LevelPlayer(get_level(name), seed)
