"""The hint overlay: the analysis record of the position as a ranked list, the "why" of the
selected move, and the selected move drawn as arrows on the board.

Everything here reads only the analysis records (:class:`~game.core.analysis.MoveAnalysis`)
that :class:`~game.ui.analyst.Analyst` computed, so it works for any game with
``GameInfo.analyze``.  The win chance is ``details["win"]`` where the game's analyzer gives
one (backgammon); a game whose analysis has none gets no win column, the display score alone.
A game's view may offer ``move_arrows(state, move) -> [(start, end), ...]`` (screen points)
to have the selected move drawn on its board, and ``factor_labels`` (factor -> words).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from ..core.gameinfo import three_decimals
from .theme import ACCENT, PANEL_EDGE, TEXT, TEXT_DIM
from .widgets import draw_text, elide, wrap

WARN = (240, 140, 96)
GOOD, BAD = (120, 200, 130), (226, 112, 96)
ARROW = (90, 200, 255)


def win_chance(record) -> float | None:
    """The mover's win chance after the move (0..1), if the analyzer reports one."""
    win = record.details.get("win") if record is not None else None
    return float(win) if isinstance(win, (int, float)) and 0.0 <= win <= 1.0 else None


def row_cells(record) -> tuple[str, str, str]:
    """``(notation, score, win %)`` as the hint list shows them."""
    win = win_chance(record)
    return record.notation, f"{record.score:+.1f}", "—" if win is None else f"{100 * win:.1f}%"


class Hints:
    """The analysis on screen: which position, its records, the selected and the played row."""

    def __init__(self, analyst) -> None:
        self.analyst = analyst
        self.state: Any = None
        self.selected = 0
        self.played: str | None = None
        self.scroll = 0

    def show(self, state: Any) -> None:
        """Show (and analyse first) ``state``; a new position resets the selection."""
        if state is not self.state:
            self.state, self.selected, self.played, self.scroll = state, 0, None, 0
        if self.analyst is not None:
            self.analyst.focus(state)

    @property
    def records(self) -> list:
        if self.analyst is None or self.state is None:
            return []
        return self.analyst.get(self.state) or []

    @property
    def error(self) -> str | None:
        return self.analyst.error(self.state) if self.analyst is not None and self.state is not None else None

    @property
    def ready(self) -> bool:
        return self.analyst is not None and self.state is not None and self.analyst.done(self.state)

    def selected_record(self):
        records = self.records
        return records[min(self.selected, len(records) - 1)] if records else None

    def select(self, index: int) -> None:
        records = self.records
        self.selected = max(0, min(index, len(records) - 1)) if records else 0

    def mark_played(self, notation: str) -> None:
        """The move chosen in this position: marked in the list and selected (watch mode)."""
        self.played = notation
        index = next((i for i, r in enumerate(self.records) if r.notation == notation), None)
        if index is not None:
            self.selected = index


class HintSection:
    """Panel section: one row per legal move, best first, the best in the accent colour."""

    def __init__(self, fonts, hints: Hints, visible, title, noun: str = "move") -> None:
        self.fonts, self.hints, self.visible, self.title, self.noun = fonts, hints, visible, title, noun
        self.max_rows = 8
        self.rows: list[tuple[int, pygame.Rect]] = []  # (record index, screen rect) as drawn

    def _font(self):
        return self.fonts(13)

    def height(self, width: int) -> int:
        if not self.visible():
            return 0
        n = len(self.hints.records)
        lines = min(n, self.max_rows) + (1 if n > self.max_rows else 0) if n else 1
        return self.fonts(12, True).get_linesize() + 6 + lines * self._font().get_linesize() + 12

    def rows_shown(self) -> range:
        n, hints = len(self.hints.records), self.hints
        if n <= self.max_rows:
            return range(n)
        hints.scroll = max(0, min(hints.scroll, n - self.max_rows))
        if hints.selected < hints.scroll:
            hints.scroll = hints.selected
        elif hints.selected >= hints.scroll + self.max_rows:
            hints.scroll = hints.selected - self.max_rows + 1
        return range(hints.scroll, hints.scroll + self.max_rows)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.rows = []
        head = self.fonts(12, True)
        y = draw_text(surface, head, self.title().upper(), (rect.x + 8, rect.y + 4), TEXT_DIM).bottom + 2
        font, step = self._font(), self._font().get_linesize()
        records = self.hints.records
        with_win = any(win_chance(r) is not None for r in records)  # else no column of dashes
        right_score, right_win = (rect.right - 64, rect.right - 6) if with_win else (rect.right - 6, None)
        if not records:
            error = self.hints.error
            text = error if error else ("No legal move." if self.hints.ready else "Analysing…")
            draw_text(surface, font, wrap(font, text, rect.w - 16)[0], (rect.x + 8, y), WARN if error else TEXT_DIM)
            return
        clip = surface.get_clip()
        surface.set_clip(rect)
        for i in self.rows_shown():
            record = records[i]
            row = pygame.Rect(rect.x + 2, y, rect.w - 4, step)
            self.rows.append((i, row))
            if i == self.hints.selected:
                pygame.draw.rect(surface, PANEL_EDGE, row, border_radius=4)
            colour = ACCENT if record.rank == 1 else TEXT if record.plies >= records[0].plies else TEXT_DIM
            notation, score, win = row_cells(record)
            mark = "▶" if record.notation == self.hints.played else str(record.rank)
            draw_text(surface, font, mark, (rect.x + 26, y), TEXT_DIM, anchor="topright")
            if record.warnings:
                draw_text(surface, self.fonts(13, True), "!", (rect.x + 30, y), WARN)
            width = right_score - 52 - (rect.x + 40)
            while notation and font.size(notation)[0] > width:
                notation = notation[:-2] + "…" if len(notation) > 2 else ""
            draw_text(surface, font, notation, (rect.x + 40, y), colour)
            draw_text(surface, font, score, (right_score, y), colour, anchor="topright")
            if right_win is not None:
                draw_text(surface, font, win, (right_win, y), colour, anchor="topright")
            y += step
        if len(records) > self.max_rows:
            draw_text(surface, self.fonts(12), list_footer(records, self.noun), (rect.x + 8, y), TEXT_DIM)
        surface.set_clip(clip)

    def row_at(self, pos) -> int | None:
        """The record index of the row under ``pos`` (as last drawn)."""
        return next((i for i, row in self.rows if row.collidepoint(pos)), None)


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


def number(value: float) -> str:
    """A factor value with about three significant digits and no exponent."""
    return f"{value:+.3f}" if abs(value) < 1 else f"{value:+.2f}" if abs(value) < 100 else f"{value:+.0f}"


def list_footer(records: Sequence, noun: str = "move") -> str:
    """The line under a long hint list: how many moves (``noun``: the game's word), and the
    depths of the dimmed rows (moves the filters dropped before the deepest search)."""
    text = f"{len(records)} {noun}s · ↑↓ to scroll"
    shallower = sorted({r.plies for r in records if r.plies < records[0].plies}, reverse=True)
    return text + (f" · dim: {'/'.join(map(str, shallower))} ply" if shallower else "")


class WhySection:
    """Panel section: the selected move's warnings, reasons in words and factor breakdown.

    The factors are compared with the best move (or, for the best, with the runner-up), so
    what is listed is what makes the difference; bars show each factor's share.
    """

    def __init__(self, fonts, hints: Hints, visible, labels: Mapping[str, str] | None = None,
                 format_value=three_decimals) -> None:
        self.fonts, self.hints, self.visible, self.labels = fonts, hints, visible, labels or {}
        self.format_value = format_value
        self.max_factors = 5

    def content(self, width: int) -> tuple[str, list[tuple[str, tuple]], list[tuple[str, float]]]:
        """``(heading, [(line, colour)], [(factor label, delta)])`` for the selected move."""
        record = self.hints.selected_record()
        if record is None:
            return "", [], []
        records = self.hints.records
        other = records[1] if record.rank == 1 and len(records) > 1 else records[0]
        font = self.fonts(13)
        lines: list[tuple[str, tuple]] = []
        for warning in record.warnings:
            lines += [(text, WARN) for text in wrap(font, f"⚠ {warning}", width - 16)]
        for reason in record.explanation:
            lines += [(text, TEXT) for text in wrap(font, f"• {reason}", width - 16)]
        compared = factor_comparison(record, other)
        if not compared:  # nothing tells them apart: the move's own factors, less the constant ones
            same = {n for n, v in record.factors.items() if all(r.factors.get(n) == v for r in records)}
            compared = [(n, v) for n, v in factor_comparison(record, None) if n not in same or len(records) == 1]
            if other is not record:
                lines.append((f"its factors equal {other.notation}'s:", TEXT_DIM))
            other = record
        factors = [(self.labels.get(n, n), v) for n, v in compared][: self.max_factors]
        heading = f"Why {record.notation}" if other is record else f"Why {record.notation} vs {other.notation}"
        behind = f", {self.format_value(record.diff)} vs the best" if record.rank > 1 else ", the best"
        depth = f" · {record.plies} ply" if record.plies else ""
        lines.insert(0, (f"value {self.format_value(record.value)}{behind}{depth}", TEXT_DIM))
        if factors and record.plies:  # the factors explain the position the move reaches
            lines.append(("factors of the position reached (0 ply):", TEXT_DIM))
        return heading, lines, factors

    def height(self, width: int) -> int:
        if not self.visible():
            return 0
        heading, lines, factors = self.content(width)
        if not heading:
            return 0
        line = self.fonts(13).get_linesize()
        return self.fonts(12, True).get_linesize() + 8 + (len(lines) + len(factors)) * line + 10

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        heading, lines, factors = self.content(rect.w)
        if not heading:
            return
        clip = surface.get_clip()
        surface.set_clip(rect)
        head, font = self.fonts(12, True), self.fonts(13)
        title = wrap(head, heading.upper(), rect.w - 16)[0]
        y = draw_text(surface, head, title, (rect.x + 8, rect.y + 4), TEXT_DIM).bottom + 4
        for text, colour in lines:
            draw_text(surface, font, text, (rect.x + 8, y), colour)
            y += font.get_linesize()
        biggest = max((abs(v) for _, v in factors), default=1.0) or 1.0
        bar_x, bar_w = rect.x + rect.w * 0.55, rect.w * 0.45 - 70
        for name, value in factors:
            draw_text(surface, font, elide(font, name, round(bar_x - rect.x) - 14), (rect.x + 8, y), TEXT)
            length = max(2, round(bar_w / 2 * abs(value) / biggest))
            mid = bar_x + bar_w / 2
            bar = pygame.Rect(round(mid if value > 0 else mid - length), y + 4, length, font.get_linesize() - 8)
            pygame.draw.rect(surface, GOOD if value > 0 else BAD, bar, border_radius=2)
            pygame.draw.line(surface, TEXT_DIM, (mid, y + 2), (mid, y + font.get_linesize() - 3))
            draw_text(surface, font, number(value), (rect.right - 6, y), TEXT, anchor="topright")
            y += font.get_linesize()
        surface.set_clip(clip)


def draw_arrows(surface: pygame.Surface, segments: Sequence[tuple[tuple[float, float], tuple[float, float]]],
                colour=ARROW, width: int = 5) -> None:
    """Arrows from start to end points, translucent, each with a filled head."""
    if not segments:
        return
    xs = [x for segment in segments for x, _ in segment]
    ys = [y for segment in segments for _, y in segment]
    pad = width * 5
    box = pygame.Rect(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    for (x0, y0), (x1, y1) in segments:
        x0, y0, x1, y1 = x0 - box.x, y0 - box.y, x1 - box.x, y1 - box.y
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy)
        if length < 1:
            pygame.draw.circle(layer, (*colour, 210), (x0, y0), width * 2, 3)
            continue
        ux, uy = dx / length, dy / length
        head = min(width * 4.0, length * 0.5)
        base = (x1 - ux * head, y1 - uy * head)
        pygame.draw.line(layer, (*colour, 200), (x0, y0), base, width)
        pygame.draw.circle(layer, (*colour, 200), (x0, y0), width)
        left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
        right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
        pygame.draw.polygon(layer, (*colour, 230), [(x1, y1), left, right])
        pygame.draw.aalines(layer, (20, 30, 40, 230), True, [(x1, y1), left, right])
    surface.blit(layer, box)
