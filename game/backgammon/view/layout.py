"""The backgammon board's palette and geometry for a window rectangle, in plain numbers.

No pygame here: rectangles are ``(x, y, w, h)`` tuples of whole pixels, rounded exactly as the
view's ``pygame.Rect``s are (the view builds those from them), points are ``(x, y)`` floats.
Points are placed by *bottom numbering* ``b`` (1..24 from the bottom player's ace point).
"""

from __future__ import annotations

from ..board import BAR, OFF

Box = tuple[int, int, int, int]
"""``(x, y, w, h)`` in whole pixels; a ``pygame.Rect`` is such a sequence too."""

FELT, FELT_EDGE = (34, 94, 62), (24, 70, 46)
WOOD, WOOD_DARK, WOOD_LIGHT = (120, 78, 42), (78, 48, 24), (156, 108, 62)
POINTS = ((222, 196, 146), (160, 56, 42))
CHECKERS = (((243, 238, 226), (176, 166, 146), (40, 40, 40)), ((44, 40, 40), (112, 104, 96), (240, 236, 226)))
"""Per player: a checker's fill, rim and the colour of a count written on it."""
TARGET, SOURCE, INK, PAPER = (126, 238, 150), (255, 212, 92), (30, 24, 18), (246, 238, 220)
LAST_MOVE = (255, 140, 60)
"""The last plays' marks: a ghost ring where a checker left, a ring on where it landed, an arrow."""
LAST_ALPHA = (235, 110)
"""Opacity of the marks of the latest play and of the other player's play before it."""

PIPS = {
    1: [(0.5, 0.5)], 2: [(0.27, 0.27), (0.73, 0.73)], 3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}
"""A die's pips per face, as fractions of its side."""


def centre_of(box: Box) -> tuple[int, int]:
    """The centre of ``box`` as pygame rounds it (``x + w // 2``)."""
    x, y, w, h = box
    return x + w // 2, y + h // 2


def box_around(centre: tuple[int, int], w: int, h: int) -> Box:
    """A ``w`` × ``h`` box centred on whole-pixel ``centre``, as pygame places it."""
    return centre[0] - w // 2, centre[1] - h // 2, w, h


def widened(box: Box, dx: float) -> Box:
    """``box`` grown by ``dx`` pixels (whole ones, cut down) around its centre, as pygame inflates."""
    x, y, w, h = box
    d = int(dx)
    return x - d // 2, y, w + d, h


def contains(box: Box, pos: tuple[float, float]) -> bool:
    """Whether ``pos`` lies in ``box`` (its right and bottom edges excluded, as in pygame)."""
    x, y, w, h = box
    return x <= pos[0] < x + w and y <= pos[1] < y + h


class BoardGeometry:
    """Board geometry for a rectangle: unit ``u`` is a point's width and a checker's diameter."""

    def __init__(self, rect: Box, home_right: bool) -> None:
        rx, ry, rw, rh = rect
        self.u = u = max(8.0, min(rw / 15.7, rh / 14.6))
        self.home_right, self.frame, self.strip = home_right, 0.45 * u, 0.95 * u
        width, height = 15.7 * u, 12.6 * u
        left = rx + (rw - width) / 2
        top = ry + (rh - height - 2 * self.strip) / 2 + self.strip
        self.board: Box = (round(left), round(top), round(width), round(height))
        f = self.frame
        tray_x = left + width - f - 1.4 * u if home_right else left + f
        self.play_left = left + f if home_right else tray_x + 1.4 * u + f
        self.top, self.bottom = top + f, top + height - f
        self.tray: Box = (round(tray_x), round(self.top), round(1.4 * u), round(self.bottom - self.top))
        self.bar: Box = (round(self.play_left + 6 * u), round(top), round(u), round(height))
        self.play: Box = (round(self.play_left), round(self.top), round(13 * u), round(self.bottom - self.top))
        self.strips: tuple[Box, Box] = (
            (round(left), round(top - self.strip), round(width), round(self.strip * 0.92)),
            (round(left), round(top + height + self.strip * 0.08), round(width), round(self.strip * 0.92)))
        """The name strips: above the board (the top player's) and below it."""

    @property
    def bar_x(self) -> int:
        """The bar's centre x (where the bar's checkers and a centred cube sit)."""
        return centre_of(self.bar)[0]

    def column_x(self, b: int) -> float:
        """Centre x of point ``b``."""
        col = b - 1 if b <= 12 else 24 - b  # 0..11 counted from the home side
        slot = (12 - col if col < 6 else 11 - col) if self.home_right else (col if col < 6 else col + 1)
        return self.play_left + (slot + 0.5) * self.u

    def stack_pos(self, b: int, index: int) -> tuple[float, float]:
        """Centre of the ``index``-th checker (0 at the point's base) on point ``b``."""
        r = self.u / 2
        y = self.bottom - r - index * self.u if b <= 12 else self.top + r + index * self.u
        return self.column_x(b), y

    def bar_pos(self, bottom_player: bool, index: int) -> tuple[float, float]:
        mid = (self.top + self.bottom) / 2
        offset = (1.1 + index * 0.95) * self.u
        return self.bar_x, mid - offset if bottom_player else mid + offset

    def tray_slab(self, bottom_player: bool, index: int) -> Box:
        """The ``index``-th borne-off checker's slab in its owner's half of the tray."""
        tray_x, tray_y, tray_w, tray_h = self.tray
        h = (tray_h / 2 - 0.5 * self.u) / 15
        y = tray_y + tray_h - (index + 1) * h - 2 if bottom_player else tray_y + index * h + 2
        return (round(tray_x + 0.12 * self.u), round(y), round(tray_w - 0.24 * self.u), max(2, round(h - 1)))

    def slot_pos(self, bottom_player: bool, slot: int, index: int) -> tuple[float, float]:
        """Where the ``index``-th checker of a slot (a point in its owner's numbering, BAR or
        OFF) is drawn; the bar shows four, a point five, the tray fifteen."""
        if slot == BAR:
            return self.bar_pos(bottom_player, min(index, 3))
        if slot == OFF:
            return centre_of(self.tray_slab(bottom_player, min(index, 14)))
        return self.stack_pos(slot if bottom_player else 25 - slot, min(max(index, 0), 4))

    def point_at(self, pos: tuple[int, int]) -> int | None:
        """Bottom numbering of the point under ``pos``."""
        x, y = pos
        if not contains(self.play, pos) or contains(self.bar, pos):
            return None
        slot = int((x - self.play_left) // self.u)
        slot = slot - 1 if slot > 6 else slot
        col = 11 - slot if self.home_right else slot
        return col + 1 if y > centre_of(self.play)[1] else 24 - col

    def slot_at(self, pos: tuple[int, int], bottom_player: bool) -> int | None:
        """The slot under ``pos`` in the numbering of the player at the bottom (``bottom_player``)
        or at the top: a point, BAR, or OFF (the tray, a little wider to be easy to hit)."""
        if contains(self.bar, pos):
            return BAR
        if contains(widened(self.tray, self.u * 0.4), pos):
            return OFF
        b = self.point_at(pos)
        return None if b is None else (b if bottom_player else 25 - b)

    def place_at(self, pos: tuple[int, int]) -> tuple[int, bool | None] | None:
        """What ``pos`` is on, for setting up a position: ``(slot, bottom_half)`` with ``slot``
        a point in bottom numbering, BAR or OFF, and for the bar and the tray whether ``pos``
        is in the half holding the bottom player's checkers (the bar's upper half, the tray's
        lower half: where :meth:`slot_pos` puts them); ``None`` for a point; off the board, ``None``."""
        slot = self.slot_at(pos, True)
        if slot is None:
            return None
        if slot == BAR:
            return BAR, pos[1] < (self.top + self.bottom) / 2
        if slot == OFF:
            x, y, w, h = self.tray
            return OFF, pos[1] >= y + h / 2
        return slot, None

    def point_triangle(self, b: int) -> tuple[list[tuple[float, float]], tuple[float, float]]:
        """Point ``b``'s triangle and where its number goes (on the frame beside its base)."""
        u, x, top_row = self.u, self.column_x(b), b > 12
        base = self.top if top_row else self.bottom
        tip = base + (4.6 * u if top_row else -4.6 * u)
        label_y = base - self.frame / 2 if top_row else base + self.frame / 2
        return [(x - u * 0.48, base), (x + u * 0.48, base), (x, tip)], (x, label_y)

    def dice_centre(self, bottom_roller: bool) -> tuple[float, float]:
        right = bottom_roller == self.home_right
        x = self.play_left + (9.5 if right else 3.0) * self.u
        return x, (self.top + self.bottom) / 2

    def dice_boxes(self, count: int, bottom_roller: bool) -> tuple[list[Box], float]:
        """The boxes of ``count`` dice (2, or 4 smaller ones for a double) side by side in the
        middle of the roller's half of the board, and a die's exact size."""
        size = self.u * (0.72 if count == 4 else 0.95)
        cx, cy = self.dice_centre(bottom_roller)
        gap = size * 0.25
        x = cx - (count * size + (count - 1) * gap) / 2
        boxes = []
        for _ in range(count):
            boxes.append((round(x), round(cy - size / 2), round(size), round(size)))
            x += size + gap
        return boxes, size


def arrow_shape(start: tuple[float, float], end: tuple[float, float], r: float):
    """An arrow from ``start``'s rim to ``end``'s rim (checkers of radius ``r``): its line's two
    ends and its head's three corners; ``None`` when the checkers are too close for one."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = (dx * dx + dy * dy) ** 0.5
    if length < 2.2 * r:
        return None
    ux, uy = dx / length, dy / length
    a = (start[0] + ux * r, start[1] + uy * r)
    b = (end[0] - ux * r * 1.05, end[1] - uy * r * 1.05)
    head = r * 0.55
    left = (b[0] - ux * head - uy * head * 0.6, b[1] - uy * head + ux * head * 0.6)
    right = (b[0] - ux * head + uy * head * 0.6, b[1] - uy * head - ux * head * 0.6)
    return (a, b), [b, left, right]
