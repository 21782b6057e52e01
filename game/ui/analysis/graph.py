"""The win-probability graph: one point per move played, for the first player, in the panel.

Each point comes from the analysis record of the move actually played in the position
before it (:class:`~game.ui.analysis.analyst.Analyst` analyses past positions in the background):
the mover's win chance after the move (``details["win"]``), turned to the first player's
view.  Games whose analyzer reports no win chance are graphed by the display score
instead (-100..100, the first player's view).  A move that ends the game plots the result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ...core.protocol import CHANCE
from ..theme import ACCENT, PANEL_EDGE, TEXT_DIM
from ..widgets import draw_text
from .hints import win_chance

LINE = ACCENT
FILL_UP, FILL_DOWN = (240, 232, 214, 70), (20, 20, 20, 90)


def point_value(rules, before: Any, after: Any, notation: str, records: Sequence | None) -> tuple[str, float] | None:
    """``(kind, y)`` for one move: ``kind`` "win" (y = first player's win chance) or "score"
    (y = (score + 100) / 200, the first player's display score); ``None`` while unknown."""
    kind = "win" if records and win_chance(records[0]) is not None else "score"
    if rules.is_over(after):
        result = rules.result(after)
        return (kind if records else "win"), (1.0 if result[0] > result[1] else 0.0 if result[0] < result[1] else 0.5)
    if not records:
        return None
    record = next((r for r in records if r.notation == notation), None)
    if record is None:
        return None
    first = rules.to_move(before) == 0
    win = win_chance(record)
    if win is not None:
        return "win", win if first else 1.0 - win
    score = record.score if first else -record.score
    return "score", (max(-100.0, min(100.0, score)) + 100.0) / 200.0


class GameCurve:
    """The graph's points for a game in progress, recomputed only where still missing."""

    def __init__(self, rules) -> None:
        self.rules = rules
        self._points: dict[int, tuple[Any, str, float]] = {}

    def points(self, states: Sequence, actions: Sequence[str],
               records_of: Callable[[Any], Sequence | None]) -> tuple[str, list[float | None]]:
        """``(kind, ys)``: a ``y`` (0..1) or ``None`` (not analysed yet) per move played.

        ``records_of(state)`` returns the analysis of a past position or ``None`` (and may
        queue it for analysis)."""
        ys: list[float | None] = []
        kinds: list[str] = []
        for i, text in enumerate(actions[: len(states) - 1]):
            before = states[i]
            if self.rules.to_move(before) == CHANCE:
                continue
            known = self._points.get(i)
            if known is None or known[0] is not before:
                value = point_value(self.rules, before, states[i + 1], text, records_of(before))
                known = (before, *value) if value else None
                if known:
                    self._points[i] = known
                else:
                    self._points.pop(i, None)
            ys.append(known[2] if known else None)
            if known:
                kinds.append(known[1])
        kind = "win" if "win" in kinds else ("score" if kinds else "win")
        return kind, ys


class GraphSection:
    """Panel section: the curve from the start of the game, 50% (an even game) dashed."""

    def __init__(self, fonts, curve: Callable[[], tuple[str, list[float | None]]], visible,
                 first_player: str, plot_height: int = 96) -> None:
        self.fonts, self.curve, self.visible = fonts, curve, visible
        self.first, self.plot_height = first_player, plot_height

    def height(self, width: int) -> int:
        return self.fonts(12, True).get_linesize() + self.plot_height + 26 if self.visible() else 0

    def squeeze(self, width: int, room: int) -> int:
        """The panel is short: the graph whole in ``room``, else left out (never a heading alone)."""
        return self.height(width) if room >= self.height(width) else 0

    def title(self, kind: str) -> str:
        return f"{self.first}'s win chance" if kind == "win" else f"{self.first}'s advantage (score)"

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        kind, ys = self.curve()
        small = self.fonts(11)
        top = rect.y + self.fonts(12, True).get_linesize() + 8
        labels = ("100%", "50%", "0%") if kind == "win" else ("+100", "0", "−100")
        left = rect.x + 10 + max(small.size(t)[0] for t in labels)
        plot = pygame.Rect(left, top, rect.right - 8 - left, min(self.plot_height, rect.bottom - top - 16))
        if plot.h < 20 or plot.w < 40:
            return  # no room for the graph: no heading either
        draw_text(surface, self.fonts(12, True), self.title(kind).upper(), (rect.x + 8, rect.y + 4), TEXT_DIM)
        pygame.draw.rect(surface, (26, 36, 30), plot)
        pygame.draw.rect(surface, PANEL_EDGE, plot, 1)
        for label, frac in zip(labels, (0.0, 0.5, 1.0)):
            y = plot.y + frac * plot.h
            draw_text(surface, small, label, (left - 4, y), TEXT_DIM, anchor="midright")
        mid = plot.centery
        for x in range(plot.x + 2, plot.right - 2, 8):
            pygame.draw.line(surface, PANEL_EDGE, (x, mid), (x + 3, mid))
        n = len(ys)
        draw_text(surface, small, f"{n} move{'s' if n != 1 else ''}" if n else "no moves yet",
                  (plot.right, plot.bottom + 2), TEXT_DIM, anchor="topright")
        known = [(i, y) for i, y in enumerate(ys) if y is not None]
        if not known:
            return
        span = max(1, n - 1)
        pts = [(plot.x + 3 + (plot.w - 6) * i / span, plot.bottom - 2 - (plot.h - 4) * y) for i, y in known]
        if len(pts) == 1:
            pts = [(plot.x + 3, pts[0][1]), pts[0]]
        shade = pygame.Surface(plot.size, pygame.SRCALPHA)
        local = [(x - plot.x, y - plot.y) for x, y in pts]
        m = mid - plot.y
        pygame.draw.polygon(shade, FILL_UP, [(local[0][0], m), *[(x, min(y, m)) for x, y in local], (local[-1][0], m)])
        pygame.draw.polygon(shade, FILL_DOWN, [(local[0][0], m), *[(x, max(y, m)) for x, y in local], (local[-1][0], m)])
        surface.blit(shade, plot)
        pygame.draw.aalines(surface, LINE, False, pts)
        pygame.draw.circle(surface, LINE, pts[-1], 3)
        last = known[-1][1]
        text = f"now {100 * last:.0f}%" if kind == "win" else f"now {200 * last - 100:+.0f}"
        draw_text(surface, small, text, (plot.x, plot.bottom + 2), LINE)
