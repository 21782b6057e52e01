"""The menu bar: a strip of menu titles over the board column, each opening a list of items.

An item shows its label and its key; one that does not work now is greyed, and pointing at it
(or stepping onto it with the arrow keys) says why under the list.  The bar takes the mouse
while a menu is open (a click beside it closes it, doing nothing else) and the keys Esc, the
arrows and Enter; F10 opens the first menu, as on the desktops.  The bar is drawn with the
scene (a dialog may cover it), an open list over everything (:meth:`MenuBar.draw_above`,
after the widgets) and only while open, so the board is covered for no longer than a menu
is.  What the menus hold is asked each time one opens (``menus()``), so greyed items follow
the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from ..scene import Part
from ..theme import ACCENT, PANEL, PANEL_EDGE, TEXT, TEXT_DIM
from ..widgets import draw_text, wrap

BAR_HEIGHT = 26
"""The bar's height in pixels; a scene with a bar starts its layout below it."""
REASON_WIDTH, REASON_LINES = 280, 3
"""A list with greyed items is at least this wide, with this many lines under its items to
say why the one pointed at does not work."""


@dataclass(frozen=True)
class MenuItem:
    label: str
    keys: str
    """The key that does the same, as the key tables write it ("" for none)."""
    run: Callable[[], None]
    reason: str | None = None
    """Why the item does not work now (greyed); ``None``: it works."""

    @property
    def enabled(self) -> bool:
        return self.reason is None


@dataclass(frozen=True)
class Menu:
    title: str
    items: tuple[MenuItem, ...]


class MenuBar(Part):
    """The bar and its open menu (module doc)."""

    def __init__(self, fonts, menus: Callable[[], Sequence[Menu]], can_open: Callable[[], bool] = lambda: True) -> None:
        self.fonts, self.menus, self.can_open = fonts, menus, can_open
        self.rect = pygame.Rect(0, 0, 0, BAR_HEIGHT)
        self.shown: list[Menu] = []
        """The menus as they were when the bar was last opened (first drawn: its titles)."""
        self.open_index: int | None = None
        self.hover: int | None = None
        """The item pointed at (or chosen with the arrow keys) in the open menu."""

    # -- geometry -----------------------------------------------------------------------------
    def place(self, x: int, y: int, width: int) -> None:
        self.rect = pygame.Rect(x, y, width, BAR_HEIGHT)

    @property
    def _font(self):
        return self.fonts(14)

    def title_rects(self) -> list[pygame.Rect]:
        rects, x = [], self.rect.x + 6
        for menu in self.shown or list(self.menus()):
            w = self._font.size(menu.title)[0] + 18
            rects.append(pygame.Rect(x, self.rect.y, w, self.rect.h))
            x += w
        return rects

    def list_rect(self) -> pygame.Rect:
        """The open menu's list: under its title, kept inside the bar's width."""
        menu, title = self.shown[self.open_index], self.title_rects()[self.open_index]
        font = self._font
        label_w = max(font.size(item.label)[0] for item in menu.items)
        key_w = max((font.size(item.keys)[0] for item in menu.items), default=0)
        greyed = any(not item.enabled for item in menu.items)  # room to say why, under the items
        w = min(max(label_w + key_w + 56, title.w + 20, REASON_WIDTH if greyed else 0), self.rect.w)
        h = len(menu.items) * self._row_height + 12 + (self._reason_height if greyed else 0)
        x = max(self.rect.x, min(title.x, self.rect.right - w))
        return pygame.Rect(x, self.rect.bottom, w, h)

    @property
    def _row_height(self) -> int:
        return self._font.get_linesize() + 8

    @property
    def _reason_height(self) -> int:
        return self.fonts(12).get_linesize() * REASON_LINES + 8

    def item_rects(self) -> list[pygame.Rect]:
        box = self.list_rect()
        return [pygame.Rect(box.x + 4, box.y + 6 + i * self._row_height, box.w - 8, self._row_height)
                for i in range(len(self.shown[self.open_index].items))]

    # -- state --------------------------------------------------------------------------------
    @property
    def is_open(self) -> bool:
        return self.open_index is not None

    def open(self, index: int) -> None:
        if not self.can_open():
            return
        self.shown = list(self.menus())
        if 0 <= index < len(self.shown):
            self.open_index, self.hover = index, None

    def close(self) -> None:
        self.open_index = self.hover = None

    def choose(self, index: int) -> None:
        """Run the open menu's item ``index`` if it works (the menu closes first)."""
        item = self.shown[self.open_index].items[index]
        if item.enabled:
            self.close()
            item.run()

    def item_named(self, menu: str, label: str) -> MenuItem:
        """The item ``label`` of the menu titled ``menu`` as it stands now (tests, scripts)."""
        for each in self.menus():
            if each.title == menu:
                for item in each.items:
                    if item.label == label:
                        return item
        raise KeyError(f"no item {label!r} in a menu {menu!r}")

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F10:
            self.close() if self.is_open else self.open(0)
            return True
        if not self.is_open:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
                hit = self._title_at(event.pos)
                if hit is not None:
                    self.open(hit)
                return True
            return False
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
            return True
        if event.type == pygame.MOUSEMOTION:
            hit = self._title_at(event.pos)
            if hit is not None and hit != self.open_index:
                self.open(hit)
            self.hover = next((i for i, r in enumerate(self.item_rects()) if r.collidepoint(event.pos)), self.hover)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button != 1:
                return True
            hit = self._title_at(event.pos)
            if hit is not None:
                self.close() if hit == self.open_index else self.open(hit)
                return True
            row = next((i for i, r in enumerate(self.item_rects()) if r.collidepoint(event.pos)), None)
            if row is None:
                if not self.list_rect().collidepoint(event.pos):
                    self.close()
            else:
                self.hover = row
                self.choose(row)
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.TEXTINPUT)

    def _title_at(self, pos) -> int | None:
        return next((i for i, r in enumerate(self.title_rects()) if r.collidepoint(pos)), None)

    def _key(self, key: int) -> None:
        items = self.shown[self.open_index].items
        if key == pygame.K_ESCAPE:
            self.close()
        elif key in (pygame.K_DOWN, pygame.K_UP):
            step = 1 if key == pygame.K_DOWN else -1
            start = self.hover if self.hover is not None else (-1 if step > 0 else 0)
            self.hover = (start + step) % len(items)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.open((self.open_index + (1 if key == pygame.K_RIGHT else -1)) % len(self.shown))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.hover is not None:
            self.choose(self.hover)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The bar itself (its titles), drawn with the scene; :meth:`draw_above` draws the open list."""
        if not self.shown:  # the titles (the items are asked for again on opening)
            self.shown = list(self.menus())
        pygame.draw.rect(surface, PANEL, self.rect)
        pygame.draw.line(surface, PANEL_EDGE, self.rect.bottomleft, (self.rect.right, self.rect.bottom))
        for i, (menu, rect) in enumerate(zip(self.shown, self.title_rects())):
            if i == self.open_index:
                pygame.draw.rect(surface, PANEL_EDGE, rect, border_radius=4)
            draw_text(surface, self._font, menu.title, rect.center, ACCENT if i == self.open_index else TEXT, "center")

    def draw_above(self, surface: pygame.Surface) -> None:
        """While a menu is open: the bar and its list, over everything (the scene calls it
        after the widgets; closed, the bar is drawn with the scene, under a dialog)."""
        if not self.is_open:
            return
        self.draw(surface)
        box, font, small = self.list_rect(), self._font, self.fonts(12)
        shadow = box.move(3, 3)
        pygame.draw.rect(surface, (10, 16, 12), shadow, border_radius=6)
        pygame.draw.rect(surface, PANEL, box, border_radius=6)
        pygame.draw.rect(surface, PANEL_EDGE, box, 1, border_radius=6)
        items = self.shown[self.open_index].items
        for i, (item, rect) in enumerate(zip(items, self.item_rects())):
            if i == self.hover and item.enabled:
                pygame.draw.rect(surface, PANEL_EDGE, rect, border_radius=4)
            colour = TEXT if item.enabled else (110, 118, 108)
            draw_text(surface, font, item.label, (rect.x + 10, rect.centery), colour, "midleft")
            if item.keys:
                draw_text(surface, font, item.keys, (rect.right - 10, rect.centery),
                          TEXT_DIM if item.enabled else (96, 104, 94), "midright")
        reason = items[self.hover].reason if self.hover is not None else None
        if reason:
            y = box.bottom - self._reason_height + 2
            for line in wrap(small, reason, box.w - 20, max_lines=REASON_LINES):
                draw_text(surface, small, line, (box.x + 10, y), ACCENT)
                y += small.get_linesize()
