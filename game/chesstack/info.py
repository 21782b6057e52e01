"""What the rest of Tabula knows of Chesstack: :data:`GAME` (``game/games.py`` lists it)."""

from __future__ import annotations

from ..core.gameinfo import GameInfo, Level, TutorMargin
from .analysis import analyze_position, format_value
from .evaluators import DEFAULT_EVALUATOR, EVALUATORS, evaluate
from .players import PLAYER_NAMES, make_player
from .position import format_position, parse_position, position_json
from .rules import ChesstackRules
from .status import TITLES, describe, outcome

LEVELS = (
    Level("beginner", "Beginner", "0 ply, noisy",
          "Takes the action that looks best now, with big errors (noise of 150 centipawns).", analysis=False),
    Level("intermediate", "Intermediate", "1 ply",
          "Looks at your reply to each action, with small errors (noise of 40 centipawns)."),
    Level("advanced", "Advanced", "2 ply", "Searches two moves deep over the promising actions."),
    Level("expert", "Expert", "deeper, slower",
          "Searches as deep as 9,000 positions or 1.5 s allow: the strongest, slower."),
)
"""The levels of :mod:`.ai` as the settings and menus word them."""

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
    position_forms="position text, JSON ({...} or @file.json), or start",
    format_position=format_position,
    default_player="advanced",
    player_titles=TITLES,
    view=f"{__package__}.view",
    outcome=outcome,
    describe=describe,
    split_moves=split_moves,
    join_moves="; ".join,
    move_noun="action",
    move_json=move_json,
    evaluators=EVALUATORS,
    default_evaluator=DEFAULT_EVALUATOR,
    evaluate=evaluate,
    levels=LEVELS,
    player_descriptions={
        "random": "Any legal action, at random: a baseline for tournaments.",
        "upstream": "The upstream bot, blind to stacks: a sparring partner only.",
        **{f"greedy:{name}": f"The action the {name} evaluator values most, no look-ahead." for name in EVALUATORS},
    },
    analyze=analyze_position,
    analysis_options={"level": "advanced"},
    analysis_cancellable=True,
    value_heading="cp",
    tutor_margin=TutorMargin(150.0, "value", "centipawns", decimals=0),
    format_value=format_value,
    max_plies=MAX_PLIES,
)
"""Chesstack's declaration: no chance; the analysis runs a level's search (``--level``), and
the tutor questions an action 150 centipawns (a pawn and a half) or more behind the best."""
