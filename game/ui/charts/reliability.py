"""The reliability diagram of ``tabula calibrate`` drawn off-screen with pygame, saved as a PNG.

One panel per evaluator: predicted win chance (x) against the observed win rate (y) on the
held-out games, in ten bins, one coloured line per mapping (the raw one the program used
before, isotonic, logistic, odd logistic), the diagonal a perfect calibration follows, and
grey bars along the bottom for how many positions fell in each bin of the curve the program
applies (tallest bar = the most).  Works with no display (``SDL_VIDEODRIVER=dummy``).
"""

from __future__ import annotations

import math
import os
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from ...core.resources import asset_path  # noqa: E402

BACKGROUND, INK, GRID = (255, 255, 255), (30, 30, 30), (228, 228, 228)
DIAGONAL, COUNTS = (150, 150, 150), (205, 205, 205)
COLOURS = {"raw": (200, 60, 50), "isotonic": (40, 90, 170), "logistic": (40, 150, 80), "odd-logistic": (150, 70, 170)}
PANEL, MARGIN, LEGEND = 340, 46, 30
PNG_FILE = "reliability.png"


def _font(size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(asset_path("fonts", "DejaVuSans.ttf")), size)


def _panel(surface: pygame.Surface, left: int, top: int, name: str, entry: dict[str, Any], font) -> None:
    size = PANEL - 2 * MARGIN + 20
    x0, y0 = left + MARGIN, top + 28

    def at(p: float, q: float) -> tuple[int, int]:
        return round(x0 + p * size), round(y0 + (1.0 - q) * size)

    surface.blit(font.render(name, True, INK), (x0, top + 6))
    for k in range(11):
        pygame.draw.line(surface, GRID, at(k / 10, 0), at(k / 10, 1), 1)
        pygame.draw.line(surface, GRID, at(0, k / 10), at(1, k / 10), 1)
    used = entry["reliability"].get(entry.get("use", ""), [])
    most = max((r["count"] for r in used), default=0)
    for r in used:  # the bin counts, scaled to a quarter of the panel
        height = round(0.25 * size * r["count"] / most) if most else 0
        left_x, right_x = at(r["low"], 0)[0] + 2, at(r["high"], 0)[0] - 2
        pygame.draw.rect(surface, COUNTS, (left_x, y0 + size - height, max(1, right_x - left_x), height))
    pygame.draw.line(surface, DIAGONAL, at(0, 0), at(1, 1), 2)
    pygame.draw.rect(surface, INK, (x0, y0, size + 1, size + 1), 1)
    for kind, rows in entry["reliability"].items():
        points = [at(r["predicted"], r["observed"]) for r in rows]
        colour = COLOURS.get(kind, INK)
        if len(points) > 1:
            pygame.draw.lines(surface, colour, False, points, 2)
        for point in points:
            pygame.draw.circle(surface, colour, point, 3)
    for k in (0, 5, 10):
        label = font.render(f"{k / 10:g}", True, INK)
        surface.blit(label, (at(k / 10, 0)[0] - label.get_width() // 2, y0 + size + 4))
        surface.blit(label, (x0 - 6 - label.get_width(), at(0, k / 10)[1] - label.get_height() // 2))


def reliability_chart(report: dict[str, Any]) -> pygame.Surface:
    """The diagram for a :func:`game.core.calibration_report.calibrate` report."""
    entries = report["evaluators"]
    columns = min(3, max(1, len(entries)))
    rows = max(1, math.ceil(len(entries) / columns))
    font, small = _font(15), _font(12)
    surface = pygame.Surface((columns * PANEL, LEGEND + rows * PANEL + 24))
    surface.fill(BACKGROUND)
    x = 12
    for kind, colour in COLOURS.items():
        pygame.draw.line(surface, colour, (x, 15), (x + 22, 15), 3)
        text = small.render(kind, True, INK)
        surface.blit(text, (x + 28, 15 - text.get_height() // 2))
        x += 40 + text.get_width()
    note = small.render("x: predicted win chance, y: observed (held-out games); grey: positions per bin",
                        True, INK)
    surface.blit(note, (12, surface.get_height() - 20))
    for k, (name, entry) in enumerate(entries.items()):
        _panel(surface, (k % columns) * PANEL, LEGEND + (k // columns) * PANEL, name, entry, font)
    return surface


def write_reliability_png(report: dict[str, Any], folder: Path | str) -> Path:
    """Draw the diagram and save it as ``folder/reliability.png``, atomically."""
    path = Path(folder) / PNG_FILE
    surface = reliability_chart(report)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".png")
    os.close(handle)
    try:
        pygame.image.save(surface, temporary)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    return path
