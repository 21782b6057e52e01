"""Backgammon: rules, formats, notation, evaluators and players.  No pygame here."""

from __future__ import annotations

from ..core.gameinfo import GameInfo
from . import formats
from .ai import analyze_position
from .notation import split_turns
from .players import PLAYER_NAMES, make_player
from .rules import BackgammonRules, BackgammonState


def parse_position(text: str) -> BackgammonState:
    """A state from a GNU Backgammon position ID, ``posid:matchid`` or an XGID."""
    parsed = formats.parse_position(text)
    return BackgammonState.from_board(parsed.me, parsed.opp, parsed.player_on_roll, parsed.dice)


def format_position(state: BackgammonState) -> str:
    """The GNU Backgammon position ID of ``state``, seen from the side on turn."""
    turn = 0 if state.turn is None else state.turn
    return formats.position_id(state.sides[turn], state.sides[1 - turn])


GAME = GameInfo(
    name="backgammon",
    title="Backgammon",
    rules=BackgammonRules,
    player_names=PLAYER_NAMES,
    make_player=make_player,
    parse_position=parse_position,
    format_position=format_position,
    player_titles=("White", "Black"),
    win_kinds={2: "gammons", 3: "backgammons"},
    analyze=analyze_position,
    split_moves=split_turns,
)
