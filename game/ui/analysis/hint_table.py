"""The hint table: the analysis records of the position ranked in the side panel, one row a
move, with the columns the game's analysis gives (win and gammon chances, equity, the
difference to the best, the depth searched) and the moves the tutor would question marked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import pygame

from ...core.gameinfo import three_decimals
from ...core.rollout_figures import Z95
from ..theme import ACCENT, PANEL_EDGE, TEXT, TEXT_DIM
from ..widgets import draw_text, elide, wrap
from .hints import WARN, Hints, fitting_title, win_chance


class Column(NamedTuple):
    """A column of the hint table: its heading, the cell of a record, and its priority (the
    lowest priorities are left out first when the panel is narrow)."""

    key: str
    heading: str
    cell: Callable[[Any], str]
    priority: int


def hint_columns(records: Sequence, details: Sequence[tuple[str, str]] = (), format_value=three_decimals,
                 value_heading: str = "Value", words=None, score_heading: str = "Score",
                 shown=None) -> list[Column]:
    """The table's columns, GNU Backgammon's hint window's: rank, move, the native value
    (equity), the difference to the best, the analysis' chances (win, gammon, backgammon)
    where it gives them, the depth, a rollout's 95% interval (±), standard error (SE) and
    cubeful equity (its rows
    only: the value column keeps one unit, see :mod:`game.backgammon.rollout.rows`), and the
    display score as an extra column (headed
    ``score_heading``: Mandragora's is the seed's score, "Seed").  ``words(move)``
    names a move where its notation is not what a player reads (the view's ``decisions.words``:
    backgammon's cube actions "No double", "Double", "Take", "Pass"), else ``None``; ``shown(text)``
    writes the others in the board's numbering (:meth:`~game.ui.gameview.GameView.shown_notation`)."""
    columns = [
        Column("rank", "#", lambda r: str(r.rank), 0),
        Column("move", "Move", lambda r: (words(r.move) if words else None) or (shown or str)(r.notation), 0),
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
        columns.append(Column("se", "SE", lambda r: "" if r.half_width is None else f"{r.half_width / Z95:.4f}", 18))
    if any(isinstance(r.details.get("cubeful"), float) for r in records):  # a rollout's cubeful equity, beside
        columns.insert(4, Column("cubeful", "Cubeful", lambda r: format_value(r.details["cubeful"])
                                 if isinstance(r.details.get("cubeful"), float) else "", 3))
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
        return hint_columns(records, self.details, self.format_value, self.value_heading, self.words, self.score_heading,
                            self.hints.shown_notation)

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



def list_footer(records: Sequence, noun: str = "move") -> str:
    """The line under a long hint list: how many moves (``noun``: the game's word), and the
    depths of the dimmed rows (moves the filters dropped before the deepest search)."""
    text = f"{len(records)} {noun}s · ↑↓ to scroll"
    shallower = sorted({r.plies for r in records if r.plies < records[0].plies}, reverse=True)
    return text + (f" · dim: {'/'.join(map(str, shallower))} ply" if shallower else "")

