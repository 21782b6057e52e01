"""The position on show as text, one line in the side panel: its GNU ID and match ID or its
XGID (the game's ``position_text`` setting, :data:`~game.core.gameinfo.POSITION_TEXT`; Chesstack's
and Mandragora's own text).  A click selects the line, and it or Ctrl+C copies the text to the
clipboard, as GNU Backgammon's and XG's position fields do; the banner says what was copied.
The line gives way when the panel is short (it is optional), but Ctrl+C always copies.  In
the play screen it ends in "Open…", the "Position…" dialog that takes a position typed or
pasted (:mod:`game.ui.play.paste`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ..core.gameinfo import POSITION_TEXT
from .theme import ACCENT, PANEL_EDGE, TEXT_DIM
from .widgets import draw_text, elide


class PositionLine:
    """Panel section: "GNU ID 4HPwATDgc/ABMA:cAkAAAAAAAAA", elided to the panel's width."""

    optional = True

    OPEN = "Open…"

    def __init__(self, fonts, info, state: Callable[[], Any], settings: Callable[[], dict],
                 opens: bool = False) -> None:
        """``opens``: the line ends in "Open…" (:meth:`hit` says ``"open"`` there)."""
        self.fonts, self.info, self.state, self.settings, self.opens = fonts, info, state, settings, opens
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.open_rect = pygame.Rect(0, 0, 0, 0)
        self.selected = False
        """The line was clicked: drawn selected until the position changes."""
        self._selected_text = ""
        self._shown: tuple[tuple[Any, str], tuple[str, str]] | None = None
        """``((state, form), text)`` last written: the line is drawn every frame, and finding
        a text that reads back (:meth:`GameInfo.position_text`) parses it."""

    def text(self) -> tuple[str, str]:
        """``(form name, text)`` of the position on show, in the form the setting picks."""
        key = (self.state(), self.settings().get(POSITION_TEXT, "own"))
        if self._shown is None or self._shown[0] != key:
            self._shown = key, self.info.position_text(*key)
        return self._shown[1]

    def height(self, width: int) -> int:
        return self.fonts(11).get_linesize() + 8

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.rect = rect
        name, text = self.text()
        if self.selected and text != self._selected_text:
            self.selected = False  # another position: the selection went with the old one
        font = self.fonts(11)
        label = draw_text(surface, self.fonts(11, True), name[:1].upper() + name[1:], (rect.x + 8, rect.y + 4), TEXT_DIM)
        right = rect.right - 4
        if self.opens:
            self.open_rect = draw_text(surface, self.fonts(11, True), self.OPEN, (right - 4, rect.y + 4), ACCENT,
                                       anchor="topright").inflate(8, 4)
            right = self.open_rect.left - 2
        box = pygame.Rect(label.right + 6, rect.y + 2, right - label.right - 6, font.get_linesize() + 4)
        if self.selected:
            pygame.draw.rect(surface, PANEL_EDGE, box, border_radius=3)
        draw_text(surface, font, elide(font, text, box.w - 6), (box.x + 3, rect.y + 4),
                  ACCENT if self.selected else TEXT_DIM)

    def hit(self, pos) -> str | None:
        """What a click at ``pos`` does: ``"open"`` (the dialog), ``"copy"``, or ``None`` (not here)."""
        if self.opens and self.open_rect.collidepoint(pos):
            return "open"
        return "copy" if self.rect.collidepoint(pos) else None

    def copy(self, banner) -> str:
        """Put the position's text on the clipboard and say so (or say why not); the text."""
        name, text = self.text()
        self.selected, self._selected_text = True, text
        try:
            pygame.scrap.put_text(text)
        except (pygame.error, AttributeError) as error:  # no clipboard (a display without one)
            banner.show(f"Could not copy the {name} ({error}): {text}", error=True)
        else:
            banner.show(f"Copied the {name}: {text}", seconds=3)
        return text
