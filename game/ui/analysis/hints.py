"""The hints of the position on show: its analysis records asked for and kept (:class:`Hints`,
the selected one, the move played marked), the selected move drawn as arrows on the board,
and the helpers the hint table (:mod:`.hint_table`) and the "why" (:mod:`.why`) share.

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
from collections.abc import Sequence
from typing import Any

import pygame

from ..widgets import elide

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

    shown_notation = staticmethod(str)
    """``shown_notation(text)``: a move's notation as the table shows it, in the board's
    numbering (the play scene gives the view's :meth:`~game.ui.gameview.GameView.shown_notation`)."""

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
