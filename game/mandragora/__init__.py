"""Mandragora Mania: rules, position text, the seed analyzer and players.  No pygame here.

:data:`GAME` (in :mod:`.info`) is what the rest of Tabula knows of Mandragora (``game/games.py``
lists it); this package imports nothing up front, so its rules load alone.
"""

from ..core.exports import lazy_exports

_SOURCES = {"GAME": "info", "MandragoraRules": "rules", "MandragoraState": "rules",
            "format_position": "position", "parse_position": "position"}
__getattr__, __dir__ = lazy_exports(__name__, _SOURCES)
__all__ = list(_SOURCES)
