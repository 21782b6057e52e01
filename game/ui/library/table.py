"""A table drawn with pygame: a header that sorts (a click on a column's title; again: the other
way), rows that scroll (the wheel, the keys) and select (a click), and a double click or Enter
that opens the selected row.  The Library screen's lists are each one.

Rows are :class:`Row` values: the cells' words, a sort key per column and the thing the row
stands for (``data``, what a double click opens).  A heading row spans the table and is never
selected (the fingerprint's splits); a dim row is drawn in grey (a cell with not enough
decisions).  Sorting keeps the selected row selected.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import pygame

from ..theme import ACCENT, PANEL, PANEL_EDGE, TEXT, TEXT_DIM
from ..widgets import draw_text, elide

DOUBLE_CLICK_MS = 450
"""Two clicks on one row within this many milliseconds open it."""

SELECTED = (62, 92, 70)
HEADING = (44, 60, 50)


@dataclass(frozen=True)
class Column:
    """A column: its title; ``flex``: it gives up width when the table is narrow (a text
    column, cut with "…"; the others keep the width their widest cell needs); numbers aligned
    ``right``; ``optional``: left out when even so the table is too narrow."""

    title: str
    flex: bool = False
    right: bool = False
    optional: bool = False
    short: str = ""
    """The title in a narrow table (empty: the title)."""


class Row(NamedTuple):
    cells: tuple[str, ...]
    keys: tuple = ()
    """A sort key per column (``None`` sorts last whichever way); empty: the cells."""
    data: Any = None
    heading: bool = False
    dim: bool = False


def _key(value: Any, descending: bool) -> tuple:
    """A sort key that keeps ``None`` last whichever way the column sorts."""
    return (value is None, value if value is not None else 0) if not descending else (value is not None,
                                                                                      value if value is not None else 0)


class Table:
    """A table of :class:`Row` s in :attr:`rect` (set by the screen's layout); see the module doc.

    :meth:`handle_event` says what a user did: ``"select"``, ``"open"``, ``"sort"`` or ``None``."""

    def __init__(self, fonts, columns: Sequence[Column], sortable: bool = True, empty: str = "Nothing yet") -> None:
        self.fonts, self.columns, self.sortable = fonts, list(columns), sortable
        self.empty = empty
        """What the table says when it has no row."""
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.size = 14
        """The text's pixel size (the screen scales it with the window)."""
        self.rows: list[Row] = []
        self.sort: int | None = None
        self.descending = False
        self.selected: int | None = None
        """The index in :attr:`rows` (as shown, sorted) of the selected row."""
        self.top = 0
        """The first row shown (scrolled)."""
        self._click: tuple[int, int] | None = None  # (row, ticks) of the last click, for a double click
        self._widths_for: tuple | None = None  # what the column widths were worked out for
        self._widths: list[int] = []
        self.short = False
        """The columns' short titles stand for theirs (a narrow table)."""

    # -- rows ---------------------------------------------------------------------------------
    def set_rows(self, rows: Sequence[Row], same=lambda a, b: a == b) -> None:
        """Show ``rows`` (sorted as the table is); the selected row stays selected when
        ``same(old data, new data)`` finds it among them."""
        chosen = self.selected_row
        self.rows = list(rows)
        self._sort()
        self.selected = None
        if chosen is not None:
            self.selected = next((i for i, row in enumerate(self.rows)
                                  if not row.heading and same(row.data, chosen.data)), None)
        self.top = max(0, min(self.top, len(self.rows) - self.visible))

    @property
    def selected_row(self) -> Row | None:
        return self.rows[self.selected] if self.selected is not None and self.selected < len(self.rows) else None

    def select(self, index: int | None) -> None:
        """Select row ``index`` (a heading: the next row that is not one) and scroll to it."""
        if index is None or not self.rows:
            self.selected = None
            return
        index = max(0, min(index, len(self.rows) - 1))
        while index < len(self.rows) - 1 and self.rows[index].heading:
            index += 1
        if self.rows[index].heading:
            return
        self.selected = index
        if index < self.top:
            self.top = index
        elif index >= self.top + self.visible:
            self.top = index - self.visible + 1

    def sort_by(self, column: int, descending: bool | None = None) -> None:
        """Sort by ``column``; without ``descending``, a second sort by it turns the order round."""
        if descending is None:
            descending = not self.descending if self.sort == column else False
        chosen = self.selected_row
        self.sort, self.descending = column, descending
        self._sort()
        if chosen is not None:
            self.select(next(i for i, row in enumerate(self.rows) if row is chosen))

    def _sort(self) -> None:
        if self.sort is None or not self.sortable:
            return
        k = self.sort

        def key(row: Row) -> tuple:
            value = row.keys[k] if row.keys else row.cells[k]
            return _key(value, self.descending)

        self.rows.sort(key=key, reverse=self.descending)

    # -- layout -------------------------------------------------------------------------------
    @property
    def line(self) -> int:
        return self.fonts(self.size).get_linesize() + 6

    @property
    def visible(self) -> int:
        """How many rows fit under the header."""
        return max(1, (self.rect.h - self.line) // self.line)

    def widths(self) -> list[int]:
        """Each column's width (0: left out): what its widest cell needs, the text columns
        (``flex``) cut down to share what is left when that is too much (a column's ``short``
        title then stands for its title), the optional ones left out, the rightmost first, when
        even that does not fit; room to spare goes to the text columns."""
        key = (id(self.rows), len(self.rows), self.rect.w, self.size, tuple(self.columns), self.sort, self.descending)
        if key == self._widths_for:
            return self._widths
        font, room = self.fonts(self.size), self.rect.w - 10  # 10: the scroll bar's
        least = font.size("00000000")[0]  # a text column keeps at least this much
        cells = [0] * len(self.columns)
        measured = [row for row in self.rows if not row.heading and not row.dim] or \
            [row for row in self.rows if not row.heading]  # a dim row's long words are cut to fit the others
        for row in measured:
            for k, cell in enumerate(row.cells[:len(cells)]):
                cells[k] = max(cells[k], font.size(cell)[0])
        shown = list(range(len(self.columns)))
        self.short = False  # set by the first fit when all the columns need more room than there is
        while True:
            widths = self._fit(font, cells, shown, room, least)
            if sum(widths) <= room or not any(self.columns[k].optional for k in shown):
                break
            shown.remove(max(k for k in shown if self.columns[k].optional))
        self._widths_for, self._widths = key, widths
        return widths

    def _fit(self, font, cells: list[int], shown: list[int], room: int, least: int) -> list[int]:
        """The widths of the columns ``shown`` (the others 0) in ``room``, their cells as wide as
        ``cells`` (see :meth:`widths`)."""
        pad = 14

        def natural(k: int, short: bool) -> int:
            column = self.columns[k]
            title = column.short if short and column.short else column.title
            return max(cells[k], font.size(title + "  ▼")[0]) + pad

        flex = [k for k in shown if self.columns[k].flex]
        fixed = sum(natural(k, False) for k in shown if k not in flex)
        self.short = self.short or fixed + least * len(flex) > room
        widths = [0] * len(self.columns)
        for k in shown:
            widths[k] = natural(k, self.short)
        spare = room - sum(widths)
        wanted = sum(widths[k] for k in flex) or 1
        for k in flex:  # too little room: the text columns shrink; room to spare: they grow
            widths[k] = max(least, widths[k] + int(spare * widths[k] / wanted))
        if not flex and spare > 0 and shown:
            widths[shown[-1]] += spare
        return widths

    def row_at(self, pos) -> int | None:
        """The index in :attr:`rows` of the row under ``pos`` (``None``: none there)."""
        if not self.rect.collidepoint(pos):
            return None
        k = (pos[1] - self.rect.y - self.line) // self.line
        if pos[1] < self.rect.y + self.line or k >= self.visible:
            return None
        index = self.top + k
        return index if index < len(self.rows) else None

    def column_at(self, pos) -> int | None:
        """The column whose title is under ``pos`` (``None``: not on the header)."""
        if not (self.rect.collidepoint(pos) and pos[1] < self.rect.y + self.line):
            return None
        x = self.rect.x
        for k, width in enumerate(self.widths()):
            if width and x <= pos[0] < x + width:
                return k
            x += width
        return None

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> str | None:
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll(-3 * event.y)
            return "scroll"
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5) and self.rect.collidepoint(event.pos):
            return "scroll"  # the wheel's old-style buttons: MOUSEWHEEL scrolls
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            column = self.column_at(event.pos)
            if column is not None and self.sortable:
                self.sort_by(column)
                return "sort"
            index = self.row_at(event.pos)
            if index is None or self.rows[index].heading:
                return None
            now = pygame.time.get_ticks()
            double = self._click is not None and self._click[0] == index and now - self._click[1] <= DOUBLE_CLICK_MS
            self._click = None if double else (index, now)
            self.select(index)
            return "open" if double else "select"
        if event.type == pygame.KEYDOWN:
            return self.key(event.key)
        return None

    def key(self, key: int) -> str | None:
        """Up/Down, PgUp/PgDn, Home/End move the selection; Enter opens it."""
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return "open" if self.selected_row is not None else None
        steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible, pygame.K_PAGEDOWN: self.visible}
        if key in steps:
            step = steps[key]
            start = self.selected if self.selected is not None else (-1 if step > 0 else len(self.rows))
            target = max(0, min(start + step, len(self.rows) - 1))
            while 0 < target < len(self.rows) - 1 and self.rows[target].heading:
                target += 1 if step > 0 else -1
            self.select(target)
            return "select"
        if key in (pygame.K_HOME, pygame.K_END):
            self.select(0 if key == pygame.K_HOME else len(self.rows) - 1)
            return "select"
        return None

    def scroll(self, rows: int) -> None:
        self.top = max(0, min(self.top + rows, len(self.rows) - self.visible))

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        rect, font, line = self.rect, self.fonts(self.size), self.line
        if rect.w <= 0 or rect.h <= 0:
            return
        pygame.draw.rect(surface, (28, 40, 33), rect)
        pygame.draw.rect(surface, PANEL_EDGE, rect, 1)
        widths = self.widths()
        clip = surface.get_clip()
        surface.set_clip(rect)
        pygame.draw.rect(surface, PANEL, (rect.x, rect.y, rect.w, line))
        x = rect.x
        for k, (column, width) in enumerate(zip(self.columns, widths)):
            if not width:
                continue
            title = (column.short if self.short and column.short else column.title) + (("  ▼" if self.descending else "  ▲") if k == self.sort and self.sortable else "")
            self._cell(surface, font, title, x, rect.y + 3, width, column.right, ACCENT if k == self.sort else TEXT_DIM)
            x += width
        if not self.rows:
            draw_text(surface, font, elide(font, self.empty, rect.w - 16), (rect.x + 8, rect.y + line + 6), TEXT_DIM)
        for k in range(self.visible):
            index = self.top + k
            if index >= len(self.rows):
                break
            row, y = self.rows[index], rect.y + line * (k + 1)
            if row.heading:
                pygame.draw.rect(surface, HEADING, (rect.x, y, rect.w, line))
                draw_text(surface, self.fonts(self.size, True), elide(font, row.cells[0], rect.w - 16),
                          (rect.x + 6, y + 3), ACCENT)
                continue
            if index == self.selected:
                pygame.draw.rect(surface, SELECTED, (rect.x, y, rect.w, line))
            x = rect.x
            for cell, column, width in zip(row.cells, self.columns, widths):
                if width:
                    self._cell(surface, font, cell, x, y + 3, width, column.right, TEXT_DIM if row.dim else TEXT)
                x += width
        self._scroll_bar(surface)
        surface.set_clip(clip)

    @staticmethod
    def _cell(surface, font, text: str, x: int, y: int, width: int, right: bool, colour) -> None:
        text = elide(font, text, max(8, width - 10))
        if right:
            draw_text(surface, font, text, (x + width - 6, y), colour, anchor="topright")
        else:
            draw_text(surface, font, text, (x + 6, y), colour)

    def _scroll_bar(self, surface: pygame.Surface) -> None:
        if len(self.rows) <= self.visible:
            return
        track = pygame.Rect(self.rect.right - 8, self.rect.y + self.line, 6, self.rect.h - self.line - 2)
        share = self.visible / len(self.rows)
        thumb = pygame.Rect(track.x, track.y + round(track.h * self.top / len(self.rows)), track.w,
                            max(12, round(track.h * share)))
        pygame.draw.rect(surface, PANEL, track, border_radius=3)
        pygame.draw.rect(surface, PANEL_EDGE, thumb, border_radius=3)
