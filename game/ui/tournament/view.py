"""Drawing a tournament's progress and results: progress bar, tables, the standings chart.

Pure drawing from a :class:`~game.ui.jobs.tournament.Progress`; the scene decides where.  The chart
is :func:`game.ui.charts.standings.standings_chart`, the same picture as ``standings.png``.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...core.tournament.progress import format_duration
from ...core.tournament.report import P_HEADER, format_p
from ...core.tournament.summary import Summary
from ..charts.standings import chart_rows, standings_chart
from ..jobs.tournament import Progress
from ..theme import ACCENT, ERROR, PANEL, PANEL_EDGE, TEXT, TEXT_DIM
from ..widgets import draw_text, elide

CHART_TOP_BOTTOM = 84
"""Height of the chart's title and axis (see :func:`standings_chart`)."""

CHART_MIN_WIDTH = 600
"""Narrower windows get the chart drawn this wide and scaled down."""


TEXT_COLUMNS = ("Player", "Pair A – B")
"""Left-aligned columns; numbers are right-aligned."""


def standings_table(summary: Summary) -> tuple[list[str], list[list[str]]]:
    """Header and rows: rank, player, rating ± interval, points per game, wins, losses..."""
    draws = any(s.draws for s in summary.standings)
    header = ["#", "Player", "Rating ± 95%", "Points/game", "Wins", "Losses"] + (["Draws"] if draws else []) + ["Games"]
    rows = []
    for s in summary.standings:
        half = (s.elo_ci95[1] - s.elo_ci95[0]) / 2
        rating = f"{s.elo:+.0f} ± {half:.0f}" if s.games else "–"
        rows.append([str(s.rank), s.player, rating, f"{s.points_per_game:+.2f}" if s.games else "–",
                     str(s.wins), str(s.losses)] + ([str(s.draws)] if draws else []) + [str(s.games)])
    return header, rows


def pairs_table(summary: Summary) -> tuple[list[str], list[list[str]]]:
    """Header and rows per pair: games, wins each way, in a match tournament A's match win rate
    with its Wilson 95% interval, A's points per game with interval, and the sign test's
    p-value (``p_equal``: two-sided exact binomial, at most 1)."""
    draws = any(p.draws for p in summary.pairs)
    matches = any(p.match_games for p in summary.pairs)  # each game a match: its win rate too
    header = ["Pair A – B", "Games", "Wins A–B"] + (["Draws"] if draws else []) + \
        (["A match wins"] if matches else []) + ["A points/game", "95% interval", P_HEADER]
    rows = []
    for p in summary.pairs:
        ci = "n/a" if p.a_points.low is None else f"[{p.a_points.low:+.2f}, {p.a_points.high:+.2f}]"
        rate = p.a_win_rate_ci95
        won = "" if rate is None else f"{p.a_win_rate:.0%} ({rate[0]:.0%}–{rate[1]:.0%})"
        rows.append([f"{p.a} – {p.b}", str(p.games), f"{p.a_wins}–{p.b_wins}"] + ([str(p.draws)] if draws else [])
                    + ([won] if matches else [])
                    + [f"{p.a_points.mean:+.2f}" if p.games else "", ci if p.games else "",
                       format_p(p.p_equal, 3)])
    return header, rows


def drop_column(header: list[str], rows: list[list[str]], name: str) -> tuple[list[str], list[list[str]]]:
    """The table without its column ``name`` (unchanged if there is none)."""
    if name not in header:
        return header, rows
    k = header.index(name)
    return header[:k] + header[k + 1:], [row[:k] + row[k + 1:] for row in rows]


def table_width(font: pygame.font.Font, header: Sequence[str], rows: Sequence[Sequence[str]], gap: int = 16) -> int:
    return sum(_column_widths(font, header, rows)) + gap * (len(header) - 1)


def _column_widths(font, header, rows) -> list[int]:
    return [max(font.size(cell)[0] for cell in column) for column in zip(header, *rows)]


def draw_table(surface: pygame.Surface, font: pygame.font.Font, rect: pygame.Rect, caption: str,
               header: Sequence[str], rows: Sequence[Sequence[str]], more: str = "", gap: int = 16) -> None:
    """A captioned table in ``rect``; rows that do not fit become "… N more" plus ``more``."""
    line = font.get_linesize() + 4
    draw_text(surface, font, caption, (rect.x, rect.y), ACCENT)
    widths = _column_widths(font, header, rows)
    y, shown = rect.y + line + 2, max(0, (rect.h - 2 * line - 2) // line)
    if shown < len(rows):
        shown = max(0, shown - 1)  # room for the "… N more" line
    clip = surface.get_clip()
    surface.set_clip(rect)
    for k, cells in enumerate([header] + list(rows[:shown])):
        if k % 2 == 1:
            pygame.draw.rect(surface, PANEL, (rect.x - 4, y - 1, min(rect.w, sum(widths) + gap * len(widths)), line))
        x = rect.x
        for c, (cell, width) in enumerate(zip(cells, widths)):
            colour = TEXT_DIM if k == 0 else TEXT
            right = header[c] not in TEXT_COLUMNS
            draw_text(surface, font, cell, (x + width, y + 1) if right else (x, y + 1), colour,
                      anchor="topright" if right else "topleft")
            x += width + gap
        y += line
    if shown < len(rows):
        draw_text(surface, font, f"… {len(rows) - shown} more{more}", (rect.x, y + 1), TEXT_DIM)
    surface.set_clip(clip)


def table_height(font: pygame.font.Font, rows: int) -> int:
    """Height of a captioned table with a header and ``rows`` rows."""
    return (font.get_linesize() + 4) * (rows + 2) + 2


def progress_line(p: Progress, workers: int) -> tuple[str, tuple[int, int, int]]:
    """The text under the progress bar and its colour."""
    count = f"{p.done} / {p.total} games"
    if p.status == "running":
        if p.rate <= 0:
            plural = "es" if workers > 1 else ""
            return f"{count} · starting {workers} worker process{plural}…", TEXT
        eta = format_duration(p.eta) if p.eta is not None else "?"
        return f"{count} · {p.rate:.1f} games/s · ETA {eta} · Stop (Esc) keeps finished games", TEXT
    if p.status == "finished":
        return f"{count} · finished", ACCENT
    if p.status == "stopped":
        return f"{count} · stopped: the {p.done} finished games are kept", ACCENT
    return f"{count} · failed: {p.error}", ERROR


def draw_progress(surface: pygame.Surface, rect: pygame.Rect, font: pygame.font.Font, p: Progress,
                  workers: int) -> None:
    """A bar of games done over the total, with count, speed and time left below."""
    bar = pygame.Rect(rect.x, rect.y, rect.w, max(12, rect.h // 2 - 4))
    pygame.draw.rect(surface, PANEL, bar, border_radius=6)
    fraction = p.done / p.total if p.total else 1.0
    if fraction > 0:
        pygame.draw.rect(surface, ACCENT, (bar.x, bar.y, max(8, round(bar.w * fraction)), bar.h), border_radius=6)
    pygame.draw.rect(surface, PANEL_EDGE, bar, 1, border_radius=6)
    text, colour = progress_line(p, workers)
    draw_text(surface, font, elide(font, text, rect.w), (rect.x, bar.bottom + 4), colour)


class ChartImage:
    """The standings chart as a Surface, redrawn only when the results or the size change."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._image: pygame.Surface | None = None

    def get(self, summary: Summary, version: int, title: str, size: tuple[int, int]) -> pygame.Surface:
        key = (version, title, size)
        if key != self._key or self._image is None:
            self._image, self._key = chart_surface(summary, title, size), key
        return self._image


def chart_surface(summary: Summary, title: str, size: tuple[int, int]) -> pygame.Surface:
    """The chart fitted into ``size``: drawn at least ``CHART_MIN_WIDTH`` wide (so its axis
    labels do not collide), rows squeezed to fit the height, then scaled down if needed."""
    rows = chart_rows(summary)
    width = max(CHART_MIN_WIDTH, size[0])
    shrink = min(1.0, size[0] / width)
    room = max(60, size[1]) / shrink
    row_height = int(max(16, min(34, (room - CHART_TOP_BOTTOM) / max(1, len(rows)))))
    image = standings_chart(rows, title, width=width, row_height=row_height)
    scale = min(size[0] / image.get_width(), size[1] / image.get_height(), 1.0)
    if scale < 1.0:
        image = pygame.transform.smoothscale(
            image, (max(1, int(image.get_width() * scale)), max(1, int(image.get_height() * scale))))
    return image


def natural_chart_height(players: int) -> int:
    return CHART_TOP_BOTTOM + 34 * players


def comfortable_chart_height(players: int) -> int:
    return CHART_TOP_BOTTOM + 24 * players


def minimum_chart_height(players: int) -> int:
    return CHART_TOP_BOTTOM + 16 * players

