"""The Rules screen: F1 opens the game's rules over play, watch and replay (and the menu's
Rules button or F1 over the menu); Esc or F1 returns to the same scene with the same game;
the page fits the window at every size and scrolls."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.core.session import GameSetup
from game.games import all_games, get_game
from game.ui.menu import MenuScene
from game.ui.play.scene import PlayScene
from game.ui.rules.layout import Rule
from game.ui.rules.scene import RulesScene

from .util import click, distinct_colours, key, post, press_button, run_until

SIZES = [(800, 600), (1280, 800), (1920, 1080)]


def start(app, game: str, players=("human", "human")) -> PlayScene:
    assert app.start_game(GameSetup(game, players, seed=3))
    scene = app.scene
    assert run_until(app, lambda: scene.mover.human or not scene.session.has_human)
    return scene


@pytest.mark.parametrize("game", ["mandragora", "chesstack"])
def test_f1_opens_the_rules_and_esc_returns_to_the_same_game(app, game):
    scene = start(app, game)
    session = scene.session
    scene.mover.play_human(session.rules.legal_moves(session.state)[0])
    assert run_until(app, lambda: scene.mover.human)
    state, actions = session.state, list(session.actions)
    key(app, pygame.K_F1)
    rules = app.scene
    assert isinstance(rules, RulesScene) and rules.info is session.info and app.stack[-2] is scene
    assert rules.page.title == session.info.title
    key(app, pygame.K_END, frames=3)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.session is session
    assert session.state is state and session.actions == actions and scene.mover.human
    assert scene.controls.buttons["menu"].visible and scene.controls.buttons["menu"] in app.gui.get_root_container().elements
    key(app, pygame.K_F1)
    key(app, pygame.K_F1)  # F1 closes it too
    assert app.scene is scene
    scene.mover.play_human(session.rules.legal_moves(session.state)[0])  # the game goes on
    assert len(session.actions) == len(actions) + 1


def test_back_returns_from_the_rules_of_a_watched_game(app):
    scene = start(app, "chesstack", ("random", "random"))
    assert "F1 rules" in scene.keys.help()
    key(app, pygame.K_F1)
    played = len(scene.session.actions)
    for _ in range(30):  # the game waits under the page
        app.frame()
    assert len(scene.session.actions) == played
    press_button(app, app.scene.back)
    assert app.scene is scene and scene.overlays.watching


def test_every_play_mode_lists_f1_in_its_key_help():
    from game.ui.keys import key_help

    for mode in ("play", "watch", "replay"):
        assert "F1 rules" in key_help(mode, analysis=True) and "F1 rules" in key_help(mode, analysis=False)


def test_the_menus_rules_button_shows_the_chosen_games_rules(app):
    app.show_menu()
    menu = app.scene
    post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="Chesstack", ui_element=menu.widgets["game"])
    app.frame()
    press_button(app, menu.widgets["rules"])
    assert isinstance(app.scene, RulesScene) and app.scene.info is get_game("chesstack")
    key(app, pygame.K_ESCAPE)
    assert app.scene is menu and menu.game.name == "chesstack" and isinstance(menu, MenuScene)
    key(app, pygame.K_F1)
    assert isinstance(app.scene, RulesScene) and app.scene.info.name == "chesstack"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_each_rules_page_fits_the_window(size, tabula_home):
    from game.ui.app import App

    app = App(size)
    try:
        app.show_menu()
        for info in all_games():
            rules = app.push("rules", info=info)
            app.frame()
            view = rules.view
            assert 0 <= view.x and rules.track.right <= size[0] and view.bottom <= size[1]
            back = rules.back.rect
            assert back.right <= size[0] and back.bottom <= size[1] and back.top >= view.bottom
            texts = [(image, x) for image, x, _ in rules.images if not isinstance(image, Rule)]
            assert len(texts) > 60
            widest = max(x + image.get_width() for image, x in texts)  # rendered lines, measured
            assert widest <= view.w, f"{info.name}: a line {widest} px wide in a {view.w} px column"
            assert all(x + part.w <= view.w for part, x, _ in rules.images if isinstance(part, Rule))
            assert rules.limit > 0 and rules.thumb() is not None  # long enough to scroll
            key(app, pygame.K_END)
            assert rules.offset == rules.limit
            assert distinct_colours(app.screen, view) > 3  # the end of the page is drawn
            app.pop()
    finally:
        app.close()
        pygame.quit()


def test_the_page_scrolls_by_wheel_keys_and_scroll_bar(app):
    app.show_menu()
    rules = app.push("rules", info=get_game("chesstack"))
    app.frame()
    post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)
    app.frame()
    wheeled = rules.offset
    assert wheeled > 0
    key(app, pygame.K_PAGEDOWN)
    assert rules.offset > wheeled
    key(app, pygame.K_HOME)
    assert rules.offset == 0
    track = rules.track
    click(app, (track.centerx, track.bottom - 2))  # a click low on the track: near the end
    assert rules.offset > rules.limit * 0.8
    key(app, pygame.K_UP)
    assert rules.offset < rules.limit


def test_a_resized_window_lays_the_page_out_again(app):
    app.show_menu()
    rules = app.push("rules", info=get_game("backgammon"))
    key(app, pygame.K_END)
    post(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600)
    app.frame()
    assert app.scene is rules and rules.track.right <= 800 and rules.back.rect.bottom <= 600
    assert 0 < rules.offset <= rules.limit
    assert max(x + image.get_width() for image, x, _ in rules.images if not isinstance(image, Rule)) <= rules.view.w


def test_a_note_of_the_game_is_not_drawn_over_the_rules_page(app):
    assert app.start_game(GameSetup("backgammon", ("human", "human"), seed=1))
    app.frame()
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)  # dice by hand: a note in the banner
    assert app.banner.visible and not app.banner.error
    key(app, pygame.K_F1)
    assert not app.banner.visible  # the rules page shows no note of the game under it
