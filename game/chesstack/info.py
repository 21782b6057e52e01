"""What the rest of Tabula knows of Chesstack: :data:`GAME` (``game/games.py`` lists it)."""

from __future__ import annotations

from ..core.capabilities import Analysis, View, lazy
from ..core.gameinfo import Ending, GameInfo, Notation, Players
from ..core.rules_page import RulesPage
from .names import EVALUATOR_NAMES, PLAYER_NAMES
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
    notation=Notation(
        parse_position=parse_position,
        position_forms="position text, JSON ({...} or @file.json), or start",
        format_position=format_position,
        split_moves=split_moves,
        join_moves="; ".join,
        move_noun="action",
        move_json=move_json,
    ),
    players=Players(PLAYER_NAMES, "advanced", lazy("game.chesstack.players:make_player"), TITLES, {
        "random": "Any legal action, at random: a baseline for tournaments.",
        "upstream": "The upstream bot, blind to stacks: a sparring partner only.",
        **{f"greedy:{name}": f"The action the {name} evaluator values most, no look-ahead."
           for name in EVALUATOR_NAMES},
    }),
    ending=Ending(outcome, describe),
    abilities={
        View: lazy("game.chesstack.view.pygame_view:make_view"),
        RulesPage: lazy("game.chesstack.rules_page:PAGE"),
        Analysis: lazy("game.chesstack.analysis:ANALYSIS"),
    },
)
"""Chesstack's declaration: no chance; its analysis is :data:`.analysis.ANALYSIS`."""
