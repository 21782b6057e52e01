"""The window's screens: their base class, and the registry that names them.

Scenes are registered by name (:data:`SCENES`, each loaded when first opened, as a game's
abilities are) and opened through the app's stack, as Tuxemon's screens are:
``app.open(name, **arguments)`` leaves every scene and shows a new one, ``app.push(name,
...)`` shows one over the current scene, which waits suspended (the Review screen over its
game), and ``app.pop()`` goes back to it.  So no scene module imports another, and the app
imports none (``tests/test_layers.py`` checks both).
"""

from __future__ import annotations

from typing import Any

import pygame

from ..core.capabilities import lazy

SCENES = {
    "menu": lazy("game.ui.menu:MenuScene"),
    "settings": lazy("game.ui.settings_scene:SettingsScene"),
    "play": lazy("game.ui.play.scene:PlayScene"),
    "review": lazy("game.ui.review.screen:ReviewScene"),
    "tournament": lazy("game.ui.tournament.scene:TournamentScene"),
    "rules": lazy("game.ui.rules.scene:RulesScene"),
    "setup": lazy("game.ui.setup_scene:SetupScene"),
    "library": lazy("game.ui.library.scene:LibraryScene"),
    "drill": lazy("game.ui.drill.scene:DrillScene"),
    "keys": lazy("game.ui.keys_scene:KeysScene"),
}
"""Each scene's name and its class, loaded when first opened (:func:`~game.core.capabilities.lazy`,
as a game's abilities are); the class is called with the app and the arguments
``open``/``push`` were given."""


def scene_class(name: str) -> type[Scene]:
    """The scene class registered as ``name``; ``KeyError`` for a name not in :data:`SCENES`."""
    return SCENES[name]()


class Scene:
    """A screen.  The app calls :meth:`build` on entry and after every resize (pygame_gui
    widgets are recreated for the new size), then per frame :meth:`handle_event`,
    :meth:`update` and :meth:`draw`."""

    session: Any = None
    """The game on show (a ``GameSession``), ``None`` for a screen without one."""

    def __init__(self, app) -> None:
        self.app = app
        """The window (:class:`game.ui.app.App`): its services and its stack of scenes."""

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

    def draw_above(self, surface: pygame.Surface) -> None:
        """Draw what goes over the widgets too (an open menu), after them."""

    def leave(self) -> None:
        """Called when the scene is closed: another scene replaces it (and those under it),
        it is popped, or the window closes."""

    def help_text(self) -> str:
        """The scene's key help (``Keys: A does · B does``, :func:`game.ui.keys.key_help`),
        which ? lists on the keys screen; "" for a scene without one."""
        return ""


class Part:
    """A piece of a scene with one job (the turn loop, replay, a dialog, the keys...), built with
    what it needs, never with the scene: a scene is made of parts, not mixins.

    The scene offers each event to its parts in order until one takes it (:meth:`handle_event`
    returns True), calls :meth:`build` once its widgets were recreated (a resize) and
    :meth:`close` when it is left.  A part with nothing to say on one of these keeps the default."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Whether the part took ``event`` (the parts after it then never see it)."""
        return False

    def build(self, size: tuple[int, int]) -> None:
        """The scene's widgets were recreated for a window of ``size``: recreate the part's own
        (an open dialog)."""

    def close(self) -> None:
        """The scene is left: stop what runs, close what is open."""
