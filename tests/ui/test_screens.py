"""Every screen draws, at several sizes, with the elements a player expects."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.core.saves import examples_dir
from game.core.settings import load_settings
from game.games import all_games, get_game
from game.ui.menu import MODES
from game.ui.settings_scene import DRILL_SECTION, LIBRARY_SECTION
from game.core.session import GameSetup

from .util import distinct_colours, key, press_button


def test_menu_draws_with_its_choices(app):
    app.show_menu()
    app.frame()
    menu = app.scene
    for name in ("game", "mode", "side", "level", "seed", "start", "continue", "load", "settings", "quit"):
        assert name in menu.widgets
    assert not menu.widgets["continue"].is_enabled  # no game to continue yet
    assert distinct_colours(app.screen) > 5


def test_menu_modes_change_the_player_rows(app):
    app.show_menu()
    menu = app.scene
    for mode, rows in (("cvc", {"seat0", "seat1"}), ("hvh", set()), ("hvc", {"side", "level"})):
        title = next(m.title for m in MODES if m.key == mode)
        pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=title,
                                             ui_element=menu.widgets["mode"]))
        app.frame()
        assert rows <= set(menu.widgets) and not ({"seat0", "side"} - rows) & set(menu.widgets)
    assert menu.players.count("human") == 1


def test_menu_starts_a_seeded_game(app):
    app.show_menu()
    menu = app.scene
    assert menu.players == ["human", "expert"]  # the default opponent
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="Black",
                                         ui_element=menu.widgets["side"]))
    app.frame()
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="hard",
                                         ui_element=menu.widgets["level"]))
    app.frame()
    menu.widgets["seed"].set_text("42")
    menu.seed_text = "42"
    press_button(app, menu.widgets["start"])
    scene = app.scene
    assert scene is not menu
    assert scene.session.seed == 42 and scene.session.player_names == ["hard", "human"]
    assert app.settings.last_players == ["hard", "human"]


@pytest.mark.parametrize("players", [("human", "hard"), ("human", "human"), ("easy", "medium")])
def test_play_screen_draws_board_panel_and_players(app, players):
    assert app.start_game(GameSetup("backgammon", players, seed=1))
    for _ in range(3):
        app.frame()
    scene = app.scene
    board = scene.view.board_rect
    assert app.screen.get_rect().contains(board)
    assert distinct_colours(app.screen, board) > 8
    assert scene.panel.rect.right == app.screen.get_width()
    assert any(line for line in scene.move_list.lines())
    assert scene.labels[0].startswith("Human" if players[0] == "human" else "Computer")


def test_settings_screen_changes_and_saves(app, tabula_home):
    app.show_settings()
    app.frame()
    scene = app.scene
    assert distinct_colours(app.screen) > 5
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="Off",
                                         ui_element=scene.widgets["sound"]))
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="Home board on the left",
                                         ui_element=scene.widgets["backgammon:home_side"]))
    app.frame()
    assert app.settings.sound is False and app.sounds.enabled is False
    press_button(app, scene.widgets["back"])
    assert app.scene is not scene
    saved, problem = load_settings(games=all_games())
    assert problem is None and saved.sound is False and saved.of(get_game("backgammon"))["home_side"] == "left"


def test_settings_screen_shows_each_games_own_section(app):
    """Each game's own settings are under its title; a game with none has no section."""
    app.show_settings()
    app.frame()
    scene = app.scene
    assert "Backgammon" in scene.rows and "Chesstack" in scene.rows and "Mandragora Mania" not in scene.rows
    backgammon, chesstack = scene.rows.index("Backgammon"), scene.rows.index("Chesstack")
    assert [row.key for row in scene.rows[backgammon + 1:chesstack]] == [
        "backgammon:home_side", "backgammon:point_numbers", "backgammon:auto_bearoff", "backgammon:computer_resigns",
        "backgammon:analysis_level",
        "backgammon:position_text", "backgammon:dice", "backgammon:met"]
    library = scene.rows.index(LIBRARY_SECTION)  # the library's own section, then the drills' last
    drills = scene.rows.index(DRILL_SECTION)
    assert [row.key for row in scene.rows[chesstack + 1:library]] == ["chesstack:analysis_level"]
    assert [row.key for row in scene.rows[library + 1:drills]] == ["library_path", "my_names", "library_auto_add"]
    assert [row.key for row in scene.rows[drills + 1:]] == ["drill_threshold", "drill_retention", "drill_ratings",
                                                            "drill_variations", "drill_sitting"]
    shared = [row for row in scene.rows[:backgammon]]
    assert shared[-1].key == "review_marks" and shared[-1].choices["standard"] == "Standard (backgammon 0.04/0.08/0.16)"
    assert all(not isinstance(row, str) and ":" not in row.key for row in scene.rows[:backgammon])
    assert scene.widgets["backgammon:analysis_level"].selected_option[0] == "Advanced (1 ply)"
    assert scene.widgets["chesstack:analysis_level"].selected_option[0] == "Advanced (2 ply)"


def test_settings_screen_sets_the_librarys_file_my_names_and_adding(app, tabula_home):
    app.resize((1100, 900))  # every row in view
    app.show_settings()
    app.frame()
    scene = app.scene
    assert scene.widgets["library_path"].get_text() == "" and "library.sqlite3" in scene.widgets["library_path"].placeholder_text
    for name, text in (("library_path", " ~/games/lib.sqlite3 "), ("my_names", "Alice, alice_bg , ")):
        scene.widgets[name].set_text(text)
        pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, text=text, ui_element=scene.widgets[name]))
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="Off",
                                         ui_element=scene.widgets["library_auto_add"]))
    app.frame()
    assert app.settings.library_path == "~/games/lib.sqlite3" and app.settings.my_names == ["Alice", "alice_bg"]
    assert app.settings.library_auto_add is False
    app.resize((1280, 1000))  # the text as typed stays across a resize
    assert app.scene.widgets["my_names"].get_text() == "Alice, alice_bg , "
    press_button(app, app.scene.widgets["back"])
    saved, problem = load_settings(games=all_games())
    assert problem is None and saved.my_names == ["Alice", "alice_bg"] and saved.library_auto_add is False


def test_direction_setting_mirrors_the_board(app):
    backgammon = get_game("backgammon")
    app.settings.choose(backgammon, "home_side", "left")
    assert app.start_game(GameSetup("backgammon", ("human", "hard"), seed=1))
    app.frame()
    layout = app.scene.view.layout
    assert layout.column_x(1) < layout.column_x(12) and layout.tray.x < layout.play.x
    app.settings.choose(backgammon, "home_side", "right")
    key(app, pygame.K_n)
    layout = app.scene.view.layout
    assert layout.column_x(1) > layout.column_x(12) and layout.tray.x > layout.play.x


def test_game_over_screen(app):
    assert app.open_saved(examples_dir() / "hard-vs-medium-finished.json")
    scene = app.scene
    app.frame()
    app.frame()
    assert "wins" in scene.status.text and scene.ending.ended
    centre = scene.view.board_rect.center
    assert app.screen.get_at(centre)[:3] != (34, 94, 62)  # the result box covers the felt


LONG_ENDING = "White wins a single game with the cube at 8 (8 points)."


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080), (720, 480)])
def test_the_result_box_fits_the_board_at_every_size(app, size):
    """Issue 34: a long ending wraps inside the board instead of running off the window."""
    from game.ui.play.game_end import RESULT_LINES, result_box

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    assert app.open_saved(examples_dir() / "hard-vs-medium-finished.json")
    scene = app.scene
    app.frame()
    area, screen = scene.view.board_rect, app.screen.get_rect()
    box, font, lines, hint_font = result_box(app.fonts, area, screen, LONG_ENDING)
    assert screen.contains(box) and box.w <= area.w and box.center == area.center
    assert " ".join(lines) == LONG_ENDING and len(lines) <= RESULT_LINES
    assert all(font.size(line)[0] <= box.w - 20 for line in lines)
    assert box.h >= font.get_linesize() * len(lines) + hint_font.get_linesize()
    scene.view.describe = lambda state: LONG_ENDING  # this view only: the window draws the long ending
    app.frame()
    assert app.screen.get_at(area.center)[:3] != (34, 94, 62)  # the box is drawn over the felt


def test_a_match_file_opens_in_replay_mode(app):
    from pathlib import Path

    matches = Path(__file__).parents[1] / "data" / "matches"
    assert app.open_saved(matches / "7pt-a.mat")
    app.frame()
    session = app.scene.session
    assert session.is_over and session.state.cube.score == (7, 6) and session.state.cube.match_length == 7
    assert not app.open_saved(Path(__file__))  # a .py file is no save: the banner says so


def test_a_match_file_whose_result_line_contradicts_the_replay_opens_with_the_note(app, tmp_path):
    from tests.reliability.test_damaged_match_files import result_file

    path = tmp_path / "drop.sgf"
    path.write_text(result_file(".sgf", "W+999R"))
    assert app.open_saved(path)
    app.frame()
    assert app.banner.text.startswith("Note: game 1: the file gives the result as a resignation for 999 point(s)")
    assert app.scene.session.state.cube.score == (2, 0)  # the replay's 2-point drop


def test_a_short_settings_screen_scrolls_its_rows(app):
    app.resize((720, 480))
    app.show_settings()
    app.frame()
    scene = app.scene
    window = app.screen.get_rect()
    assert all(window.contains(widget.rect) for widget in scene.widgets.values())
    assert "sound" in scene.widgets and "drill_sitting" not in scene.widgets and scene.hidden[1] > 0
    for _ in range(20):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
        app.frame()
    scene = app.scene
    assert "drill_sitting" in scene.widgets and "sound" not in scene.widgets and scene.hidden == (scene.scroll, 0)
    assert all(window.contains(widget.rect) for widget in scene.widgets.values())
    app.resize((1280, 800))  # tall enough: every row, no scrolling
    assert {"sound", "library_auto_add", "drill_sitting"} <= set(app.scene.widgets) and app.scene.hidden == (0, 0)
