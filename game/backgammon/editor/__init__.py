"""Backgammon's edit mode, "Set up position": a position set up by hand, checked as it is
edited, and the text a game starts from (no pygame).

- :mod:`.draft`: the position being edited (checkers, turn, dice, cube, match) and the state
  it gives;
- :mod:`.checks`: what is wrong with it, in plain sentences;
- :mod:`.panel`: the setup screen's rows of controls and what each does.

:data:`EDITOR` is the game's :class:`~game.core.capabilities.PositionEditor`; its board, the
one that draws a draft and reads clicks on its points, bar and trays, is the view's
(:mod:`..view.setup_board`).  A set-up position is written as an XGID: it keeps beavers and
Jacoby, which a GNU match ID cannot, and cubeless play (:mod:`..position`).
"""

from __future__ import annotations

from ...core.capabilities import PositionEditor, SetupRow, lazy
from ..position import format_xgid
from ..state import BackgammonState
from . import panel
from .checks import problems
from .draft import BLACK, CUBELESS, MATCH, MONEY, WHITE, Draft

__all__ = ["BLACK", "CUBELESS", "EDITOR", "MATCH", "MONEY", "WHITE", "Draft", "EditedPosition"]


class EditedPosition(Draft):
    """A :class:`~.draft.Draft` behind the window's :class:`~game.core.capabilities.PositionDraft`."""

    def rows(self) -> list[SetupRow]:
        return panel.rows(self)

    def set(self, key: str, value: str = "") -> None:
        panel.use(self, key, value)

    def typed(self, char: str) -> bool:
        return panel.typed(self, char)

    def problems(self) -> list[str]:
        return problems(self)

    def describe(self) -> str:
        return self.words()

    def state(self) -> BackgammonState:
        found = self.problems()
        if found:
            raise ValueError(found[0])
        return self.build()

    def text(self) -> str:
        """The position as an XGID (cubeless play with a cube limit of 1)."""
        return format_xgid(self.state())


EDITOR = PositionEditor(draft=EditedPosition.of, board=lazy("game.backgammon.view.setup_board:make_setup_board"))
"""Backgammon's edit mode (its :class:`~game.core.capabilities.PositionEditor`)."""
