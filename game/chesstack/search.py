"""What Chesstack's searches look at: the evaluator in the search's terms, and the narrowed
list of actions searched at each node.

A Chesstack node has ~150-350 legal actions, nearly all placements (every pocket type on
every empty square), against a few dozen moves, stuns, successions and disguises.  Searching
them all is out of reach beyond one ply, so a node below the root searches (:func:`narrowed`):

1. placements first cut to :data:`PLACEMENTS_PER_TYPE` squares per pocket type by the GPT
   bot's placement score (value · e^(−0.35·d)), so every type held can still be placed;
2. of those and every other action, the ``breadth`` (:data:`BREADTH`) best by the
   evaluator, all valued in one batch;
3. and the best :data:`URGENT` of the remaining **urgent** actions (:func:`urgent`):
   captures, promotions, moves of a royal, successions, disguises and stuns of enemy pieces
   ready to move — the answers to a threat, which a 0-ply value may underrate.

At the root every legal action is valued at 0 ply (an analysis ranks them all) and
:func:`root_select` picks those searched deeper the same way (the level's ``keep`` best and
the best urgent ones).

**Measurements** (``python -m bench.agreement.chesstack_search``, positions from games of the
Advanced level against ``upstream``; the figures are in ``bench/RESULTS.md``):

- at 1 ply, narrowed replies choose the action a search of every reply chooses, generating a
  small share of its positions: the evaluator's ``capture`` term already answers the reply
  that matters;
- at 2 plies, against a wide search (every root action, then the 20 best, every urgent
  action and 8 squares a placement type), the levels' narrowing mostly chooses the same
  action and gives up a little by the wide search's values, generating a small share of its
  positions.

The positions saved buy depth instead: under its budget the Expert looks 3-4 plies ahead
where a wide search would not finish 2, and ``python -m bench.strength.chesstack`` measures
what that plays like.
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
EVALUATOR = "stacks"
"""The searches' evaluator: Tabula's stack-aware one, in centipawns, White positive."""
WIN = 10_000_000.0
"""A won game in the evaluators' units: beyond any evaluation."""
BREADTH = 10
"""Actions searched at a node below the root besides the urgent ones."""
URGENT = 6
"""Urgent actions searched at a node besides the best ``breadth`` (the best of them by value)."""
PLACEMENTS_PER_TYPE = 3
"""Placement squares per pocket type valued at a node."""


def evaluator(name: str = EVALUATOR):
    """The search's evaluate function over the evaluator ``name``: each unfinished state's
    value for ``player``."""

    def evaluate(states: Sequence[ChesstackState], player: int) -> np.ndarray:
        values = evaluate_batch(name, states)
        return values if player == 0 else -values

    return evaluate


evaluate = evaluator()


def values_for_mover(state: ChesstackState, afters: Sequence[ChesstackState], evaluate=evaluate) -> np.ndarray:
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


def thinned(actions: Sequence[Action], per_type: int = PLACEMENTS_PER_TYPE) -> list[Action]:
    """``actions`` with placements cut to the best ``per_type`` squares per type."""
    placements: dict[str, list[Action]] = {}
    for action in actions:
        if action.kind == ADD:
            placements.setdefault(action.piece, []).append(action)
    kept = {a for group in placements.values()
            for a in sorted(group, key=placement_score, reverse=True)[:per_type]}
    return [a for a in actions if a.kind != ADD or a in kept]


def choose(state: ChesstackState, children: Sequence[tuple[Action, ChesstackState]], values: np.ndarray,
           breadth: int, pressing: int | None = URGENT) -> list[int]:
    """Indices of the children searched, in the given order: the ``breadth`` best by ``values``
    (for the mover), and the best ``pressing`` of the urgent others (all with ``None``)."""
    order = [int(i) for i in np.argsort(-values, kind="stable")]
    top = order[:breadth]
    extra = [i for i in order[breadth:] if urgent(state, children[i][0])][:pressing]
    return sorted(top + extra)


def narrowed(state: ChesstackState, breadth: int = BREADTH, evaluate=evaluate, pressing: int | None = URGENT,
             per_type: int = PLACEMENTS_PER_TYPE) -> list[tuple[Action, ChesstackState]]:
    """``(action, next state)`` of the actions searched at a node below the root."""
    children = [(action, RULES.apply(state, action)) for action in thinned(RULES.legal_moves(state), per_type)]
    if len(children) <= breadth:
        return children
    values = values_for_mover(state, [after for _, after in children], evaluate)
    return [children[i] for i in choose(state, children, values, breadth, pressing)]


def root_select(breadth: int, pressing: int | None = URGENT):
    """The root's choice of actions searched deeper: the urgent ones and the ``breadth`` best
    others by their 0-ply values (a :data:`~game.core.search.alphabeta.RootSelect`)."""

    def select(state: ChesstackState, children: Sequence[tuple[Action, ChesstackState]], values) -> list[int]:
        return choose(state, children, np.asarray(values, dtype=float), breadth, pressing)

    return select
