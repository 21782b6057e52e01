"""The Mandragora board's palette and geometry for a window rectangle."""

from __future__ import annotations

import pygame

from ..display import SQRT3, grid

SIDE_COLOURS = ((64, 118, 196), (58, 150, 92))
SHARED = (150, 108, 66)
PIECE_STYLE = {  # fill, outline, letter colour
    "M": ((246, 242, 230), (120, 112, 96), (70, 60, 48)),
    "K": ((40, 40, 46), (170, 166, 176), (236, 232, 240)),
    "P": ((128, 70, 168), (218, 196, 236), (250, 244, 255)),
    "C": ((112, 200, 96), (36, 96, 36), (24, 60, 24)),
    "A": ((240, 128, 184), (140, 40, 96), (96, 20, 60)),
}
GOLD, INK, PAPER, WARN = (244, 200, 84), (22, 26, 24), (244, 238, 222), (246, 150, 60)
DIM, GOOD, BAD = (160, 168, 158), (132, 222, 140), (236, 104, 92)
LAST_MOVE = (255, 140, 60)
"""The last sowing's marks: the sown area's outline and a dot where each of its pieces landed."""


INFO_HEIGHT = 56
"""Pixels under the board for the analysis overlay's key and the last move."""


class Layout:
    """Geometry for a rectangle: hexagon radius ``r``, area centres, base panels, the analysis box."""

    def __init__(self, rect: pygame.Rect, bottom: int) -> None:
        self.r = r = max(12.0, min(rect.w / 11.7, (rect.h - INFO_HEIGHT) / 6.4))
        spare = max(0.0, rect.h - INFO_HEIGHT - 6.4 * r)  # a wide window: the board sits mid-height
        self.strip = pygame.Rect(0, 0, round(11.2 * r), round(0.62 * r))
        self.strip.midtop = (rect.centerx, rect.y + round(0.05 * r + spare / 2))
        top = self.strip.bottom + 0.3 * r
        width, sx = 11.5 * r, 1.09 * SQRT3 * r
        left = rect.centerx - width / 2
        self.bases = {side: pygame.Rect(round(left + width - 2.75 * r if side == bottom else left), round(top),
                                        round(2.75 * r), round(5.3 * r)) for side in (0, 1)}
        self.centres = {area: (rect.centerx + (col - 1) * sx, top + 1.05 * r + row * 1.62 * r)
                        for area, (row, col) in grid(bottom).items()}
        self.board = self.strip.union(self.bases[0]).union(self.bases[1])
        below = self.board.bottom + 0.25 * r
        self.info = pygame.Rect(round(left), round(below), round(width), max(0, round(rect.bottom - below)))

    def base_spots(self, side: int, n: int) -> tuple[list[tuple[float, float]], float]:
        """Where the pieces collected in a base sit (six to a row) and their size."""
        box = self.bases[side]
        d = min(box.w / 6.4, self.r * 0.36)
        x0, y0 = box.x + (box.w - 6 * d) / 2 + d / 2, box.y + 1.75 * self.r
        return [(x0 + (i % 6) * d, y0 + (i // 6) * d) for i in range(n)], d * 0.9
