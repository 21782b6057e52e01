"""Chesstack: chess with pockets, stun and move stacks (spec ``specs/chesstack.md``).  No pygame here.

:data:`GAME` is what the rest of Tabula knows of Chesstack (``game/games.py`` lists it).
"""

from __future__ import annotations

from ..core.gameinfo import GameInfo
from .evaluators import DEFAULT_EVALUATOR, EVALUATORS, evaluate
from .players import PLAYER_NAMES, make_player
from .position import format_position, parse_position, position_json
from .rules import ChesstackRules
from .status import TITLES, describe, outcome

MAX_PLIES = 300
"""Tournament games stop here, a draw: nothing ends a game in which neither side takes the
other's last royal (the spec has no move-count rule)."""


def split_moves(text: str) -> list[str]:
    """``"ADD K@e1; ADD K@e8; e1->e2"`` into actions (``;`` or new lines between them)."""
    return [part.strip() for part in text.replace("\n", ";").split(";") if part.strip()]


def move_json(state, action, after) -> dict:
    """``tabula moves --json``: the JSON position after the action."""
    return {"position": position_json(after)}


GAME = GameInfo(
    name="chesstack",
    title="Chesstack",
    rules=ChesstackRules,
    player_names=PLAYER_NAMES,
    make_player=make_player,
    parse_position=parse_position,
    format_position=format_position,
    default_player="greedy:weighted",
    player_titles=TITLES,
    view=f"{__name__}.view",
    outcome=outcome,
    describe=describe,
    split_moves=split_moves,
    join_moves="; ".join,
    move_noun="action",
    move_json=move_json,
    evaluators=EVALUATORS,
    default_evaluator=DEFAULT_EVALUATOR,
    evaluate=evaluate,
    max_plies=MAX_PLIES,
)
"""Chesstack's declaration: no chance, no board on screen and no analysis yet (issue 15)."""
