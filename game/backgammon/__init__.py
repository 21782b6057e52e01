"""Backgammon: rules, formats, notation, evaluators and players.  No pygame here.

:data:`GAME` (in :mod:`.info`) is what the rest of Tabula knows of backgammon
(``game/games.py`` lists it).  This package imports nothing up front, so that
``import game.backgammon.rules`` loads the rules alone; the names below load on first use.
"""

from ..core.exports import lazy_exports

_SOURCES = {
    "GAME": "info", "CUBE_OPTIONS": "info",
    "COLOURS": "rules", "BackgammonRules": "rules", "BackgammonState": "rules", "with_dice": "rules",
    "CubeAction": "cube_state", "CubeState": "cube_state",
    **dict.fromkeys(("cube_owner", "cube_value", "decision", "double_offered", "game_number", "game_over_points",
                     "is_crawford", "is_post_crawford", "match_length", "match_score", "may_double"), "cube_rules"),
    **dict.fromkeys(("format_position", "format_xgid", "parse_position"), "positions"),
}
__getattr__, __dir__ = lazy_exports(__name__, _SOURCES)
__all__ = list(_SOURCES)
