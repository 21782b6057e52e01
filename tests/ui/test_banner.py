"""The banner: errors go after a few seconds or on a click or key; notes such as "Hints on"
never cover the players' names and pip counts at the top and bottom of the board."""

from __future__ import annotations

import pygame

from game.core.session import GameSetup
from game.ui.widgets import Banner


def test_an_error_goes_after_about_eight_seconds():
    banner = Banner()
    banner.show("Could not save", error=True)
    banner.update(7.5)
    assert banner.visible
    banner.update(1.0)
    assert not banner.visible


def test_a_click_anywhere_or_a_key_dismisses_an_error_without_eating_the_event():
    banner = Banner()
    banner.show("Bad file", error=True)
    banner.rect = pygame.Rect(100, 10, 200, 40)
    assert banner.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(500, 400), button=1)) is False
    assert not banner.visible
    banner.show("Bad file", error=True)
    banner.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    assert not banner.visible


def test_a_toggle_note_does_not_cover_the_players_names(app):
    pygame.font.init()
    for size in ((720, 480), (1280, 800), (1920, 1080)):
        app.resize(size)
        assert app.start_game(GameSetup("backgammon", ("human", "expert"), seed=3))
        app.frame()
        view = app.scene.view
        app.banner.show("Hints on", seconds=1.5)
        app.frame()
        area = view.rect  # the board with the players' bars (name, pip count) above and below it
        top, bottom = pygame.Rect(area.x, area.y, area.w, 44), pygame.Rect(area.x, area.bottom - 44, area.w, 44)
        assert not app.banner.rect.colliderect(top) and not app.banner.rect.colliderect(bottom), size
