"""What Chesstack's searches look at: the evaluator in the search's terms, and the narrowed
list of actions searched at each node.

A Chesstack node has up to ~300 legal actions, nearly all placements (every pocket type on
every empty square), against a few dozen moves, stuns, successions and disguises.  Searching
them all is out of reach beyond two plies, so a node searches (:func:`choose`):

1. every **urgent** action (:func:`urgent`): captures, promotions, moves of a royal,
   successions, disguises, and stuns of enemy pieces ready to move (stun 0, move ≥ 1) —
   the answers to a threat, which the evaluator alone does not value (its mobility and
   threat terms ignore the stacks, so a stun that stops an attack looks worthless until
   the search sees the capture it prevents);
2. the best others by the evaluator, valued in one batch, up to ``breadth``; placements are
   first cut to :data:`PLACEMENTS_PER_TYPE` squares per pocket type by the weighted
   evaluator's own placement score (value · e^(−0.35·d), the GPT bot's ordering), so that
   every type held can still be placed and the batch stays small.

Below the root the list is :func:`narrowed` (``breadth`` :data:`BREADTH`); at the root every
legal action is valued at 0 ply (an analysis ranks them all) and :func:`root_select` picks
those searched deeper.  ``bench/chesstack_search.py`` measures what the narrowing costs: how
often the narrowed search chooses what a search of every action chooses, at how many nodes.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .evaluators import evaluate_batch
from .evaluators.terms import PLACE_WEIGHTS
from .notation import ADD, DISGUISE, MOVE, STUN, SUCCESSION, Action
from .pieces import VALUES
from .rules import ChesstackRules, can_move
from .state import ChesstackState

RULES = ChesstackRules()
EVALUATOR = "weighted"
"""The searches' leaf evaluator: the design note's weighted one, in centipawns, White positive."""
WIN = 100_000.0
"""A won game in the evaluator's units: beyond any evaluation (the lone-royal bonus is 8000)."""
BREADTH = 10
"""Actions searched at a node below the root besides the urgent ones."""
PLACEMENTS_PER_TYPE = 3
"""Placement squares per pocket type valued at a node."""


def evaluate(states: Sequence[ChesstackState], player: int) -> np.ndarray:
    """The search's evaluator: each unfinished state's weighted value for ``player``."""
    values = evaluate_batch(EVALUATOR, states)
    return values if player == 0 else -values


def values_for_mover(state: ChesstackState, afters: Sequence[ChesstackState]) -> np.ndarray:
    """The value of each state after an action of ``state``'s mover, for that mover (won and
    lost games by their result)."""
    values = np.asarray(evaluate(afters, state.turn), dtype=float)
    for i, after in enumerate(afters):
        if RULES.is_over(after):
            values[i] = WIN * RULES.result(after)[state.turn]
    return values


def urgent(state: ChesstackState, action: Action) -> bool:
    """True for an action searched whatever the evaluator thinks of it (see the module doc)."""
    kind, board = action.kind, state.board
    if kind in (SUCCESSION, DISGUISE):
        return True
    if kind == MOVE:
        return board[action.target] is not None or bool(action.piece) or board[action.square].royal
    if kind == STUN:
        target = board[action.square]
        return target.colour != state.turn and can_move(target)
    return False


def placement_score(action: Action) -> float:
    """The GPT bot's placement order: the piece's value times e^(−0.35·d) from the note's centre."""
    return VALUES[action.piece] * PLACE_WEIGHTS[action.square]


def thinned(actions: Sequence[Action]) -> list[Action]:
    """``actions`` with placements cut to the best :data:`PLACEMENTS_PER_TYPE` squares per type."""
    placements: dict[str, list[Action]] = {}
    for action in actions:
        if action.kind == ADD:
            placements.setdefault(action.piece, []).append(action)
    kept = {a for group in placements.values()
            for a in sorted(group, key=placement_score, reverse=True)[:PLACEMENTS_PER_TYPE]}
    return [a for a in actions if a.kind != ADD or a in kept]


def choose(state: ChesstackState, children: Sequence[tuple[Action, ChesstackState]], values: np.ndarray,
           breadth: int) -> list[int]:
    """Indices of the children searched: the urgent ones, and the ``breadth`` best of the
    others by ``values`` (for the mover); in the given order."""
    pressing = [i for i, (action, _) in enumerate(children) if urgent(state, action)]
    others = [i for i in np.argsort(-values, kind="stable") if i not in set(pressing)][:breadth]
    return sorted(pressing + others)


def narrowed(state: ChesstackState, breadth: int = BREADTH) -> list[tuple[Action, ChesstackState]]:
    """``(action, next state)`` of the actions searched at a node below the root."""
    children = [(action, RULES.apply(state, action)) for action in thinned(RULES.legal_moves(state))]
    if len(children) <= breadth:
        return children
    values = values_for_mover(state, [after for _, after in children])
    return [children[i] for i in choose(state, children, values, breadth)]


def root_select(breadth: int):
    """The root's choice of actions searched deeper: the urgent ones and the ``breadth`` best
    others by their 0-ply values (a :data:`~game.core.search.alphabeta.RootSelect`)."""

    def select(state: ChesstackState, children: Sequence[tuple[Action, ChesstackState]], values) -> list[int]:
        return choose(state, children, np.asarray(values, dtype=float), breadth)

    return select
