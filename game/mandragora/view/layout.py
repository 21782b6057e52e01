"""The Mandragora board's palette and geometry for a window rectangle, in plain numbers.

No pygame here: rectangles are ``(x, y, w, h)`` tuples of whole pixels, rounded and placed
exactly as ``pygame.Rect`` would (the view builds its Rects from them); points are floats.
"""

from __future__ import annotations

from .display import SQRT3, grid

Box = tuple[int, int, int, int]
"""``(x, y, w, h)`` in whole pixels; a ``pygame.Rect`` is such a sequence too."""

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


def union(*boxes: Box) -> Box:
    """The smallest box holding all ``boxes``."""
    left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
    right, bottom = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
    return left, top, right - left, bottom - top


class BoardGeometry:
    """Geometry for a rectangle: hexagon radius ``r``, area centres, base panels, the analysis box."""

    def __init__(self, rect: Box, bottom: int) -> None:
        rx, ry, rw, rh = rect
        centre_x = rx + rw // 2
        self.r = r = max(12.0, min(rw / 11.7, (rh - INFO_HEIGHT) / 6.4))
        spare = max(0.0, rh - INFO_HEIGHT - 6.4 * r)  # a wide window: the board sits mid-height
        strip_w, strip_h = round(11.2 * r), round(0.62 * r)
        self.strip: Box = (centre_x - strip_w // 2, ry + round(0.05 * r + spare / 2), strip_w, strip_h)
        """The turn strip above the board, centred."""
        top = self.strip[1] + strip_h + 0.3 * r
        width, sx = 11.5 * r, 1.09 * SQRT3 * r
        left = centre_x - width / 2
        self.bases: dict[int, Box] = {
            side: (round(left + width - 2.75 * r if side == bottom else left), round(top),
                   round(2.75 * r), round(5.3 * r)) for side in (0, 1)}
        self.centres = {area: (centre_x + (col - 1) * sx, top + 1.05 * r + row * 1.62 * r)
                        for area, (row, col) in grid(bottom).items()}
        self.board: Box = union(self.strip, self.bases[0], self.bases[1])
        below = self.board[1] + self.board[3] + 0.25 * r
        self.info: Box = (round(left), round(below), round(width), max(0, round(ry + rh - below)))

    def base_spots(self, side: int, n: int) -> tuple[list[tuple[float, float]], float]:
        """Where the pieces collected in a base sit (six to a row) and their size."""
        x, y, w, _ = self.bases[side]
        d = min(w / 6.4, self.r * 0.36)
        x0, y0 = x + (w - 6 * d) / 2 + d / 2, y + 1.75 * self.r
        return [(x0 + (i % 6) * d, y0 + (i // 6) * d) for i in range(n)], d * 0.9
