"""The layout follows the window size on every screen."""

from __future__ import annotations

import pygame
import pytest

from game.core.session import GameSetup

SIZES = [(720, 480), (1920, 1080), (800, 1000), (1300, 600)]


def resize(app, size):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.frame()
    assert app.screen.get_size() == size


@pytest.mark.parametrize("screen", ["menu", "settings", "play"])
def test_every_screen_relayouts(app, screen):
    if screen == "menu":
        app.show_menu()
    elif screen == "settings":
        app.show_settings()
    else:
        app.start_game(GameSetup("backgammon", ("human", "hard"), seed=4))
    for size in SIZES:
        resize(app, size)
        window = app.screen.get_rect()
        for element in app.gui.get_root_container().elements:
            assert window.contains(element.rect), (size, element)
        if screen == "play":
            view = app.scene.view
            assert window.contains(view.board_rect)
            assert view.board_rect.w > size[0] * 0.4 or view.board_rect.h > size[1] * 0.6


def test_resize_keeps_the_turn_in_progress(app):
    app.start_game(GameSetup("backgammon", ("human", "hard"), seed=3, options={"first": 0}))
    scene = app.scene
    while not scene.mover.human:
        app.frame()
    move = scene.view.turn.options()[0]
    scene.view.turn.play(move)
    resize(app, (900, 640))
    assert scene.view.turn.moves == [move] and scene.mover.human
    assert app.settings.window_size == [900, 640]
