"""The play scene's side panel: a column of sections drawn top to bottom.

Each section is an object with ``height(width) -> int`` and ``draw(surface, rect)``.  The
play scene shows status, the move list and the key help; the analysis module adds its
own section (the ranked list of analysis records of the position) by appending to
``SidePanel.sections`` — nothing else in the scene changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import pygame

from .theme import ACCENT, ERROR, PANEL, PANEL_EDGE, TEXT, TEXT_DIM
from .widgets import draw_text, wrap


class TextSection:
    """Wrapped text from a callable (so it is always current); optional title and colour (a
    colour, or a callable giving the current one: the Drill screen's verdict, by its rating)."""

    def __init__(self, fonts, text: Callable[[], str], title: str = "", size: int = 15,
                 colour=TEXT, bold: bool = False, boxed: Callable[[], bool] | None = None,
                 optional: bool = False) -> None:
        self.fonts, self.text, self.title = fonts, text, title
        self.size, self.colour, self.bold, self.boxed = size, colour, bold, boxed
        self.optional = optional
        """Left out when the panel is too short for everything (e.g. the key help)."""

    def _lines(self, width: int) -> list[str]:
        text = self.text()
        return wrap(self.fonts(self.size, self.bold), text, width - 16) if text else []

    def height(self, width: int) -> int:
        lines = self._lines(width)
        if not lines:
            return 0
        title = self.fonts(12, True).get_linesize() + 2 if self.title else 0
        return title + len(lines) * self.fonts(self.size, self.bold).get_linesize() + 12

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        lines = self._lines(rect.w)
        if not lines:
            return
        if self.boxed and self.boxed():
            pygame.draw.rect(surface, ERROR, rect.inflate(4, 0), border_radius=6)
        y = rect.y + 4
        if self.title:
            y = draw_text(surface, self.fonts(12, True), self.title.upper(), (rect.x + 8, y), TEXT_DIM).bottom + 2
        font = self.fonts(self.size, self.bold)
        colour = self.colour() if callable(self.colour) else self.colour
        for line in lines:
            draw_text(surface, font, line, (rect.x + 8, y), colour)
            y += font.get_linesize()



def key_help_section(fonts, text: Callable[[], str], settings, always: Callable[[], bool] = lambda: False) -> TextSection:
    """The screen's keys under the rest of its panel, small and dim, left out first when the
    panel is short; shown where the "keys in the side panel" setting (or ``always()``) says."""
    return TextSection(fonts, lambda: text() if settings.key_help or always() else "", size=12, colour=TEXT_DIM,
                       optional=True)

class MoveListSection:
    """The game's moves so far, one line each, newest at the bottom, filling the space left."""

    flexible = True

    def __init__(self, fonts, lines: Callable[[], Sequence[str]], title: str = "Moves",
                 selected: Callable[[], int | None] | None = None,
                 colour: Callable[[int], tuple | None] | None = None,
                 headings: Callable[[], Mapping[int, str]] | None = None, least: int = 3) -> None:
        self.fonts, self.lines, self.title = fonts, lines, title
        self.least = least
        """The fewest moves it shows: below that it is left out (the review needs six)."""
        self.headings = headings
        """Optional: headings by the line they stand before (a match's "Game 3 — score 2–1");
        drawn as rows of their own, never selected or clicked."""
        self.selected = selected
        """Optional: the line to highlight (replay mode; ``None``: the last) and keep in view."""
        self.colour = colour
        """Optional: a line's own colour by index (the Review screen's marks), ``None``: the usual."""
        self.rows: list[tuple[int, pygame.Rect]] = []
        """``(line index, rect)`` of the lines drawn last, for :meth:`row_at`."""

    def row_at(self, pos) -> int | None:
        """The index of the move line under ``pos`` (clicks in replay mode), ``None`` if none."""
        return next((i for i, rect in self.rows if rect.collidepoint(pos)), None)

    def height(self, width: int) -> int:
        """Its least: the heading and :attr:`least` moves (below that it is left out)."""
        return self.fonts(12, True).get_linesize() + 8 + self.least * self.fonts(14).get_linesize()

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        y = draw_text(surface, self.fonts(12, True), self.title.upper(), (rect.x + 8, rect.y + 4), TEXT_DIM).bottom + 4
        font = self.fonts(14)
        step = font.get_linesize()
        lines = list(self.lines())
        headings = self.headings() if self.headings is not None else {}
        rows = [row for index, line in enumerate(lines)  # (line index or None for a heading, text)
                for row in ([(None, headings[index])] if index in headings else []) + [(index, line)]]
        fit = max(0, (rect.bottom - y) // step)
        chosen = self.selected() if self.selected is not None else None
        at = next((k for k, (index, _) in enumerate(rows) if index == chosen), None) if chosen is not None else None
        end = len(rows) if at is None else min(len(rows), max(at + 1, fit))
        first = max(0, end - fit) if fit else end
        if first and rows[first - 1][0] is None and at is not None and at < end - 1:
            first, end = first - 1, end - 1  # a game's first move keeps its heading above it
        self.rows = []
        clip = surface.get_clip()
        surface.set_clip(rect)
        for i, (index, line) in enumerate(rows[first:end] if fit else []):
            top = y + i * step
            if index is None:  # a game's heading, ruled off to the right
                text = draw_text(surface, self.fonts(12, True), line.upper(), (rect.x + 8, top + step // 2), TEXT,
                                 anchor="midleft")
                if text.right + 8 < rect.right - 6:
                    pygame.draw.line(surface, PANEL_EDGE, (text.right + 8, text.centery), (rect.right - 6, text.centery))
                continue
            marked = index == (len(lines) - 1 if chosen is None else chosen)
            self.rows.append((index, pygame.Rect(rect.x, top, rect.w, step)))
            own = self.colour(index) if self.colour is not None else None
            if marked and self.colour is not None:  # the selected line keeps its mark's colour, on a band
                pygame.draw.rect(surface, PANEL_EDGE, (rect.x + 2, top, rect.w - 4, step), border_radius=3)
            draw_text(surface, font, line, (rect.x + 8, top), own or (ACCENT if marked else TEXT))
        surface.set_clip(clip)


class ScaledFonts:
    """A section's fonts at the panel's scale: ``fonts(13)`` is 13 px at a 1280×800 window,
    larger in a big window (the panel text grows with it), a little smaller in a small one."""

    def __init__(self, fonts, panel: "SidePanel") -> None:
        self.base, self.panel = fonts, panel

    def __call__(self, size: int, bold: bool = False):
        return self.base(round(size * self.panel.scale), bold)


def panel_width(window_width: int, window_height: int) -> int:
    """The side panel's width: 27% of the window's, more in a wide window (a third at 16:9),
    whose boards are bound by the height and leave the width spare, so at 1920×1080 the hint
    table has room for GNU Backgammon's chance columns; never under 230 px, what its buttons
    need."""
    share = min(0.35, max(0.27, 0.27 + (window_width / max(1, window_height) - 1.6) * 0.35))
    return max(230, int(window_width * share))


def panel_scale(width: int, height: int) -> float:
    """The panel's text scale for a panel ``width`` × ``height`` pixels (1 at 1280×800)."""
    return max(0.85, min(1.45, height / 800, width / 262))


class SidePanel:
    """Sections stacked in ``rect``; a flexible section (the move list) takes the space left.
    Every section's ``fonts`` is scaled with the panel (:class:`ScaledFonts`)."""

    def __init__(self) -> None:
        self.sections: list = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.reserved_top = 0
        self.reserved_bottom = 0
        self.scale = 1.0
        self.placed: list = []
        """``(section, rect)`` of the sections last drawn, top to bottom."""

    def _scale_fonts(self) -> None:
        self.scale = panel_scale(self.rect.w, self.rect.h) if self.rect.h else 1.0
        for section in self.sections:
            fonts = getattr(section, "fonts", None)
            if fonts is not None and not isinstance(fonts, ScaledFonts):
                section.fonts = ScaledFonts(fonts, self)

    def draw(self, surface: pygame.Surface) -> None:
        self._scale_fonts()
        pygame.draw.rect(surface, PANEL, self.rect)
        pygame.draw.line(surface, PANEL_EDGE, self.rect.topleft, self.rect.bottomleft, 2)
        area = pygame.Rect(self.rect.x + 8, self.rect.y + self.reserved_top, self.rect.w - 16,
                           self.rect.h - self.reserved_top - self.reserved_bottom)
        heights = {id(s): 0 if getattr(s, "flexible", False) else s.height(area.w) for s in self.sections}
        # The flexible section (the move list) needs its own minimum: optional sections (key
        # help) give way to it, and below that minimum it is left out rather than drawn as
        # a heading with nothing under it.
        least = sum(s.height(area.w) for s in self.sections if getattr(s, "flexible", False))
        for section in reversed(self.sections):
            if sum(heights.values()) + least <= area.h:
                break
            if getattr(section, "optional", False):
                heights[id(section)] = 0
        # Then the sections that can give way (the graph, the "why" of a move) shrink to whole
        # lines or leave, last first, so nothing is cut through and the move list stays.
        for section in reversed(self.sections):
            excess = sum(heights.values()) + least - area.h
            if excess <= 0:
                break
            if hasattr(section, "squeeze") and heights[id(section)]:
                heights[id(section)] = max(0, section.squeeze(area.w, heights[id(section)] - excess))
        flex = max(0, area.h - sum(heights.values()))
        flex = flex if flex >= least else 0
        y = area.y
        clip = surface.get_clip()
        self.placed = []
        for section in self.sections:
            h = flex if getattr(section, "flexible", False) else heights[id(section)]
            if h > 0 and y < area.bottom:
                rect = pygame.Rect(area.x, y, area.w, min(h, area.bottom - y))
                self.placed.append((section, rect))
                surface.set_clip(rect.clip(clip) if clip else rect)
                section.draw(surface, rect)
                surface.set_clip(clip)
            y += h
