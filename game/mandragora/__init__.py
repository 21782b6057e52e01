"""Mandragora Mania: rules, position text, the seed analyzer and players.  No pygame here."""

from __future__ import annotations

from ..core.gameinfo import GameInfo
from .analyzer import analyze
from .players import PLAYER_NAMES, make_player
from .position import format_position, parse_position
from .rules import MandragoraRules, MandragoraState

MAX_PLIES = 200
"""Tournament games stop here: two players may repeat a position forever (no rule ends a
loop), while finished games take 35-55 plies."""

GAME = GameInfo(
    name="mandragora",
    title="Mandragora Mania",
    rules=MandragoraRules,
    player_names=PLAYER_NAMES,
    make_player=make_player,
    parse_position=parse_position,
    format_position=format_position,
    player_titles=("Player", "Opponent"),
    analyze=analyze,
    tournament_options={"pattern": "random", "first": "random"},
    max_plies=MAX_PLIES,
)

__all__ = ["GAME", "MandragoraRules", "MandragoraState", "format_position", "parse_position"]
