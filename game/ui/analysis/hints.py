"""The hint overlay: the analysis record of the position as a ranked list, the "why" of the
selected move, and the selected move drawn as arrows on the board.

Everything here reads only the analysis records (:class:`~game.core.analysis.MoveAnalysis`)
that :class:`~game.ui.analysis.analyst.Analyst` computed, so it works for any game with
``Analysis.analyze``.  The win chance is ``details["win"]`` where the game's analyzer gives
one (backgammon); a game whose analysis has none gets no win column, the display score alone.
The game's view draws the selected move on its board (``move_arrows(state, move) -> [(start,
end), ...]``, screen points; none for a move it cannot draw) and names the factors
(``factor_labels``: factor -> words), see :class:`~game.ui.gameview.GameView`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

import pygame

from ...core.gameinfo import three_decimals
from ..theme import ACCENT, PANEL_EDGE, TEXT, TEXT_DIM
from ..widgets import draw_text, elide, wrap

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

    adjust = None
    """``adjust(state, records)``: the records as shown, where something replaced some rows'
    figures since the analysis (a rollout, :class:`~game.ui.analysis.rollouts.RolloutControl`)."""

    @property
    def records(self) -> list:
        if self.analyst is None or self.state is None:
            return []
        records = self.analyst.get(self.state) or []
        return self.adjust(self.state, records) if self.adjust is not None and records else records

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


class Column(NamedTuple):
    """A column of the hint table: its heading, the cell of a record, and its priority (the
    lowest priorities are left out first when the panel is narrow)."""

    key: str
    heading: str
    cell: Callable[[Any], str]
    priority: int


def hint_columns(records: Sequence, details: Sequence[tuple[str, str]] = (), format_value=three_decimals,
                 value_heading: str = "Value", words=None, score_heading: str = "Score") -> list[Column]:
    """The table's columns, GNU Backgammon's hint window's: rank, move, the native value
    (equity), the difference to the best, the analysis' chances (win, gammon, backgammon)
    where it gives them, the depth, and the display score as an extra column (headed
    ``score_heading``: Mandragora's is the seed's score, "Seed").  ``words(move)``
    names a move where its notation is not what a player reads (the view's ``decisions.words``:
    backgammon's cube actions "No double", "Double", "Take", "Pass"), else ``None``."""
    columns = [
        Column("rank", "#", lambda r: str(r.rank), 0),
        Column("move", "Move", lambda r: (words(r.move) if words else None) or r.notation, 0),
        Column("value", value_heading, lambda r: format_value(r.value), 1),
        Column("diff", "Diff", lambda r: "" if r.rank == 1 else format_value(r.diff), 2),
    ]
    details = list(details) or ([("win", "Win")] if any(win_chance(r) is not None for r in records) else [])
    for i, (name, heading) in enumerate(details):
        if any(isinstance(r.details.get(name), (int, float)) for r in records):
            columns.append(Column(name, heading, lambda r, n=name: _percent(r.details.get(n)), 3 + i))
    # Where the analysis gives chances, they come before the depth and the display score (a
    # narrow panel drops the score and the depth first, then the rarest chances).
    if any(r.half_width is not None for r in records):  # a rollout's rows: their 95% intervals
        columns.insert(3, Column("interval", "±", lambda r: "" if r.half_width is None else f"{r.half_width:.3f}", 2))
    columns.append(Column("plies", "Ply", lambda r: r.depth or str(r.plies), 3 if not details else 20))
    columns.append(Column("score", score_heading, lambda r: f"[{r.score:+.1f}]", 3 if not details else 19))
    return columns


def _percent(value) -> str:
    return f"{100 * value:.1f}" if isinstance(value, (int, float)) else "—"


def depth_groups(records: Sequence) -> list[tuple[int, int | None]]:
    """The table's lines in rank order: ``(record index, None)`` for a move, ``(-1, plies)``
    for the separator before the moves searched less deeply than those above them."""
    lines: list[tuple[int, int | None]] = []
    for i, record in enumerate(records):
        before = records[i - 1] if i else None  # rolled-out rows (a depth) are one group, whatever the plies
        if before is not None and ((record.plies < before.plies and not before.depth) or (before.depth and not record.depth)):
            lines.append((-1, record.plies))
        lines.append((i, None))
    return lines


MARKED_SHARE = 0.4
"""A move's warnings earn the "!" marker from this share of the tutor's margin behind the best."""


def marked(record, margin=None) -> bool:
    """True when the hint table marks ``record`` with "!": it has warnings and is meaningfully
    behind the best (:data:`MARKED_SHARE` of the game's tutor margin, in its units), so the
    warnings say something the player could act on; the best move is never marked."""
    if not record.warnings or record.rank == 1:
        return False
    return margin is None or margin.behind(record) >= MARKED_SHARE * margin.amount


class HintSection:
    """Panel section: the hint table, one row per legal move in rank order (the best in the
    accent colour), moves searched less deeply listed after a "searched at N ply" line, and
    the game's legend, if any, under it (``Analysis.legend``: what its numbers are)."""

    def __init__(self, fonts, hints: Hints, visible, title, noun: str = "move",
                 details: Sequence[tuple[str, str]] = (), format_value=three_decimals,
                 value_heading: str = "Value", margin=None, words=None, score_heading: str = "Score",
                 legend: str = "") -> None:
        self.words = words  # the view's decisions.words, if its game has decisions by buttons
        self.score_heading = score_heading
        self.legend = legend
        """The game's line under the table saying what its numbers are (``Analysis.legend``)."""
        self.fonts, self.hints, self.visible, self.title, self.noun = fonts, hints, visible, title, noun
        self.margin = margin
        """The game's :class:`~game.core.gameinfo.TutorMargin`: the "!" marker is for warnings
        on a move meaningfully behind the best (see :func:`marked`)."""
        self.details, self.format_value, self.value_heading = tuple(details), format_value, value_heading
        self.max_rows = 8
        self.rows: list[tuple[int, pygame.Rect]] = []  # (record index, screen rect) as drawn
        self.shown_columns: list[str] = []  # the keys of the columns last drawn
        self.detail_line = ""  # the selected row's left-out columns, as last drawn

    def _font(self):
        return self.fonts(13)

    def columns(self, records: Sequence) -> list[Column]:
        """Every column of the table for ``records`` (before a narrow panel leaves some out)."""
        return hint_columns(records, self.details, self.format_value, self.value_heading, self.words, self.score_heading)

    LEGEND_LINES = 4
    """The legend's most lines: Mandragora's two sentences wrap to four in the narrowest panel."""

    def squeeze(self, width: int, room: int) -> int:
        """The panel is short: the legend's lines give way, whole, the last first (the table
        stays)."""
        full, step = self.height(width), self.fonts(11).get_linesize()
        table = full - len(self.legend_lines(width)) * step if self.hints.records else full
        return table + max(0, min(full - table, room - table)) // step * step

    def legend_lines(self, width: int) -> list[str]:
        """The legend wrapped to the panel's ``width`` (at most :attr:`LEGEND_LINES` lines)."""
        return wrap(self.fonts(11), self.legend, width - 16, self.LEGEND_LINES) if self.legend else []

    def _lines(self) -> list[tuple[int, int | None]]:
        return depth_groups(self.hints.records)

    def height(self, width: int) -> int:
        if not self.visible():
            return 0
        lines = self._lines()
        shown = min(len(lines), self.max_rows) + (1 if len(lines) > self.max_rows else 0) if lines else 1
        heading = self.fonts(11, True).get_linesize() if lines else 0
        detail = self.fonts(11).get_linesize() if lines else 0  # the selected row's other columns
        legend = len(self.legend_lines(width)) * self.fonts(11).get_linesize() if lines else 0
        return (self.fonts(12, True).get_linesize() + 6 + heading + shown * self._font().get_linesize() + detail
                + legend + 10)

    def rows_shown(self) -> range:
        """The table lines (see :func:`depth_groups`) in view, the selected move among them."""
        lines, hints = self._lines(), self.hints
        n = len(lines)
        if n <= self.max_rows:
            return range(n)
        at = next((k for k, (i, _) in enumerate(lines) if i == hints.selected), 0)
        hints.scroll = max(0, min(hints.scroll, n - self.max_rows))
        if at < hints.scroll:
            hints.scroll = at
        elif at >= hints.scroll + self.max_rows:
            hints.scroll = at - self.max_rows + 1
        return range(hints.scroll, hints.scroll + self.max_rows)

    def fit_columns(self, records: Sequence, width: int) -> list[tuple[Column, int]]:
        """The columns that fit ``width`` with the move column at least a typical move wide,
        each with its width in pixels; the lowest priorities are left out first."""
        font, head = self._font(), self.fonts(11, True)
        columns = self.columns(records)
        gap = round(font.size(" ")[0] * 1.6)

        def wide(column):
            cells = [column.cell(r) for r in records[:40]]
            return max([font.size(c)[0] for c in cells] + [head.size(column.heading)[0]])

        widths = {c.key: wide(c) for c in columns if c.key != "move"}
        least_move = min(font.size("13/10 24/21*")[0], max(font.size(r.notation)[0] for r in records))
        if any(marked(r, self.margin) for r in records):  # room for the warning marker before the move
            least_move += font.size("! ")[0]
        while True:
            used = sum(widths[c.key] + gap for c in columns if c.key != "move")
            if used + least_move <= width or len(columns) <= 2:
                break
            drop = max((c for c in columns if c.priority > 0), key=lambda c: c.priority, default=None)
            if drop is None:
                break
            columns.remove(drop)
        used = sum(widths[c.key] + gap for c in columns if c.key != "move")
        return [(c, max(0, width - used) if c.key == "move" else widths[c.key]) for c in columns]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.rows = []
        head = self.fonts(12, True)
        y = draw_text(surface, head, fitting_title(head, self.title(), rect.w - 16), (rect.x + 8, rect.y + 4),
                      TEXT_DIM).bottom + 2
        font, step = self._font(), self._font().get_linesize()
        records = self.hints.records
        if not records:
            error = self.hints.error
            text = error if error else ("No legal move." if self.hints.ready else "Analysing…")
            draw_text(surface, font, wrap(font, text, rect.w - 16)[0], (rect.x + 8, y), WARN if error else TEXT_DIM)
            return
        clip = surface.get_clip()
        surface.set_clip(rect)
        columns = self.fit_columns(records, rect.w - 12)
        self.shown_columns = [c.key for c, _ in columns]
        left_out = [c for c in self.columns(records) if c.key not in self.shown_columns]
        gap = round(font.size(" ")[0] * 1.6)
        small = self.fonts(11, True)
        x = rect.x + 6
        places = []
        for column, w in columns:  # text columns from the left, numbers to the right
            left = column.key == "move"
            places.append((column, x if left else x + w, left, w))
            draw_text(surface, small, column.heading, (x if left else x + w, y), TEXT_DIM,
                      anchor="topleft" if left else "topright")
            x += w + gap
        y += small.get_linesize()
        lines = self._lines()
        for k in self.rows_shown():
            i, plies = lines[k]
            if i < 0:  # the line before the moves searched less deeply
                label = f"searched at {plies} ply"
                text = draw_text(surface, self.fonts(11), label, (rect.centerx, y + step // 2), TEXT_DIM, anchor="center")
                for a, b in ((rect.x + 6, text.left - 6), (text.right + 6, rect.right - 6)):
                    if b > a:
                        pygame.draw.line(surface, PANEL_EDGE, (a, y + step // 2), (b, y + step // 2))
                y += step
                continue
            record = records[i]
            row = pygame.Rect(rect.x + 2, y, rect.w - 4, step)
            self.rows.append((i, row))
            if i == self.hints.selected:
                pygame.draw.rect(surface, PANEL_EDGE, row, border_radius=4)
            colour = ACCENT if record.rank == 1 else TEXT if record.plies >= records[0].plies else TEXT_DIM
            for column, px, left, w in places:
                text = column.cell(record)
                if column.key == "rank":
                    text = "▶" if record.notation == self.hints.played else text
                if left:
                    mark = "!" if marked(record, self.margin) else ""
                    if mark:  # a warning worth acting on: its marker before the move
                        draw_text(surface, self.fonts(13, True), mark, (px, y), WARN)
                        px += font.size("! ")[0]
                        w -= font.size("! ")[0]
                    draw_text(surface, font, elide(font, text, w), (px, y), colour)
                else:
                    draw_text(surface, font, text, (px, y), colour if column.key != "score" else TEXT_DIM,
                              anchor="topright")
            y += step
            if i == self.hints.selected and left_out:  # the columns a narrow panel leaves out, for this row
                small_font = self.fonts(11)
                text = "  ".join(f"{c.heading} {c.cell(record)}" for c in left_out)
                lines_ = wrap(small_font, text, rect.w - 30, 1)
                draw_text(surface, small_font, lines_[0], (rect.x + 24, y), TEXT_DIM)
                self.detail_line = lines_[0]
                y += small_font.get_linesize()
        if len(lines) > self.max_rows:
            footer = f"{len(records)} {self.noun}s · ↑↓ to scroll"
            draw_text(surface, self.fonts(12), elide(self.fonts(12), footer, rect.w - 16), (rect.x + 8, y), TEXT_DIM)
            y += step
        for text in self.legend_lines(rect.w):  # what the numbers are
            draw_text(surface, self.fonts(11), text, (rect.x + 8, y), TEXT_DIM)
            y += self.fonts(11).get_linesize()
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


def fitting_title(font, forms: str | Sequence[str], width: int) -> str:
    """The first of a heading's ``forms`` (longest first) that fits ``width`` in capitals, else
    the last one elided: "COMPUTER'S ANALYSIS (INTERMEDIATE LEVEL)" in a wide panel,
    "ANALYSIS · INTERMEDIATE" in a narrow one, never a cut word where a shorter form fits."""
    forms = [forms] if isinstance(forms, str) else list(forms)
    for form in forms:
        if font.size(form.upper())[0] <= width:
            return form.upper()
    return elide(font, forms[-1].upper(), width)


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
                 format_value=three_decimals, margin=None) -> None:
        self.fonts, self.hints, self.visible, self.labels = fonts, hints, visible, labels or {}
        self.format_value, self.margin = format_value, margin
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
        urgent = marked(record, self.margin)  # else a note about the position, not a call to act
        for warning in record.warnings:
            lines += [(text, WARN if urgent else TEXT_DIM)
                      for text in wrap(font, f"⚠ {warning}" if urgent else f"note: {warning}", width - 16)]
        for reason in record.explanation:
            lines += [(text, TEXT) for text in wrap(font, f"• {reason}", width - 16)]
        compared = factor_comparison(record, other)
        if not compared:  # nothing tells them apart: the move's own factors, less the constant ones
            same = {n for n, v in record.factors.items() if all(r.factors.get(n) == v for r in records)}
            compared = [(n, v) for n, v in factor_comparison(record, None) if n not in same or len(records) == 1]
            if other is not record and compared:  # said only when its own factors follow
                lines.append((f"its factors equal {other.notation}'s:", TEXT_DIM))
            other = record
        factors = [(self.labels.get(n, n), v) for n, v in compared][: self.max_factors]
        heading = f"Why {record.notation}" if other is record else f"Why {record.notation} vs {other.notation}"
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
