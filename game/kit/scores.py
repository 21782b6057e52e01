"""The analysis' scores on a board: their words, their colours, and the chip and key (A) that
show or hide them (Chesstack's squares and trays, Mandragora's areas)."""

from __future__ import annotations

import pygame

from .text import Texts

INK, PAPER, DIM = (22, 26, 24), (244, 238, 222), (160, 168, 158)
GOLD, GOOD, BAD = (244, 200, 84), (132, 222, 140), (236, 104, 92)
"""The boards' ink and paper, and a score's colours: the pick, ahead, behind."""


def score_text(score: float, best: bool, star: str = "★") -> str:
    """``★+12``, ``-3``, ``0``: a display score rounded, the analysis' pick starred."""
    value = round(score)
    return (star if best else "") + (f"{value:+d}" if value else "0")


def score_colour(score: float, best: bool):
    """Gold for the analysis' pick, green ahead, red behind, paper for a score that rounds to 0."""
    return GOLD if best else GOOD if score >= 0.5 else BAD if score <= -0.5 else PAPER


class ScoresToggle:
    """Whether a board shows the analysis' scores: ``A`` or a click on the chip turns them on
    and off (the chip, drawn under the board, says which)."""

    def __init__(self) -> None:
        self.shown = True
        self.rect = pygame.Rect(0, 0, 0, 0)
        """The chip as last drawn (nothing: no chip to click)."""

    def toggle(self) -> None:
        self.shown = not self.shown

    def key(self, event: pygame.event.Event) -> bool:
        """``A`` shows or hides the scores; True when the key was this."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_a:
            self.toggle()
            return True
        return False

    def click(self, pos) -> bool:
        """A click on the chip shows or hides the scores; True when it was on the chip."""
        if self.rect.collidepoint(pos):
            self.toggle()
            return True
        return False

    def hide_chip(self) -> None:
        """No chip this frame (nothing to click until it is drawn again)."""
        self.rect = pygame.Rect(0, 0, 0, 0)

    def draw_chip(self, surface: pygame.Surface, texts: Texts, size: float, pos) -> pygame.Rect:
        """``[A] hide`` or ``[A] show`` framed, its left middle at ``pos``; its rectangle."""
        chip = texts.blit(surface, f"[A] {'hide' if self.shown else 'show'}", size, pos, DIM, anchor="midleft")
        self.rect = chip.inflate(10, 6)
        pygame.draw.rect(surface, DIM, self.rect, 1, border_radius=5)
        return self.rect
