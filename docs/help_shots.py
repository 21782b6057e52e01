"""The keys screen's shot for ``docs/make_screenshots.py`` (kept apart: that file is long).

keys.png: a game of backgammon against the computer, ? pressed: every key of the play screen
with what it does, and About (the version and the networks' weights).
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from tests.ui.util import post


def _human_to_play(app):
    """A game of backgammon against the computer (seed 2), at the human's first turn."""
    from game.core.session import GameSetup

    app.start_game(GameSetup("backgammon", ("human", "expert"), seed=2))
    scene, deadline = app.scene, time.monotonic() + 300
    while not scene.mover.human:
        if time.monotonic() > deadline:
            raise RuntimeError("gave up waiting for the human's turn")
        app.frame()
    return scene


def shot_keys(app, out: Path) -> Path:
    _human_to_play(app)
    post(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?", scancode=0)
    for _ in range(3):
        app.frame()
    path = out / "keys.png"
    pygame.image.save(app.screen, str(path))
    return path


def shot_menus(app, out: Path) -> Path:
    """menus.png: the same game on the human's turn, the Analysis menu open, the pointer on
    Roll out (each item with its key; an item that does not work here is greyed)."""
    bar = _human_to_play(app).menu_bar
    titles = [menu.title for menu in bar.menus()]
    post(pygame.MOUSEBUTTONDOWN, pos=bar.title_rects()[titles.index("Analysis")].center, button=1)
    app.frame()
    labels = [item.label for item in bar.shown[bar.open_index].items]
    post(pygame.MOUSEMOTION, pos=bar.item_rects()[labels.index("Roll out")].center, rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(3):
        app.frame()
    path = out / "menus.png"
    pygame.image.save(app.screen, str(path))
    return path
