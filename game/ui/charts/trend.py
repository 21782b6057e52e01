"""A player's PR trend drawn with pygame: each match's PR as a dot, the weighted PR so far as a
line in its 95% band, match by match from the oldest (the library's player page,
:class:`game.core.library.player.TrendPoint`, gives the figures; the HTML page draws the same
picture as SVG).  Lower is better, as PR is an error rate: the axis runs from 0 up to the
highest value shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import pygame

from .standings import nice_ticks

BAND = (52, 84, 120)
LINE = (120, 180, 240)
DOT = (222, 214, 196)
GRID = (58, 74, 64)
INK = (170, 178, 166)


class TrendPoint(NamedTuple):
    """One match on the chart: its own PR (``None``: no counted decision), the weighted PR so
    far and its band (``None`` ends: too few decisions for an interval)."""

    pr: float | None
    moving: float | None
    low: float | None
    high: float | None
    label: str = ""
    """What the match is called under the axis (its date), the first's and last's shown."""


def plot_area(rect: pygame.Rect, font: pygame.font.Font) -> pygame.Rect:
    """Where the points go in a chart drawn in ``rect``: room left for the axis' numbers and
    below for the first and last match's labels."""
    left = font.size("000")[0] + 12
    below = font.get_linesize() + 6
    return pygame.Rect(rect.x + left, rect.y + 8, max(10, rect.w - left - 12), max(10, rect.h - below - 14))


def point_xs(plot: pygame.Rect, count: int) -> list[float]:
    """The x of each of ``count`` matches in ``plot`` (one match: the middle)."""
    if count == 1:
        return [plot.centerx]
    return [plot.x + plot.w * k / (count - 1) for k in range(count)]


def draw_trend(surface: pygame.Surface, rect: pygame.Rect, font: pygame.font.Font,
               points: Sequence[TrendPoint]) -> list[tuple[float, float]]:
    """The chart of ``points`` in ``rect``; the screen position of each match's dot (its
    weighted PR's where it has no PR of its own), for clicks."""
    shown = [p for p in points if p.moving is not None]
    if not shown:
        text = font.render("No analysed match yet", True, INK)
        surface.blit(text, text.get_rect(center=rect.center))
        return []
    top = max([1.0] + [v for p in shown for v in (p.pr, p.moving, p.high) if v is not None])
    ticks = [t for t in nice_ticks(0.0, top, 4) if t >= 0]
    top = max(top, ticks[-1])
    plot = plot_area(rect, font)
    xs = point_xs(plot, len(shown))

    def y(value: float) -> float:
        return plot.bottom - plot.h * min(max(value, 0.0), top) / top

    for tick in ticks:
        pygame.draw.line(surface, GRID, (plot.x, y(tick)), (plot.right, y(tick)), 1)
        label = font.render(f"{tick:g}", True, INK)
        surface.blit(label, label.get_rect(midright=(plot.x - 6, y(tick))))
    upper = [(x, y(p.high if p.high is not None else p.moving)) for x, p in zip(xs, shown)]
    lower = [(x, y(p.low if p.low is not None else p.moving)) for x, p in zip(xs, shown)]
    if len(shown) > 1:
        pygame.draw.polygon(surface, BAND, upper + lower[::-1])
        pygame.draw.lines(surface, LINE, False, [(x, y(p.moving)) for x, p in zip(xs, shown)], 2)
    else:
        pygame.draw.line(surface, BAND, upper[0], lower[0], 6)
        pygame.draw.circle(surface, LINE, (xs[0], y(shown[0].moving)), 4)
    dots = []
    for x, p in zip(xs, shown):
        at = (x, y(p.pr if p.pr is not None else p.moving))
        if p.pr is not None:
            pygame.draw.circle(surface, DOT, at, 3)
        dots.append(at)
    pygame.draw.line(surface, INK, (plot.x, plot.bottom), (plot.right, plot.bottom), 1)
    labels = [(shown[0].label, "topleft", plot.x)] + ([(shown[-1].label, "topright", plot.right)] if len(shown) > 1 else [])
    for text, anchor, x in labels:
        if text:
            image = font.render(text, True, INK)
            surface.blit(image, image.get_rect(**{anchor: (x, plot.bottom + 4)}))
    return dots
