"""The board's input in a human's turn: clicks and drags go to the game's view, which builds the
move (and may ask for it to be confirmed: a double click, a drag off the board)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..scene import Part

MOUSE = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


class BoardInput(Part):
    """Mouse events to ``view`` while ``accepting()`` (a human's turn on the board, the position
    shown the one to move from); the view's "confirm" runs ``confirm()`` (Done)."""

    def __init__(self, view, accepting: Callable[[], bool], confirm: Callable[[], None]) -> None:
        self.view, self.accepting, self.confirm = view, accepting, confirm

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type not in MOUSE or not self.accepting():
            return False
        if self.view.handle_event(event) == "confirm":
            self.confirm()
        return True
