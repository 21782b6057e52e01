"""Chesstack's pieces drawn: a chess figure or a fairy's letters on a ringed disc, cached by
colour, kind and size, and a square's stun and move badges and royal star."""

from __future__ import annotations

import pygame

from ...kit import Texts
from .display import Box
from .palette import FAIRY_RING, FIGURES, GOLD, INK, INNER, MOVE_GREEN, PAPER, SIDES, STUN_RED


class PieceSprites:
    """The pieces' pictures for one view (its fonts and texts)."""

    def __init__(self, fonts, texts: Texts) -> None:
        self.fonts, self.texts = fonts, texts
        self.cache: dict[tuple, pygame.Surface] = {}

    def stacks(self, surface, box: Box, stun: int, move: int, royal: bool) -> None:
        """The red stun and green move badges in the top corners, the royal star bottom left."""
        s = box.w
        r = max(6.5, s * 0.15)
        for value, colour, x in ((stun, STUN_RED, box.x + r + 1), (move, MOVE_GREEN, box.right - r - 1)):
            if value:
                text = self.texts.render(str(value), r * 1.3, PAPER, True)
                pill = pygame.Rect(0, 0, max(round(2 * r), text.get_width() + 6), round(2 * r))
                pill.center = (round(x), round(box.y + r + 1))
                pygame.draw.rect(surface, colour, pill, border_radius=round(r))
                pygame.draw.rect(surface, INK, pill, 1, border_radius=round(r))
                surface.blit(text, text.get_rect(center=pill.center))
        if royal:
            centre = (box.x + r + 1, box.bottom - r - 1)
            pygame.draw.circle(surface, INK, centre, r)
            self.texts.blit(surface, "★", r * 1.55, centre, GOLD, True)

    def piece(self, surface, colour: int, kind: str, pos, d: float, alpha: int = 255) -> None:
        sprite = self.sprite(colour, kind, max(8, round(d)))
        if alpha < 255:
            sprite = sprite.copy()
            sprite.set_alpha(alpha)
        surface.blit(sprite, sprite.get_rect(center=(round(pos[0]), round(pos[1]))))

    def sprite(self, colour: int, kind: str, d: int) -> pygame.Surface:
        """A chess figure or a fairy's letters on a ringed disc, ``d`` pixels across."""
        key = (colour, kind, d)
        if key not in self.cache:
            fill, letters = SIDES[colour][0], SIDES[1 - colour][0]
            sprite = pygame.Surface((d, d), pygame.SRCALPHA)
            c = d / 2
            if kind in FIGURES:
                figure = self.figure(colour, kind, d)
                sprite.blit(figure, figure.get_rect(center=(c, c)))
            else:
                radius = d * 0.42
                pygame.draw.aacircle(sprite, FAIRY_RING, (c, c), radius)
                pygame.draw.aacircle(sprite, fill, (c, c), radius - max(2, d * 0.09))
                font = self.fonts(max(6, round(d * (0.42 if len(kind) == 1 else 0.32))), True)
                image = font.render(kind, True, letters)
                sprite.blit(image, image.get_rect(center=(c, c)))
            self.cache[key] = sprite
        return self.cache[key]

    def figure(self, colour: int, kind: str, d: int) -> pygame.Surface:
        """The font's outline chess figure, its inside filled in the side's colour (the font's
        "solid" figures are not all solid: its black queen would pass for a white one).  A
        black figure's inner lines are light and its edge dark, so it reads on both squares."""
        fill, edge = SIDES[colour]
        font = self.fonts(max(6, round(d * 0.92)))
        lines = font.render(FIGURES[kind], True, edge if colour == 0 else INNER)
        ink = lines.get_bounding_rect()
        canvas = pygame.Surface((ink.w + 8, ink.h + 8), pygame.SRCALPHA)  # the figure's ink, a margin around
        canvas.blit(lines, (4 - ink.x, 4 - ink.y))
        edge_mask = pygame.mask.from_surface(canvas, 1)
        walls = edge_mask.copy()
        for step in ((1, 0), (-1, 0), (0, 1), (0, -1)):  # thickened: small gaps in the edge close
            walls.draw(edge_mask, step)
        walls.invert()
        inside = walls.connected_component((0, 0))  # what the edge does not enclose
        inside.invert()
        grown = inside.copy()
        for step in ((1, 0), (-1, 0), (0, 1), (0, -1)):  # thinned back to the edge's size
            inside = inside.overlap_mask(grown, step)
        figure = inside.to_surface(setcolor=(*fill, 255), unsetcolor=(0, 0, 0, 0))
        figure.blit(canvas, (0, 0))
        if colour == 1 and len(inside.outline()) > 2:
            pygame.draw.lines(figure, edge, True, inside.outline(), 1)
        return figure
