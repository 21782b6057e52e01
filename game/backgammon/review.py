"""Backgammon's part of a game review (:mod:`game.core.review`): decision kinds, GNU IDs,
the units of the equity lost, and luck.

**Units** (:func:`review_units`), as GNU Backgammon reports errors: in a money game per unit
of the current cube (the chequer search's values are cubeless equity times the cube); in a
match in EMG, "equivalent to money game" equity.  The match search values a position
``V = 2·MWC − 1`` (the mover's match winning chance), and GNU's ``mwc2eq`` is
``EMG = (2·MWC − (W + L)) / (W − L)`` with ``W``, ``L`` the mover's match winning chances
after winning and after losing a single game at the current cube, so a difference
``ΔV`` is ``ΔEMG = ΔV / (W − L)``.  Cube records are already in those units
(:func:`.cube_play.cube_records`), so only chequer decisions are scaled.

**Luck** of a roll for the player ``P`` who then plays: ``V(roll) − Σ p(r) · V(r)`` over the
chance node's outcomes ``r`` (the 21 rolls, doubles 1/36 and others 2/36; for the opening
roll, which also decides who starts, the 30 non-double rolls of either player, 1/30 each;
for a first roll with a fixed starter its 15 non-doubles), both from ``P``'s view.  ``V(r)``
is the value of the best play after ``r`` for the player it gives the turn to, turned to
``P``'s view (the values are zero-sum); a roll with no legal play is worth the position with
the turn passed, from ``P``'s view.  Values are 0-ply (the greedy search with the strongest
evaluator, whatever the review's level), for speed: 21–30 searches per roll.  Units: points
in a cubeless game and in a money game with the cube (so the luck-adjusted result is
points − luck), EMG in a match (the ``V`` difference divided by ``W − L`` at the position
after the roll, as above).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from . import formats
from .ai import get_level, search, strongest_evaluator
from .cube_ai import _outcomes, context_of
from .cube_rules import decision
from .cube_state import CubeState
from .evaluators import get_evaluator
from .positions import match_info
from .rules import BackgammonRules, BackgammonState

ROLLS = tuple((f"{a}{b}", (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(1, a + 1))
"""The 21 rolls with their probabilities."""
_RULES = BackgammonRules()


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


def emg_scale(state: BackgammonState, player: int | None = None) -> float:
    """``1 / (W − L)`` for ``player`` (by default the one on turn) in a match: turns a
    difference of ``2·MWC − 1`` values into EMG (see the module doc); 1 outside matches."""
    if state.cube is None or not state.cube.is_match:
        return 1.0
    outcomes = _outcomes(replace(context_of(state, player), owner="centre"))
    spread = float(outcomes[0] - outcomes[3])
    return 1.0 / spread if spread > 1e-9 else 1.0


def review_units(state: BackgammonState) -> float:
    """The factor from a chequer decision's ``-diff`` to GNU's units (see the module doc);
    cube decisions' records are already in them."""
    if state.cube is None or decision_kind(state) == "cube":
        return 1.0
    return emg_scale(state) if state.cube.is_match else 1.0 / state.cube.value


@lru_cache(maxsize=8192)
def _mover_value(state: BackgammonState) -> float:
    """The 0-ply value of the best play of ``state`` (dice rolled) for the player on turn; a
    roll with no legal play has the one play ``(no play)``, valued as the position with the
    turn passed, from the roller's view."""
    ranked = search(state, get_level("intermediate"), get_evaluator(strongest_evaluator()))
    return float(ranked.best.value)


def _value(state: BackgammonState, player: int) -> float:
    """The value of ``state`` (just rolled) for ``player``: its best play's for the player
    on turn, negated for the other."""
    value = _mover_value(state)
    return value if state.turn == player else -value


def luck(before: BackgammonState, after: BackgammonState, **_options) -> float | None:
    """The luck of the roll from ``before`` (a chance node) to ``after``; see the module doc."""
    if after.dice is None or after.turn is None:
        return None
    player = after.turn
    average = sum(p * _value(_RULES.apply(before, roll), player) for roll, p in _RULES.chance_outcomes(before))
    return (_value(after, player) - average) * emg_scale(after, player)
