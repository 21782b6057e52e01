"""A rules page (:class:`~game.core.rules_page.RulesPage`) laid out for a column of the window:
every line of text placed, wrapped to the column, tables in columns that fit it.

:func:`lay_out` only measures (``fonts(size, bold).size(text)``); the Rules screen renders the
pieces and scrolls them, and a test checks that nothing placed passes the column's width.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ...core.rules_page import BULLET, HEADING, PARAGRAPH, RulesPage
from ..theme import ACCENT, PANEL_EDGE, TEXT, TEXT_DIM
from ..widgets import wrap

BULLET_MARK = "•"
NARROWEST_WRAPPED = 0.35
"""A table's widest column is wrapped into what the others leave of the column while that is
at least this share of it; below that every column shrinks in proportion (and wraps)."""


class Text(NamedTuple):
    """One line of text at ``(x, y)`` from the column's top left."""

    x: int
    y: int
    text: str
    size: int
    bold: bool
    colour: tuple[int, int, int]


class Rule(NamedTuple):
    """A horizontal line ``w`` pixels long (under a table's header, between its rows)."""

    x: int
    y: int
    w: int
    colour: tuple[int, int, int]


class PageLayout(NamedTuple):
    parts: list[Text | Rule]
    width: int
    height: int


def lay_out(page: RulesPage, width: int, size: int, fonts: Callable) -> PageLayout:
    """``page`` in a column ``width`` pixels wide, body text ``size`` pixels high."""
    parts: list[Text | Rule] = []
    y = 0
    gap = round(size * 0.6)
    previous = None

    def lines(text: str, x: int, text_size: int, bold: bool, colour) -> None:
        nonlocal y
        font = fonts(text_size, bold)
        for line in wrap(font, text, width - x):
            parts.append(Text(x, y, line, text_size, bold, colour))
            y += font.get_linesize()

    for block in page.blocks:
        if block.kind == HEADING:
            y += round(size * 1.1) if parts else 0
            lines(block.text, 0, round(size * 1.2), True, ACCENT)
            y += round(size * 0.3)
        elif block.kind == PARAGRAPH:
            lines(block.text, 0, size, False, TEXT)
            y += gap
        elif block.kind == BULLET:
            if previous == BULLET:
                y -= gap - round(size * 0.3)  # a list's points stand closer than paragraphs
            indent = fonts(size).size(BULLET_MARK + "  ")[0]
            parts.append(Text(round(indent * 0.2), y, BULLET_MARK, size, False, ACCENT))
            lines(block.text, indent, size, False, TEXT)
            y += gap
        else:
            y = _table(parts, block.rows, width, y, size, fonts) + gap
        previous = block.kind
    return PageLayout(parts, width, max(0, y - gap))


def column_widths(natural: list[int], width: int, pad: int) -> list[int]:
    """How wide each of a table's columns is drawn, given the widths its cells would like
    (``natural``), so that they and the ``pad`` between them fit ``width``."""
    room = width - pad * (len(natural) - 1)
    if sum(natural) <= room:
        return list(natural)
    wide = natural.index(max(natural))
    rest = sum(natural) - natural[wide]
    if room - rest >= room * NARROWEST_WRAPPED:
        return [room - rest if i == wide else w for i, w in enumerate(natural)]
    return [max(1, room * w // sum(natural)) for w in natural]


def _table(parts: list, rows, width: int, y: int, size: int, fonts: Callable) -> int:
    """Lay out a table (the header first) from ``y``; where it ends."""
    pad = round(size * 0.8)

    def font(row: int, col: int):
        return fonts(size, row == 0 or col == 0)  # the header and the first column in bold

    natural = [max(font(r, c).size(row[c])[0] for r, row in enumerate(rows)) for c in range(len(rows[0]))]
    widths = column_widths(natural, width, pad)
    xs = [sum(widths[:c]) + pad * c for c in range(len(widths))]
    right = xs[-1] + widths[-1]
    for r, row in enumerate(rows):
        y += round(size * 0.25)
        height = 0
        for c, cell in enumerate(row):
            f = font(r, c)
            colour = TEXT_DIM if r == 0 else ACCENT if c == 0 else TEXT
            number = r > 0 and cell.replace("–", "").replace("-", "").isdigit()
            for k, line in enumerate(wrap(f, cell, widths[c])):
                x = xs[c] + (widths[c] - f.size(line)[0] if number else 0)  # numbers to the right
                parts.append(Text(x, y + k * f.get_linesize(), line, size, r == 0 or c == 0, colour))
                height = max(height, (k + 1) * f.get_linesize())
        y += height + round(size * 0.25)
        parts.append(Rule(0, y, right, TEXT_DIM if r == 0 else PANEL_EDGE))
    return y
