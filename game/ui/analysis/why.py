"""The "why" of the selected move: its warnings, its reasons in words, and the factors that set
it apart from the best move (or the position's, for the best), as the game's evaluator
explains them.  Only those two records' factors are computed (:mod:`game.core.factors`), when
the move is first selected.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import pygame

from ...core.factors import explain
from ...core.gameinfo import three_decimals
from ..theme import TEXT, TEXT_DIM
from ..widgets import draw_text, elide, wrap
from .hint_table import marked
from .hints import BAD, GOOD, WARN, Hints, number


def factor_comparison(record, other) -> list[tuple[str, float]]:
    """The factors that set ``record`` apart from ``other`` (``record`` minus ``other``),
    biggest first; without a different ``other``, the record's own nonzero factors."""
    mine: Mapping[str, float] = record.factors
    if other is not None and other is not record and other.factors:
        pairs = [(name, value - other.factors.get(name, 0.0)) for name, value in mine.items()]
    else:
        pairs = list(mine.items())
    pairs = [(n, float(v)) for n, v in pairs if isinstance(v, (int, float)) and math.isfinite(v)]
    biggest = max((abs(v) for _, v in pairs), default=0.0)
    pairs = [(n, v) for n, v in pairs if abs(v) > max(1e-6, 0.01 * biggest)]  # drop the negligible
    return sorted(pairs, key=lambda item: -abs(item[1]))



class WhySection:
    """Panel section: the selected move's warnings, reasons in words and factor breakdown.

    The factors are compared with the best move (or, for the best, with the runner-up), so
    what is listed is what makes the difference; bars show each factor's share.
    """

    def __init__(self, fonts, hints: Hints, visible, labels: Mapping[str, str] | None = None,
                 format_value=three_decimals, margin=None) -> None:
        self.fonts, self.hints, self.visible, self.labels = fonts, hints, visible, labels or {}
        self.format_value, self.margin = format_value, margin
        self.max_factors = 5

    def content(self, width: int) -> tuple[str, list[tuple[str, tuple]], list[tuple[str, float]]]:
        """``(heading, [(line, colour)], [(factor label, delta)])`` for the selected move."""
        record = self.hints.selected_record()
        shown = self.hints.shown_notation  # in the board's numbering
        if record is None:
            return "", [], []
        records = self.hints.records
        other = records[1] if record.rank == 1 and len(records) > 1 else records[0]
        font = self.fonts(13)
        lines: list[tuple[str, tuple]] = []
        urgent = marked(record, self.margin)  # else a note about the position, not a call to act
        for warning in record.warnings:
            lines += [(text, WARN if urgent else TEXT_DIM)
                      for text in wrap(font, f"⚠ {warning}" if urgent else f"note: {warning}", width - 16)]
        for reason in record.explanation:
            lines += [(text, TEXT) for text in wrap(font, f"• {reason}", width - 16)]
        explain([record, other])  # the two rows read, explained together (the others never are)
        compared = factor_comparison(record, other)
        if not compared:  # nothing tells them apart: the move's own factors, less the constant ones
            explain(records)
            same = {n for n, v in record.factors.items() if all(r.factors.get(n) == v for r in records)}
            compared = [(n, v) for n, v in factor_comparison(record, None) if n not in same or len(records) == 1]
            if other is not record and compared:  # said only when its own factors follow
                lines.append((f"its factors equal {shown(other.notation)}'s:", TEXT_DIM))
            other = record
        factors = [(self.labels.get(n, n), v) for n, v in compared][: self.max_factors]
        heading = (f"Why {shown(record.notation)}" if other is record
                   else f"Why {shown(record.notation)} vs {shown(other.notation)}")
        behind = f", {self.format_value(record.diff)} vs the best" if record.rank > 1 else ", the best"
        depth = f" · rolled out ({record.depth})" if record.depth else f" · {record.plies} ply" if record.plies else ""
        summary = f"value {self.format_value(record.value)}{behind}{depth}"
        lines[:0] = [(text, TEXT_DIM) for text in wrap(font, summary, width - 16)]
        if factors and record.plies:  # the factors explain the position the move reaches
            lines += [(text, TEXT_DIM) for text in wrap(font, "factors of the position reached (0 ply):", width - 16)]
        return heading, lines, factors

    def height(self, width: int) -> int:
        if not self.visible():
            return 0
        heading, lines, factors = self.content(width)
        if not heading:
            return 0
        line = self.fonts(13).get_linesize()
        return self.fonts(12, True).get_linesize() + 8 + (len(lines) + len(factors)) * line + 10

    def squeeze(self, width: int, room: int) -> int:
        """The panel is short: as many whole lines as fit ``room`` (the factors go first, see
        :meth:`draw`), or nothing below the heading and two lines."""
        line = self.fonts(13).get_linesize()
        head = self.fonts(12, True).get_linesize() + 8
        fits = (room - head - 4) // line
        return 0 if fits < 2 else head + fits * line + 4

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        heading, lines, factors = self.content(rect.w)
        if not heading:
            return
        clip = surface.get_clip()
        surface.set_clip(rect)
        head, font = self.fonts(12, True), self.fonts(13)
        title = wrap(head, heading.upper(), rect.w - 16)[0]
        y = draw_text(surface, head, title, (rect.x + 8, rect.y + 4), TEXT_DIM).bottom + 4
        room = (rect.bottom - y) // font.get_linesize()  # whole lines only: never one cut through
        if room < len(lines) + len(factors):  # short of room: the words first, then the biggest factors
            lines = lines[:room]
            factors = factors[:max(0, room - len(lines))]
        for text, colour in lines:
            draw_text(surface, font, text, (rect.x + 8, y), colour)
            y += font.get_linesize()
        biggest = max((abs(v) for _, v in factors), default=1.0) or 1.0
        # The names take the room they need, the bars what is left (at least 30 px): in a
        # narrow panel a name is cut only when the bar would otherwise vanish.
        numbers = max((font.size(number(v))[0] for _, v in factors), default=0) + 12
        names = max((font.size(name)[0] for name, _ in factors), default=0) + 10
        bar_x = rect.x + 8 + min(names, max(rect.w * 0.45, rect.w - 8 - numbers - 30))
        bar_w = rect.right - numbers - bar_x
        for name, value in factors:
            draw_text(surface, font, elide(font, name, round(bar_x - rect.x) - 12), (rect.x + 8, y), TEXT)
            length = max(2, round(bar_w / 2 * abs(value) / biggest))
            mid = bar_x + bar_w / 2
            bar = pygame.Rect(round(mid if value > 0 else mid - length), y + 4, length, font.get_linesize() - 8)
            pygame.draw.rect(surface, GOOD if value > 0 else BAD, bar, border_radius=2)
            pygame.draw.line(surface, TEXT_DIM, (mid, y + 2), (mid, y + font.get_linesize() - 3))
            draw_text(surface, font, number(value), (rect.right - 6, y), TEXT, anchor="topright")
            y += font.get_linesize()
        surface.set_clip(clip)

