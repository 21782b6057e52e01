"""The backgammon board's geometry for a window rectangle, its palette, and the drawing
primitives the view shares (arrows, dice pips)."""

from __future__ import annotations

import pygame

FELT, FELT_EDGE = (34, 94, 62), (24, 70, 46)
WOOD, WOOD_DARK, WOOD_LIGHT = (120, 78, 42), (78, 48, 24), (156, 108, 62)
POINTS = ((222, 196, 146), (160, 56, 42))
CHECKERS = (((243, 238, 226), (176, 166, 146), (40, 40, 40)), ((44, 40, 40), (112, 104, 96), (240, 236, 226)))
TARGET, SOURCE, INK, PAPER = (126, 238, 150), (255, 212, 92), (30, 24, 18), (246, 238, 220)
LAST_MOVE = (255, 140, 60)
"""The last plays' marks: a ghost ring where a checker left, a ring on where it landed, an arrow."""
LAST_ALPHA = (235, 110)
"""Opacity of the marks of the latest play and of the other player's play before it."""


class Layout:
    """Board geometry for a rectangle: unit ``u`` is a point's width and a checker's diameter.

    Points are placed by *bottom numbering* ``b`` (1..24 from the bottom player's ace point).
    """

    def __init__(self, rect: pygame.Rect, home_right: bool) -> None:
        self.u = u = max(8.0, min(rect.w / 15.7, rect.h / 14.6))
        self.home_right, self.frame, self.strip = home_right, 0.45 * u, 0.95 * u
        width, height = 15.7 * u, 12.6 * u
        left = rect.x + (rect.w - width) / 2
        top = rect.y + (rect.h - height - 2 * self.strip) / 2 + self.strip
        self.board = pygame.Rect(round(left), round(top), round(width), round(height))
        f = self.frame
        tray_x = left + width - f - 1.4 * u if home_right else left + f
        self.play_left = left + f if home_right else tray_x + 1.4 * u + f
        self.top, self.bottom = top + f, top + height - f
        self.tray = pygame.Rect(round(tray_x), round(self.top), round(1.4 * u), round(self.bottom - self.top))
        self.bar = pygame.Rect(round(self.play_left + 6 * u), round(top), round(u), round(height))
        self.play = pygame.Rect(round(self.play_left), round(self.top), round(13 * u), round(self.bottom - self.top))
        self.strips = (pygame.Rect(round(left), round(top - self.strip), round(width), round(self.strip * 0.92)),
                       pygame.Rect(round(left), round(top + height + self.strip * 0.08), round(width),
                                   round(self.strip * 0.92)))

    def column_x(self, b: int) -> float:
        """Centre x of point ``b``."""
        col = b - 1 if b <= 12 else 24 - b  # 0..11 counted from the home side
        slot = (12 - col if col < 6 else 11 - col) if self.home_right else (col if col < 6 else col + 1)
        return self.play_left + (slot + 0.5) * self.u

    def stack_pos(self, b: int, index: int) -> tuple[float, float]:
        r = self.u / 2
        y = self.bottom - r - index * self.u if b <= 12 else self.top + r + index * self.u
        return self.column_x(b), y

    def bar_pos(self, bottom_player: bool, index: int) -> tuple[float, float]:
        mid = (self.top + self.bottom) / 2
        offset = (1.1 + index * 0.95) * self.u
        return self.bar.centerx, mid - offset if bottom_player else mid + offset

    def tray_slab(self, bottom_player: bool, index: int) -> pygame.Rect:
        h = (self.tray.h / 2 - 0.5 * self.u) / 15
        y = self.tray.bottom - (index + 1) * h - 2 if bottom_player else self.tray.top + index * h + 2
        return pygame.Rect(round(self.tray.x + 0.12 * self.u), round(y), round(self.tray.w - 0.24 * self.u),
                           max(2, round(h - 1)))

    def point_at(self, pos: tuple[int, int]) -> int | None:
        """Bottom numbering of the point under ``pos``."""
        x, y = pos
        if not self.play.collidepoint(pos) or self.bar.collidepoint(pos):
            return None
        slot = int((x - self.play_left) // self.u)
        slot = slot - 1 if slot > 6 else slot
        col = 11 - slot if self.home_right else slot
        return col + 1 if y > self.play.centery else 24 - col

    def dice_centre(self, bottom_roller: bool) -> tuple[float, float]:
        right = bottom_roller == self.home_right
        x = self.play_left + (9.5 if right else 3.0) * self.u
        return x, (self.top + self.bottom) / 2


def arrow(surface, colour, start, end, r: float, width: int) -> None:
    """A line from ``start``'s rim to ``end``'s rim with a head at ``end``."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = (dx * dx + dy * dy) ** 0.5
    if length < 2.2 * r:
        return
    ux, uy = dx / length, dy / length
    a = (start[0] + ux * r, start[1] + uy * r)
    b = (end[0] - ux * r * 1.05, end[1] - uy * r * 1.05)
    pygame.draw.line(surface, colour, a, b, width)
    head = r * 0.55
    left = (b[0] - ux * head - uy * head * 0.6, b[1] - uy * head + ux * head * 0.6)
    right = (b[0] - ux * head + uy * head * 0.6, b[1] - uy * head - ux * head * 0.6)
    pygame.draw.polygon(surface, colour, [b, left, right])


PIPS = {
    1: [(0.5, 0.5)], 2: [(0.27, 0.27), (0.73, 0.73)], 3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}
