"""Backgammon's part of a game review (:mod:`game.core.review`): decision kinds, GNU IDs, luck.

**Luck** of a roll for the player who rolled it: ``V(roll) − Σ p(r) · V(r)`` over the 21
rolls ``r`` (doubles 1/36, others 2/36), where ``V(r)`` is the equity of the best play with
roll ``r`` at 0 ply (the greedy search with the strongest evaluator, whatever the review's
level, for speed).  In a money game with the cube the values are the chequer search's (cubeless
equity times the cube's value).  The opening roll (which also decides who starts) has no luck
(``None``), nor has a roll in a match (its values are not equities; not measured yet) or a
roll after which no play is possible for some roll (kept out rather than guessed).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from . import formats
from .ai import get_level, search, strongest_evaluator
from .cube_rules import decision
from .cube_state import CubeState
from .evaluators import get_evaluator
from .positions import match_info
from .rules import BackgammonState, with_dice

ROLLS = tuple((f"{a}{b}", (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(1, a + 1))
"""The 21 rolls with their probabilities."""


def decision_kind(state: BackgammonState) -> str:
    """"cube" for a double/no double or take/pass decision, else "chequer"."""
    return "cube" if decision(state) in ("cube", "take") else "chequer"


def review_position(state: BackgammonState) -> tuple[str, str]:
    """GNU's position ID and match ID of ``state`` (the side on turn first); a cubeless game
    is written as a money game with a centred cube at 1."""
    turn = 0 if state.turn is None else state.turn
    position = formats.position_id(state.sides[turn], state.sides[1 - turn])
    cubed = state if state.cube is not None else replace(state, cube=CubeState())
    return position, formats.match_id(match_info(cubed))


@lru_cache(maxsize=4096)
def _best_value(state: BackgammonState) -> float:
    ranked = search(state, get_level("intermediate"), get_evaluator(strongest_evaluator()))
    return float(ranked.best.value) if ranked.moves else None


def luck(before: BackgammonState, after: BackgammonState, **_options) -> float | None:
    """The luck of the roll from ``before`` (a chance node) to ``after``; see the module doc."""
    match = before.cube is not None and before.cube.is_match
    if before.turn is None or match or after.dice is None or after.turn != before.turn:
        return None
    values = [(_best_value(with_dice(before, roll)), p) for roll, p in ROLLS]
    if any(v is None for v, _ in values):
        return None  # a roll with no play: its value is not measured by a play's search
    rolled = _best_value(with_dice(before, f"{after.dice[0]}{after.dice[1]}"))
    return rolled - sum(v * p for v, p in values)
