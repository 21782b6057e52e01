"""The Review screen's alternatives: the decision's ranked choices, and the cube's figures.

For the decision on show (:class:`~game.core.review.report.Decision`): at a cube decision
first the cube's figures, no double, double/take and double/pass (EMG, and MWC in a match)
with the proper action in GNU Backgammon's words; then the ranked choices as GNU's hint table
has them: rank, move, equity (or the game's value: Mandragora's total, Chesstack's centipawns), difference to the best, and the
analysis' chances (win, gammon...) as far as the width allows.  The best row is marked green
and the row of the action played magenta and shaded, as the board's arrows are; a play
ranked below the rows that fit comes last, its rank after "…" ("…12").

Where it goes (:func:`place`): beside the board when the board leaves room at its side for
the whole table (Mandragora's and Chesstack's boards, which are narrower), else at the right
of the graph under the board, which then gets narrower: as wide as the whole table where the
graph keeps half the width (1920×1080: every chance column), else half (the default size:
the win and gammon chances; 800×600: rank, move, equity, diff).  Drawn each frame from the
report; nothing is kept.
"""

from __future__ import annotations

import pygame

from ...core.review.plain import review_of
from ...core.review.report import Decision
from ...core.review.totals import unit_heading
from ..theme import PANEL, PANEL_EDGE, TEXT, TEXT_DIM
from ..widgets import draw_text, elide

BEST_MARK, PLAYED_MARK, PLAYED_SHADE = (90, 210, 120), (225, 95, 215), (78, 44, 80)
"""The best row's and the played row's marks (the arrows' colours) and the played row's shade."""
UNDER_MIN = 250
"""The table's least width at the right of the graph (pixels at 1280×800)."""
CHANCE_ORDER = ("win", "win_gammon", "lose_gammon", "win_backgammon", "lose_backgammon")
"""Which chance columns stay when the width runs short (the first first); others after."""


def place(view, view_rect: pygame.Rect, graph_rect: pygame.Rect, full: int, scale: float) -> tuple[pygame.Rect, pygame.Rect]:
    """``(table rect, graph rect)`` for a table ``full`` pixels wide with every column: sets
    ``view``'s rect (narrower when the table goes beside the board, keeping the board's
    size) and returns where the table and the graph go (see the module doc)."""
    view.set_rect(view_rect)
    slack = view_rect.w - view.board_rect.w
    if slack >= full + 16:
        view.set_rect(pygame.Rect(view_rect.x, view_rect.y, view_rect.w - full - 10, view_rect.h))
        top = max(view_rect.y, view.board_rect.y)
        return pygame.Rect(view_rect.right - full, top, full, view_rect.bottom - top), graph_rect
    width = max(round(UNDER_MIN * scale), min(full, graph_rect.w // 2))
    table = pygame.Rect(graph_rect.right - width, graph_rect.y, width, graph_rect.h)
    return table, pygame.Rect(graph_rect.x, graph_rect.y, graph_rect.w - width - 8, graph_rect.h)


FORCED = "A forced move: not reviewed"
"""Said in place of the table at a decision the review left out."""
PENDING = "Still being reviewed…"
"""Said at a decision whose review is not in yet."""


class AlternativesTable:
    """Draws the alternatives of one decision in a rect (see the module doc)."""

    def __init__(self, fonts, info) -> None:
        analysis = info.move_analysis()
        self.fonts, self.shown_move = fonts, info.notation.shown_move
        self.review = review_of(info)
        margin = analysis.tutor_margin
        self.by_score = margin.measure != "value"
        decimals = margin.decimals if margin.decimals is not None else (1 if self.by_score else 3)
        self.value = (lambda x: f"{x:+.{decimals}f}") if self.by_score else analysis.format_value
        self.heading = "Score" if self.by_score else analysis.value_heading
        order = {key: i for i, key in enumerate(CHANCE_ORDER)}
        self.columns = tuple(analysis.columns)
        self.priority = sorted(range(len(self.columns)), key=lambda i: order.get(self.columns[i][0], 99 + i))
        self.heads: list[str] = []
        self.rows: list[tuple[str, str, bool]] = []
        self.cube_lines: list[str] = []
        """What was drawn last: the table's headings, its rows ``(rank, move, played)``, the cube's lines."""

    def full_width(self, scale: float = 1.0) -> int:
        """How wide the table is with every column (a long play in the move's column)."""
        font = self.fonts(round(13 * scale))
        pad = font.size("  ")[0]
        numbers = max(font.size(self.value(-0.333))[0], font.size(self.heading)[0], font.size("+0.000")[0]) + pad
        cube = font.size("Double/pass  +0.000  100.0%")[0]
        table = (font.size("…12")[0] + pad + font.size("24/18* 13/11")[0] + pad + 2 * numbers
                 + len(self.columns) * (font.size("100.0%")[0] + pad))
        return max(table, cube) + 20

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, decision: Decision | None, scale: float = 1.0,
             note: str = "", interval=None, missing: str = FORCED) -> None:
        """``note``: said after the title (a rollout's progress); ``interval(move)``: the 95%
        half-width of a rolled-out value, written after it ("+0.123 ±0.011"), else ``None``;
        ``missing``: said without a ``decision`` (a forced move's, or one still being reviewed)."""
        self.heads, self.rows, self.cube_lines, self.title, self.said = [], [], [], "", ""
        self.interval = interval
        if rect.w < 60 or rect.h < 30:
            return
        pygame.draw.rect(surface, PANEL, rect, border_radius=6)
        font, bold = self.fonts(round(13 * scale)), self.fonts(round(12 * scale), True)
        x, y = rect.x + 10, rect.y + 6
        cube = decision.cube if decision is not None else None
        title = "Alternatives" if cube is None else "Cube decision" + (" · EMG, MWC" if cube.nd_mwc is not None else "")
        title += f" · {note}" if note else ""
        self.title = title
        y = draw_text(surface, bold, title.upper(), (x, y), TEXT_DIM).bottom + 4
        if decision is None:
            self.said = missing
            draw_text(surface, font, missing, (x, y), TEXT_DIM)
            return
        width = rect.w - 20
        if decision.cube is not None:
            y = self._cube(surface, font, decision, x, y, width)
        self._table(surface, font, decision, pygame.Rect(x, y, width, rect.bottom - 6 - y))

    def _cube(self, surface, font, d: Decision, x: int, y: int, width: int) -> int:
        c, line = d.cube, font.get_linesize() + 1
        match = c.nd_mwc is not None
        rows = [("No double", c.nd, c.nd_mwc), ("Double/take", c.dt, c.dt_mwc), ("Double/pass", c.dp, c.dp_mwc)]
        label_w = max(font.size(name)[0] for name, _, _ in rows) + 14
        value_w = font.size("+0.000")[0] + 14
        for name, value, mwc in rows:
            self.cube_lines.append(f"{name} {value:+.3f}" + (f" {100 * mwc:.1f}%" if match else ""))
            draw_text(surface, font, name, (x, y), TEXT)
            draw_text(surface, font, f"{value:+.3f}", (x + label_w, y), TEXT)
            if match:
                draw_text(surface, font, f"{100 * mwc:.1f}%", (x + label_w + value_w, y), TEXT_DIM)
            y += line
        self.cube_lines.append(f"Proper: {c.proper}")
        draw_text(surface, font, elide(font, f"Proper: {c.proper}", width), (x, y), TEXT)
        return y + line + 6

    def _table(self, surface, font, d: Decision, area: pygame.Rect) -> None:
        line = font.get_linesize() + 2
        rows_fit = area.h // line - 1  # the heading's line
        if rows_fit < 1 or not d.alternatives:
            return
        shown = list(d.alternatives[:rows_fit])
        played = d.played_alternative
        if played is not None and played not in shown:
            shown = shown[:max(0, rows_fit - 1)] + [played]
        cells = [(f"…{a.rank}" if a is played and a.rank > len(shown) else str(a.rank), self.shown_move(a.move),
                  self.value(a.equity) + self._interval(a.move), "" if a.rank == 1 else self.value(a.diff),
                  dict(a.chances)) for a in shown]
        pad = font.size("  ")[0]
        heading = unit_heading(self.review, d, self.heading)
        fixed = [max(font.size(h)[0], *(font.size(c[k])[0] for c in cells)) + pad
                 for k, h in ((0, "#"), (2, heading), (3, "Diff"))]
        move_min = min(max(font.size(c[1])[0] for c in cells), font.size("24/18* 13/11")[0]) + pad
        chance_w = font.size("100.0%")[0] + pad
        room = area.w - sum(fixed) - move_min
        keep = sorted(self.priority[:max(0, min(len(self.columns), room // chance_w))])
        columns = [self.columns[i] for i in keep if any(self.columns[i][0] in c[4] for c in cells)]
        move_w = area.w - sum(fixed) - chance_w * len(columns)
        widths = [fixed[0], move_w, fixed[1], fixed[2]] + [chance_w] * len(columns)
        heads = ["#", "Move" if d.cube is None else "Action", heading, "Diff"] + [t for _, t in columns]
        self.heads = heads
        self._row(surface, font, area.x, area.y, widths, heads, TEXT_DIM)
        y = area.y + line
        for a, (rank, move, value, diff, chances) in zip(shown, cells):
            row = pygame.Rect(area.x - 6, y - 1, area.w + 10, line)
            if a.played:
                pygame.draw.rect(surface, PLAYED_SHADE, row, border_radius=3)
            for flag, colour in ((a.rank == 1, BEST_MARK), (a.played, PLAYED_MARK)):
                if flag:
                    pygame.draw.rect(surface, colour, (row.x, row.y + 2, 3, row.h - 4))
                    row = row.move(4, 0)
            self.rows.append((rank, move, a.played))
            texts = [rank, move, value, diff] + [f"{100 * chances[k]:.1f}%" if k in chances else "" for k, _ in columns]
            self._row(surface, font, area.x, y, widths, texts, TEXT)
            y += line
        pygame.draw.line(surface, PANEL_EDGE, (area.x, area.y + line - 2), (area.right, area.y + line - 2))

    interval = None

    def _interval(self, move: str) -> str:
        half = self.interval(move) if self.interval is not None else None
        return "" if half is None else f" ±{half:.3f}"

    @staticmethod
    def _row(surface, font, x: int, y: int, widths: list[int], texts: list[str], colour) -> None:
        """One row: the move (the second cell) left-aligned and cut to fit, numbers right-aligned."""
        for k, (w, text) in enumerate(zip(widths, texts)):
            if k == 1:
                draw_text(surface, font, elide(font, text, w - 8), (x + 2, y), colour)
            else:
                draw_text(surface, font, text, (x + w - 6, y), colour, anchor="topright")
            x += w
