"""What the rest of Tabula knows of Chesstack: :data:`GAME` (``game/games.py`` lists it)."""

from __future__ import annotations

from ..core.capabilities import lazy
from ..core.gameinfo import Notation, GameInfo
from .evaluators import EVALUATORS
from .players import PLAYER_NAMES, make_player
from .position import format_position, parse_position, position_json
from .rules import ChesstackRules
from .status import TITLES, describe, outcome

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
    notation=Notation(
        parse_position=parse_position,
        position_forms="position text, JSON ({...} or @file.json), or start",
        format_position=format_position,
        split_moves=split_moves,
        join_moves="; ".join,
        move_noun="action",
        move_json=move_json,
    ),
    default_player="advanced",
    player_titles=TITLES,
    view="game.chesstack.view.pygame_view",
    rules_page=lazy("game.chesstack.rules_page:PAGE"),
    outcome=outcome,
    describe=describe,
    player_descriptions={
        "random": "Any legal action, at random: a baseline for tournaments.",
        "upstream": "The upstream bot, blind to stacks: a sparring partner only.",
        **{f"greedy:{name}": f"The action the {name} evaluator values most, no look-ahead." for name in EVALUATORS},
    },
    analysis=lazy("game.chesstack.analysis:ANALYSIS"),
)
"""Chesstack's declaration: no chance; its analysis is :data:`.analysis.ANALYSIS`."""
