"""The menu's setup options: one drop-down per option the selected game declares
(Mandragora: pattern and first mover), passed to the new game, drawn from the seed when
random, kept by saves, and laid out to fit the smallest window."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.core.saves import load_game, saves_dir
from game.games import get_game
from game.mandragora.state import OPPONENT, PATTERNS
from game.games import rules_for
from game.ui.menu import MODES

from .util import key, post, press_button

MANDRAGORA, BACKGAMMON = get_game("mandragora"), get_game("backgammon")
BACKGAMMON_ROWS = {"match_length": "No match", "cube": "Cubeless"}
"""Backgammon's rows by default (tests/ui/test_cube_ui.py shows the money options)."""


def choose(app, widget: str, text: str) -> None:
    menu = app.scene
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=text,
                                         ui_element=menu.widgets[widget]))
    app.frame()


def option_rows(menu) -> dict[str, str]:
    """Option name → the choice its drop-down shows."""
    return {k.removeprefix("option:"): w.selected_option[0] for k, w in menu.widgets.items() if k.startswith("option:")}


def menu_for(app, game, mode: str = "hvc"):
    app.settings.last_game, app.settings.last_mode = game.name, mode
    app.show_menu()
    app.frame()
    return app.scene


def start(app, seed: str | None = None):
    menu = app.scene
    if seed is not None:
        menu.widgets["seed"].set_text(seed)
        menu.seed_text = seed
    press_button(app, menu.widgets["start"])
    assert app.scene is not menu
    return app.scene.session


def test_mandragora_shows_its_options_and_backgammon_its_own(app):
    menu = menu_for(app, BACKGAMMON)
    assert option_rows(menu) == BACKGAMMON_ROWS
    choose(app, "game", MANDRAGORA.title)  # the rows are rebuilt for the game picked
    menu = app.scene
    assert option_rows(menu) == {"pattern": "A", "first": "Player"}
    assert menu.widgets["option:pattern"].options_list == [(c, c) for c in ("A", "B", "C", "D", "E", "Random")]
    assert [t for t, _ in menu.widgets["option:first"].options_list] == ["Player", "Opponent", "Random"]
    choose(app, "game", BACKGAMMON.title)
    assert option_rows(app.scene) == BACKGAMMON_ROWS
    tournament = next(m.title for m in MODES if m.open is not None)
    choose(app, "game", MANDRAGORA.title)
    choose(app, "mode", tournament)  # the tournament screen sets up its own games
    assert option_rows(app.scene) == {}


def test_pattern_c_and_opponent_first_start_that_game(app):
    menu_for(app, MANDRAGORA, "hvh")
    choose(app, "option:pattern", "C")
    choose(app, "option:first", "Opponent")
    choose(app, "game", BACKGAMMON.title)  # looking at another game keeps the choices
    choose(app, "game", MANDRAGORA.title)
    assert option_rows(app.scene) == {"pattern": "C", "first": "Opponent"}
    session = start(app)
    assert session.options == {"pattern": "C", "first": "opponent"}
    first = session.states[0]
    assert first.board == PATTERNS["C"] and first.turn == first.first == OPPONENT
    # Back in the menu, and after a visit to the settings, the same choices are offered.
    key(app, pygame.K_ESCAPE)
    assert app.scene.game is MANDRAGORA and option_rows(app.scene) == {"pattern": "C", "first": "Opponent"}
    app.show_settings()
    app.show_menu()
    assert option_rows(app.scene) == {"pattern": "C", "first": "Opponent"}


def test_the_autosaved_games_choices_are_offered_in_a_new_window(app, tabula_home):
    from game.ui.app import App

    menu_for(app, MANDRAGORA, "hvc")
    choose(app, "option:pattern", "E")
    session = start(app)
    session.apply(session.rules.legal_moves(session.state)[0])
    app.scene.mover.autosave()
    window = App((800, 600))
    assert option_rows(menu_for(window, MANDRAGORA)) == {"pattern": "E", "first": "Player"}
    window.close()


def test_random_choices_are_drawn_from_the_seed_and_saved(app, tabula_home):
    drawn = []
    for _ in range(2):
        menu_for(app, MANDRAGORA, "hvh")
        choose(app, "option:pattern", "Random")
        choose(app, "option:first", "Random")
        session = start(app, seed="42")
        assert session.options == {"pattern": "random", "first": "random"}
        assert app.scene.session.state.setups == ()  # drawn before the first move
        drawn.append(session.actions[0])
    assert drawn[0] == drawn[1] and "/" in drawn[0]  # e.g. "C/opponent": the same seed, the same setup
    key(app, pygame.K_s)
    record = load_game(sorted(saves_dir().glob("mandragora-*.json"))[-1], rules_for)
    assert record.options == {"pattern": "random", "first": "random"} and record.actions == [drawn[0]]
    assert record.seed == 42
    assert app.open_saved(sorted(saves_dir().glob("mandragora-*.json"))[-1])
    assert app.scene.session.state == session.state


@pytest.mark.parametrize("size", [(720, 480), (1280, 800)])
@pytest.mark.parametrize("mode", ["hvc", "cvc"])
def test_every_row_fits_the_window(app, size, mode):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.frame()
    menu = menu_for(app, MANDRAGORA, mode)
    assert app.screen.get_size() == size
    rects = [w.rect for w in menu.widgets.values()]
    assert all(app.screen.get_rect().contains(r) for r in rects)
    # 8 rows (the last: the position to start from), 7 buttons (Drills among them), and the Rules button beside the game
    assert len(rects) == 8 + 7 + 1 and not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert min(menu.widgets[name].rect.h for name in ("option:pattern", "seed", "position")) >= 24  # text not clipped


def test_the_options_follow_a_position_given_and_are_fixed_while_it_is(app, monkeypatch):
    """A money game's XGID is not shown as "Cubeless / No match": the rows show what the
    position says, greyed; cleared, the choices made come back."""
    menu = menu_for(app, get_game("backgammon"))
    assert option_rows(menu) == {"match_length": "No match", "cube": "Cubeless"}
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:10")
    post(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    app.frame()
    menu = app.scene
    assert option_rows(menu) == {"match_length": "No match", "cube": "Money game (cube)", "jacoby": "On",
                                 "beavers": "On"}
    assert not any(w.is_enabled for k, w in menu.widgets.items() if k.startswith("option:"))
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:1:2:0:5:10")
    post(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    app.frame()
    assert option_rows(app.scene) == {"match_length": "5 points"}
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: "")
    post(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    app.frame()
    assert option_rows(app.scene) == {"match_length": "No match", "cube": "Cubeless"}
    assert all(w.is_enabled for k, w in app.scene.widgets.items() if k.startswith("option:"))
