"""The loss per theme over time, drawn with pygame in the style of :mod:`.trend`: one line a
theme (a drill tag), a point a week, at the mean equity lost by that week's answers
(:attr:`game.core.drill.Stats.by_theme`), lower being better; the axis runs from 0 up to the
highest value shown, the first and last week are named under it and the themes in a legend
above the plot.  A week with no answer of a theme leaves a gap in its line, never a made-up
point.  While every answer is of one week there are no lines to draw: each theme is a bar.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame

from .standings import nice_ticks
from .trend import GRID, INK

PALETTE = ((120, 180, 240), (240, 170, 90), (140, 210, 130), (230, 110, 150), (190, 150, 240), (230, 220, 110),
           (110, 210, 210), (220, 140, 110))
"""A line's colour by the theme's place in the legend (repeating after eight)."""
MOST_THEMES = 6
"""The themes drawn at most: those with the most answers (a chart of twenty lines reads as none)."""

Series = Mapping[str, Sequence[tuple[str, float, int]]]
"""Tag → ``[(ISO week "2026-W48", mean loss, answers)]``."""


def chosen_themes(by_theme: Series, most: int = MOST_THEMES) -> list[str]:
    """The themes to draw: those with the most answers first, ``most`` at most, each with a
    point; ties by name, so the same figures give the same chart."""
    counts = {tag: sum(n for _, _, n in points) for tag, points in by_theme.items() if points}
    return sorted(counts, key=lambda tag: (-counts[tag], tag))[:most]


def draw_theme_losses(surface: pygame.Surface, rect: pygame.Rect, font: pygame.font.Font, by_theme: Series,
                      names: Mapping[str, str] | None = None) -> list[tuple[str, tuple[int, int, int]]]:
    """The chart of ``by_theme`` in ``rect``; ``names``: a tag's words in the legend (else the
    tag).  Returns the legend drawn, ``(words, colour)`` a theme, in order."""
    names = names or {}
    tags = chosen_themes(by_theme)
    if not tags:
        text = font.render("No answers yet: the chart starts with your first drill", True, INK)
        surface.blit(text, text.get_rect(center=rect.center))
        return []
    weeks = sorted({week for tag in tags for week, _, _ in by_theme[tag]})
    top = max(0.02, max(loss for tag in tags for _, loss, _ in by_theme[tag]))
    ticks = [t for t in nice_ticks(0.0, top, 4) if t >= 0]
    top = max(top, ticks[-1])
    legend = _legend(surface, rect, font, [(names.get(tag, tag), PALETTE[i % len(PALETTE)]) for i, tag in enumerate(tags)])
    left = font.size("0.000")[0] + 12
    below = font.get_linesize() + 6
    plot = pygame.Rect(rect.x + left, legend + 6, max(10, rect.w - left - 12), max(10, rect.bottom - below - legend - 12))

    def x(week: str) -> float:
        return plot.centerx if len(weeks) == 1 else plot.x + plot.w * weeks.index(week) / (len(weeks) - 1)

    def y(value: float) -> float:
        return plot.bottom - plot.h * min(max(value, 0.0), top) / top

    for tick in ticks:
        pygame.draw.line(surface, GRID, (plot.x, y(tick)), (plot.right, y(tick)), 1)
        label = font.render(f"{tick:.3f}".rstrip("0").rstrip(".") if tick else "0", True, INK)
        surface.blit(label, label.get_rect(midright=(plot.x - 6, y(tick))))
    drawn = []
    if len(weeks) == 1:  # one week: a bar a theme, side by side
        slot = plot.w / len(tags)
        for i, tag in enumerate(tags):
            colour = PALETTE[i % len(PALETTE)]
            top_y = y(by_theme[tag][0][1])
            bar = pygame.Rect(round(plot.x + slot * (i + 0.2)), round(top_y), max(2, round(slot * 0.6)),
                              max(1, round(plot.bottom - top_y)))
            pygame.draw.rect(surface, colour, bar, border_top_left_radius=3, border_top_right_radius=3)
            drawn.append((names.get(tag, tag), colour))
    for i, tag in enumerate(tags if len(weeks) > 1 else ()):
        colour = PALETTE[i % len(PALETTE)]
        at = {week: loss for week, loss, _ in by_theme[tag]}
        run: list[tuple[float, float]] = []
        for week in weeks + [None]:  # a week without answers ends a run of the line
            if week is not None and week in at:
                run.append((x(week), y(at[week])))
                continue
            if len(run) > 1:
                pygame.draw.lines(surface, colour, False, run, 2)
            for point in run:
                pygame.draw.circle(surface, colour, point, 3)
            run = []
        drawn.append((names.get(tag, tag), colour))
    pygame.draw.line(surface, INK, (plot.x, plot.bottom), (plot.right, plot.bottom), 1)
    ends = [(weeks[0], "topleft", plot.x)] + ([(weeks[-1], "topright", plot.right)] if len(weeks) > 1 else [])
    for text, anchor, at_x in ends:
        image = font.render(text, True, INK)
        surface.blit(image, image.get_rect(**{anchor: (at_x, plot.bottom + 4)}))
    return drawn


def _legend(surface: pygame.Surface, rect: pygame.Rect, font: pygame.font.Font,
            entries: Sequence[tuple[str, tuple[int, int, int]]]) -> int:
    """The themes' names with their colours, in as many rows as ``rect``'s width needs; the y
    under the legend."""
    x, y, step = rect.x + 4, rect.y + 2, font.get_linesize()
    for words, colour in entries:
        wide = 22 + font.size(words)[0]
        if x > rect.x + 4 and x + wide > rect.right:
            x, y = rect.x + 4, y + step
        pygame.draw.line(surface, colour, (x, y + step // 2), (x + 16, y + step // 2), 3)
        surface.blit(font.render(words, True, INK), (x + 20, y))
        x += wide + 16
    return y + step
