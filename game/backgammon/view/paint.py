"""The backgammon view's pygame pieces that hold no state of the view: its geometry with
``pygame.Rect``s (:class:`Layout`), the board's picture without checkers (drawn once per size)
and the checkers' sprites (cached per player and size)."""

from __future__ import annotations

import pygame

from .layout import CHECKERS, FELT, FELT_EDGE, PAPER, POINTS, WOOD, WOOD_DARK, WOOD_LIGHT, BoardGeometry


class Layout(BoardGeometry):
    """The board's geometry (:class:`~.view.layout.BoardGeometry`) with its rectangles as
    ``pygame.Rect``s; a Rect is an ``(x, y, w, h)`` sequence, so the geometry's arithmetic
    works on it unchanged."""

    def __init__(self, rect: pygame.Rect, home_right: bool) -> None:
        super().__init__(tuple(rect), home_right)
        self.board, self.tray, self.bar, self.play = map(pygame.Rect, (self.board, self.tray, self.bar, self.play))
        self.strips = tuple(map(pygame.Rect, self.strips))

    def tray_slab(self, bottom_player: bool, index: int) -> pygame.Rect:
        return pygame.Rect(super().tray_slab(bottom_player, index))


def board_surface(rect: pygame.Rect, home_right: bool, fonts, top_numbers: bool = False) -> pygame.Surface:
    """The board in ``rect`` without checkers or dice, its point numbers the bottom player's
    (``top_numbers``: the top player's, point ``b`` of the bottom numbering labelled ``25 - b``)."""
    board = Layout(rect, home_right).board
    lay = Layout(rect.move(-board.x, -board.y), home_right)
    surface = pygame.Surface(board.size)
    if pygame.display.get_surface() is not None:
        surface = surface.convert()
    surface.fill((255, 0, 255))
    surface.set_colorkey((255, 0, 255), pygame.RLEACCEL)  # the rounded corners stay see-through
    u = lay.u
    pygame.draw.rect(surface, WOOD, lay.board, border_radius=round(u * 0.3))
    pygame.draw.rect(surface, WOOD_DARK, lay.board, max(2, round(u * 0.06)), border_radius=round(u * 0.3))
    for half in (pygame.Rect(lay.play.x, lay.play.y, round(6 * u), lay.play.h),
                 pygame.Rect(lay.bar.right, lay.play.y, round(6 * u), lay.play.h)):
        pygame.draw.rect(surface, FELT, half)
        pygame.draw.rect(surface, FELT_EDGE, half, max(1, round(u * 0.05)))
    pygame.draw.rect(surface, WOOD_LIGHT, lay.bar)
    pygame.draw.rect(surface, WOOD_DARK, lay.bar, max(1, round(u * 0.05)))
    pygame.draw.rect(surface, WOOD_DARK, lay.tray, border_radius=round(u * 0.15))
    font = fonts(round(u * 0.3))
    for b in range(1, 25):
        pts, label_at = lay.point_triangle(b)
        colour = POINTS[b % 2]
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.aalines(surface, tuple(c * 3 // 4 for c in colour), True, pts)
        image = font.render(str(25 - b if top_numbers else b), True, PAPER)
        surface.blit(image, image.get_rect(center=label_at))
    return surface


_SPRITES: dict[tuple[int, int], pygame.Surface] = {}


def checker_sprite(player: int, r: float) -> pygame.Surface:
    """A checker of radius ``r`` with its shadow, antialiased, cached per quarter pixel."""
    key = (player, round(r * 4))
    if key not in _SPRITES:
        fill, rim, _ = CHECKERS[player]
        size = round(2 * r) + 6
        sprite = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size / 2 - 1
        pygame.draw.aacircle(sprite, (0, 0, 0, 80), (c + 2, c + 2), r)
        pygame.draw.aacircle(sprite, rim, (c, c), r)
        pygame.draw.aacircle(sprite, fill, (c, c), r * 0.86)
        light = tuple(min(255, v + 18) for v in fill)
        pygame.draw.aacircle(sprite, light, (c - r * 0.08, c - r * 0.08), r * 0.6)
        pygame.draw.aacircle(sprite, rim, (c, c), r * 0.5, max(1, round(r * 0.07)))
        _SPRITES[key] = sprite
    return _SPRITES[key]
