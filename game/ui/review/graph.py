"""The Review screen's graph: the game's win chance decision by decision, errors and luck marked.

One point per reviewed decision of the game on show, from the record's ``win_chance`` (the
first player's view); a game whose records have none (Mandragora, Chesstack) is plotted by
the record's ``score`` (the display score, −100..100) and the axis says so.  A decision with
a mark gets a dot coloured by the mark; a very lucky or unlucky roll a small triangle at the
top (lucky for the first player) or the bottom (unlucky for the first player), green for a
lucky roll and magenta for an unlucky one, as the legend under the plot says.  A click
anywhere over the plot picks the nearest decision (:meth:`ReviewGraph.line_at`).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...core.review.html_graph import LUCKY, MARK_COLOURS, UNLUCKY
from ..theme import ACCENT, PANEL, PANEL_EDGE, TEXT, TEXT_DIM
from ..widgets import draw_text
from .data import Line, ReviewedGame, luck_sign


class ReviewGraph:
    """Draws the graph of one game's decisions in a rect and maps clicks back to them."""

    def __init__(self, fonts, first_player: str) -> None:
        self.fonts, self.first = fonts, first_player
        self.plot = pygame.Rect(0, 0, 0, 0)
        self.xs: list[tuple[float, int]] = []
        """``(x, line index in ReviewedGame.lines)`` of the points drawn last."""
        self.legend = ""
        """The luck legend's words as last drawn ("" where the game shows no luck)."""

    def line_at(self, pos) -> int | None:
        """The decision nearest to ``pos`` along the plot (a click on the graph), or ``None``."""
        if not self.xs or not self.plot.inflate(12, 12).collidepoint(pos):
            return None
        return min(self.xs, key=lambda item: abs(item[0] - pos[0]))[1]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, reviewed: ReviewedGame, game: int,
             selected: int | None, heading: str = "") -> None:
        pygame.draw.rect(surface, PANEL, rect, border_radius=6)
        chosen = [(i, reviewed.lines[i]) for i in reviewed.indexes_of(game) if reviewed.lines[i].decision]
        values = [reviewed.value(line) for _, line in chosen]
        kinds = {v[0] for v in values if v}
        kind = "win" if "win" in kinds else "score" if kinds else None
        small, bold = self.fonts(max(11, rect.h // 14)), self.fonts(max(12, rect.h // 13), True)
        title = (f"{self.first}'s win chance" if kind == "win" else f"{self.first}'s advantage (score)"
                 if kind == "score" else "Decisions")
        y0 = draw_text(surface, bold, title.upper() + heading, (rect.x + 10, rect.y + 6), TEXT_DIM).bottom + 4
        labels = ("100%", "50%", "0%") if kind == "win" else ("+100", "0", "−100") if kind else ("", "", "")
        left = rect.x + 14 + max(small.size(t)[0] for t in labels)
        self.plot = plot = pygame.Rect(left, y0, rect.right - 12 - left, rect.bottom - 8 - y0 - small.get_linesize())
        self.xs = []
        if plot.h < 16 or plot.w < 40:
            return
        pygame.draw.rect(surface, (26, 36, 30), plot)
        pygame.draw.rect(surface, PANEL_EDGE, plot, 1)
        for label, frac in zip(labels, (0.0, 0.5, 1.0)):
            draw_text(surface, small, label, (left - 4, plot.y + frac * plot.h), TEXT_DIM, anchor="midright")
        for x in range(plot.x + 2, plot.right - 2, 8):
            pygame.draw.line(surface, PANEL_EDGE, (x, plot.centery), (x + 3, plot.centery))
        n = len(chosen)
        count = draw_text(surface, small, f"{n} decision{'s' if n != 1 else ''}", (plot.right, plot.bottom + 2),
                          TEXT_DIM, anchor="topright")
        if any(luck_sign(line.decision.luck if line.decision else None) for _, line in chosen):
            self.legend = self._luck_legend(surface, small, (plot.x, plot.bottom + 2), count.left - 12)
        if not n:
            return
        span = max(1, n - 1)
        pad = 8
        points = []
        for k, ((index, line), value) in enumerate(zip(chosen, values)):
            x = plot.x + pad + (plot.w - 2 * pad) * (k / span if n > 1 else 0.5)
            y = plot.bottom - 3 - (plot.h - 6) * (value[1] if value else 0.5)
            self.xs.append((x, index))
            points.append((x, y, index, line, value is not None))
        if selected is not None:
            x = next((x for x, index in self.xs if index == selected), None)
            if x is not None:
                pygame.draw.line(surface, ACCENT, (x, plot.y + 1), (x, plot.bottom - 2), 2)
        curve = [(x, y) for x, y, _, _, known in points if known]
        if len(curve) > 1:
            pygame.draw.aalines(surface, TEXT, False, curve)
        radius = max(3, plot.h // 22)
        for x, y, index, line, known in points:
            self._luck_marker(surface, plot, x, line, reviewed.report.players, radius)
            colour = MARK_COLOURS.get(line.mark)
            if colour is not None:
                pygame.draw.circle(surface, colour, (x, y), radius + 1)
                pygame.draw.circle(surface, (20, 20, 20), (x, y), radius + 1, 1)
            elif known:
                pygame.draw.circle(surface, TEXT, (x, y), max(2, radius - 2))
            if index == selected:
                pygame.draw.circle(surface, ACCENT, (x, y), radius + 4, 2)

    def _luck_legend(self, surface, font, at: tuple[int, int], right: int) -> str:
        """What the triangles are, under the plot: the longest form that fits before ``right``
        ("▲ lucky roll ▲ unlucky roll · at the top: good for White"); returns the words drawn."""
        size = max(3, font.get_height() // 4)
        forms = (("lucky roll", "unlucky roll", f" · at the top: good for {self.first}"),
                 ("lucky roll", "unlucky roll", ""), ("lucky", "unlucky", ""))
        for lucky, unlucky, where in forms:
            width = 2 * (2 * size + 6) + font.size(f"{lucky}   {unlucky}{where}")[0]
            if at[0] + width <= right:
                break  # else the shortest form, the last
        x, y = at
        middle = y + font.get_height() // 2
        for colour, words, gap in ((LUCKY, lucky, "   "), (UNLUCKY, unlucky, where)):
            pygame.draw.polygon(surface, colour, [(x + size, middle - size), (x, middle + size),
                                                  (x + 2 * size, middle + size)])
            x = draw_text(surface, font, words + gap, (x + 2 * size + 5, y), TEXT_DIM).right
        self.legend = f"{lucky}   {unlucky}{where}"
        return self.legend

    def _luck_marker(self, surface, plot: pygame.Rect, x: float, line: Line, players: Sequence[str], r: int) -> None:
        """A triangle for a very lucky or unlucky roll: at the top when it helped the first player."""
        sign = luck_sign(line.decision.luck if line.decision else None)
        if not sign:
            return
        good_for_first = sign.startswith("+") == (line.mover == 0)
        colour = LUCKY if sign.startswith("+") else UNLUCKY
        size = r + (2 if len(sign) == 2 else 0)
        if good_for_first:  # pointing up from the top edge
            tip, base = plot.y + 2, plot.y + 2 + size * 2
        else:
            tip, base = plot.bottom - 3, plot.bottom - 3 - size * 2
        pygame.draw.polygon(surface, colour, [(x, tip), (x - size, base), (x + size, base)])
