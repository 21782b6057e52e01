"""Chesstack: chess with pockets, stun and move stacks (spec ``specs/chesstack.md``).  No pygame here.

:data:`GAME` (in :mod:`.info`) is what the rest of Tabula knows of Chesstack (``game/games.py``
lists it); this package imports nothing up front, so its rules load alone.
"""

from ..core.exports import lazy_exports

__getattr__, __dir__ = lazy_exports(__name__, {"GAME": "info"})
__all__ = ["GAME"]
