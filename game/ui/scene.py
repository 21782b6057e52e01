"""The base class of the window's screens (menu, settings, play)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:  # pragma: no cover
    from .app import App


class Scene:
    """A screen.  The app calls :meth:`build` on entry and after every resize (pygame_gui
    widgets are recreated for the new size), then per frame :meth:`handle_event`,
    :meth:`update` and :meth:`draw`."""

    def __init__(self, app: "App") -> None:
        self.app = app

    @property
    def gui(self):
        return self.app.gui

    def build(self, size: tuple[int, int]) -> None:
        """Create the widgets and compute the layout for a window of ``size``."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """Input not taken by a widget, and pygame_gui's events (buttons pressed, ...)."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw everything but the widgets (drawn over it by the app)."""

    def leave(self) -> None:
        """Called when another scene replaces this one or the window closes."""
