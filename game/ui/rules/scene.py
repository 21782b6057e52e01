"""The Rules screen: a game's rules page (``info.ability(RulesPage)``), wrapped to the window and
scrolled, opened over the scene it was asked from (F1 in a game, the menu's Rules button or
F1 there) with ``app.push("rules", info=...)``.  The scene under it waits suspended, so Esc,
F1 or Back returns to it as it was, a game in progress included.

Scrolling: the wheel, Up/Down, PgUp/PgDn (or Space), Home/End, and the scroll bar (a click
on its track jumps there, the thumb drags).
"""

from __future__ import annotations

import pygame
import pygame_gui

from ...core.rules_page import RulesPage
from ..scene import Scene
from ..theme import ACCENT, PANEL, PANEL_EDGE, TEXT_DIM, ui_scale
from ..widgets import draw_text, elide
from .layout import PageLayout, Rule, lay_out

KEYS_TEXT = "Esc or F1: back · wheel, arrows, PgUp/PgDn: scroll"
LINE_CHARACTERS = 52
"""The column is at most this many body-text heights wide (about 90 characters a line)."""


class RulesScene(Scene):
    """The rules page of the game ``info`` (a :class:`~game.core.gameinfo.GameInfo` that
    declares one; ``ValueError`` for one that does not)."""

    def __init__(self, app, info) -> None:
        super().__init__(app)
        if not info.has(RulesPage):
            raise ValueError(f"{info.title} has no rules page")
        self.info = info
        self.page = info.ability(RulesPage)
        self.offset = 0
        """How far the page is scrolled, in pixels."""
        self.layout = PageLayout([], 0, 0)
        self.images: list[tuple[pygame.Surface | Rule, int, int]] = []
        self.view = pygame.Rect(0, 0, 0, 0)
        """Where the page shows (its column, between the title and the bottom bar)."""
        self.track = pygame.Rect(0, 0, 0, 0)
        self.dragging: int | None = None
        """While the thumb is dragged: the pointer's distance below the thumb's top."""
        self.back: pygame_gui.elements.UIButton | None = None

    # -- layout -------------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        scale = ui_scale(size)
        self.body = max(13, min(round(16 * scale), h // 40))
        margin = round(20 * scale)
        bar = round(10 * scale)
        width = min(w - 2 * margin - 3 * bar, self.body * LINE_CHARACTERS)
        x = (w - width - 2 * bar) // 2
        top = margin + self.app.fonts(self._title_size(size), True).get_linesize() + round(12 * scale)
        button_h = round(36 * scale)
        bottom = h - margin - button_h - round(12 * scale)
        self.view = pygame.Rect(x, top, width, max(40, bottom - top))
        self.track = pygame.Rect(self.view.right + bar, top, bar, self.view.h)
        self.layout = lay_out(self.page, width, self.body, self.app.fonts)
        self.images = [(part if isinstance(part, Rule) else
                        self.app.fonts(part.size, part.bold).render(part.text, True, part.colour), part.x, part.y)
                       for part in self.layout.parts]
        self.scroll_to(self.offset)
        button_w = round(150 * scale)
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(self.track.right - button_w, h - margin - button_h, button_w, button_h), "Back",
            self.gui, object_id="#primary")

    def _title_size(self, size: tuple[int, int]) -> int:
        return max(20, min(round(30 * ui_scale(size)), size[1] // 22))

    @property
    def limit(self) -> int:
        """The furthest the page scrolls: its bottom line at the bottom of the view."""
        return max(0, self.layout.height - self.view.h)

    def scroll_to(self, offset: float) -> None:
        self.offset = int(max(0, min(self.limit, offset)))

    def thumb(self) -> pygame.Rect | None:
        """The scroll bar's thumb; ``None`` while the whole page fits."""
        if self.limit == 0:
            return None
        h = max(24, self.track.h * self.view.h // self.layout.height)
        y = self.track.y + (self.track.h - h) * self.offset // self.limit
        return pygame.Rect(self.track.x, y, self.track.w, h)

    # -- input --------------------------------------------------------------------------------
    def close(self) -> None:
        """Back to the scene the page was opened over, as it was (the menu if none)."""
        if len(self.app.stack) > 1 and self.app.scene is self:
            self.app.pop()
        else:
            self.app.show_menu()

    def handle_event(self, event: pygame.event.Event) -> None:
        line = self.app.fonts(self.body).get_linesize()
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.close()
        elif event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_BACKSPACE):
                self.close()
            elif key in (pygame.K_UP, pygame.K_DOWN):
                self.scroll_to(self.offset + (2 * line if key == pygame.K_DOWN else -2 * line))
            elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_SPACE):
                page = self.view.h - 2 * line
                self.scroll_to(self.offset + (-page if key == pygame.K_PAGEUP else page))
            elif key in (pygame.K_HOME, pygame.K_END):
                self.scroll_to(0 if key == pygame.K_HOME else self.limit)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.offset - event.y * 3 * line)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            thumb = self.thumb()
            if thumb is not None and self.track.inflate(8, 0).collidepoint(event.pos):
                if not thumb.collidepoint(event.pos):  # a click on the track: the thumb centres there
                    self._drag_to(event.pos[1], thumb.h // 2)
                    thumb = self.thumb()
                self.dragging = event.pos[1] - thumb.y
        elif event.type == pygame.MOUSEMOTION and self.dragging is not None:
            self._drag_to(event.pos[1], self.dragging)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = None

    def _drag_to(self, y: int, grip: int) -> None:
        thumb = self.thumb()
        if thumb is not None and self.track.h > thumb.h:
            self.scroll_to((y - grip - self.track.y) * self.limit / (self.track.h - thumb.h))

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        view = self.view
        title = self.app.fonts(self._title_size((w, h)), True)
        words = elide(title, f"Rules of {self.page.title}", self.track.right - view.x)
        draw_text(surface, title, words, (view.x, view.y - round(12 * ui_scale((w, h)))), ACCENT, anchor="bottomleft")
        surface.set_clip(view)
        for image, x, y in self.images:
            y += view.y - self.offset
            if isinstance(image, Rule):
                if view.y <= y < view.bottom:
                    pygame.draw.line(surface, image.colour, (view.x + x, y), (view.x + x + image.w, y))
            elif y < view.bottom and y + image.get_height() > view.y:
                surface.blit(image, (view.x + x, y))
        surface.set_clip(None)
        thumb = self.thumb()
        if thumb is not None:
            pygame.draw.rect(surface, PANEL, self.track, border_radius=self.track.w // 2)
            pygame.draw.rect(surface, PANEL_EDGE if self.dragging is None else ACCENT, thumb,
                             border_radius=self.track.w // 2)
        font = self.app.fonts(max(12, self.body - 2))
        if self.back is not None:
            hint = elide(font, KEYS_TEXT, self.back.rect.x - view.x - 12)
            draw_text(surface, font, hint, (view.x, self.back.rect.centery), TEXT_DIM, anchor="midleft")
