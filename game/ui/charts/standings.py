"""Charts drawn with pygame onto a Surface (no window needed), e.g. tournament standings.

:func:`write_standings_chart` is the one writer of a tournament's ``standings.png``: the
window and ``tabula tournament`` both call it, so a folder's chart is the same picture
whoever wrote it.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from ...core.resources import asset_path  # noqa: E402
from ...core.tournament.summary import Summary  # noqa: E402

BACKGROUND = (255, 255, 255)
INK = (30, 30, 30)
GRID = (225, 225, 225)
ZERO = (150, 150, 150)
BAR = (40, 90, 170)
CHART_FILE = "standings.png"
"""The chart's name in a tournament folder."""


def nice_ticks(low: float, high: float, count: int = 6) -> list[float]:
    """Round tick values covering ``[low, high]`` with about ``count`` steps."""
    span = max(high - low, 1e-9)
    magnitude = 10 ** math.floor(math.log10(span / count))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= span / count)
    first = math.floor(low / step) * step
    return [first + k * step for k in range(int(math.ceil((high - first) / step)) + 1)]


def standings_chart(rows: Sequence[tuple[str, float, float, float]], title: str = "",
                    width: int = 720, row_height: int = 34) -> pygame.Surface:
    """One row per ``(label, value, low, high)``: a dot at the value, an error bar low..high."""
    if not pygame.font.get_init():
        pygame.font.init()
    font = pygame.font.Font(str(asset_path("fonts", "DejaVuSans.ttf")), 15)
    top, bottom = (44 if title else 16), 40
    surface = pygame.Surface((width, top + bottom + row_height * max(1, len(rows))))
    surface.fill(BACKGROUND)
    if title:
        surface.blit(font.render(title, True, INK), (16, 14))
    if not rows:
        return surface
    lowest, highest = min(0.0, *(r[2] for r in rows)), max(0.0, *(r[3] for r in rows))
    if highest - lowest < 1e-6:
        lowest, highest = lowest - 1, highest + 1
    ticks = nice_ticks(lowest, highest)
    left = 24 + max(font.size(r[0])[0] for r in rows)
    right = width - 24 - font.size("+0000 ± 000")[0]
    low, high = ticks[0], ticks[-1]

    def x(value: float) -> int:
        return round(left + (value - low) / (high - low) * (right - left))

    plot_bottom = top + row_height * len(rows)
    for tick in ticks:
        colour = ZERO if abs(tick) < 1e-9 else GRID
        pygame.draw.line(surface, colour, (x(tick), top), (x(tick), plot_bottom), 1)
        text = font.render(f"{tick:g}", True, INK)
        surface.blit(text, (x(tick) - text.get_width() // 2, plot_bottom + 8))
    for k, (label, value, lo, hi) in enumerate(rows):
        y = top + row_height * k + row_height // 2
        text = font.render(label, True, INK)
        surface.blit(text, (left - 12 - text.get_width(), y - text.get_height() // 2))
        pygame.draw.line(surface, BAR, (x(lo), y), (x(hi), y), 2)
        for end in (lo, hi):
            pygame.draw.line(surface, BAR, (x(end), y - 6), (x(end), y + 6), 2)
        pygame.draw.circle(surface, BAR, (x(value), y), 5)
        note = font.render(f"{value:+.0f} ± {(hi - lo) / 2:.0f}", True, INK)
        surface.blit(note, (right + 12, y - note.get_height() // 2))
    return surface


def save_chart(surface: pygame.Surface, path: str | os.PathLike) -> None:
    """Save as PNG (atomically: a temporary file, then replace)."""
    path = os.fspath(path)
    tmp = path + ".tmp.png"
    pygame.image.save(surface, tmp)
    os.replace(tmp, path)


def chart_rows(summary: Summary) -> list[tuple[str, float, float, float]]:
    """One chart row per entrant that has played (an unplayed rating means nothing yet)."""
    return [(s.player, s.elo, *s.elo_ci95) for s in summary.standings if s.games]


def chart_title(game_title: str) -> str:
    return f"{game_title}: Elo-style ratings, 95% intervals"


def write_standings_chart(summary: Summary, folder: str | os.PathLike, game_title: str) -> str:
    """Draw the standings of ``summary`` into ``folder``/standings.png (atomically); its path."""
    path = os.path.join(os.fspath(folder), CHART_FILE)
    save_chart(standings_chart(chart_rows(summary), chart_title(game_title)), path)
    return path
