"""Drawing the every-roll grid (:mod:`.every_roll`): the cells, their colours, the legend.

A cell holds its roll's equity (bold) and best play (wrapped on two lines, the text size
following the cell's); once every roll is analysed the cells are coloured on one scale from
the worst roll (red) through amber to the best (green), the legend under the grid shows the
scale with the worst and best values and the average over the rolls.  The cell under the
pointer is named in full on the line under the grid (a play too long for its cell is cut
there with "…"), and the roll drawn in the game is outlined.  While the rolls are being
analysed a bar shows how many are done.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...core.all_rolls import summary
from ..theme import ACCENT, PANEL, PANEL_EDGE, TEXT, TEXT_DIM, ui_scale
from ..widgets import draw_text, elide, wrap

SCALE = ((150, 52, 46), (156, 118, 36), (44, 128, 70))
"""The colour scale, worst → middle → best: dark enough under light text."""
PENDING = (52, 66, 58)
"""A cell still being analysed (or of a roll the position cannot have)."""


def heat(t: float) -> tuple[int, int, int]:
    """The scale's colour at ``t`` (0: the worst roll, 1: the best), linear between its stops."""
    t = max(0.0, min(1.0, t)) * (len(SCALE) - 1)
    i = min(int(t), len(SCALE) - 2)
    a, b, f = SCALE[i], SCALE[i + 1], t - i
    return tuple(round(x + (y - x) * f) for x, y in zip(a, b))


def heat_colours(values: Sequence[float]) -> list[tuple[int, int, int]]:
    """Each value's colour, the lowest the worst and the highest the best (all the best when equal)."""
    low, high = min(values), max(values)
    return [heat(1.0 if high - low < 1e-12 else (v - low) / (high - low)) for v in values]


class GridDrawing:
    """Draws a :class:`~game.ui.analysis.every_roll.RollTable` and remembers where its cells went."""

    def __init__(self, fonts, info) -> None:
        self.fonts, self.info = fonts, info
        analysis = info.move_analysis()
        self.format_value, self.value_heading = analysis.format_value, analysis.value_heading
        self.cells: list[tuple[tuple[int, int], pygame.Rect]] = []
        """``((row, column), rect)`` of the cells drawn last."""
        self.hover: tuple[int, int] | None = None
        self.shown_lines: dict[tuple[int, int], list[str]] = {}
        self.scale = 1.0
        """The play's lines as last drawn in each cell (tests read what is on screen)."""

    def cell_at(self, pos) -> tuple[int, int] | None:
        """The ``(row, column)`` of the cell under ``pos``, as last drawn."""
        return next((cell for cell, rect in self.cells if rect.collidepoint(pos)), None)

    def titles(self, table, level: str | None) -> list[str]:
        """The grid's heading, with the analysis level where it fits."""
        mover = self.info.players.titles[table.mover] if table.mover is not None else ""
        title = f"Every roll: {mover}'s best {self.info.notation.move_noun} and {self.value_heading.lower()}"
        return [f"{title} ({self.info.player_title(level)} level)", title] if level else [title]

    def draw(self, surface: pygame.Surface, area: pygame.Rect, table, bests: Sequence, done: int,
             error: str | None, level: str | None = None) -> None:
        """The grid over ``area``: title, headings, cells, then the legend or the progress;
        ``level``: the analysis level, named in the heading."""
        pygame.draw.rect(surface, PANEL, area, border_radius=8)
        pygame.draw.rect(surface, PANEL_EDGE, area, 1, border_radius=8)
        inner = area.inflate(-16, -12)
        self.scale = scale = ui_scale(surface.get_size())
        head = self.fonts(max(13, min(round(18 * scale), area.h // 34)), True)
        size = max(11, min(round(15 * scale), area.h // 44))
        small = self.fonts(size)
        titles = self.titles(table, level)
        title = next((t for t in titles if head.size(t)[0] <= inner.w), elide(head, titles[-1], inner.w))
        y = draw_text(surface, head, title, (inner.x, inner.y), TEXT).bottom + 4
        foot = 2 * small.get_linesize() + 14  # the hover line and the legend (or the progress)
        label_w = small.size("6")[0] + 10
        rows, columns = len(table.rows), len(table.columns)
        grid = pygame.Rect(inner.x + label_w, y + small.get_linesize(), inner.w - label_w,
                           inner.bottom - foot - y - small.get_linesize())
        cw, ch = grid.w // columns, grid.h // rows
        for c, name in enumerate(table.columns):
            draw_text(surface, small, name, (grid.x + c * cw + cw // 2, y), TEXT_DIM, anchor="midtop")
        for r, name in enumerate(table.rows):
            draw_text(surface, small, name, (inner.x + label_w // 2 - 3, grid.y + r * ch + ch // 2), TEXT_DIM,
                      anchor="center")
        values = [best.value for best in bests if best is not None]
        colours = heat_colours([b.value for b in bests]) if values and len(values) == len(bests) else None
        self.cells, self.shown_lines = [], {}
        for r in range(rows):
            for c in range(columns):
                rect = pygame.Rect(grid.x + c * cw, grid.y + r * ch, cw, ch).inflate(-3, -3)
                index = table.cells.get((r, c))
                if index is None:  # a roll this position cannot have (the opening's doubles)
                    pygame.draw.rect(surface, PENDING, rect, 1, border_radius=4)
                    continue
                self.cells.append(((r, c), rect))
                colour = colours[index] if colours else PENDING
                hovered = self.hover is not None and table.cells.get(self.hover) == index  # both of its cells
                self._cell(surface, rect, (r, c), bests[index], colour, index == table.drawn, hovered)
        y = grid.bottom + 4
        self._hover_line(surface, small, table, bests, (inner.x, y), inner.w)
        y += small.get_linesize() + 4
        if error:
            draw_text(surface, small, elide(small, error, inner.w), (inner.x, y), (240, 140, 96))
        elif colours is None:
            self._progress(surface, small, pygame.Rect(inner.x, y, inner.w, small.get_linesize()), done, len(bests))
        else:
            self._legend(surface, size, pygame.Rect(inner.x, y, inner.w, small.get_linesize()), table, bests)

    def _cell(self, surface, rect: pygame.Rect, cell, best, colour, drawn: bool, hovered: bool) -> None:
        pygame.draw.rect(surface, colour, rect, border_radius=4)
        if hovered:
            pygame.draw.rect(surface, TEXT, rect, 2, border_radius=4)
        if drawn:
            pygame.draw.rect(surface, ACCENT, rect, 3, border_radius=4)
        if best is None:
            draw_text(surface, self.fonts(12), "…", rect.center, TEXT_DIM, anchor="center")
            return
        size = max(10, min(round(17 * self.scale), rect.h // 4, rect.w // 7))
        bold, font = self.fonts(size + 1, True), self.fonts(size)
        lines = wrap(font, best.notation, rect.w - 8, 2)  # cut with "…": the hover line has it all
        self.shown_lines[cell] = lines
        block = bold.get_linesize() + len(lines) * font.get_linesize()
        y = rect.centery - block // 2
        y = draw_text(surface, bold, self.format_value(best.value), (rect.centerx, y), TEXT, anchor="midtop").bottom
        for line in lines:
            y = draw_text(surface, font, line, (rect.centerx, y), TEXT, anchor="midtop").bottom

    def _hover_line(self, surface, font, table, bests, pos, width: int) -> None:
        """The cell under the pointer in full, else what a click does."""
        index = table.cells.get(self.hover) if self.hover is not None else None
        if index is not None and bests[index] is not None:
            best = bests[index]
            text = (f"{table.rolls[index].dice}: {best.notation}  ({self.value_heading.lower()} "
                    f"{self.format_value(best.value)}) · a click shows it on the board")
        else:
            drawn = f" · outlined: {table.rolls[table.drawn].dice}, the roll drawn" if table.drawn is not None else ""
            text = f"Click a roll: its play on the board{drawn} · Esc or W: close"
        draw_text(surface, font, elide(font, text, width), pos, TEXT if index is not None else TEXT_DIM)

    def _progress(self, surface, font, rect: pygame.Rect, done: int, total: int) -> None:
        text = f"Analysing the rolls… {done} of {total}"
        label = draw_text(surface, font, text, rect.topleft, TEXT_DIM)
        bar = pygame.Rect(label.right + 10, rect.y + 3, max(0, rect.right - label.right - 10), rect.h - 6)
        if bar.w > 20:
            pygame.draw.rect(surface, PANEL_EDGE, bar, 1, border_radius=3)
            filled = bar.inflate(-2, -2)
            filled.w = round(filled.w * done / max(1, total))
            pygame.draw.rect(surface, ACCENT, filled, border_radius=3)

    def _legend(self, surface, size: int, rect: pygame.Rect, table, bests) -> None:
        """``worst -0.512 [scale] best +0.734 · average +0.101``."""
        values = [b.value for b in bests]
        average = summary(table.rolls, bests)["average"]  # the command line's
        left = f"worst {self.format_value(min(values))}"
        right = f"best {self.format_value(max(values))}"
        tail = f"average {self.format_value(average)}"
        font, bold = self.fonts(size), self.fonts(size, True)
        tail_x = rect.right - bold.size(tail)[0]
        draw_text(surface, bold, tail, (tail_x, rect.y), ACCENT)
        x = draw_text(surface, font, left, rect.topleft, TEXT).right + 8
        bar = pygame.Rect(x, rect.y + 3, tail_x - 16 - font.size(right)[0] - 8 - x, rect.h - 6)
        for i in range(max(0, bar.w)):
            pygame.draw.line(surface, heat(i / max(1, bar.w - 1)), (bar.x + i, bar.y), (bar.x + i, bar.bottom - 1))
        draw_text(surface, font, right, (bar.right + 8, rect.y), TEXT)

    def caption(self, surface: pygame.Surface, area: pygame.Rect, board: pygame.Rect, roll, best) -> None:
        """While a roll's play is on the board: which roll, its play and equity, and how to go
        back, on a bar across the top of ``area`` down to the ``board`` (over the player's
        strip above it), at least two lines tall."""
        scale = ui_scale(surface.get_size())
        font = self.fonts(max(13, min(round(18 * scale), area.h // 34)), True)
        small = self.fonts(max(11, min(round(14 * scale), area.h // 44)))
        need = font.get_linesize() + small.get_linesize() + 10
        bar = pygame.Rect(area.x, area.y, area.w, max(need, board.top - area.y - 3))
        pygame.draw.rect(surface, PANEL, bar, border_radius=8)
        pygame.draw.rect(surface, ACCENT, bar, 1, border_radius=8)
        text = f"{roll.dice}: {best.notation}  ({self.value_heading.lower()} {self.format_value(best.value)})"
        y = bar.centery - need // 2 + 5
        y = draw_text(surface, font, elide(font, text, bar.w - 20), (bar.centerx, y), TEXT, anchor="midtop").bottom
        draw_text(surface, small, "its best play · a click or Esc: back to the grid", (bar.centerx, y), TEXT_DIM,
                  anchor="midtop")
