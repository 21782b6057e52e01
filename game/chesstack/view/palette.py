"""The Chesstack board's colours, piece figures and key, as plain values (no pygame): the view
(:mod:`.pygame_view`) draws with them."""

from __future__ import annotations

LIGHT, DARK, FRAME = (238, 216, 180), (178, 134, 98), (78, 50, 28)
LAST, SELECTED, TARGET, PICK = (214, 206, 90), (118, 176, 94), (34, 40, 30), (244, 200, 84)
INK, PAPER, DIM, GOLD = (22, 26, 24), (244, 238, 222), (160, 168, 158), (244, 200, 84)
GOOD, BAD = (132, 222, 140), (236, 104, 92)
STUN_RED, MOVE_GREEN, FAIRY_RING = (204, 46, 46), (36, 142, 68), (150, 84, 214)
TRAY_BG, TRAY_EDGE, BUTTON, BUTTON_EDGE = (36, 50, 42), (70, 92, 78), (122, 82, 46), (42, 26, 14)
SIDES = (((252, 250, 242), (20, 20, 20)), ((40, 36, 36), (12, 12, 12)))
"""Per colour: a piece's fill and its edge (a fairy disc's letters: the other colour's fill)."""
FIGURES = {"K": "♔", "Q": "♕", "R": "♖", "B": "♗", "N": "♘", "P": "♙"}
"""Chess types are drawn as the font's chess figures, filled; fairy types as their letters on a
disc with a purple ring."""
INNER = (225, 220, 205)
"""A black figure's inner lines."""
KEY = "On a piece: red = stun (it cannot move until 0) · green = move charges · ★ = royal"


def mix(a, b, k: float) -> tuple[int, int, int]:
    """The colour ``k`` of the way from ``a`` to ``b``."""
    return tuple(round(x + (y - x) * k) for x, y in zip(a, b))
